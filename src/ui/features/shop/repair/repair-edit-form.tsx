import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { Outcome } from '../../../../domain/shared/validation';
import { DEVICE_TYPES, localDate } from '../../../../domain/shop/job-card';
import { COMMON_PROBLEMS } from '../../../../domain/shop/problems';
import {
  checkRepairEdit,
  type RepairDossier,
  type RepairEditInput,
} from '../../../../domain/shop/shop-use-cases';
import { useLoadedServices } from '../../../app-services';
import { Button } from '../../../components/button';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { applyFieldErrors } from '../../../forms/apply-field-errors';
import { JobCardFields, jobCardFieldOrder } from '../job-card/job-card-fields';
import { REPAIR_EDIT_TEXTS } from '../shop-texts';
import { useUpdateRepair } from './mutations';

/*
 * The repair page's edit form ('Edit' in 'Details'): the job card's own fields (job-card-fields.tsx)
 * with the final amount instead of the advance, checked by the domain's job card rules on what changed
 * (checkRepairEdit), and 'Save' sends only that (updateRepair appends an 'edit' entry to the history).
 */

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

const FIELD_ORDER = jobCardFieldOrder('finalAmount');

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

/** A group of the edit form's fields (untitled: the 'Details' card is the frame). */
const plainSection = (title: string, children: ReactNode) => (
  <div key={title} className="space-y-4">
    {children}
  </div>
);

export function RepairEditForm({
  data,
  onDone,
  onCancel,
}: {
  data: RepairDossier;
  onDone: (outcome: Outcome<unknown, string, string>) => void;
  onCancel: () => void;
}) {
  const services = useLoadedServices();
  const update = useUpdateRepair(data.repair.id);
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
      // The page (and its history, now with the 'edit' entry), the board and searches read again.
      const result = await update.mutateAsync({
        edit,
        shown: { repair: data.repair, unlockCode: data.unlockCode },
      });
      // Changed on another device meanwhile: nothing was saved over it, and the page now asks, field
      // by field, which value to keep (this edit's included), so the form closes with the message.
      if (!result.ok && result.reason === 'conflict') {
        onDone(result);
        return;
      }
      if (!result.ok) {
        // What was typed stays; field errors under their fields, anything else above the form.
        setOutcome(result);
        applyFieldErrors(form.setError, result, FIELD_ORDER);
        return;
      }
      onDone({ ok: true, value: undefined, message: REPAIR_EDIT_TEXTS.saved });
    },
    () => setOutcome(null),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Edit details" className="space-y-4 px-5 py-4 sm:px-6">
      <OutcomeAlert outcome={outcome} />
      <JobCardFields
        register={(name) => register(name)}
        error={(name) => formState.errors[name]?.message}
        secondAmount="finalAmount"
        deviceTypes={deviceTypes}
        otherAccessoryShown={(watch('accessories') ?? []).includes('other')}
        idPrefix="edit-"
        unlockCodeHint="Optional. Shown only to the shop."
        unlockCodeToggle
        section={plainSection}
      />
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
