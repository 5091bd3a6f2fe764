import { type FormEvent, useState } from 'react';
import type { Outcome } from '../../../../domain/shared/validation';
import { formatPaise } from '../../../../domain/shop/amounts';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { MAX_CREDIT_NOTE_LENGTH, type NextStep } from '../../../../domain/shop/status';
import { isRepairStatus, REPAIR_STATUSES, statusLabel } from '../../../../domain/shop/status-values';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { Checkbox, TextField } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { PAYMENT_TEXTS } from '../shop-texts';
import { useChangeStatus } from './mutations';
import { PaymentDialog } from './payment-dialog';

/*
 * The repair page's 'Status' card: the allowed next statuses as buttons (forward moves filled, moves
 * back to an earlier status and an owner's reopen outlined, behind a back arrow), and the dialog that
 * confirms a move, asking for the delivery code (or an owner's override reason) and a note. 'Delivered'
 * with money due says 'Amount due: ₹X' and offers 'Take Payment' first (the payment's dialog, then this
 * one again with the due it left) or 'Deliver on Credit' with its required note (sent as creditNote).
 */

/**
 * Whether a step takes the repair back: an owner's reopen of a final status, or a move to a status
 * earlier in the workflow (Ready for Pickup → In Progress). 'Cancelled' is not a way back.
 */
export function stepGoesBack(current: string, step: NextStep): boolean {
  if (step.kind === 'reopen') return true;
  if (!isRepairStatus(current) || step.status === 'cancelled') return false;
  return REPAIR_STATUSES.indexOf(step.status) < REPAIR_STATUSES.indexOf(current);
}

/** The back arrow of a step back (drawn, so the button's name stays the status). */
function BackArrow() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4" data-icon="back">
      <path
        fillRule="evenodd"
        d="M17 10a.75.75 0 0 1-.75.75H5.61l4.17 3.97a.75.75 0 1 1-1.04 1.08l-5.5-5.25a.75.75 0 0 1 0-1.1l5.5-5.25a.75.75 0 1 1 1.04 1.08L5.61 9.25h10.64A.75.75 0 0 1 17 10Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function StatusCard({ data }: { data: RepairDossier }) {
  const [step, setStep] = useState<NextStep | null>(null);
  return (
    <Card>
      <CardHeader title="Status" description={`Now: ${statusLabel(data.repair.status)}`} />
      <div className="px-5 py-4 sm:px-6">
        {data.nextSteps.length === 0 ? (
          <p className="text-sm text-slate-600">This repair is final.</p>
        ) : (
          <fieldset className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
            <legend className="sr-only">Next status</legend>
            {data.nextSteps.map((next) => {
              const back = stepGoesBack(data.repair.status, next);
              return (
                <Button
                  key={next.status}
                  variant={back || next.status === 'cancelled' ? 'secondary' : 'primary'}
                  icon={back ? <BackArrow /> : undefined}
                  data-direction={back ? 'back' : 'forward'}
                  onClick={() => setStep(next)}
                >
                  {next.kind === 'reopen' ? `Reopen as ${next.label}` : next.label}
                </Button>
              );
            })}
          </fieldset>
        )}
      </div>
      {step && <StatusDialog data={data} step={step} onClose={() => setStep(null)} />}
    </Card>
  );
}

function StatusDialog({ data, step, onClose }: { data: RepairDossier; step: NextStep; onClose: () => void }) {
  const change = useChangeStatus(data.repair.id);
  const [code, setCode] = useState('');
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);
  // 'Take Payment' from the delivery: this dialog steps aside (keeping what was typed) for the payment's.
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<Outcome<unknown, string, string> | null>(null);
  const fieldError = (field: string) =>
    outcome && !outcome.ok ? (outcome.fieldErrors as Record<string, string> | undefined)?.[field] : undefined;
  // 'Delivered' with money due: the note becomes the required note of 'Deliver on Credit'. The due is
  // the page's (from the payments) or the repair's stored one, whichever says more; and a refusal that
  // asks for the credit note (the backend saw money due) shows the field.
  const due = Math.max(data.amounts.duePaise, data.repair.duePaise);
  const onCredit =
    step.status === 'delivered' &&
    step.kind === 'status' &&
    (due > 0 || fieldError('creditNote') !== undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await change.mutateAsync({
      to: step.status,
      expectedStatus: data.repair.status,
      ...(!onCredit && note.trim() && { note }),
      ...(onCredit && { creditNote: note }),
      ...(step.needsDeliveryCode && !override && { deliveryCode: code }),
      ...(step.needsDeliveryCode && override && { override: { reason } }),
    });
    if (!result.ok) {
      // Field errors go under their fields; any other message above the form.
      setOutcome(result);
      return;
    }
    onClose();
  };

  if (paying)
    return (
      <PaymentDialog
        data={data}
        kind="payment"
        onClose={() => setPaying(false)}
        onSaved={(saved) => {
          setPaid(saved);
          setOutcome(null);
          setPaying(false);
        }}
      />
    );

  const ownerMayOverride = step.needsDeliveryCode && data.role === 'owner';
  const firstFieldError =
    outcome && !outcome.ok && outcome.fieldErrors ? Object.values(outcome.fieldErrors)[0] : undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Mark as ${step.label}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {outcome && !outcome.ok && outcome.message && outcome.message !== firstFieldError && (
          <OutcomeAlert outcome={outcome} />
        )}
        {paid && !onCredit && <OutcomeAlert outcome={paid} />}
        {onCredit && (
          <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-inset ring-amber-200">
            <p className="text-base font-semibold text-amber-900">
              {PAYMENT_TEXTS.amountDue(formatPaise(due))}
            </p>
            <p className="mt-1 text-sm text-amber-900">{PAYMENT_TEXTS.dueChoice}</p>
            <Button size="sm" className="mt-3" onClick={() => setPaying(true)}>
              {PAYMENT_TEXTS.takePayment}
            </Button>
          </div>
        )}
        {step.needsDeliveryCode && !override && (
          <TextField
            label="Delivery Code"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            hint="The 4-digit code the customer received."
            value={code}
            error={fieldError('deliveryCode')}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        {ownerMayOverride && (
          <Checkbox
            label="Deliver without the code (owner)"
            checked={override}
            onChange={(event) => setOverride(event.target.checked)}
          />
        )}
        {override && (
          <TextField
            label="Reason"
            value={reason}
            error={fieldError('reason')}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
        <TextField
          label={onCredit ? PAYMENT_TEXTS.creditNote : step.needsNote ? 'Note' : 'Note (optional)'}
          required={onCredit || step.needsNote}
          maxLength={onCredit ? MAX_CREDIT_NOTE_LENGTH : undefined}
          hint={onCredit ? PAYMENT_TEXTS.creditNoteHint : undefined}
          value={note}
          error={onCredit ? fieldError('creditNote') : (fieldError('note') ?? fieldError('to'))}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={change.isPending}>
            {onCredit ? PAYMENT_TEXTS.deliverOnCredit : `Mark as ${step.label}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
