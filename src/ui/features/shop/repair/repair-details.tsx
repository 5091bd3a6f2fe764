import { type ReactNode, useState } from 'react';
import { formatCalendarDate } from '../../../../domain/shared/time';
import type { Outcome } from '../../../../domain/shared/validation';
import { formatPaise } from '../../../../domain/shop/amounts';
import { ACCESSORY_LABELS } from '../../../../domain/shop/job-card';
import { type RepairDossier, repairEditRefusal } from '../../../../domain/shop/shop-use-cases';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { JOB_CARD_LABELS, REPAIR_EDIT_TEXTS } from '../shop-texts';
import { formatDay } from '../shop-ui';
import { RepairEditForm } from './repair-edit-form';

/**
 * The repair page's 'Details': every field of the repair, and for the store's members (owner and
 * staff) an 'Edit' that opens them as a form with the job card's labels and checks. 'Save' sends only
 * the fields that changed (updateRepair, which appends an 'edit' entry to the history); 'Cancel'
 * puts everything back. A delivered or cancelled repair is read-only (repairEditRefusal).
 */
export function RepairDetails({ data }: { data: RepairDossier }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<Outcome<unknown, string, string> | null>(null);
  const refusal = repairEditRefusal(data.repair.status);
  const open = () => {
    setSaved(null);
    setEditing(true);
  };
  return (
    <Card>
      <CardHeader
        title={REPAIR_EDIT_TEXTS.details}
        description={editing ? undefined : (refusal ?? undefined)}
        actions={
          !editing && refusal === null ? (
            <Button variant="secondary" size="sm" onClick={open}>
              {REPAIR_EDIT_TEXTS.edit}
            </Button>
          ) : undefined
        }
      />
      {editing && refusal === null ? (
        <RepairEditForm
          data={data}
          onDone={(outcome) => {
            setSaved(outcome);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          {saved && <OutcomeAlert outcome={saved} className="mx-5 mt-4 sm:mx-6" />}
          <ReadOnlyDetails data={data} />
        </>
      )}
    </Card>
  );
}

function ReadOnlyDetails({ data }: { data: RepairDossier }) {
  // Paid and Due are the 'Payments' section's (payments-section.tsx), said once on the page.
  const { repair } = data;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 px-5 py-4 sm:grid-cols-2 sm:px-6">
      <Field label={JOB_CARD_LABELS.customerName}>{repair.customerName}</Field>
      <Field label={JOB_CARD_LABELS.customerMobile}>{repair.customerMobile}</Field>
      <Field label={JOB_CARD_LABELS.deviceType}>{repair.productType}</Field>
      <Field label={JOB_CARD_LABELS.brandModel}>{repair.productName}</Field>
      <Field label={JOB_CARD_LABELS.imeiSerial}>{repair.imeiSerial}</Field>
      <Field label={JOB_CARD_LABELS.problems}>{repair.problemList.join(', ') || repair.problems}</Field>
      <Field label={JOB_CARD_LABELS.accessories}>
        {repair.accessories
          .map((key) =>
            key === 'other' && repair.otherAccessory ? repair.otherAccessory : ACCESSORY_LABELS[key],
          )
          .join(', ')}
      </Field>
      <Field label={JOB_CARD_LABELS.conditionNotes}>{repair.conditionNotes}</Field>
      <Field label={JOB_CARD_LABELS.unlockCode}>
        {data.unlockCode ? <UnlockCode code={data.unlockCode} /> : ''}
      </Field>
      <Field label={JOB_CARD_LABELS.estimate}>
        {repair.estimatePaise === null ? '' : formatPaise(repair.estimatePaise)}
      </Field>
      <Field label={REPAIR_EDIT_TEXTS.finalAmount}>
        {repair.finalPaise === null ? '' : formatPaise(repair.finalPaise)}
      </Field>
      <Field label={JOB_CARD_LABELS.promisedDate}>
        {repair.promisedDate ? formatCalendarDate(repair.promisedDate) : ''}
      </Field>
      <Field label="Received">{formatDay(repair.createdAt)}</Field>
    </dl>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children || '—'}</dd>
    </div>
  );
}

/** The unlock code, masked until asked for ('Show'), and masked again on 'Hide'. */
function UnlockCode({ code }: { code: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-mono">
        {shown ? (
          code
        ) : (
          <>
            <span aria-hidden="true">••••</span>
            <span className="sr-only">Hidden</span>
          </>
        )}
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={shown}
        aria-label={`${shown ? REPAIR_EDIT_TEXTS.hideCode : REPAIR_EDIT_TEXTS.showCode} unlock code`}
        onClick={() => setShown(!shown)}
      >
        {shown ? REPAIR_EDIT_TEXTS.hideCode : REPAIR_EDIT_TEXTS.showCode}
      </Button>
    </span>
  );
}
