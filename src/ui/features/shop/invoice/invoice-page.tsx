import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { INVOICE_TITLES, type Invoice } from '../../../../domain/shop/invoice';
import { buildInvoice, type InvoiceStore } from '../../../../domain/shop/invoice-build';
import { financialYearOf } from '../../../../domain/shop/invoice-number';
import type { LoadedInvoice } from '../../../../domain/shop/invoice-use-cases';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { buttonClasses } from '../../../components/button';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { shopQueries } from '../queries';
import { invoiceRoute } from '../routes';
import type { InvoicePaper } from './invoice-paper';
import { InvoicePrint } from './invoice-print';
import { invoiceShare } from './invoice-share';
import { INVOICE_TEXTS as T } from './invoice-texts';
import { IssueInvoice } from './issue-invoice';
import { useIssueInvoice, useIssueVoucher } from './mutations';
import { VouchersSection } from './vouchers-section';

/*
 * /shop/repairs/$id/invoice (members of the repair's store): the repair's invoice. Without a final
 * amount, a message and the way back; not yet issued, the preview and 'Issue Invoice' (issue-invoice.tsx);
 * issued, the invoice to print ('A4', 'A5', '80 mm') and 'Send on WhatsApp'. A store with a GSTIN also
 * lists the advance's vouchers (vouchers-section.tsx); `?voucher=` shows one of them to print.
 */

export function InvoicePage() {
  const { id } = invoiceRoute.useParams();
  const search = invoiceRoute.useSearch();
  const shop = useService('shop');
  const invoices = useService('invoices');
  // Both read by the route's loader; a refused or unknown repair shows the route's error (message + Retry).
  const { data: dossier } = useSuspenseQuery(shopQueries.repair(shop, id));
  const { data: screen } = useSuspenseQuery(shopQueries.invoice(invoices, id));
  const voucher = search.voucher ? screen.vouchers.find((v) => v.paymentId === search.voucher) : undefined;
  const shown = voucher ?? screen.invoice;
  useDocumentTitle(
    shown ? `${INVOICE_TITLES[shown.kind]} ${shown.number}` : `Invoice ${dossier.repair.repairId}`,
  );
  return (
    <AppPage>
      <div className="space-y-5">
        <div className="invoice-chrome space-y-2">
          <Link
            to="/shop/repairs/$id"
            params={{ id }}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            ← {dossier.repair.repairId}
          </Link>
          <h1 className="text-2xl font-bold tracking-tight">
            {shown ? (
              <>
                {INVOICE_TITLES[shown.kind]} <span className="whitespace-nowrap">{shown.number}</span>
              </>
            ) : (
              T.invoice
            )}
          </h1>
        </div>
        {voucher ? (
          <VoucherView voucher={voucher} paper={search.paper ?? 'a4'} repairDocId={id} />
        ) : (
          <InvoiceView dossier={dossier} screen={screen} paper={search.paper ?? 'a4'} />
        )}
      </div>
    </AppPage>
  );
}

/** What the preview prints where the number will be. */
export const PREVIEW_NUMBER = 'Given on issue';

function InvoiceView({
  dossier,
  screen,
  paper,
}: {
  dossier: RepairDossier;
  screen: LoadedInvoice;
  paper: InvoicePaper;
}) {
  const { repair } = dossier;
  const navigate = useNavigate({ from: invoiceRoute.fullPath });
  const issue = useIssueInvoice(repair.id);
  const voucher = useIssueVoucher(repair.id);
  const store: InvoiceStore = {
    id: dossier.store.storeId,
    name: dossier.store.storeName,
    settings: dossier.settings,
  };
  const taxed = store.settings.gstin !== '';
  // The preview is the domain's own invoice, built as the issue would build it now (only the number waits).
  const previewOf = (customerGstin: string) =>
    buildInvoice({
      repairDocId: repair.id,
      repair,
      store,
      customerGstin,
      payments: dossier.payments,
      vouchers: screen.vouchers,
      number: { number: PREVIEW_NUMBER, fy: financialYearOf(new Date()), serial: 0 },
      now: new Date(),
      by: { uid: '', name: '' },
    });
  // Not yet issued: the preview without a customer GSTIN, or why the repair cannot have an invoice.
  const preview = screen.invoice === null ? previewOf('') : null;
  return (
    <>
      {preview === null ? null : !preview.ok ? (
        <NotInvoiceable message={preview.message ?? ''} repairDocId={repair.id} />
      ) : (
        <IssueInvoice
          taxed={taxed}
          previewOf={(gstin) => {
            const built = previewOf(gstin);
            return built.ok ? built.value : preview.value;
          }}
          onIssue={(customerGstin) => issue.mutate(customerGstin)}
          issuing={issue.isPending}
          outcome={issue.data ?? null}
        />
      )}
      {screen.invoice !== null && issue.data?.ok && (
        <OutcomeAlert outcome={issue.data} className="invoice-chrome" />
      )}
      {screen.invoice !== null && (
        <InvoicePrint
          invoice={screen.invoice}
          paper={paper}
          onPaper={(next) => void navigate({ search: { paper: next }, replace: true })}
        >
          <WhatsAppButton invoice={screen.invoice} dossier={dossier} />
        </InvoicePrint>
      )}
      {taxed && (preview === null || preview.ok) && (
        // On the screen only: print leaves the list out (.invoice-chrome).
        <div className="invoice-chrome">
          <VouchersSection
            repairDocId={repair.id}
            payments={dossier.payments}
            vouchers={screen.vouchers}
            invoice={screen.invoice}
            onIssue={(paymentId) => voucher.mutate(paymentId)}
            issuingId={voucher.isPending ? (voucher.variables ?? null) : null}
            outcome={voucher.data ?? null}
          />
        </div>
      )}
    </>
  );
}

/** Without a final amount (or cancelled): why there is no invoice, and the way back to the repair. */
function NotInvoiceable({ message, repairDocId }: { message: string; repairDocId: string }) {
  return (
    <div className="max-w-xl space-y-4">
      <Alert tone="warning">{message}</Alert>
      <Link to="/shop/repairs/$id" params={{ id: repairDocId }} className={buttonClasses('secondary', 'md')}>
        {T.backToRepair}
      </Link>
    </div>
  );
}

/** 'Send on WhatsApp': the customer's number, a short message and the invoice's link; else why not. */
function WhatsAppButton({ invoice, dossier }: { invoice: Invoice; dossier: RepairDossier }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const share = invoiceShare(invoice, dossier.tracking?.token ?? null, origin);
  return share.ok ? (
    <a href={share.whatsApp} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'md')}>
      {T.sendOnWhatsApp}
    </a>
  ) : (
    <p className="max-w-md text-sm text-slate-600">{share.message}</p>
  );
}

/** `?voucher=`: one voucher to print, and the way back to the invoice. */
function VoucherView({
  voucher,
  paper,
  repairDocId,
}: {
  voucher: Invoice;
  paper: InvoicePaper;
  repairDocId: string;
}) {
  const navigate = useNavigate({ from: invoiceRoute.fullPath });
  return (
    <InvoicePrint
      invoice={voucher}
      paper={paper}
      onPaper={(next) => void navigate({ search: (prev) => ({ ...prev, paper: next }), replace: true })}
    >
      <Link
        to="/shop/repairs/$id/invoice"
        params={{ id: repairDocId }}
        search={{ paper }}
        className={buttonClasses('secondary', 'md')}
      >
        {T.backToInvoice}
      </Link>
    </InvoicePrint>
  );
}
