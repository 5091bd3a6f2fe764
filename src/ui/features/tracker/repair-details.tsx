import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { REPAIR_MESSAGES } from '../../../domain/repairs/messages';
import { displayStatus, displayUpdatedAt, type Repair } from '../../../domain/repairs/repair';
import { formatPaise } from '../../../domain/shop/amounts';
import { customerProgress } from '../../../domain/shop/tracking';
import { useService } from '../../app-services';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PanelBoundary } from '../../components/panel-boundary';
import { trackerQueries } from './queries';
import { RepairPhotos } from './repair-photos';
import { PaymentSummary, StatusTimeline } from './repair-progress';

/*
 * One repair of the customer, as its card: status, business, product, amount, delivery code, photos,
 * and, as on the tracking link, its money ('Total', 'Paid', 'Due', 'Paid in full') and its status
 * history (repair-progress.tsx, shared with the tracking page).
 */

const STATUS_TONES: Record<string, 'green' | 'blue' | 'yellow'> = {
  delivered: 'green',
  inprogress: 'blue',
  sent_to_service_center: 'yellow',
};

export function RepairDetails({
  repair,
  onTrackMore,
  focusOnShow = true,
}: {
  repair: Repair;
  onTrackMore: () => void;
  /** Take the focus to the card when it appears (the answer to a search); not for a listed repair. */
  focusOnShow?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const progress = customerProgress(repair);

  // Take keyboard and screen reader users to the answer.
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  const product = [repair.productName, repair.productType].filter((part) => part.trim() !== '');

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Repair Details
        </h2>
        <Button variant="secondary" size="sm" onClick={onTrackMore}>
          Track More
        </Button>
      </div>
      <dl className="grid gap-x-6 gap-y-4 px-5 py-5 sm:grid-cols-2 sm:px-6">
        <Detail label="Repair ID">
          <span className="font-mono">{repair.repairId}</span>
        </Detail>
        <Detail label="Status">
          <Badge tone={STATUS_TONES[repair.status] ?? 'slate'}>{displayStatus(repair.status)}</Badge>
        </Detail>
        <Detail label="Business">
          {/* A failure reads like no business: 'Business info not available.' (the use case logs its cause). */}
          <PanelBoundary
            pending={<span className="text-slate-500">{REPAIR_MESSAGES.businessLoading}</span>}
            failed={() => <BusinessUnavailable />}
          >
            <Business repair={repair} />
          </PanelBoundary>
        </Detail>
        <Detail label="Product">{product.length > 0 ? product.join(' · ') : '-'}</Detail>
        <Detail label="Problems">{repair.problems.trim() || '-'}</Detail>
        <Detail label="Amount">
          <span className="text-lg font-semibold text-slate-900">
            {progress.totalPaise === null ? '-' : formatPaise(progress.totalPaise)}
          </span>
        </Detail>
        <Detail label="Delivery code">
          {repair.deliveryCode.trim() ? (
            <>
              <span className="font-mono text-lg font-semibold tracking-widest text-slate-900">
                {repair.deliveryCode}
              </span>
              <span className="block text-xs text-slate-500">
                Show this code when you collect your device.
              </span>
            </>
          ) : (
            '-'
          )}
        </Detail>
        <Detail label="Last updated">{displayUpdatedAt(repair)}</Detail>
      </dl>
      <div className="grid gap-6 border-t border-slate-100 px-5 py-5 sm:grid-cols-2 sm:px-6">
        <section aria-label="Payment">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Payment</h3>
          <PaymentSummary progress={progress} />
        </section>
        <section aria-label="Progress">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Progress</h3>
          <StatusTimeline timeline={progress.timeline} />
        </section>
      </div>
      {repair.imageUrls.length > 0 && (
        <div className="border-t border-slate-100 px-5 py-5 sm:px-6">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Photos</h3>
          <RepairPhotos urls={repair.imageUrls} subject={repair.productName} />
        </div>
      )}
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** The repair's business: its name and number, read when the card opens. */
function Business({ repair }: { repair: Repair }) {
  const repairs = useService('repairs');
  const { data: business } = useSuspenseQuery(trackerQueries.businessInfo(repairs, repair));
  if (business === null) return <BusinessUnavailable />;
  return (
    <>
      <span className="block font-medium">{business.name || '-'}</span>
      {business.number && (
        <a href={`tel:${business.number}`} className="text-brand-700 hover:underline">
          {business.number}
        </a>
      )}
    </>
  );
}

function BusinessUnavailable() {
  return <span className="text-slate-500">{REPAIR_MESSAGES.businessUnavailable}</span>;
}
