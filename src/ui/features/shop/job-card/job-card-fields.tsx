import { type ReactNode, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/button';
import { SelectField, TextArea, TextField } from '../../../components/fields';
import { JOB_CARD_LABELS, REPAIR_EDIT_TEXTS } from '../shop-texts';
import { AccessoryChoices, ProblemChoices } from './job-card-choices';

/*
 * The job card's fields, written once: the new repair's form (new-repair-page.tsx) and the repair
 * page's edit form (repair/repair-edit-form.tsx) both render them, so a field is added here and in the
 * domain's job card (src/domain/shop/job-card.ts, whose rules both forms check). Ordered for the
 * counter: what is asked every time first (customer, device and problem, money), the rest after.
 */

/** The second amount: the new job card takes an advance, the repair page a final amount. */
export type SecondAmount = 'advancePaid' | 'finalAmount';

/** The fields both forms share (as typed: texts, and lists for the check boxes). */
export type SharedJobCardField =
  | 'customerName'
  | 'customerMobile'
  | 'deviceType'
  | 'brandModel'
  | 'problems'
  | 'otherProblem'
  | 'estimate'
  | 'promisedDate'
  | 'imeiSerial'
  | 'accessories'
  | 'otherAccessory'
  | 'conditionNotes'
  | 'unlockCode';

/** The fields in the order of the page: the first one with an error receives focus. */
export function jobCardFieldOrder<A extends SecondAmount>(amount: A): readonly (SharedJobCardField | A)[] {
  return [
    'customerName',
    'customerMobile',
    'deviceType',
    'brandModel',
    'problems',
    'otherProblem',
    'estimate',
    amount,
    'promisedDate',
    'imeiSerial',
    'accessories',
    'otherAccessory',
    'conditionNotes',
    'unlockCode',
  ];
}

const SECOND_AMOUNT_LABELS: Record<SecondAmount, string> = {
  advancePaid: JOB_CARD_LABELS.advancePaid,
  finalAmount: REPAIR_EDIT_TEXTS.finalAmount,
};

export interface JobCardFieldsProps<A extends SecondAmount> {
  /** The form's register() of a field. */
  readonly register: (name: SharedJobCardField | A) => UseFormRegisterReturn;
  /** The message under a field, if any. */
  readonly error: (name: SharedJobCardField | A) => string | undefined;
  readonly secondAmount: A;
  /** The device types offered (the edit form keeps an app's own type among them). */
  readonly deviceTypes: readonly string[];
  /** 'Choose…' first, for a card that starts with no device type. */
  readonly chooseDeviceType?: boolean;
  /** Whether 'Other' is ticked among the accessories (then 'Other accessory' is asked). */
  readonly otherAccessoryShown: boolean;
  /** Marks the problems as required (the new job card; an edit may leave them). */
  readonly problemsRequired?: boolean;
  /** Prefix of the check-box groups' error ids, unique on the page. */
  readonly idPrefix?: string;
  readonly unlockCodeHint: string;
  /** 'Show' / 'Hide' beside the unlock code (the edit form, where a code is already there). */
  readonly unlockCodeToggle?: boolean;
  /** Below the customer's fields (the new job card's earlier customer). */
  readonly afterCustomer?: ReactNode;
  /** How a titled group of fields is framed (a card on the new job card). */
  readonly section: (title: string, children: ReactNode) => ReactNode;
}

export function JobCardFields<A extends SecondAmount>(props: JobCardFieldsProps<A>) {
  const { register, error, section, idPrefix = '' } = props;
  return (
    <>
      {section(
        'Customer',
        <>
          <TextField
            label={JOB_CARD_LABELS.customerName}
            required
            autoComplete="off"
            error={error('customerName')}
            {...register('customerName')}
          />
          <TextField
            label={JOB_CARD_LABELS.customerMobile}
            required
            type="tel"
            inputMode="tel"
            autoComplete="off"
            error={error('customerMobile')}
            {...register('customerMobile')}
          />
          {props.afterCustomer}
        </>,
      )}
      {section(
        'Device and problem',
        <>
          <SelectField
            label={JOB_CARD_LABELS.deviceType}
            required
            error={error('deviceType')}
            {...register('deviceType')}
          >
            {props.chooseDeviceType && <option value="">Choose…</option>}
            {props.deviceTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <TextField
            label={JOB_CARD_LABELS.brandModel}
            required
            autoComplete="off"
            error={error('brandModel')}
            {...register('brandModel')}
          />
          <ProblemChoices
            required={props.problemsRequired ?? false}
            registration={register('problems')}
            error={error('problems')}
            errorId={`${idPrefix}problems-error`}
          />
          <TextField
            label="Other problem"
            autoComplete="off"
            error={error('otherProblem')}
            {...register('otherProblem')}
          />
        </>,
      )}
      {section(
        'Money and date',
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <TextField
            label={JOB_CARD_LABELS.estimate}
            inputMode="decimal"
            autoComplete="off"
            error={error('estimate')}
            {...register('estimate')}
          />
          <TextField
            label={SECOND_AMOUNT_LABELS[props.secondAmount]}
            inputMode="decimal"
            autoComplete="off"
            error={error(props.secondAmount)}
            {...register(props.secondAmount)}
          />
          <TextField
            label={JOB_CARD_LABELS.promisedDate}
            type="date"
            containerClassName="col-span-2 sm:col-span-1"
            error={error('promisedDate')}
            {...register('promisedDate')}
          />
        </div>,
      )}
      {section(
        'More details',
        <>
          <TextField
            label={JOB_CARD_LABELS.imeiSerial}
            autoComplete="off"
            hint="Optional. Dial *#06# to see the IMEI."
            error={error('imeiSerial')}
            {...register('imeiSerial')}
          />
          <AccessoryChoices
            registration={register('accessories')}
            error={error('accessories')}
            errorId={`${idPrefix}accessories-error`}
          />
          {props.otherAccessoryShown && (
            <TextField
              label="Other accessory"
              autoComplete="off"
              error={error('otherAccessory')}
              {...register('otherAccessory')}
            />
          )}
          <TextArea
            label={JOB_CARD_LABELS.conditionNotes}
            error={error('conditionNotes')}
            {...register('conditionNotes')}
          />
          <UnlockCodeField {...props} />
        </>,
      )}
    </>
  );
}

/** The unlock code, masked; with 'Show' / 'Hide' where the form offers them. */
function UnlockCodeField<A extends SecondAmount>({
  register,
  error,
  unlockCodeHint,
  unlockCodeToggle = false,
}: JobCardFieldsProps<A>) {
  const [shown, setShown] = useState(false);
  const field = (
    <TextField
      label={JOB_CARD_LABELS.unlockCode}
      type={shown ? 'text' : 'password'}
      autoComplete="off"
      hint={unlockCodeHint}
      containerClassName={unlockCodeToggle ? 'min-w-0 flex-1' : undefined}
      error={error('unlockCode')}
      {...register('unlockCode')}
    />
  );
  if (!unlockCodeToggle) return field;
  return (
    <div className="flex gap-2">
      {field}
      <Button
        variant="secondary"
        aria-pressed={shown}
        aria-label={`${shown ? REPAIR_EDIT_TEXTS.hideCode : REPAIR_EDIT_TEXTS.showCode} unlock code`}
        className="mt-[26px] self-start"
        onClick={() => setShown(!shown)}
      >
        {shown ? REPAIR_EDIT_TEXTS.hideCode : REPAIR_EDIT_TEXTS.showCode}
      </Button>
    </div>
  );
}
