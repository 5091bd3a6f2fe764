import { indianMobileDigits } from '../shared/phone';
import { REPAIR_STATUSES, type RepairStatus } from './status';
import { isValidUpiId, type MessageTemplates } from './templates';

/**
 * A store's shop settings (../shared/spec/owner-console.md, "Settings"): phone, address, GSTIN, UPI ID,
 * job-sheet terms and message templates. They are fields of the store's own `stores/{id}` document,
 * beside the apps' `ownerId` and `name`, so the mobile apps keep reading the document as it was:
 *
 *   phone (10 digits), address, gstin, upiId, jobSheetTerms, messageTemplates ({status: text})
 *
 * Part 1 only reads them (job sheet, messages, the tracking page's UPI button); part 2's settings screen
 * writes them (owners only). A field that is missing or malformed reads as empty, never as an error.
 */
export interface StoreSettings {
  /** The store's 10-digit number, '' when it has none (the owner's public profile number is used). */
  readonly phone: string;
  readonly address: string;
  /** '' or a GSTIN of the right shape. */
  readonly gstin: string;
  /** '' or a UPI ID (name@bank). */
  readonly upiId: string;
  /** The job sheet's terms; DEFAULT_JOB_SHEET_TERMS when the store has none. */
  readonly jobSheetTerms: string;
  /** The store's own templates by status (only non-blank ones); defaults fill the rest. */
  readonly messageTemplates: MessageTemplates;
}

/** The terms a job sheet prints when the shop has written none. */
export const DEFAULT_JOB_SHEET_TERMS = [
  'Please bring this job sheet and your delivery code when you collect your device.',
  'We are not responsible for data loss; please back up your data.',
  'Devices not collected within 30 days of the repair being ready may be disposed of.',
  'Estimates may change after diagnosis; we will call you before any extra work.',
].join('\n');

export const MAX_JOB_SHEET_TERMS_LENGTH = 2000;

/**
 * A GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, 'Z', and a check
 * character. Only the shape is checked: GST portals print numbers (the demo's `27AAPFS1234C1Z5`
 * among them) whose last character a strict checksum would refuse, and refusing a shop's real number
 * on the job sheet would be worse than printing a mistyped one.
 */
const GSTIN_SHAPE = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** A well-formed GSTIN (upper case, no spaces). */
export function isValidGstin(value: string): boolean {
  return GSTIN_SHAPE.test(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function storedTemplates(value: unknown): MessageTemplates {
  if (value === null || typeof value !== 'object') return {};
  const raw = value as Record<string, unknown>;
  const templates: Partial<Record<RepairStatus, string>> = {};
  for (const status of REPAIR_STATUSES) {
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
  return {
    phone,
    address: text(data.address),
    gstin: isValidGstin(gstin) ? gstin : '',
    upiId: isValidUpiId(upiId) ? upiId : '',
    jobSheetTerms: terms === '' ? DEFAULT_JOB_SHEET_TERMS : terms,
    messageTemplates: storedTemplates(data.messageTemplates),
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
