import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Outcome } from '../../../../domain/shared/validation';
import { formatPaise } from '../../../../domain/shop/amounts';
import { newPaymentId } from '../../../../domain/shop/payments';
import type { PaymentField, PaymentFormInput } from '../../../../domain/shop/payments-use-cases';
import { PAYMENT_MODES, type PaymentMode } from '../../../../domain/shop/repair-record';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { Button } from '../../../components/button';
import { cx } from '../../../components/cx';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { PAYMENT_TEXTS } from '../shop-texts';
import { useRecordPayment } from './mutations';

/*
 * The 'Take Payment' and 'Refund' dialogs of the repair page's 'Payments'. The entry's id is made once,
 * when the dialog opens (newPaymentId), and sent with every try: a save whose answer was lost and is
 * tried again applies once. Bad input keeps what was typed and shows each message under its field; a
 * failed save leaves the dialog as it was.
 */

export type PaymentKind = 'payment' | 'refund';

/** Paise as the amount field shows them: 150000 → '1500', 149950 → '1499.50'. */
export function rupeesText(paise: number): string {
  const whole = Math.floor(paise / 100);
  const fraction = paise % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

const FIELD_ORDER: readonly PaymentField[] = ['amount', 'mode', 'upiReference', 'note'];

export function PaymentDialog({
  data,
  kind,
  onClose,
  onSaved,
}: {
  data: RepairDossier;
  kind: PaymentKind;
  onClose: () => void;
  /** After a save, with the use case's answer (its confirmation message). */
  onSaved: (outcome: Outcome<unknown, string, string>) => void;
}) {
  const record = useRecordPayment(data.repair.id);
  // Made once per dialog: a retry sends the same id.
  const [entryId] = useState(() => newPaymentId());
  const refund = kind === 'refund';
  const [amount, setAmount] = useState(() =>
    !refund && data.amounts.duePaise > 0 ? rupeesText(data.amounts.duePaise) : '',
  );
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [upiReference, setUpiReference] = useState('');
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<Outcome<unknown, PaymentField, string> | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const fieldError = (field: PaymentField) =>
    outcome && !outcome.ok ? outcome.fieldErrors?.[field] : undefined;

  // After a refusal, the focus goes to the first field with a message.
  useEffect(() => {
    if (outcome === null || outcome.ok || !outcome.fieldErrors) return;
    const first = FIELD_ORDER.find((field) => outcome.fieldErrors?.[field] !== undefined);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [outcome]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (record.isPending) return;
    const input: PaymentFormInput = {
      id: entryId,
      kind,
      amount,
      mode,
      upiReference: mode === 'upi' ? upiReference : '',
      note,
    };
    const result = await record.mutateAsync(input);
    if (!result.ok) {
      setOutcome(result);
      return;
    }
    onSaved(result);
  };

  const firstFieldError =
    outcome && !outcome.ok && outcome.fieldErrors ? Object.values(outcome.fieldErrors)[0] : undefined;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={refund ? PAYMENT_TEXTS.refund : PAYMENT_TEXTS.takePayment}
      description={
        refund
          ? PAYMENT_TEXTS.refundLimit(formatPaise(data.amounts.paidPaise))
          : PAYMENT_TEXTS.dueNow(data.repair.repairId, formatPaise(data.amounts.duePaise))
      }
    >
      <form ref={form} onSubmit={submit} noValidate className="space-y-4">
        {outcome && !outcome.ok && outcome.message && outcome.message !== firstFieldError && (
          <OutcomeAlert outcome={outcome} />
        )}
        <TextField
          label={PAYMENT_TEXTS.amount}
          data-field="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          value={amount}
          error={fieldError('amount')}
          onChange={(event) => setAmount(event.target.value)}
        />
        <ModePicker value={mode} error={fieldError('mode')} onChange={setMode} />
        {mode === 'upi' && (
          <TextField
            label={PAYMENT_TEXTS.upiReference}
            data-field="upiReference"
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
            hint={PAYMENT_TEXTS.upiReferenceHint}
            value={upiReference}
            error={fieldError('upiReference')}
            onChange={(event) => setUpiReference(event.target.value)}
          />
        )}
        <TextField
          label={refund ? PAYMENT_TEXTS.reason : PAYMENT_TEXTS.noteOptional}
          data-field="note"
          required={refund}
          maxLength={500}
          value={note}
          error={fieldError('note')}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {PAYMENT_TEXTS.cancel}
          </Button>
          <Button type="submit" busy={record.isPending}>
            {refund ? PAYMENT_TEXTS.saveRefund : PAYMENT_TEXTS.savePayment}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** 'Mode' as three radio buttons side by side ('Cash', 'UPI', 'Card'): one tap on a phone. */
function ModePicker({
  value,
  error,
  onChange,
}: {
  value: PaymentMode;
  error: string | undefined;
  onChange: (mode: PaymentMode) => void;
}) {
  return (
    <fieldset aria-describedby={error ? 'payment-mode-error' : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">{PAYMENT_TEXTS.mode}</legend>
      <div className="grid grid-cols-3 gap-2">
        {PAYMENT_MODES.map((mode) => (
          <label
            key={mode}
            className={cx(
              'flex h-11 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold ring-1 ring-inset sm:h-10',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              value === mode
                ? 'bg-brand-50 text-brand-800 ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="payment-mode"
              value={mode}
              data-field={value === mode ? 'mode' : undefined}
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="sr-only"
            />
            {PAYMENT_TEXTS.modes[mode]}
          </label>
        ))}
      </div>
      {error && (
        <p id="payment-mode-error" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
