import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Outcome } from '../../../../domain/shared/validation';
import {
  emptyJobCard,
  type JobCardField,
  type JobCardInput,
  jobCardSchema,
} from '../../../../domain/shop/job-card';
import type { CreatedRepair } from '../../../../domain/shop/shop-use-cases';
import { applyFieldErrors } from '../../../forms/apply-field-errors';
import { domainResolver } from '../../../forms/domain-resolver';
import { useCreateRepair } from './mutations';
import { useJobCardDraft } from './use-job-card-draft';

/** The order of the fields on the page: the first one with an error receives focus. */
const FIELD_ORDER: readonly JobCardField[] = [
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
  'advancePaid',
  'promisedDate',
];

/**
 * The job card: react-hook-form with the domain's schema as its resolver, then createRepair (useCreateRepair,
 * which reads the shop's lists again). A failure
 * keeps what was typed (field errors under their inputs, the rest in `outcome`); a success removes the
 * draft and calls `onCreated` with the new repair. What is typed is kept as a draft of `uid` in the store
 * (useJobCardDraft: never the unlock code nor the photos) and opens the form again after a reload.
 */
export function useJobCardForm(
  storeId: string,
  onCreated: (created: CreatedRepair) => void | Promise<void>,
  uid = '',
) {
  const createRepair = useCreateRepair(storeId);
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);
  const draft = useJobCardDraft(uid, storeId);
  const form = useForm<JobCardInput>({
    defaultValues: draft.initialValues ?? emptyJobCard(),
    resolver: domainResolver<JobCardInput>(jobCardSchema),
  });

  const { schedule } = draft;
  useEffect(() => {
    const watching = form.watch(() => schedule(() => form.getValues()));
    return () => watching.unsubscribe();
  }, [form, schedule]);

  const submit = form.handleSubmit(
    async (values) => {
      setOutcome(null);
      const result = await createRepair.mutateAsync({ ...emptyJobCard(), ...values });
      if (!result.ok) {
        setOutcome(result);
        applyFieldErrors(form.setError, result, FIELD_ORDER);
        return;
      }
      draft.finish();
      await onCreated(result.value);
    },
    () => setOutcome(null),
  );

  /** 'Discard draft': the draft removed and the job card empty again. */
  const discardDraft = () => {
    draft.discard();
    setOutcome(null);
    form.reset(emptyJobCard());
  };

  return {
    form,
    outcome,
    submit,
    busy: form.formState.isSubmitting,
    draft: { restored: draft.restored, saveFailed: draft.saveFailed, discard: discardDraft },
  };
}
