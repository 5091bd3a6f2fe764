import { indianMobileDigits, normalisePhone } from '../shared/phone';
import type { ShopRepair } from './repair-record';
import type { ShopContact } from './settings';
import { fillTemplate, PAYMENT_REMINDER_KEY, templateFor, templateValues, whatsAppLink } from './templates';
import { trackingLink } from './tracking';
import { upiLink } from './upi';

/**
 * The dues khata (../shared/spec/owner-console.md, "Dues"), pure: the owing repairs of a store (the
 * port's `dues` pages, oldest first) grouped into customers by mobile number, each with its repairs and
 * amounts due, its oldest date and its total; the customers oldest first; the store's total. For each
 * customer the 'Send Reminder' WhatsApp link (the store's 'Payment Reminder' template, carrying the
 * amount and the tracking links) and the UPI link its 'Show UPI QR' draws.
 *
 * One UPI link per customer, for the customer's whole total: the counter collects what the customer owes
 * in one scan. `tn` is the Repair ID for a customer with one repair (as the spec writes the link); with
 * several, their Repair IDs joined by ', ' (UPI apps show `tn` as the payment's note, so the shop sees
 * which repairs were paid), shortened to the first ones and '+N more' past UPI_NOTE_MAX_LENGTH.
 */

/** One owing repair as the khata shows it. */
export interface DueRepair {
  /** The repair's document id (its page: /shop/repairs/$id). */
  readonly repairDocId: string;
  readonly repairId: string;
  readonly productName: string;
  readonly status: string;
  /** What is still due, in paise (above zero). */
  readonly duePaise: number;
  readonly createdAt: Date | null;
  /** '' when the repair has no tracking link. */
  readonly trackingToken: string;
}

/** A customer who owes the store, with the repairs owed for. */
export interface DuesCustomer {
  /** The grouping key: the 10-digit mobile (else the mobile as stored, else the repair's id). */
  readonly key: string;
  /** The name on the customer's latest repair. */
  readonly name: string;
  /** The mobile as stored on the customer's repairs (the first one's). */
  readonly mobile: string;
  /** Oldest first. */
  readonly repairs: readonly DueRepair[];
  /** createdAt of the oldest repair owed for (null when none has a date). */
  readonly oldest: Date | null;
  readonly totalPaise: number;
}

/** The khata: customers oldest first, and the total due from them. */
export interface DuesKhata {
  readonly customers: readonly DuesCustomer[];
  readonly totalPaise: number;
}

/** The longest `tn` a customer's UPI link carries (several Repair IDs are cut to fit). */
export const UPI_NOTE_MAX_LENGTH = 60;

/** What a repair still owes: its amount due (amounts.ts repairDues, worked out on every read). */
export function dueOf(repair: ShopRepair): number {
  return repair.duePaise;
}

/** The customer a repair is owed by: its 10-digit mobile, else the mobile as stored, else the repair alone. */
function customerKey(repair: ShopRepair): string {
  const mobile = indianMobileDigits(repair.customerMobile) ?? normalisePhone(repair.customerMobile);
  return mobile !== '' ? `mobile:${mobile}` : `repair:${repair.id}`;
}

const time = (date: Date | null): number => date?.getTime() ?? Number.NEGATIVE_INFINITY;

/**
 * Groups owing repairs into the khata. Repairs with nothing due (a repair paid meanwhile, read from a
 * stale page) are left out; each repair counts once even if two pages both hold it. Customers are
 * ordered by their oldest repair (then by key, so the order is stable); within one, repairs oldest first.
 */
export function groupDues(repairs: readonly ShopRepair[]): DuesKhata {
  const byKey = new Map<string, { repairs: ShopRepair[]; dues: DueRepair[] }>();
  const seen = new Set<string>();
  for (const repair of repairs) {
    const duePaise = dueOf(repair);
    if (duePaise <= 0 || seen.has(repair.id)) continue;
    seen.add(repair.id);
    const key = customerKey(repair);
    const entry = byKey.get(key) ?? { repairs: [], dues: [] };
    byKey.set(key, entry);
    entry.repairs.push(repair);
  }
  const customers: DuesCustomer[] = [];
  for (const [key, entry] of byKey) {
    const sorted = [...entry.repairs].sort(
      (a, b) => time(a.createdAt) - time(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const dues = sorted.map(
      (repair): DueRepair => ({
        repairDocId: repair.id,
        repairId: repair.repairId,
        productName: repair.productName,
        status: repair.status,
        duePaise: dueOf(repair),
        createdAt: repair.createdAt,
        trackingToken: repair.trackingToken,
      }),
    );
    const first = sorted[0] as ShopRepair;
    const latest = sorted[sorted.length - 1] as ShopRepair;
    customers.push({
      key,
      name: latest.customerName.trim() || first.customerName.trim(),
      mobile: first.customerMobile,
      repairs: dues,
      oldest: first.createdAt,
      totalPaise: dues.reduce((sum, due) => sum + due.duePaise, 0),
    });
  }
  customers.sort((a, b) => time(a.oldest) - time(b.oldest) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { customers, totalPaise: customers.reduce((sum, customer) => sum + customer.totalPaise, 0) };
}

/** The `tn` of a customer's UPI link: the Repair ID, or several joined (shortened past the limit). */
export function upiNoteFor(repairIds: readonly string[]): string {
  const all = repairIds.join(', ');
  if (all.length <= UPI_NOTE_MAX_LENGTH) return all;
  for (let shown = repairIds.length - 1; shown >= 1; shown -= 1) {
    const note = `${repairIds.slice(0, shown).join(', ')} +${repairIds.length - shown} more`;
    if (note.length <= UPI_NOTE_MAX_LENGTH) return note;
  }
  return `${(repairIds[0] ?? '').slice(0, UPI_NOTE_MAX_LENGTH - 12)} +${repairIds.length - 1} more`;
}

/**
 * The customer's UPI link (templates.ts upiLink, the one builder) for their whole total; null when the
 * shop has no valid UPI ID (the page then asks for one in settings).
 */
export function customerUpiLink(customer: DuesCustomer, shop: Pick<ShopContact, 'upiId' | 'name'>) {
  return upiLink({
    upiId: shop.upiId,
    shopName: shop.name,
    duePaise: customer.totalPaise,
    repairId: upiNoteFor(customer.repairs.map((repair) => repair.repairId)),
  });
}

/** The 'Send Reminder' message and its WhatsApp link (null when the mobile is not an Indian mobile). */
export interface PaymentReminder {
  readonly text: string;
  readonly whatsAppLink: string | null;
}

/**
 * The shop's 'Payment Reminder' for a customer, filled in: the customer's total as {amountDue}, the
 * Repair IDs as {repairId}, and the tracking links of the repairs that have one as {trackingLink}
 * (each repair's page shows its own due). `origin` is the site's, for the links.
 */
export function paymentReminder(customer: DuesCustomer, shop: ShopContact, origin: string): PaymentReminder {
  const links = customer.repairs
    .filter((repair) => repair.trackingToken !== '')
    .map((repair) => trackingLink(origin, repair.trackingToken));
  const text = fillTemplate(
    templateFor(shop.templates, PAYMENT_REMINDER_KEY),
    templateValues({
      customerName: customer.name,
      repairId: customer.repairs.map((repair) => repair.repairId).join(', '),
      status: customer.repairs[0]?.status ?? '',
      duePaise: customer.totalPaise,
      trackingLink: links.join(' '),
      shopName: shop.name,
      shopPhone: shop.phone,
    }),
  );
  return { text, whatsAppLink: whatsAppLink(customer.mobile, text) };
}
