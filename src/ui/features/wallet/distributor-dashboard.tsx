import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { formatRupees } from '../../../domain/shared/money';
import { formatDate, formatDateTime } from '../../../domain/shared/time';
import { mobileOf, type UserProfile } from '../../../domain/users/user';
import { DEFAULT_ADMIN_NAME, WALLET_MESSAGES } from '../../../domain/wallet/messages';
import type { RechargeTransaction } from '../../../domain/wallet/wallet';
import { RECENT_TRANSACTIONS_SHOWN } from '../../../domain/wallet/wallet';
import { useService, useSettings } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardHeader } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PanelBoundary } from '../../components/panel-boundary';
import { walletQueries } from './queries';

/**
 * The distributor's dashboard: wallet balance, the top-ups received, contact details and help. The
 * route's loader has read the wallet; a failed read says so here with Retry, under the greeting.
 */
export function DistributorDashboard({ viewer }: { viewer: UserProfile }) {
  return (
    <PanelBoundary
      failed={({ retry }) => (
        <div className="space-y-6">
          <Greeting name={viewer.name} />
          <Alert>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{WALLET_MESSAGES.walletFailed}</span>
              <Button variant="secondary" size="sm" onClick={retry}>
                Retry
              </Button>
            </div>
          </Alert>
        </div>
      )}
    >
      <DistributorWallet viewer={viewer} />
    </PanelBoundary>
  );
}

function DistributorWallet({ viewer }: { viewer: UserProfile }) {
  const walletService = useService('wallet');
  const wallet = useSuspenseQuery(walletQueries.distributorWallet(walletService, viewer));
  const { balance, transactions, profile } = wallet.data;

  return (
    <div className="space-y-6">
      <Greeting name={profile.name}>
        <Button
          variant="secondary"
          className="sm:shrink-0"
          onClick={() => void wallet.refetch()}
          busy={wallet.isFetching}
          icon={<RefreshIcon />}
        >
          Refresh
        </Button>
      </Greeting>

      {/* A refresh that failed: what was shown stays, with the reason. */}
      {wallet.isError && <Alert>{WALLET_MESSAGES.walletFailed}</Alert>}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <BalanceCard balance={balance} latest={transactions[0]} />
          <TopUps transactions={transactions} />
        </div>
        <div className="space-y-6">
          <ContactCard profile={profile} />
          <HelpCard />
        </div>
      </div>
    </div>
  );
}

function Greeting({ name, children }: { name: string; children?: ReactNode }) {
  const trimmed = name.trim();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-brand-700">Distributor Dashboard</p>
        <h1 className="mt-1 break-words text-2xl font-bold tracking-tight sm:text-3xl">
          {trimmed ? `Hello, ${trimmed}` : 'Hello'}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Your wallet, your top-ups and your account, in one place.
        </p>
      </div>
      {children}
    </div>
  );
}

function BalanceCard({ balance, latest }: { balance: number; latest: RechargeTransaction | undefined }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="text-sm font-medium text-brand-100">
        Wallet balance
      </h2>
      <p className="mt-2 break-all text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">
        {formatRupees(balance)}
      </p>
      <p className="mt-3 text-sm text-brand-100">
        {latest
          ? `Last top-up: ${formatRupees(latest.amount)}${latest.timestamp ? ` on ${formatDate(latest.timestamp)}` : ''}`
          : 'No top-ups yet.'}
      </p>
    </section>
  );
}

function TopUps({ transactions }: { transactions: readonly RechargeTransaction[] }) {
  const { productName } = useSettings();
  return (
    <Card>
      <CardHeader
        title="Top-ups received"
        description={`Your latest ${RECENT_TRANSACTIONS_SHOWN} wallet recharges, newest first.`}
      />
      {transactions.length === 0 ? (
        <EmptyState title={WALLET_MESSAGES.noTransactions}>
          When the {productName} team tops up your wallet, it will show up here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Top-ups received">
          {transactions.map((transaction) => (
            <li
              key={transaction.id}
              className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">
                  {transaction.description.trim() || 'Wallet recharge'}
                </p>
                <p className="mt-0.5 text-sm text-slate-500">
                  {transaction.timestamp ? (
                    <time dateTime={transaction.timestamp.toISOString()}>
                      {formatDateTime(transaction.timestamp)}
                    </time>
                  ) : (
                    '-'
                  )}{' '}
                  · by {transaction.adminName.trim() || DEFAULT_ADMIN_NAME}
                </p>
              </div>
              <div className="shrink-0 sm:text-right">
                <p className="text-lg font-semibold text-emerald-700 tabular-nums">
                  +{formatRupees(transaction.amount)}
                </p>
                <p className="text-xs text-slate-500 tabular-nums">
                  Balance {formatRupees(transaction.previousBalance)} <span aria-hidden="true">→</span>
                  <span className="sr-only">to</span> {formatRupees(transaction.newBalance)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ContactCard({ profile }: { profile: UserProfile }) {
  const region = [profile.state.trim(), profile.pincode.trim()].filter(Boolean).join(' ');
  const address = [profile.address.trim(), profile.city.trim(), region].filter(Boolean).join(', ');
  return (
    <Card>
      <CardHeader title="Contact details" />
      <dl className="space-y-3 px-5 py-4 text-sm sm:px-6">
        <ContactRow label="Name">{profile.name.trim() || '-'}</ContactRow>
        <ContactRow label="Email">{profile.email || '-'}</ContactRow>
        <ContactRow label="Mobile">{mobileOf(profile) || '-'}</ContactRow>
        {address && <ContactRow label="Address">{address}</ContactRow>}
      </dl>
    </Card>
  );
}

function ContactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-800">{children}</dd>
    </div>
  );
}

function HelpCard() {
  const { supportEmail } = useSettings();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Need help?</h2>
      <p className="mt-2 text-sm text-slate-600">
        A top-up missing, or a balance that looks wrong? Write to{' '}
        <a href={`mailto:${supportEmail}`} className="break-all font-medium text-brand-700 hover:underline">
          {supportEmail}
        </a>{' '}
        or send us a message, and we will get back to you.
      </p>
      <Link
        to="/support"
        className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        Contact support <span aria-hidden="true">→</span>
      </Link>
    </Card>
  );
}

function RefreshIcon() {
  return (
    <svg
      className="size-4"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M21 12a9 9 0 1 1-2.6-6.4M21 4v5h-5" />
    </svg>
  );
}
