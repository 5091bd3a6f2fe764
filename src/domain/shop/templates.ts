import { z } from 'zod';
import { indianMobileDigits } from '../shared/phone';
import { formatPaise } from './amounts';
import { SHOP_MESSAGES } from './messages';
import type { RepairStatus } from './status-values';
import { REPAIR_STATUSES, statusLabel } from './status-values';
import { isValidUpiId } from './upi';

/**
 * Telling the customer: a message per status from the shop's templates, sent from the owner's own phone
 * through a WhatsApp (`https://wa.me/91…?text=…`) or SMS (`sms:+91…?body=…`) link; and the UPI link
 * for the amount due.
 */

export const TEMPLATE_PLACEHOLDERS = [
  'customerName',
  'repairId',
  'status',
  'amountDue',
  'trackingLink',
  'shopName',
  'shopPhone',
] as const;

export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Readonly<Record<TemplatePlaceholder, string>>;
/** The keys of a shop's templates: one per status, and the dues' 'Payment Reminder'. */
export const PAYMENT_REMINDER_KEY = 'paymentReminder';
export const TEMPLATE_KEYS = [...REPAIR_STATUSES, PAYMENT_REMINDER_KEY] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
/** A shop's templates by key; a key without one uses the default. */
export type MessageTemplates = Readonly<Partial<Record<TemplateKey, string>>>;

export const MAX_TEMPLATE_LENGTH = 1000;

const SIGNATURE = '- {shopName}, {shopPhone}';

/** The default templates of a new shop: short, plain English, as an Indian repair counter writes. */
export const DEFAULT_TEMPLATES: Readonly<Record<RepairStatus, string>> = {
  received: `Dear {customerName}, we have received your device at {shopName}. Your Repair ID is {repairId}. Track your repair here: {trackingLink} ${SIGNATURE}`,
  inprogress: `Dear {customerName}, work on your repair {repairId} has started. Status: {status}. Track it here: {trackingLink} ${SIGNATURE}`,
  sent_to_service_center: `Dear {customerName}, your device ({repairId}) has been sent to the service center. We will inform you when it is back. Track it here: {trackingLink} ${SIGNATURE}`,
  waiting_for_parts: `Dear {customerName}, we are waiting for parts for your repair {repairId}. We will inform you as soon as they arrive. Track it here: {trackingLink} ${SIGNATURE}`,
  ready: `Dear {customerName}, good news! Your device ({repairId}) is ready for pickup. Amount due: {amountDue}. Please bring your delivery code. Details: {trackingLink} ${SIGNATURE}`,
  delivered: `Dear {customerName}, your device ({repairId}) has been delivered. Thank you for choosing {shopName}! For any help, call {shopPhone}.`,
  cancelled: `Dear {customerName}, your repair {repairId} has been cancelled. Please collect your device from {shopName}. For details, call {shopPhone}.`,
};

/** The default 'Payment Reminder' (the dues' 'Send Reminder'): the amount and the tracking link. */
export const DEFAULT_PAYMENT_REMINDER = `Dear {customerName}, a payment of {amountDue} is due for your repair {repairId} at {shopName}. Pay or see the details here: {trackingLink} ${SIGNATURE}`;

/** The default template of a key (a status's, or the payment reminder's). */
export function defaultTemplate(key: TemplateKey): string {
  return key === PAYMENT_REMINDER_KEY ? DEFAULT_PAYMENT_REMINDER : DEFAULT_TEMPLATES[key];
}

/** For a status the web does not know (an app's own). */
export const DEFAULT_OTHER_STATUS_TEMPLATE = `Dear {customerName}, your repair {repairId} is now: {status}. Track it here: {trackingLink} ${SIGNATURE}`;

/** The template for a status (or 'paymentReminder'): the shop's own when it has a non-blank one, else the default. */
export function templateFor(templates: MessageTemplates | null | undefined, status: string): string {
  const known = (TEMPLATE_KEYS as readonly string[]).includes(status) ? (status as TemplateKey) : null;
  if (known === null) return DEFAULT_OTHER_STATUS_TEMPLATE;
  const own = templates?.[known];
  return own !== undefined && own.trim() !== '' ? own : defaultTemplate(known);
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

function isPlaceholder(name: string): name is TemplatePlaceholder {
  return (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
}

/**
 * Fills a template's placeholders in one pass (a value containing `{repairId}` is not filled again);
 * a placeholder we do not know stays as written.
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  const shown = values.trackingLink.trim() === '' ? withoutTrackingLink(template) : template;
  return shown.replace(PLACEHOLDER, (match, name: string) => (isPlaceholder(name) ? values[name] : match));
}

/**
 * A repair without a tracking link (one taken in the apps, or whose link was turned off): the clause
 * that offers the link ("Track it here: {trackingLink}") goes, rather than sending an empty link.
 */
function withoutTrackingLink(template: string): string {
  return template
    .replace(/[^.!?\n]*\{trackingLink\}[ \t]*/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Placeholders in a template that are not ours (the settings screen warns about them). */
export function unknownPlaceholders(template: string): string[] {
  const found = [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  return [...new Set(found.filter((name) => !isPlaceholder(name)))].map((name) => `{${name}}`);
}

/** A template as the settings form checks it. */
export const messageTemplateSchema = z
  .string()
  .trim()
  .min(1, SHOP_MESSAGES.templateRequired)
  .max(MAX_TEMPLATE_LENGTH, SHOP_MESSAGES.templateTooLong);

/** The values of a message about a repair: the status by its label, the amount due as "₹2,000". */
export function templateValues(facts: {
  readonly customerName: string;
  readonly repairId: string;
  readonly status: string;
  readonly duePaise: number;
  readonly trackingLink: string;
  readonly shopName: string;
  readonly shopPhone: string;
}): TemplateValues {
  return {
    customerName: facts.customerName,
    repairId: facts.repairId,
    status: statusLabel(facts.status),
    amountDue: formatPaise(facts.duePaise),
    trackingLink: facts.trackingLink,
    shopName: facts.shopName,
    shopPhone: facts.shopPhone,
  };
}

/** `https://wa.me/91XXXXXXXXXX?text=…` for an Indian mobile (any form phone.ts accepts); null otherwise. */
export function whatsAppLink(mobile: string, text: string): string | null {
  const digits = indianMobileDigits(mobile);
  return digits === null ? null : `https://wa.me/91${digits}?text=${encodeURIComponent(text)}`;
}

/** `sms:+91XXXXXXXXXX?body=…` for an Indian mobile; null otherwise. */
export function smsLink(mobile: string, text: string): string | null {
  const digits = indianMobileDigits(mobile);
  return digits === null ? null : `sms:+91${digits}?body=${encodeURIComponent(text)}`;
}

export const upiIdSchema = z.string().trim().refine(isValidUpiId, SHOP_MESSAGES.upiIdInvalid);
