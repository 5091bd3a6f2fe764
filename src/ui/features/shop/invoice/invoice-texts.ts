/**
 * The invoice screens' words (owner-console.md "Invoice"; issue 18): the spec's labels as it writes
 * them ('Tax Invoice', 'Receipt', 'Send on WhatsApp', 'Print', 'A4', 'A5', '80 mm'), ours where it is
 * silent. The printed titles themselves are the domain's INVOICE_TITLES. Shared by the shop's invoice
 * page and the customer's invoice view on the tracking link.
 */

/** What the printed page says beside its figures. */
export const INVOICE_SHEET_LABELS = {
  number: 'No.',
  date: 'Date',
  billTo: 'Bill To',
  name: 'Name',
  mobile: 'Mobile',
  gstin: 'GSTIN',
  phone: 'Phone',
  placeOfSupply: 'Place of Supply',
  repairId: 'Repair ID',
  /** A refund voucher names the receipt voucher whose advance it refunds (Rule 51). */
  against: 'Against Receipt Voucher',
  description: 'Description',
  sac: 'SAC',
  taxableValue: 'Taxable Value',
  amount: 'Amount',
  total: 'Total',
  amountInWords: 'Amount in Words',
  advanceDeducted: 'Advance Deducted',
  balance: 'Balance Payable',
  signatory: 'Authorised Signatory',
  receiptNote: 'The shop is not registered for GST: this receipt carries no tax.',
} as const;

/** The invoice page's own words (not printed). */
export const INVOICE_TEXTS = {
  /** The repair page's link, the tracking page's link and the page's heading. */
  invoice: 'Invoice',
  print: 'Print',
  paper: 'Paper',
  sendOnWhatsApp: 'Send on WhatsApp',
  customerGstin: 'Customer GSTIN',
  customerGstinHint:
    'Only when the customer asks for a tax invoice in the name of a registered business. A GSTIN of another state means IGST instead of CGST and SGST.',
  invalidGstin:
    'This is not a valid GSTIN: 15 characters, a state code, the PAN, and a check character that matches (for example 27AAPFS1234C1ZD). Check it with the customer, or leave the field empty.',
  issueTaxInvoice: 'Issue Invoice',
  issueReceipt: 'Issue Receipt',
  preview: 'Preview: not yet issued',
  previewNote:
    'This is what the invoice will say. It gets its number when you issue it, and is then fixed: it can never be changed, deleted or numbered again, even if the repair is edited later.',
  confirmTitle: 'Issue this invoice?',
  confirm: 'Yes, issue it',
  cancel: 'Cancel',
  backToRepair: 'Back to the repair',
  noMobileForWhatsApp:
    'The customer’s mobile number is not a valid Indian mobile, so WhatsApp cannot be opened.',
  noTrackingLink:
    'This repair has no active tracking link, so there is no invoice link to send. Make a new link on the repair page first.',
  whatsAppMessage: (shopName: string, title: string, number: string, link: string) =>
    `${shopName}: your ${title} ${number} is ready. View or print it here: ${link}`,
  vouchers: 'Vouchers',
  vouchersHint:
    'An advance taken before the tax invoice gets a Receipt Voucher (Rule 50), and a refund of it a Refund Voucher (Rule 51), each numbered in its own series.',
  noVouchers: 'No advance or refund to give a voucher for.',
  noVouchersIssued: 'No voucher was issued for this repair before its tax invoice.',
  issueReceiptVoucher: 'Issue Receipt Voucher',
  issueRefundVoucher: 'Issue Refund Voucher',
  printVoucher: 'Print Voucher',
  backToInvoice: 'Back to the invoice',
} as const;
