import { formatDateTime } from '../../../domain/shared/time';
import { formatPaise } from '../../../domain/shop/amounts';
import type { RepairProgress, TimelineStep } from '../../../domain/shop/tracking';

/*
 * A repair's progress and money as its customer sees them, written once for the public tracking link
 * (tracking-page.tsx) and the signed-in customer's tracker (repair-details.tsx): the status timeline,
 * and 'Total', 'Paid', 'Due' in rupees ('₹2,500') with 'Paid in full' once nothing is due. The domain
 * works the figures out (trackingProgress, customerProgress).
 */

/** Said once nothing is due on a repair with a total. */
export const PAID_IN_FULL = 'Paid in full';

/** The status changes, oldest first, each with its time. */
export function StatusTimeline({
  timeline,
  className,
}: {
  timeline: readonly TimelineStep[];
  className?: string;
}) {
  if (timeline.length === 0) return null;
  return (
    <ol
      aria-label="Status history"
      className={`space-y-3 border-l-2 border-slate-200 pl-4 ${className ?? ''}`.trim()}
    >
      {timeline.map((step) => (
        <li key={`${step.status}-${step.at.getTime()}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-brand-600 ring-2 ring-white"
          />
          <p className="font-medium text-slate-900">{step.label}</p>
          <p className="text-xs text-slate-500">{formatDateTime(step.at)}</p>
        </li>
      ))}
    </ol>
  );
}

/** 'Total', 'Paid' and 'Due', then 'Paid in full' once nothing is due. */
export function PaymentSummary({ progress }: { progress: RepairProgress }) {
  return (
    <>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-600">Total</dt>
        <dd className="tabular-nums text-slate-900">
          {progress.totalPaise !== null ? formatPaise(progress.totalPaise) : '-'}
        </dd>
        <dt className="text-slate-600">Paid</dt>
        <dd className="tabular-nums text-slate-900">{formatPaise(progress.paidPaise)}</dd>
        <dt className="font-semibold text-slate-900">Due</dt>
        <dd className="font-semibold tabular-nums text-slate-900">{formatPaise(progress.duePaise)}</dd>
      </dl>
      {progress.paidInFull && (
        <p className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
          {PAID_IN_FULL}
        </p>
      )}
    </>
  );
}
