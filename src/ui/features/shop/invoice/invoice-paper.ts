/**
 * The invoice's paper, from its URL (`/shop/repairs/$id/invoice?paper=80mm`, and the customer's
 * `/t/$token/invoice?paper=a5`): A4, A5 or an 80 mm thermal roll. No imports: the router runs it in the
 * first script.
 */

export const INVOICE_PAPERS = ['a4', 'a5', '80mm'] as const;
export type InvoicePaper = (typeof INVOICE_PAPERS)[number];

/** The paper choice's labels, as the page shows them. */
export const INVOICE_PAPER_LABELS: Readonly<Record<InvoicePaper, string>> = {
  a4: 'A4',
  a5: 'A5',
  '80mm': '80 mm',
};

export interface InvoiceSearch {
  /** Absent: A4. */
  readonly paper?: InvoicePaper;
}

/** Reads `paper`; anything else (or an unknown value) is left out, i.e. A4. */
export function parseInvoiceSearch(search: Record<string, unknown>): InvoiceSearch {
  const paper = INVOICE_PAPERS.find((value) => value === search.paper);
  return paper ? { paper } : {};
}

/** Page margins in mm, per paper (the sheet's width is the paper's less both margins). */
const MARGIN_MM: Readonly<Record<InvoicePaper, number>> = { a4: 12, a5: 8, '80mm': 3 };
/** CSS pixels per millimetre (96 px to the inch). */
const PX_PER_MM = 96 / 25.4;

/**
 * The `@page` rule for the chosen paper. A4 and A5 are fixed sizes; a thermal roll has no page length,
 * so the page is as long as the invoice measures (at least 100 mm) and prints as one slip.
 */
export function invoicePageRule(paper: InvoicePaper, sheetHeightPx: number): string {
  const margin = MARGIN_MM[paper];
  if (paper === 'a4') return `@page { size: A4 portrait; margin: ${margin}mm; }`;
  if (paper === 'a5') return `@page { size: A5 portrait; margin: ${margin}mm; }`;
  const length = Math.max(100, Math.ceil(sheetHeightPx / PX_PER_MM + 2 * margin + 4));
  return `@page { size: 80mm ${length}mm; margin: ${margin}mm; }`;
}
