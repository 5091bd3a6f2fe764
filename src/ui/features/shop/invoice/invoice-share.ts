import { INVOICE_TITLES, type Invoice } from '../../../../domain/shop/invoice';
import { whatsAppLink } from '../../../../domain/shop/templates';
import { trackingLink } from '../../../../domain/shop/tracking';
import { INVOICE_TEXTS } from './invoice-texts';

/*
 * 'Send on WhatsApp' of an issued invoice: a wa.me link to the customer's number with a short message
 * carrying the invoice's own link, the repair's tracking link followed by /invoice (the customer's view
 * of the invoice, nothing beyond what it shows). A repair without an active tracking link has no
 * invoice link to send.
 */

/** The customer's view of a repair's invoice: `https://…/t/{token}/invoice`. */
export function invoiceLink(origin: string, token: string): string {
  return `${trackingLink(origin, token)}/invoice`;
}

export type InvoiceShare =
  | { readonly ok: true; readonly link: string; readonly whatsApp: string }
  | { readonly ok: false; readonly message: string };

/** The WhatsApp link of an invoice, or why there is none (no tracking link, no valid mobile). */
export function invoiceShare(invoice: Invoice, trackingToken: string | null, origin: string): InvoiceShare {
  if (trackingToken === null) return { ok: false, message: INVOICE_TEXTS.noTrackingLink };
  const link = invoiceLink(origin, trackingToken);
  const text = INVOICE_TEXTS.whatsAppMessage(
    invoice.seller.name,
    INVOICE_TITLES[invoice.kind],
    invoice.number,
    link,
  );
  const whatsApp = whatsAppLink(invoice.customer.mobile, text);
  return whatsApp === null
    ? { ok: false, message: INVOICE_TEXTS.noMobileForWhatsApp }
    : { ok: true, link, whatsApp };
}
