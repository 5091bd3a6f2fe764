import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCESSORIES, ACCESSORY_LABELS } from '../../../../domain/shop/job-card';
import { COMMON_PROBLEMS } from '../../../../domain/shop/problems';
import { JOB_CARD_LABELS } from '../shop-texts';

/**
 * The job card's two check-box groups ('Problems', 'Accessories Received'), shared by the new job card
 * and the repair page's edit form so both ask the same way: large tap targets on a phone, the error
 * under the group and tied to it.
 */

interface ChoicesProps {
  /** register('problems') / register('accessories') of the form. */
  readonly registration: UseFormRegisterReturn;
  readonly error?: string | undefined;
  /** The id of the error text (unique on the page). */
  readonly errorId: string;
}

function Choices({
  legend,
  required = false,
  options,
  columns,
  registration,
  error,
  errorId,
}: ChoicesProps & {
  readonly legend: string;
  readonly required?: boolean;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly columns: string;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {legend}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className={`mt-2 grid gap-2 ${columns}`}>
        {options.map(({ value, label }) => (
          <label
            key={value}
            className="flex min-h-11 items-center gap-3 rounded-lg px-2 ring-1 ring-slate-200"
          >
            <input
              type="checkbox"
              value={value}
              className="size-5 shrink-0 accent-brand-700"
              {...registration}
            />
            <span className="text-sm leading-tight">{label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const PROBLEM_OPTIONS = COMMON_PROBLEMS.map((problem) => ({ value: problem, label: problem }));
const ACCESSORY_OPTIONS = ACCESSORIES.map((key) => ({ value: key, label: ACCESSORY_LABELS[key] }));

/** 'Problems': the common problems as choices, two columns even on a phone (the free text is the form's 'Other problem'). */
export function ProblemChoices(props: ChoicesProps & { readonly required?: boolean }) {
  return (
    <Choices legend={JOB_CARD_LABELS.problems} options={PROBLEM_OPTIONS} columns="grid-cols-2" {...props} />
  );
}

/** 'Accessories Received': SIM tray, charger, back cover, memory card, other. */
export function AccessoryChoices(props: ChoicesProps) {
  return (
    <Choices
      legend={JOB_CARD_LABELS.accessories}
      options={ACCESSORY_OPTIONS}
      columns="grid-cols-2 sm:grid-cols-3"
      {...props}
    />
  );
}
