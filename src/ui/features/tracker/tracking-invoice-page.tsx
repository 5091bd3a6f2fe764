import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { INVOICE_TITLES } from '../../../domain/shop/invoice';
import { useServiceSource } from '../../app-services';
import { Alert } from '../../components/alert';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { InvoicePrint } from '../shop/invoice/invoice-print';
import { trackerQueries } from './queries';

const trackingInvoiceRoute = getRouteApi('/t/$token/invoice');

/** What the page says when the link names no invoice (none issued yet, or a link turned off). */
export const NO_INVOICE_YET =
  'There is no invoice for this repair yet. The shop issues it once the final amount is set; ask the shop if you need one.';

/**
 * /t/$token/invoice: the customer's view of the repair's invoice, from the tracking link, without
 * signing in: only the printed invoice (the same sheet and print CSS as the shop's page, A4, A5 or
 * 80 mm), nothing beyond what it shows, and a link back to the repair's status.
 */
export function TrackingInvoicePage() {
  const { token } = trackingInvoiceRoute.useParams();
  const search = trackingInvoiceRoute.useSearch();
  const navigate = useNavigate({ from: '/t/$token/invoice' });
  const source = useServiceSource();
  // The route's loader has read it; a read that threw is the route's error (message + Retry).
  const { data: invoice } = useSuspenseQuery(trackerQueries.invoice(source, token));
  useDocumentTitle(invoice ? `${INVOICE_TITLES[invoice.kind]} ${invoice.number}` : 'Invoice');
  const back = (
    <Link to="/t/$token" params={{ token }} className="text-sm font-semibold text-brand-700 hover:underline">
      ← Repair status
    </Link>
  );
  return (
    <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:py-10">
      {invoice === null ? (
        <div className="mx-auto max-w-xl space-y-4">
          {back}
          <h1 className="text-2xl font-bold tracking-tight">Invoice</h1>
          <Alert tone="info">{NO_INVOICE_YET}</Alert>
        </div>
      ) : (
        <div className="space-y-4">
          <div className="invoice-chrome space-y-2">
            {back}
            <h1 className="text-2xl font-bold tracking-tight">
              {INVOICE_TITLES[invoice.kind]} <span className="whitespace-nowrap">{invoice.number}</span>
            </h1>
          </div>
          <InvoicePrint
            invoice={invoice}
            paper={search.paper ?? 'a4'}
            onPaper={(paper) => void navigate({ search: { paper }, replace: true })}
          />
        </div>
      )}
    </main>
  );
}
