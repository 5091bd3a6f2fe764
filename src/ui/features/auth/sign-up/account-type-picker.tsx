import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { AccountType } from '../../../../domain/users/user';
import { cx } from '../../../components/cx';

const ACCOUNT_TYPE_CARDS: readonly { value: AccountType; title: string; description: string }[] = [
  {
    value: 'user',
    title: 'User',
    description:
      'Follow your repairs with a Repair ID and your mobile number. Shop owners: sign up as User, then set up your shop from the Dashboard.',
  },
  {
    value: 'distributor',
    title: 'Distributor',
    description: 'Get your distributor dashboard and a wallet that our team tops up.',
  },
];

/** The account type as two radio cards, in a fieldset that carries the field's error. */
export function AccountTypePicker({
  register,
  error,
}: {
  register: UseFormRegisterReturn<'accountType'>;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-3">
      <legend className="mb-3 text-base font-semibold text-slate-900">
        Account type
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {ACCOUNT_TYPE_CARDS.map((card) => (
          <label
            key={card.value}
            className={cx(
              'relative flex cursor-pointer gap-3 rounded-xl bg-white p-4 ring-1 ring-inset transition-colors',
              error ? 'ring-red-300' : 'ring-slate-300',
              'hover:bg-slate-50 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
            )}
          >
            <input
              type="radio"
              value={card.value}
              aria-labelledby={`${id}-${card.value}-title`}
              aria-describedby={`${id}-${card.value}-description`}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
              {...register}
            />
            <span className="min-w-0">
              <span id={`${id}-${card.value}-title`} className="block font-semibold text-slate-900">
                {card.title}
              </span>
              <span id={`${id}-${card.value}-description`} className="mt-0.5 block text-sm text-slate-600">
                {card.description}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
