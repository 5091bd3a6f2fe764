import type { ReactNode } from 'react';
import { formatPaise } from '../../../../domain/shop/amounts';
import { INVOICE_TITLES, type Invoice } from '../../../../domain/shop/invoice';
import type { InvoicePaper } from './invoice-paper';
import { INVOICE_SHEET_LABELS as L } from './invoice-texts';

/*
 * The printed invoice (owner-console.md "Invoice"): a 'Tax Invoice' with what Rule 46 of the CGST Rules
 * asks (the shop's name, address and GSTIN; number and date; the customer's name and mobile; the service
 * with its SAC; taxable value, rate, CGST and SGST or IGST; total; place of supply), a 'Receipt' of a
 * shop without a GSTIN (no tax), or a 'Receipt Voucher' / 'Refund Voucher' (Rules 50 and 51). It draws
 * only the Invoice snapshot it is given: the shop's page and the customer's tracking link print the same.
 * Its layout per paper is invoice.css.
 */

/** 'Invoice No.', 'Receipt No.', 'Voucher No.'. */
const NUMBER_LABELS: Readonly<Record<Invoice['kind'], string>> = {
  'tax-invoice': `Invoice ${L.number}`,
  receipt: `Receipt ${L.number}`,
  'receipt-voucher': `Voucher ${L.number}`,
  'refund-voucher': `Voucher ${L.number}`,
};

/** The day an invoice was issued, as India dates it ('26 Nov 2026'), whatever the device's time zone. */
export function invoiceDate(at: Date): string {
  return at.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
}

/** A rate in percent as a bill prints it: 9 → '9%', 2.5 → '2.5%'. */
const percent = (rate: number) => `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;

/**
 * The seller's address on one or two lines: the street as stored, then whatever of city, state and
 * pincode it does not already say ('Shop 3, Linking Road, Mumbai 400050' + 'Maharashtra').
 */
export function addressLines(seller: Invoice['seller']): string[] {
  const missing = (part: string) => part !== '' && !seller.address.includes(part);
  const city = missing(seller.city) ? seller.city : '';
  const statePin = [seller.state, seller.pincode].filter(missing).join(' ');
  const place = [city, statePin].filter(Boolean).join(', ');
  return [seller.address, place].filter((line) => line !== '');
}

export function InvoiceSheet({ invoice, paper }: { invoice: Invoice; paper: InvoicePaper }) {
  const { seller, customer, gst } = invoice;
  const title = INVOICE_TITLES[invoice.kind];
  const taxed = invoice.kind !== 'receipt';
  return (
    <article className="invoice-sheet" data-paper={paper} aria-label={`${title} ${invoice.number}`}>
      <header className="inv-seller">
        <p className="inv-seller-name">{seller.name}</p>
        {addressLines(seller).map((line) => (
          <p key={line} className="inv-pre">
            {line}
          </p>
        ))}
        {seller.phone && (
          <p>
            {L.phone}: {seller.phone}
          </p>
        )}
        {seller.gstin && (
          <p className="inv-strong">
            {L.gstin}: {seller.gstin}
          </p>
        )}
      </header>

      <h2 className="inv-title">{title}</h2>

      <div className="inv-pair">
        <dl className="inv-block">
          <Row label={NUMBER_LABELS[invoice.kind]}>{invoice.number}</Row>
          <Row label={L.date}>{invoiceDate(invoice.issuedAt)}</Row>
          <Row label={L.repairId}>{invoice.repairId}</Row>
          {invoice.referenceNumber && <Row label={L.against}>{invoice.referenceNumber}</Row>}
          {taxed && <Row label={L.placeOfSupply}>{invoice.placeOfSupply}</Row>}
        </dl>
        <div className="inv-block">
          <p className="inv-caption">{L.billTo}</p>
          <dl>
            <Row label={L.name}>{customer.name}</Row>
            <Row label={L.mobile}>{customer.mobile}</Row>
            {customer.gstin && <Row label={L.gstin}>{customer.gstin}</Row>}
          </dl>
        </div>
      </div>

      <table className="inv-lines">
        <thead>
          <tr>
            <th scope="col">{L.description}</th>
            {taxed && <th scope="col">{L.sac}</th>}
            <th scope="col" className="inv-num">
              {taxed ? L.taxableValue : L.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{invoice.description}</td>
            {taxed && <td className="inv-code">{invoice.sac}</td>}
            <td className="inv-num">{formatPaise(gst.taxablePaise)}</td>
          </tr>
        </tbody>
      </table>

      <dl className="inv-totals">
        {taxed && <Row label={L.taxableValue}>{formatPaise(gst.taxablePaise)}</Row>}
        {taxed && gst.supply === 'intra-state' && (
          <>
            <Row label={`CGST @ ${percent(gst.ratePercent / 2)}`}>{formatPaise(gst.cgstPaise)}</Row>
            <Row label={`SGST @ ${percent(gst.ratePercent / 2)}`}>{formatPaise(gst.sgstPaise)}</Row>
          </>
        )}
        {taxed && gst.supply === 'inter-state' && (
          <Row label={`IGST @ ${percent(gst.ratePercent)}`}>{formatPaise(gst.igstPaise)}</Row>
        )}
        <Row label={L.total} strong>
          {formatPaise(gst.totalPaise)}
        </Row>
        {invoice.advanceDeductedPaise > 0 && (
          <>
            <Row label={advanceLabel(invoice.advanceVoucherNumbers)}>
              −{formatPaise(invoice.advanceDeductedPaise)}
            </Row>
            <Row label={L.balance} strong>
              {formatPaise(invoice.balancePaise)}
            </Row>
          </>
        )}
      </dl>

      <p className="inv-words">
        <span className="inv-caption">{L.amountInWords}: </span>
        {invoice.amountInWords}
      </p>
      {!taxed && <p className="inv-note">{L.receiptNote}</p>}

      <footer className="inv-sign">
        <p>For {seller.name}</p>
        <p className="inv-sign-line">{L.signatory}</p>
      </footer>
    </article>
  );
}

/** 'Advance Deducted (RV/26-27/0003, RV/26-27/0004)'. */
function advanceLabel(numbers: readonly string[]): string {
  return numbers.length === 0 ? L.advanceDeducted : `${L.advanceDeducted} (${numbers.join(', ')})`;
}

function Row({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={strong ? 'inv-row inv-strong' : 'inv-row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
