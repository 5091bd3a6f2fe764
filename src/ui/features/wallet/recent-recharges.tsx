import { useSuspenseQuery } from '@tanstack/react-query';
import { formatRupees } from '../../../domain/shared/money';
import { formatDateTime } from '../../../domain/shared/time';
import type { UserProfile } from '../../../domain/users/user';
import { DEFAULT_ADMIN_NAME, WALLET_MESSAGES } from '../../../domain/wallet/messages';
import type { RechargeTransaction } from '../../../domain/wallet/wallet';
import { useService } from '../../app-services';
import { EmptyState } from '../../components/empty-state';
import { LoadFailure } from '../../components/load-failure';
import { PanelBoundary } from '../../components/panel-boundary';
import { Panel } from './panel';
import { walletQueries } from './queries';

/** The latest top-ups of every distributor, newest first; a failed read says so in this panel, with 'Try again'. */
export function RecentRecharges({ viewer }: { viewer: UserProfile }) {
  return (
    <Panel id="recharges-title" title="Recent Recharge Transactions">
      <PanelBoundary
        failed={({ message, retry }) => (
          <LoadFailure
            className="mt-4"
            message={message || WALLET_MESSAGES.transactionsFailed}
            onRetry={retry}
          />
        )}
      >
        <Transactions viewer={viewer} />
      </PanelBoundary>
    </Panel>
  );
}

function Transactions({ viewer }: { viewer: UserProfile }) {
  const wallet = useService('wallet');
  const { data: recharges } = useSuspenseQuery(walletQueries.recentRecharges(wallet, viewer));
  if (recharges.length === 0) return <EmptyState title={WALLET_MESSAGES.noTransactions} />;
  return (
    <ol className="mt-4 divide-y divide-slate-100" aria-label="Recharge transactions, newest first">
      {recharges.map((transaction) => (
        <TransactionRow key={transaction.id} transaction={transaction} />
      ))}
    </ol>
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
