import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatRupees } from '../../../domain/shared/money';
import { formatDateTime } from '../../../domain/shared/time';
import { mobileOf, type UserProfile } from '../../../domain/users/user';
import { filterDistributors } from '../../../domain/wallet/distributors';
import { DEFAULT_ADMIN_NAME, WALLET_MESSAGES } from '../../../domain/wallet/messages';
import {
  MAX_RECHARGE_AMOUNT,
  MIN_RECHARGE_AMOUNT,
  parseRechargeAmount,
  type RechargeTransaction,
} from '../../../domain/wallet/wallet';
import type { RechargeCommand, RechargeResult } from '../../../domain/wallet/wallet-use-cases';
import { useService } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { cx } from '../../components/cx';
import { EmptyState } from '../../components/empty-state';
import { TextField } from '../../components/fields';
import { LoadingBlock } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AppPage } from '../../layout/app-page';
import { SuperAdminOnly } from '../support/super-admin-gate';
import { newIdempotencyKey } from './idempotency-key';

const TITLE = 'Distributor Wallet Recharge';
const SEARCH_LABEL = 'Search by name, email, or mobile';
const DISTRIBUTORS_KEY = ['wallet', 'distributors'] as const;
const RECHARGES_KEY = ['wallet', 'recent-recharges'] as const;

/** /distributor-recharge: a super admin tops up a distributor's wallet. */
export function DistributorRechargePage() {
  useDocumentTitle(TITLE);
  return (
    <SuperAdminOnly title={TITLE}>
      {(viewer) => (
        <AppPage>
          <DistributorRecharge viewer={viewer} />
        </AppPage>
      )}
    </SuperAdminOnly>
  );
}

/** One confirmation attempt: retried with the same key until it succeeds or its target changes. */
interface Attempt {
  readonly distributorId: string;
  readonly amount: number;
  readonly idempotencyKey: string;
}

type Outcome = { readonly tone: 'success' | 'error'; readonly text: string };

function DistributorRecharge({ viewer }: { viewer: UserProfile }) {
  const wallet = useService('wallet');
  const queryClient = useQueryClient();
  const distributors = useQuery({
    queryKey: DISTRIBUTORS_KEY,
    queryFn: async () => {
      const result = await wallet.distributors(viewer);
      if (!result.ok) throw new Error(result.message);
      return [...result.distributors].sort((a, b) => a.name.localeCompare(b.name));
    },
    retry: false,
  });

  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [badInput, setBadInput] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const successBox = useRef<HTMLDivElement>(null);
  const focusAmount = useRef(false);

  const recharge = useMutation({
    mutationFn: (command: RechargeCommand): Promise<RechargeResult> => wallet.recharge(viewer, command),
  });

  const all = distributors.data ?? [];
  const shown = filterDistributors(all, search);
  const selected = all.find((distributor) => distributor.uid === selectedId) ?? null;
  const check = parseRechargeAmount(amount);
  const amountError =
    (amount.trim() !== '' || badInput) && !check.ok ? WALLET_MESSAGES.invalidAmount : undefined;
  const busy = recharge.isPending;

  useEffect(() => {
    if (outcome?.tone === 'success') successBox.current?.focus();
  }, [outcome]);

  // Picking a distributor moves on to the amount (on a phone, this also scrolls the form into view).
  useEffect(() => {
    if (selectedId !== null && focusAmount.current) amountInput.current?.focus();
    focusAmount.current = false;
  }, [selectedId]);

  const select = (distributor: UserProfile) => {
    if (busy) return;
    focusAmount.current = true;
    setSelectedId(distributor.uid);
    setOutcome(null);
  };

  const cancel = () => {
    setSelectedId(null);
    setAmount('');
    setBadInput(false);
    setOutcome(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected === null || !check.ok || busy) return;
    // The same distributor and amount as an unconfirmed attempt: a retry, so the same key (the backend
    // then applies it at most once). Anything else is a new attempt with a new key.
    const previous = attempt.current;
    const current =
      previous !== null && previous.distributorId === selected.uid && previous.amount === check.amount
        ? previous
        : { distributorId: selected.uid, amount: check.amount, idempotencyKey: newIdempotencyKey() };
    attempt.current = current;
    setOutcome(null);
    let result: RechargeResult;
    try {
      result = await recharge.mutateAsync({
        distributor: selected,
        amount: check.amount,
        idempotencyKey: current.idempotencyKey,
      });
    } catch {
      result = { ok: false, message: WALLET_MESSAGES.rechargeFailed };
    }
    if (!result.ok) {
      setOutcome({ tone: 'error', text: result.message });
      return;
    }
    attempt.current = null;
    setSelectedId(null);
    setAmount('');
    setBadInput(false);
    setOutcome({ tone: 'success', text: result.message });
    await queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{TITLE}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Find a distributor, enter the amount and confirm. The top-up shows in their wallet at once.
          </p>
        </div>
        <ButtonLink to="/dashboard" variant="secondary" size="sm" className="self-start sm:self-auto">
          Back to Dashboard
        </ButtonLink>
      </div>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section
          aria-labelledby="distributors-title"
          className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="distributors-title" className="text-lg font-semibold">
            Distributors
          </h2>
          {distributors.isPending ? (
            <LoadingBlock />
          ) : distributors.isError ? (
            <div className="mt-4 space-y-3">
              <Alert>{distributors.error.message}</Alert>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => distributors.refetch()}
                busy={distributors.isFetching}
              >
                Try again
              </Button>
            </div>
          ) : (
            <DistributorPicker
              distributors={all}
              shown={shown}
              search={search}
              onSearch={setSearch}
              selectedId={selectedId}
              onSelect={select}
              disabled={busy}
            />
          )}
        </section>

        <section
          aria-labelledby="recharge-title"
          className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="recharge-title" className="text-lg font-semibold">
            Recharge wallet
          </h2>
          <div className="mt-4 space-y-4">
            {outcome?.tone === 'success' && (
              <div ref={successBox} tabIndex={-1} className="rounded-lg focus:outline-none">
                <Alert tone="success">{outcome.text}</Alert>
              </div>
            )}
            {selected === null ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
                Choose a distributor from the list to top up their wallet.
              </p>
            ) : (
              <form onSubmit={submit} noValidate className="space-y-4" aria-label="Recharge">
                {outcome?.tone === 'error' && <Alert>{outcome.text}</Alert>}
                <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
                  <p className="break-words font-semibold text-slate-900">{selected.name || 'Unnamed'}</p>
                  <p className="break-all text-sm text-slate-600">{selected.email}</p>
                  <p className="mt-3 text-sm text-slate-600">Current balance</p>
                  <p className="text-2xl font-bold tabular-nums text-brand-900">
                    {formatRupees(selected.walletBalance)}
                  </p>
                </div>
                <TextField
                  ref={amountInput}
                  label="Amount (₹)"
                  type="number"
                  inputMode="decimal"
                  min={MIN_RECHARGE_AMOUNT}
                  max={MAX_RECHARGE_AMOUNT}
                  step={0.01}
                  required
                  value={amount}
                  disabled={busy}
                  error={amountError}
                  hint={
                    check.ok
                      ? `New balance after recharge: ${formatRupees(selected.walletBalance + check.amount)}`
                      : `From ${formatRupees(MIN_RECHARGE_AMOUNT)}, up to 2 decimal places.`
                  }
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setBadInput(event.target.validity?.badInput ?? false);
                  }}
                />
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={cancel} disabled={busy}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={!check.ok} busy={busy}>
                    {busy ? 'Recharging...' : 'Recharge'}
                  </Button>
                </div>
              </form>
            )}
          </div>
        </section>
      </div>

      <RecentRecharges viewer={viewer} />
    </div>
  );
}

function DistributorPicker({
  distributors,
  shown,
  search,
  onSearch,
  selectedId,
  onSelect,
  disabled,
}: {
  distributors: readonly UserProfile[];
  shown: readonly UserProfile[];
  search: string;
  onSearch: (query: string) => void;
  selectedId: string | null;
  onSelect: (distributor: UserProfile) => void;
  disabled: boolean;
}) {
  const countId = useId();
  if (distributors.length === 0)
    return <EmptyState title="No distributors yet">Distributors appear here once they sign up.</EmptyState>;
  return (
    <div className="mt-4 space-y-3">
      <TextField
        label={SEARCH_LABEL}
        type="search"
        placeholder={SEARCH_LABEL}
        // The placeholder repeats the label; smaller, it fits a phone-wide box instead of being cut off.
        className="placeholder:text-sm"
        autoComplete="off"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        aria-describedby={countId}
      />
      <p id={countId} aria-live="polite" className="text-xs text-slate-500">
        {shown.length === distributors.length
          ? `${distributors.length} ${distributors.length === 1 ? 'distributor' : 'distributors'}`
          : `${shown.length} of ${distributors.length} distributors match`}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          No distributors match your search.
        </p>
      ) : (
        <section
          aria-label="Distributor list"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          className="max-h-[15rem] overflow-y-auto rounded-xl ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ul className="divide-y divide-slate-100">
            {shown.map((distributor) => {
              const chosen = distributor.uid === selectedId;
              return (
                <li key={distributor.uid}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    disabled={disabled}
                    onClick={() => onSelect(distributor)}
                    className={cx(
                      'flex w-full items-center justify-between gap-3 px-4 py-3 text-left transition-colors disabled:cursor-not-allowed',
                      'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                      chosen ? 'bg-brand-50' : 'hover:bg-slate-50',
                    )}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">
                        {distributor.name || 'Unnamed'}
                      </span>
                      <span className="block truncate text-sm text-slate-600">{distributor.email}</span>
                      <span className="block text-sm text-slate-600">{mobileOf(distributor) || '—'}</span>
                    </span>
                    <span className="shrink-0 text-right">
                      <span className="block text-xs text-slate-600">Balance</span>
                      <span className="block font-semibold tabular-nums text-slate-900">
                        {formatRupees(distributor.walletBalance)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}

function RecentRecharges({ viewer }: { viewer: UserProfile }) {
  const wallet = useService('wallet');
  const recharges = useQuery({
    queryKey: RECHARGES_KEY,
    queryFn: async () => {
      const result = await wallet.recentRecharges(viewer);
      if (!result.ok) throw new Error(result.message);
      return result.transactions;
    },
    retry: false,
  });

  return (
    <section
      aria-labelledby="recharges-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="recharges-title" className="text-lg font-semibold">
        Recent Recharge Transactions
      </h2>
      {recharges.isPending ? (
        <LoadingBlock />
      ) : recharges.isError ? (
        <div className="mt-4 space-y-3">
          <Alert>{recharges.error.message}</Alert>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => recharges.refetch()}
            busy={recharges.isFetching}
          >
            Try again
          </Button>
        </div>
      ) : recharges.data.length === 0 ? (
        <EmptyState title={WALLET_MESSAGES.noTransactions} />
      ) : (
        <ol className="mt-4 divide-y divide-slate-100" aria-label="Recharge transactions, newest first">
          {recharges.data.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </ol>
      )}
    </section>
  );
}

function TransactionRow({ transaction }: { transaction: RechargeTransaction }) {
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900">{transaction.distributorName || 'Unnamed'}</p>
        <p className="text-sm text-slate-600">
          <span className="tabular-nums">{formatRupees(transaction.previousBalance)}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          <span className="tabular-nums">{formatRupees(transaction.newBalance)}</span>
          <span className="text-slate-400"> · </span>
          by {transaction.adminName || DEFAULT_ADMIN_NAME}
        </p>
      </div>
      <div className="flex items-baseline justify-between gap-3 sm:block sm:text-right">
        <p className="font-semibold tabular-nums text-emerald-700">+{formatRupees(transaction.amount)}</p>
        <p className="text-xs text-slate-500">
          {transaction.timestamp ? (
            <time dateTime={transaction.timestamp.toISOString()}>
              {formatDateTime(transaction.timestamp)}
            </time>
          ) : (
            'Date not recorded'
          )}
        </p>
      </div>
    </li>
  );
}
