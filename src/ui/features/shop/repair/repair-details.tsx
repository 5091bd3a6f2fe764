import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { formatCalendarDate } from '../../../../domain/shared/time';
import type { Outcome } from '../../../../domain/shared/validation';
import { formatPaise } from '../../../../domain/shop/amounts';
import { ACCESSORY_LABELS, COMMON_PROBLEMS, DEVICE_TYPES, localDate } from '../../../../domain/shop/job-card';
import {
  checkRepairEdit,
  type RepairDossier,
  type RepairEditField,
  type RepairEditInput,
  repairEditRefusal,
} from '../../../../domain/shop/shop-use-cases';
import { useLoadedServices, useService } from '../../../app-services';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { SelectField, TextArea, TextField } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { applyFieldErrors } from '../../../forms/apply-field-errors';
import { AccessoryChoices, ProblemChoices } from '../job-card/job-card-choices';
import { shopQueries } from '../queries';
import { JOB_CARD_LABELS, REPAIR_EDIT_TEXTS } from '../shop-texts';
import { formatDay } from '../shop-ui';

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
        <EditForm
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
  const { repair, amounts } = data;
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
      <Field label="Paid">{formatPaise(amounts.paidPaise)}</Field>
      <Field label="Due">{formatPaise(amounts.duePaise)}</Field>
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

/** The stored fields an edit names in its history note ('Changed: customerName, finalPaise'), as labelled. */
const EDITED_FIELD_LABELS: Readonly<Record<string, string>> = {
  customerName: JOB_CARD_LABELS.customerName,
  customerMobile: JOB_CARD_LABELS.customerMobile,
  productType: JOB_CARD_LABELS.deviceType,
  productName: JOB_CARD_LABELS.brandModel,
  imeiSerial: JOB_CARD_LABELS.imeiSerial,
  problemList: JOB_CARD_LABELS.problems,
  accessories: JOB_CARD_LABELS.accessories,
  otherAccessory: JOB_CARD_LABELS.accessories,
  conditionNotes: JOB_CARD_LABELS.conditionNotes,
  unlockCode: JOB_CARD_LABELS.unlockCode,
  estimatePaise: JOB_CARD_LABELS.estimate,
  finalPaise: REPAIR_EDIT_TEXTS.finalAmount,
  promisedDate: JOB_CARD_LABELS.promisedDate,
};

/**
 * An 'edit' history entry's note as people read it: every backend writes the stored field names
 * ('Changed: customerName, finalPaise'); shown with the form's labels ('Changed: Customer Name, Final
 * Amount (₹)'), each once. A note of another shape (an app's) is shown as written.
 */
export function editNoteText(note: string): string {
  const match = /^Changed: (.+)$/.exec(note.trim());
  if (match === null) return note;
  const fields = (match[1] ?? '').split(',').map((field) => field.trim());
  const labels = [...new Set(fields.map((field) => EDITED_FIELD_LABELS[field] ?? field))];
  return `Changed: ${labels.join(', ')}`;
}

// ───────────────────────────── the edit form ─────────────────────────────

/** The form's values: the edit's fields as typed (lists for the check boxes). */
export interface RepairEditValues {
  customerName: string;
  customerMobile: string;
  deviceType: string;
  brandModel: string;
  imeiSerial: string;
  problems: string[];
  otherProblem: string;
  accessories: string[];
  otherAccessory: string;
  conditionNotes: string;
  unlockCode: string;
  estimate: string;
  finalAmount: string;
  promisedDate: string;
}

/** The order of the fields on the page: the first one with an error receives focus. */
const FIELD_ORDER: readonly RepairEditField[] = [
  'customerName',
  'customerMobile',
  'deviceType',
  'brandModel',
  'imeiSerial',
  'problems',
  'otherProblem',
  'accessories',
  'otherAccessory',
  'conditionNotes',
  'unlockCode',
  'estimate',
  'finalAmount',
  'promisedDate',
];

/** Paise as the rupees one would type: 280000 → '2800', 149950 → '1499.50'; null → ''. */
function rupeesText(paise: number | null): string {
  if (paise === null) return '';
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/**
 * The repair as the form starts: the problems of the list ticked, any other (an app's, or the free
 * text) in 'Other problem'.
 */
export function editValuesOf(data: RepairDossier): RepairEditValues {
  const { repair } = data;
  const common = COMMON_PROBLEMS as readonly string[];
  const listed = repair.problemList.length > 0 ? repair.problemList : [repair.problems].filter(Boolean);
  return {
    customerName: repair.customerName,
    customerMobile: repair.customerMobile,
    deviceType: repair.productType,
    brandModel: repair.productName,
    imeiSerial: repair.imeiSerial,
    problems: listed.filter((problem) => common.includes(problem)),
    otherProblem: listed.filter((problem) => !common.includes(problem)).join(', '),
    accessories: [...repair.accessories],
    otherAccessory: repair.otherAccessory,
    conditionNotes: repair.conditionNotes,
    unlockCode: data.unlockCode,
    estimate: rupeesText(repair.estimatePaise),
    finalAmount: rupeesText(repair.finalPaise),
    promisedDate: repair.promisedDate ?? '',
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Only what changed, as updateRepair takes it. The problems go together with 'Other problem' (the use
 * case reads the one left out as empty), and the accessories with 'Other accessory', for the same reason.
 */
export function changedFields(before: RepairEditValues, after: RepairEditValues): RepairEditInput {
  const edit: Record<string, unknown> = {};
  const texts = [
    'customerName',
    'customerMobile',
    'deviceType',
    'brandModel',
    'imeiSerial',
    'conditionNotes',
    'unlockCode',
    'estimate',
    'finalAmount',
    'promisedDate',
  ] as const;
  for (const field of texts) if (after[field] !== before[field]) edit[field] = after[field];
  if (!sameList(before.problems, after.problems) || before.otherProblem !== after.otherProblem) {
    edit.problems = after.problems;
    edit.otherProblem = after.otherProblem;
  }
  if (!sameList(before.accessories, after.accessories) || before.otherAccessory !== after.otherAccessory) {
    edit.accessories = after.accessories;
    edit.otherAccessory = after.otherAccessory;
  }
  return edit as RepairEditInput;
}

function EditForm({
  data,
  onDone,
  onCancel,
}: {
  data: RepairDossier;
  onDone: (outcome: Outcome<unknown, string, string>) => void;
  onCancel: () => void;
}) {
  const shop = useService('shop');
  const services = useLoadedServices();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);
  const [initial] = useState(() => editValuesOf(data));
  const today = () => localDate(services?.useCases.clock.now() ?? new Date());
  // The use case's own check on what changed, so the form shows its messages before anything is sent
  // (a field left as the apps stored it is never held against the edit).
  const resolver: Resolver<RepairEditValues> = async (values) => {
    const edit = changedFields(initial, values);
    const checked = checkRepairEdit(edit, edit.promisedDate ? today() : null);
    if (checked.ok) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(checked.fieldErrors ?? {}))
      if (message !== undefined) errors[field] = { type: 'validate', message };
    return { values: {}, errors };
  };
  const form = useForm<RepairEditValues>({ defaultValues: initial, resolver });
  const { register, formState, watch } = form;
  const message = (field: RepairEditField) => formState.errors[field]?.message;
  const otherTicked = (watch('accessories') ?? []).includes('other');
  const [codeShown, setCodeShown] = useState(false);
  const deviceTypes: readonly string[] = (DEVICE_TYPES as readonly string[]).includes(initial.deviceType)
    ? DEVICE_TYPES
    : [initial.deviceType, ...DEVICE_TYPES].filter(Boolean);

  const submit = form.handleSubmit(
    async (values) => {
      setOutcome(null);
      const edit = changedFields(initial, values);
      if (Object.keys(edit).length === 0) {
        onDone({ ok: true, value: undefined, message: REPAIR_EDIT_TEXTS.nothingChanged });
        return;
      }
      const result = await shop.updateRepair(data.repair.id, edit);
      if (!result.ok) {
        // What was typed stays; field errors under their fields, anything else above the form.
        setOutcome(result);
        applyFieldErrors(form.setError, result, FIELD_ORDER);
        return;
      }
      // The page (and its history, now with the 'edit' entry), the board and searches read again.
      await queryClient.invalidateQueries({ queryKey: shopQueries.all });
      onDone({ ok: true, value: undefined, message: REPAIR_EDIT_TEXTS.saved });
    },
    () => setOutcome(null),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Edit details" className="space-y-4 px-5 py-4 sm:px-6">
      <OutcomeAlert outcome={outcome} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={JOB_CARD_LABELS.customerName}
          required
          autoComplete="off"
          error={message('customerName')}
          {...register('customerName')}
        />
        <TextField
          label={JOB_CARD_LABELS.customerMobile}
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          error={message('customerMobile')}
          {...register('customerMobile')}
        />
        <SelectField
          label={JOB_CARD_LABELS.deviceType}
          required
          error={message('deviceType')}
          {...register('deviceType')}
        >
          {deviceTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField
          label={JOB_CARD_LABELS.brandModel}
          required
          autoComplete="off"
          error={message('brandModel')}
          {...register('brandModel')}
        />
        <TextField
          label={JOB_CARD_LABELS.imeiSerial}
          autoComplete="off"
          hint="Optional. Dial *#06# to see the IMEI."
          error={message('imeiSerial')}
          {...register('imeiSerial')}
        />
      </div>
      <ProblemChoices
        registration={register('problems')}
        error={message('problems')}
        errorId="edit-problems-error"
      />
      <TextField
        label="Other problem"
        autoComplete="off"
        error={message('otherProblem')}
        {...register('otherProblem')}
      />
      <AccessoryChoices
        registration={register('accessories')}
        error={message('accessories')}
        errorId="edit-accessories-error"
      />
      {otherTicked && (
        <TextField
          label="Other accessory"
          autoComplete="off"
          error={message('otherAccessory')}
          {...register('otherAccessory')}
        />
      )}
      <TextArea
        label={JOB_CARD_LABELS.conditionNotes}
        error={message('conditionNotes')}
        {...register('conditionNotes')}
      />
      <div className="flex gap-2">
        <TextField
          label={JOB_CARD_LABELS.unlockCode}
          type={codeShown ? 'text' : 'password'}
          autoComplete="off"
          hint="Optional. Shown only to the shop."
          containerClassName="min-w-0 flex-1"
          error={message('unlockCode')}
          {...register('unlockCode')}
        />
        <Button
          variant="secondary"
          aria-pressed={codeShown}
          aria-label={`${codeShown ? REPAIR_EDIT_TEXTS.hideCode : REPAIR_EDIT_TEXTS.showCode} unlock code`}
          className="mt-[26px] self-start"
          onClick={() => setCodeShown(!codeShown)}
        >
          {codeShown ? REPAIR_EDIT_TEXTS.hideCode : REPAIR_EDIT_TEXTS.showCode}
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          label={JOB_CARD_LABELS.estimate}
          inputMode="decimal"
          autoComplete="off"
          error={message('estimate')}
          {...register('estimate')}
        />
        <TextField
          label={REPAIR_EDIT_TEXTS.finalAmount}
          inputMode="decimal"
          autoComplete="off"
          error={message('finalAmount')}
          {...register('finalAmount')}
        />
        <TextField
          label={JOB_CARD_LABELS.promisedDate}
          type="date"
          error={message('promisedDate')}
          {...register('promisedDate')}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={formState.isSubmitting}>
          {REPAIR_EDIT_TEXTS.cancel}
        </Button>
        <Button type="submit" busy={formState.isSubmitting}>
          {REPAIR_EDIT_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}
