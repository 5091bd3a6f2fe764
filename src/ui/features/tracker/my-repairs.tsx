import { useSuspenseQuery } from '@tanstack/react-query';
import { displayStatus, type Repair } from '../../../domain/repairs/repair';
import { formatDate } from '../../../domain/shared/time';
import { formatPaise } from '../../../domain/shop/amounts';
import { customerProgress } from '../../../domain/shop/tracking';
import type { UserProfile } from '../../../domain/users/user';
import { useService } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PanelBoundary } from '../../components/panel-boundary';
import { trackerQueries } from './queries';
import { PAID_IN_FULL } from './repair-progress';

/*
 * The signed-in customer's own repairs on the tracker (issue 17): every repair booked under her
 * verified number, newest first, not only the Repair ID she typed. Each row says its Repair ID, status,
 * device and what is due; choosing one opens its 'Repair Details' card (repair-details.tsx), the same
 * card a search shows. The list is a panel of its own: its failure says so, with Retry, and leaves the
 * Repair ID form working.
 */

export const MY_REPAIRS_TITLE = 'Your repairs';

export function MyRepairs({
  viewer,
  onOpen,
}: {
  readonly viewer: UserProfile;
  readonly onOpen: (repair: Repair) => void;
}) {
  return (
    <section aria-labelledby="my-repairs" className="space-y-3">
      <h2 id="my-repairs" className="text-lg font-semibold">
        {MY_REPAIRS_TITLE}
      </h2>
      <PanelBoundary
        // Its own words: the page's 'Loading...' means the role is not known yet (web-spec, /dashboard).
        pending={
          <p role="status" className="text-sm text-slate-600">
            Loading your repairs…
          </p>
        }
        failed={({ message, retry }) => (
          <Alert className="flex flex-wrap items-center justify-between gap-3">
            <span>{message || 'Your repairs could not be loaded.'}</span>
            <Button size="sm" variant="secondary" onClick={retry}>
              Retry
            </Button>
          </Alert>
        )}
      >
        <RepairRows viewer={viewer} onOpen={onOpen} />
      </PanelBoundary>
    </section>
  );
}

function RepairRows({ viewer, onOpen }: { viewer: UserProfile; onOpen: (repair: Repair) => void }) {
  const repairs = useService('repairs');
  const { data: mine } = useSuspenseQuery(trackerQueries.mine(repairs, viewer));
  if (mine.length === 0)
    return <p className="text-sm text-slate-600">No repairs are booked under your number yet.</p>;
  return (
    <ul className="space-y-2">
      {mine.map((repair) => {
        const progress = customerProgress(repair);
        const device = [repair.productName, repair.productType].filter((part) => part.trim() !== '');
        return (
          <li key={repair.id}>
            <button
              type="button"
              onClick={() => onOpen(repair)}
              className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl bg-white px-4 py-3 text-left shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="min-w-0">
                <span className="block font-mono font-semibold text-slate-900">{repair.repairId}</span>
                <span className="block text-sm text-slate-600">
                  {[device.join(' · ') || 'Repair', repair.createdAt ? formatDate(repair.createdAt) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <span className="text-sm sm:text-right">
                <span className="block font-medium text-slate-900">{displayStatus(repair.status)}</span>
                <span className="block text-slate-600">
                  {progress.paidInFull
                    ? PAID_IN_FULL
                    : progress.duePaise > 0
                      ? `Due ${formatPaise(progress.duePaise)}`
                      : ''}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
