import type { FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formatRupees } from '../../../domain/shared/money';
import type { UserProfile } from '../../../domain/users/user';
import { MAX_RECHARGE_AMOUNT, MIN_RECHARGE_AMOUNT, parseRechargeAmount } from '../../../domain/wallet/wallet';
import type {
  RechargeForm as RechargeFormValues,
  RechargeOutcome,
} from '../../../domain/wallet/wallet-use-cases';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';

/**
 * The chosen distributor's balance and the amount to add, with Recharge and Cancel. A failure shows
 * above it and keeps what was typed; the new balance shows as soon as the amount is valid.
 */
export function RechargeForm({
  distributor,
  form,
  failure,
  onSubmit,
  onCancel,
}: {
  distributor: UserProfile;
  form: UseFormReturn<RechargeFormValues>;
  /** The last answer when it was a failure (shown inside the form, which stays open). */
  failure: RechargeOutcome | null;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const { register, formState, watch } = form;
  const busy = formState.isSubmitting;
  const check = parseRechargeAmount(watch('amount'));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Recharge">
      <OutcomeAlert outcome={failure} />
      <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
        <p className="break-words font-semibold text-slate-900">{distributor.name || 'Unnamed'}</p>
        <p className="break-all text-sm text-slate-600">{distributor.email}</p>
        <p className="mt-3 text-sm text-slate-600">Current balance</p>
        <p className="text-2xl font-bold tabular-nums text-brand-900">
          {formatRupees(distributor.walletBalance)}
        </p>
      </div>
      <TextField
        label="Amount (₹)"
        type="number"
        inputMode="decimal"
        min={MIN_RECHARGE_AMOUNT}
        max={MAX_RECHARGE_AMOUNT}
        step={0.01}
        required
        // Read-only rather than disabled while it is sent: the form keeps its value.
        readOnly={busy}
        error={formState.errors.amount?.message}
        hint={
          check.ok
            ? `New balance after recharge: ${formatRupees(distributor.walletBalance + check.amount)}`
            : `From ${formatRupees(MIN_RECHARGE_AMOUNT)}, up to 2 decimal places.`
        }
        {...register('amount')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!check.ok} busy={busy}>
          {busy ? 'Recharging...' : 'Recharge'}
        </Button>
      </div>
    </form>
  );
}
