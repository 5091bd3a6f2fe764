import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../../domain/shared/time';
import type { Outcome } from '../../../../domain/shared/validation';
import { SHOP_MESSAGES } from '../../../../domain/shop/messages';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { type NextStep, statusLabel } from '../../../../domain/shop/status';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { Checkbox, TextField } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { LoadingBlock } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { RepairPhotosSection } from '../photos/repair-photos-section';
import { shopQueries } from '../queries';
import { repairRoute } from '../routes';
import { SHOP_TEXTS } from '../shop-texts';
import { PendingSyncBadge, StatusBadge } from '../shop-ui';
import { editNoteText, RepairDetails } from './repair-details';
import { TrackingLinkPanel } from './tracking-link-panel';

/** /shop/repairs/$id: the repair's fields, its next statuses, history, tracking link and messages. */
export function RepairPage() {
  const { id } = repairRoute.useParams();
  const shop = useService('shop');
  const page = useQuery({ ...shopQueries.repair(shop, id), retryOnMount: false });
  useDocumentTitle(page.data?.repair.repairId ?? 'Repair');
  return (
    <AppPage>
      {page.isPending ? (
        <LoadingBlock />
      ) : page.isError ? (
        <div className="space-y-4">
          <Alert>{page.error.message || SHOP_MESSAGES.loadFailed}</Alert>
          <Link to="/shop" className="font-semibold text-brand-700 hover:underline">
            ← Repairs
          </Link>
        </div>
      ) : (
        <RepairView data={page.data} />
      )}
    </AppPage>
  );
}

function RepairView({ data }: { data: RepairDossier }) {
  const { repair } = data;
  return (
    <div className="space-y-5">
      <div>
        <Link
          to="/shop"
          search={{ store: data.store.storeId }}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          ← Repairs
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{repair.repairId}</h1>
          <StatusBadge status={repair.status} />
          <PendingSyncBadge pending={repair.pendingSync} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{data.store.storeName}</p>
        <Link
          to="/shop/repairs/$id/print"
          params={{ id: repair.id }}
          className={buttonClasses('secondary', 'sm', 'mt-3')}
        >
          {SHOP_TEXTS.printJobSheet}
        </Link>
      </div>

      <StatusCard data={data} />
      <MessageCard data={data} />
      <TrackingLinkPanel
        key={data.repair.id}
        repairDocId={data.repair.id}
        repairId={data.repair.repairId}
        tracking={data.tracking}
      />

      <RepairDetails data={data} />
      <RepairPhotosSection
        repairDocId={repair.id}
        imageUrls={repair.imageUrls}
        subject={repair.productName}
      />

      <Card>
        <CardHeader title="History" />
        {repair.history.length === 0 && (
          <p className="px-5 py-4 text-sm text-slate-600 sm:px-6">
            No history yet (a repair taken in the app).
          </p>
        )}
        <ol className="divide-y divide-slate-100" aria-label="History">
          {[...repair.history].reverse().map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows, so its position from the start is stable
            <li key={repair.history.length - index} className="px-5 py-3 text-sm sm:px-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {entry.from && entry.from !== entry.status
                    ? `${statusLabel(entry.from)} → ${statusLabel(entry.status)}`
                    : entry.kind === 'created'
                      ? `Created (${statusLabel(entry.status)})`
                      : statusLabel(entry.status)}
                  {entry.kind === 'override' && ' (without the code)'}
                  {entry.kind === 'reopen' && ' (reopened)'}
                  {entry.kind === 'edit' && ' (edited)'}
                </span>
                <time className="text-slate-500" dateTime={entry.at.toISOString()}>
                  {formatDateTime(entry.at)}
                </time>
              </div>
              {entry.by.name && <p className="text-slate-600">by {entry.by.name}</p>}
              {entry.note && (
                <p className="text-slate-700">
                  {entry.kind === 'edit' ? editNoteText(entry.note) : entry.note}
                </p>
              )}
            </li>
          ))}
        </ol>
      </Card>

      {data.canDelete && <DeleteRepair data={data} />}
    </div>
  );
}

function StatusCard({ data }: { data: RepairDossier }) {
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
            {data.nextSteps.map((next) => (
              <Button
                key={next.status}
                variant={next.status === 'cancelled' ? 'secondary' : 'primary'}
                onClick={() => setStep(next)}
              >
                {next.kind === 'reopen' ? `Reopen as ${next.label}` : next.label}
              </Button>
            ))}
          </fieldset>
        )}
      </div>
      {step && <StatusDialog data={data} step={step} onClose={() => setStep(null)} />}
    </Card>
  );
}

function StatusDialog({ data, step, onClose }: { data: RepairDossier; step: NextStep; onClose: () => void }) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);
  const fieldError = (field: string) =>
    outcome && !outcome.ok ? (outcome.fieldErrors as Record<string, string> | undefined)?.[field] : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await shop.changeStatus(data.repair.id, {
      to: step.status,
      expectedStatus: data.repair.status,
      ...(note.trim() && { note }),
      ...(step.needsDeliveryCode && !override && { deliveryCode: code }),
      ...(step.needsDeliveryCode && override && { override: { reason } }),
    });
    setBusy(false);
    if (!result.ok) {
      // Field errors go under their fields; any other message above the form.
      setOutcome(result);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: shopQueries.all });
    onClose();
  };

  const ownerMayOverride = step.needsDeliveryCode && data.role === 'owner';
  const firstFieldError =
    outcome && !outcome.ok && outcome.fieldErrors ? Object.values(outcome.fieldErrors)[0] : undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Mark as ${step.label}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {outcome && !outcome.ok && outcome.message && outcome.message !== firstFieldError && (
          <OutcomeAlert outcome={outcome} />
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
          label={step.needsNote ? 'Note' : 'Note (optional)'}
          value={note}
          error={fieldError('note') ?? fieldError('to')}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Mark as {step.label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function MessageCard({ data }: { data: RepairDossier }) {
  const shop = useService('shop');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const message = useQuery({
    queryKey: [
      'shop',
      'message',
      data.repair.id,
      data.repair.status,
      data.repair.updatedAt?.toString() ?? '',
      data.tracking?.token ?? '',
    ],
    queryFn: () => shop.customerMessage(data.repair, data.repair.status, data.shop, origin),
  });
  return (
    <Card>
      <CardHeader
        title="Tell the customer"
        description={`Message for '${statusLabel(data.repair.status)}'`}
      />
      <div className="space-y-4 px-5 py-4 sm:px-6">
        {message.data?.ok ? (
          <>
            <p className="whitespace-pre-line wrap-anywhere rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              {message.data.value.text}
            </p>
            <div className="grid grid-cols-1 gap-2 sm:flex">
              <a
                href={message.data.value.whatsAppLink}
                target="_blank"
                rel="noreferrer"
                className={buttonClasses('primary', 'md')}
              >
                {SHOP_TEXTS.sendOnWhatsApp}
              </a>
              <a href={message.data.value.smsLink} className={buttonClasses('secondary', 'md')}>
                {SHOP_TEXTS.sendSms}
              </a>
            </div>
          </>
        ) : message.data && !message.data.ok ? (
          <Alert tone="warning">{message.data.message}</Alert>
        ) : null}
      </div>
    </Card>
  );
}

function DeleteRepair({ data }: { data: RepairDossier }) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);
  const remove = async () => {
    setBusy(true);
    const result = await shop.deleteRepair(data.repair.id);
    setBusy(false);
    if (!result.ok) {
      setOutcome(result);
      return;
    }
    setOpen(false);
    queryClient.removeQueries({ queryKey: shopQueries.repair(shop, data.repair.id).queryKey });
    await queryClient.invalidateQueries({ queryKey: shopQueries.all });
    await navigate({ to: '/shop', search: { store: data.store.storeId } });
  };
  return (
    <div className="flex justify-end">
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Repair
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${data.repair.repairId}?`}
        description="The repair and its history are removed for good. Its Repair ID is not used again."
      >
        <div className="space-y-4">
          <OutcomeAlert outcome={outcome} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void remove()}>
              Delete
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
