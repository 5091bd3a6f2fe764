import { indianMobileDigits } from '../shared/phone';
import { DEFAULT_GST_RATE_PERCENT, DEFAULT_REPAIR_SAC, GST_RATES_PERCENT, isGstStateCode } from './gst';
import { isValidPrefix } from './repair-id';
import { type MessageTemplates, TEMPLATE_KEYS, type TemplateKey } from './templates';
import { isValidUpiId } from './upi';

/**
 * A store's shop settings (../shared/spec/owner-console.md, "Settings"): phone, address, GSTIN, UPI ID,
 * job-sheet terms and message templates. They are fields of the store's own `stores/{id}` document,
 * beside the apps' `ownerId` and `name`, so the mobile apps keep reading the document as it was:
 *
 *   phone (10 digits), address, city, state, pincode, gstin, upiId, repairIdPrefix, jobSheetTerms,
 *   messageTemplates ({status or paymentReminder: text}), and for invoices (issue 18) gstRatePercent,
 *   sacCode and pricesIncludeTax
 *
 * Part 1 only reads them (job sheet, messages, the tracking page's UPI button); part 2's settings screen
 * writes them (owners only). A field that is missing or malformed reads as empty, never as an error.
 */
export interface StoreSettings {
  /** The store's 10-digit number, '' when it has none (the owner's public profile number is used). */
  readonly phone: string;
  readonly address: string;
  /** The city, state (or union territory) and pincode, as stored ('' when the store has none). */
  readonly city: string;
  readonly state: string;
  readonly pincode: string;
  /** The store's own Repair ID prefix when it has a valid one, else '' (its name gives it: prefixForStore). */
  readonly repairIdPrefix: string;
  /** '' or a GSTIN of the right shape (isValidGstin also checks its check character: writes use it). */
  readonly gstin: string;
  /** '' or a UPI ID (name@bank). */
  readonly upiId: string;
  /** The job sheet's terms; DEFAULT_JOB_SHEET_TERMS when the store has none. */
  readonly jobSheetTerms: string;
  /** The store's own templates by status (only non-blank ones); defaults fill the rest. */
  readonly messageTemplates: MessageTemplates;
  /** The GST rate of its repairs, one of GST_RATES_PERCENT; DEFAULT_GST_RATE_PERCENT (18) unless set. */
  readonly gstRatePercent: number;
  /** The SAC its invoices print for a repair (6 digits, 99…); DEFAULT_REPAIR_SAC (998716) unless set. */
  readonly sacCode: string;
  /** Whether the amounts typed on a repair include GST: true unless the store says false (the spec). */
  readonly pricesIncludeTax: boolean;
}

/** A SAC (services accounting code) as an invoice prints it: 6 digits, services start with 99. */
export const SAC_CODE_PATTERN = /^99[0-9]{4}$/;

/** The terms a job sheet prints when the shop has written none. */
export const DEFAULT_JOB_SHEET_TERMS = [
  'Please bring this job sheet and your delivery code when you collect your device.',
  'We are not responsible for data loss; please back up your data.',
  'Devices not collected within 30 days of the repair being ready may be disposed of.',
  'Estimates may change after diagnosis; we will call you before any extra work.',
].join('\n');

export const MAX_JOB_SHEET_TERMS_LENGTH = 2000;

/**
 * A GSTIN (15 characters): the state's 2-digit code, the holder's PAN (5 letters, 4 digits, 1 letter),
 * the registration's number within that PAN (1-9, then A-Z), a 14th character ('Z' for most
 * registrations, but not for all), and a check character computed from the first 14.
 */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]$/;
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Kept here for its callers; gst.ts holds it (gst.ts imports nothing, so the two never load in a circle). */
export { isGstStateCode };

/**
 * The check character of a GSTIN's first 14 characters: each character's value (0-9, A=10 … Z=35)
 * times 1 or 2 alternately (1 for the first), each product's base-36 digits added, and the character
 * that brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] as string;
}

/**
 * Reading a stored GSTIN: its shape only. What the apps or an older version stored is shown as it is
 * (a job sheet prints the number the shop gave), and the settings screen asks for a correct one.
 */
export function hasGstinShape(value: string): boolean {
  return GSTIN_SHAPE.test(value);
}

/** Writing one (settings, a new store, an invoice): the shape, a GST state code and the check character. */
export function isValidGstin(value: string): boolean {
  return (
    GSTIN_SHAPE.test(value) &&
    isGstStateCode(value.slice(0, 2)) &&
    gstinCheckCharacter(value.slice(0, 14)) === value[14]
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function storedTemplates(value: unknown): MessageTemplates {
  if (value === null || typeof value !== 'object') return {};
  const raw = value as Record<string, unknown>;
  const templates: Partial<Record<TemplateKey, string>> = {};
  for (const status of TEMPLATE_KEYS) {
    const own = text(raw[status]);
    if (own !== '') templates[status] = own;
  }
  return templates;
}

/** The settings fields of a stored `stores/{id}` document, tolerant of anything the apps wrote. */
export function parseStoreSettings(raw: unknown): StoreSettings {
  const data = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const phone = indianMobileDigits(text(data.phone)) ?? '';
  const gstin = text(data.gstin).toUpperCase();
  const upiId = text(data.upiId);
  const terms = text(data.jobSheetTerms);
  const prefix = text(data.repairIdPrefix);
  return {
    phone,
    address: text(data.address),
    city: text(data.city),
    state: text(data.state),
    pincode: text(data.pincode),
    repairIdPrefix: isValidPrefix(prefix) ? prefix : '',
    gstin: hasGstinShape(gstin) ? gstin : '',
    upiId: isValidUpiId(upiId) ? upiId : '',
    jobSheetTerms: terms === '' ? DEFAULT_JOB_SHEET_TERMS : terms,
    messageTemplates: storedTemplates(data.messageTemplates),
    gstRatePercent:
      typeof data.gstRatePercent === 'number' && GST_RATES_PERCENT.includes(data.gstRatePercent)
        ? data.gstRatePercent
        : DEFAULT_GST_RATE_PERCENT,
    sacCode: SAC_CODE_PATTERN.test(text(data.sacCode)) ? text(data.sacCode) : DEFAULT_REPAIR_SAC,
    pricesIncludeTax: data.pricesIncludeTax !== false,
  };
}

/** The shop as its messages and the tracking page name it. */
export interface ShopContact {
  readonly name: string;
  readonly phone: string;
  /** '' when the shop has none. */
  readonly upiId: string;
  /** The shop's own templates (settings, part 2); the defaults otherwise. */
  readonly templates?: MessageTemplates;
  /** The store's address, GSTIN and job-sheet terms (the job sheet's header and footer). */
  readonly address?: string;
  readonly gstin?: string;
  readonly jobSheetTerms?: string;
}

/** The shop as messages, the job sheet and the tracking page name it: the store's settings first,
 * then its owner's public profile (the number the apps show). */
export function shopContact(
  store: { readonly storeName: string },
  settings: StoreSettings,
  owner: { readonly businessName?: string; readonly phone?: string } | null,
): ShopContact {
  return {
    name: store.storeName || (owner?.businessName ?? ''),
    phone: settings.phone || (owner?.phone ?? ''),
    upiId: settings.upiId,
    templates: settings.messageTemplates,
    address: settings.address,
    gstin: settings.gstin,
    jobSheetTerms: settings.jobSheetTerms,
  };
}

/** A store without settings. */
export const EMPTY_STORE_SETTINGS: StoreSettings = parseStoreSettings({});
