/**
 * The invoice's paper, from its URL (`/shop/repairs/$id/invoice?paper=80mm&voucher=…`, and the
 * customer's `/t/$token/invoice?paper=a5`): A4, A5 or an 80 mm thermal roll, and on the shop's page the
 * voucher shown instead of the invoice. No imports: the router runs it in the first script.
 */

export const INVOICE_PAPERS = ['a4', 'a5', '80mm'] as const;
export type InvoicePaper = (typeof INVOICE_PAPERS)[number];

/** The paper choice's labels, as the page shows them. */
export const INVOICE_PAPER_LABELS: Readonly<Record<InvoicePaper, string>> = {
  a4: 'A4',
  a5: 'A5',
  '80mm': '80 mm',
};

export interface PaperSearch {
  /** Absent: A4. */
  readonly paper?: InvoicePaper;
}

export interface InvoiceSearch extends PaperSearch {
  /** The payment whose voucher the page shows (absent: the invoice). */
  readonly voucher?: string;
}

/** Reads `paper`; anything else (or an unknown value) is left out, i.e. A4. */
export function parsePaperSearch(search: Record<string, unknown>): PaperSearch {
  const paper = INVOICE_PAPERS.find((value) => value === search.paper);
  return paper ? { paper } : {};
}

/** Reads `paper` and `voucher` (a payment id of a sane length); anything else is left out. */
export function parseInvoiceSearch(search: Record<string, unknown>): InvoiceSearch {
  const { voucher } = search;
  const wanted = typeof voucher === 'string' && voucher !== '' && voucher.length <= 128;
  return { ...parsePaperSearch(search), ...(wanted && { voucher }) };
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
