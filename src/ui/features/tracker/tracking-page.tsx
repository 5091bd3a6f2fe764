import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { formatCalendarDate } from '../../../domain/shared/time';
import { formatPaise } from '../../../domain/shop/amounts';
import { INVOICE_TITLES } from '../../../domain/shop/invoice';
import { trackingPayLink } from '../../../domain/shop/store-profile';
import { type TrackingView, trackingProgress } from '../../../domain/shop/tracking';
import { useServiceSource, useSettings } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { trackerQueries } from './queries';
import { PaymentSummary, StatusTimeline } from './repair-progress';

const trackingRoute = getRouteApi('/t/$token');

export { PAID_IN_FULL } from './repair-progress';

/**
 * The offline demo keeps its data in the browser that made it: a link opened in another browser (or
 * after the demo was reset) finds nothing, which is the demo's nature, not a wrong link.
 */
export const DEMO_LINK_ELSEWHERE =
  'This is the offline demo: it keeps its repairs in the browser where the link was made. Open the link in that browser, or make a new repair here to follow one.';

/**
 * /t/$token: a repair as its customer follows it, from the link the shop sent, without signing in. It
 * shows only the customer-safe view (the domain builds it from an allow list: never the delivery code,
 * the unlock code or another repair), and says plainly when the shop has turned the link off.
 */
export function TrackingPage() {
  const { token } = trackingRoute.useParams();
  const source = useServiceSource();
  // The route's loader has read it; a read that threw is the route's error.
  const tracking = useSuspenseQuery(trackerQueries.trackingLink(source, token));
  const outcome = tracking.data;
  const demo = useSettings().backend !== 'firebase';
  useDocumentTitle(outcome.ok ? `Repair ${outcome.value.repairId}` : 'Track your repair');

  return (
    <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-6 sm:py-10">
      {outcome.ok ? (
        <RepairStatus view={outcome.value} token={token} />
      ) : (
        <TrackingProblem
          title={outcome.reason === 'revoked' ? 'This link was turned off' : 'Link not found'}
          message={outcome.message ?? ''}
        >
          {demo && outcome.reason === 'not-found' && (
            <p className="text-left text-sm text-slate-600">{DEMO_LINK_ELSEWHERE}</p>
          )}
          {outcome.reason === 'failed' && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void tracking.refetch()}
              busy={tracking.isFetching}
            >
              Try again
            </Button>
          )}
        </TrackingProblem>
      )}
      <PoweredBy />
    </main>
  );
}

function TrackingProblem({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="space-y-4 py-10 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <Alert className="text-left">{message}</Alert>
      {children}
    </div>
  );
}

function RepairStatus({ view, token }: { view: TrackingView; token: string }) {
  const phone = view.shop.phone.trim();
  // The Pay button: the one UPI link builder, fed with the store's own profile and the amount due.
  const payLink = trackingPayLink(view.shop, view);
  // The total is the final amount, else the estimate; the domain worked out paid and due from it.
  const progress = trackingProgress(view);
  return (
    <div className="space-y-5">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700">{view.shop.name || 'Your repair shop'}</p>
          <h1 className="mt-1 font-mono text-3xl font-bold tracking-tight">{view.repairId}</h1>
        </div>
        {phone && (
          <a
            href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Call {phone}
          </a>
        )}
      </header>

      <Card className="p-5">
        <p className="text-sm text-slate-600">Status</p>
        <p className="mt-1 text-2xl font-bold text-slate-900" role="status">
          {view.statusLabel}
        </p>
        {view.promisedDate && (
          <p className="mt-1 text-sm text-slate-600">Promised for {formatCalendarDate(view.promisedDate)}</p>
        )}
        <StatusTimeline timeline={progress.timeline} className="mt-4" />
      </Card>

      <Card className="p-5">
        <h2 className="text-lg font-semibold">Device</h2>
        <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
          <dt className="text-slate-600">Device</dt>
          <dd className="text-slate-900">
            {[view.device.type, view.device.name].filter(Boolean).join(' · ') || '-'}
          </dd>
          <dt className="text-slate-600">Problems</dt>
          <dd className="text-slate-900">{view.problems.length > 0 ? view.problems.join(', ') : '-'}</dd>
        </dl>
      </Card>

      <Card className="p-5">
        <h2 className="text-lg font-semibold">Payment</h2>
        <div className="mt-3">
          <PaymentSummary progress={progress} />
        </div>
        {/* UPI only while something is due: a customer who paid at the counter is never asked again. */}
        {payLink && (
          <a
            href={payLink}
            className="mt-4 inline-flex h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            Pay {formatPaise(view.duePaise)} with UPI
          </a>
        )}
      </Card>
      <InvoiceLink token={token} />
    </div>
  );
}

/**
 * 'Invoice', once the shop has issued one: the customer's view of it (/t/$token/invoice). Asked for by
 * the route's loader on the way; while it is unknown, or if it cannot be read, the page simply has no
 * link (the repair's status is what this page is for; the invoice's own page says its failures).
 */
function InvoiceLink({ token }: { token: string }) {
  const source = useServiceSource();
  const { data: invoice } = useQuery(trackerQueries.invoice(source, token));
  if (!invoice) return null;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
      <p className="text-sm text-slate-700">
        {INVOICE_TITLES[invoice.kind]} {invoice.number}
      </p>
      <Link
        to="/t/$token/invoice"
        params={{ token }}
        className="inline-flex h-11 items-center rounded-lg px-4 font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
      >
        Invoice
      </Link>
    </Card>
  );
}

function PoweredBy() {
  const { productName } = useSettings();
  return <p className="mt-8 text-center text-xs text-slate-500">Repair tracking by {productName}</p>;
}
