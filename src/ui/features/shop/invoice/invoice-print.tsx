import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { Invoice } from '../../../../domain/shop/invoice';
import { Button } from '../../../components/button';
import { ChoiceButtons } from '../../../components/choice-buttons';
import { INVOICE_PAPER_LABELS, INVOICE_PAPERS, type InvoicePaper, invoicePageRule } from './invoice-paper';
import { InvoiceSheet } from './invoice-sheet';
import { INVOICE_TEXTS } from './invoice-texts';
import './invoice.css';

/*
 * An issued invoice (or voucher) on screen and on paper: the 'Paper' choice ('A4', 'A5', '80 mm'),
 * 'Print', whatever actions the page adds (children: 'Send on WhatsApp', links), and the sheet at the
 * paper's width with the `@page` rule for it. Everything but the sheet is `.invoice-chrome`, which
 * print leaves out (invoice.css). The shop's invoice page and the customer's view both use it.
 */

export function InvoicePrint({
  invoice,
  paper,
  onPaper,
  children,
}: {
  invoice: Invoice;
  paper: InvoicePaper;
  onPaper: (paper: InvoicePaper) => void;
  children?: ReactNode;
}) {
  const sheet = useRef<HTMLDivElement>(null);
  const [sheetHeight, setSheetHeight] = useState(0);
  // The thermal slip's length follows the sheet: measured now, and again when it reflows (fonts).
  useLayoutEffect(() => {
    const element = sheet.current;
    if (element === null) return;
    const measure = () => setSheetHeight(element.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  });
  return (
    <div className="space-y-5">
      <style>{invoicePageRule(paper, sheetHeight)}</style>
      <div className="invoice-chrome flex flex-wrap items-end gap-x-6 gap-y-3">
        <ChoiceButtons
          legend={INVOICE_TEXTS.paper}
          options={INVOICE_PAPERS}
          labels={INVOICE_PAPER_LABELS}
          value={paper}
          onChange={onPaper}
        />
        <Button onClick={() => window.print()}>{INVOICE_TEXTS.print}</Button>
        {children}
      </div>
      <div className="invoice-stage">
        <div ref={sheet}>
          <InvoiceSheet invoice={invoice} paper={paper} />
        </div>
      </div>
    </div>
  );
}
