import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { Invoice } from '../../../../domain/shop/invoice';
import { Button } from '../../../components/button';
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
        <PaperChoice value={paper} onChange={onPaper} />
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

/** 'Paper': 'A4', 'A5', '80 mm', one pressed. */
function PaperChoice({ value, onChange }: { value: InvoicePaper; onChange: (paper: InvoicePaper) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">
        {INVOICE_TEXTS.paper}
      </legend>
      <div className="inline-flex rounded-lg ring-1 ring-slate-300">
        {INVOICE_PAPERS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === value}
            onClick={() => onChange(option)}
            className={
              option === value
                ? 'h-10 bg-brand-700 px-4 text-sm font-semibold text-white first:rounded-l-lg last:rounded-r-lg'
                : 'h-10 bg-white px-4 text-sm font-semibold text-slate-700 first:rounded-l-lg last:rounded-r-lg hover:bg-slate-50'
            }
          >
            {INVOICE_PAPER_LABELS[option]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
