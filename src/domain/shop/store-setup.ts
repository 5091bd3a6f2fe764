import { indianMobileDigits } from '../shared/phone';
import type { FieldErrors } from '../shared/validation';
import { businessNameOf, parseUserRecord } from '../users/user';
import { DEFAULT_GST_RATE_PERCENT, DEFAULT_REPAIR_SAC, GST_RATES_PERCENT } from './gst';
import { FALLBACK_PREFIX, prefixForStore, prefixFromStoreName } from './repair-id';
import { isValidGstin, MAX_JOB_SHEET_TERMS_LENGTH, SAC_CODE_PATTERN } from './settings';
import { REPAIR_STATUSES } from './status-values';
import { MAX_TEMPLATE_LENGTH, TEMPLATE_KEYS, type TemplateKey } from './templates';
import { isValidUpiId } from './upi';

/**
 * Opening a shop on the web and its settings (../shared/spec/owner-console.md, "Opening a shop on the
 * web" and "Settings"): the fields, the checks every backend runs again, and what is stored. A store is
 * the apps' `stores/{id}` document (ownerId, name) with the console's fields beside them (documents.ts
 * STORES); its owner's users document lists it (ADR 0006: storeIds, lastStoreId, businessKey, in the
 * same commit); its public profile (storeProfiles) is what the tracking page shows of the shop.
 *
 * Who opens a store: an account of role `user` (the spec's sign-up makes these) or `business` (the
 * apps' owners), and any account that already owns a store ('Add Store'). Distributors, super admins
 * and the apps' staff accounts keep their own screens and may not (mayOpenStore).
 */

/** India's 28 states and 8 union territories, as the 'State' choice lists them. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

/**
 * The roles that may open their first store (an owner of any role may add more).
 * Twin: firestore.rules mayOpenStore (the sync gateway runs this one); compared by
 * tests/app/twin-rules.test.ts.
 */
export const STORE_OPENING_ROLES: readonly string[] = ['user', 'business'];

/** Whether an account of `role` that owns `ownedStores` stores may open one. */
export function mayOpenStore(role: string | null | undefined, ownedStores: number): boolean {
  return ownedStores > 0 || (typeof role === 'string' && STORE_OPENING_ROLES.includes(role));
}

/** The stored limits (documents.ts STORES says the same numbers). */
export const STORE_FIELD_LIMITS = { name: 200, address: 500, city: 100, state: 100 } as const;

/** Ours: what the setup and settings forms and the backends answer. */
export const STORE_SETUP_MESSAGES = {
  nameRequired: 'Please enter the store name.',
  nameTooLong: 'The store name is at most 200 characters.',
  phoneInvalid: 'Please enter a valid 10-digit Indian mobile number for the store.',
  addressRequired: "Please enter the store's address.",
  addressTooLong: 'The address is at most 500 characters.',
  cityRequired: 'Please enter the city.',
  cityTooLong: 'The city is at most 100 characters.',
  stateRequired: 'Please choose the state or union territory.',
  pincodeInvalid: 'Please enter the 6-digit pincode (it does not start with 0).',
  gstinInvalid:
    'This GSTIN is not valid. Please check its 15 characters (for example 27AAPFS1234C1ZD), or leave it empty.',
  upiIdInvalid: 'Please enter a valid UPI ID, for example shopname@okaxis, or leave it empty.',
  prefixInvalid: 'A Repair ID prefix is 2 to 5 capital letters, for example SMC.',
  prefixTaken: 'Another of your stores uses this prefix. Please choose a different one.',
  termsTooLong: `The job sheet terms are at most ${MAX_JOB_SHEET_TERMS_LENGTH} characters.`,
  templateTooLong: `A message template is at most ${MAX_TEMPLATE_LENGTH} characters.`,
  gstRateInvalid: `Please choose a GST rate: ${GST_RATES_PERCENT.join(', ')} percent.`,
  sacCodeInvalid: 'A SAC code is 6 digits starting with 99, for example 998716.',
  notAllowed:
    'Only a customer account (role User) or a store owner can set up a shop. Distributor and admin accounts cannot.',
  ownerOnly: "Only the store's owner can change its settings.",
  created: (name: string) => `${name} is open. Take your first job card.`,
  saved: 'Settings saved.',
  createFailed: 'Could not create the store. Please try again.',
  saveFailed: 'Could not save the settings. Please try again.',
  loadFailed: "Could not load the store's settings. Please try again.",
} as const;

/** What the 'Set Up Your Shop' form sends. */
export interface StoreDetailsInput {
  readonly name: string;
  readonly phone: string;
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly pincode: string;
  /** Optional: '' when the shop has none. */
  readonly gstin: string;
  /** Optional: '' when the shop has none. */
  readonly upiId: string;
  readonly repairIdPrefix: string;
}

export type StoreDetailsField = keyof StoreDetailsInput;

/**
 * What 'Save Settings' sends: the store's details (its Repair ID prefix is fixed when it opens: Repair
 * IDs are never reused, so settings show it and never change it), the job sheet's terms and the
 * message templates by key (a blank one means the default).
 */
export interface StoreSettingsInput extends Omit<StoreDetailsInput, 'repairIdPrefix'> {
  readonly jobSheetTerms: string;
  readonly messageTemplates: Readonly<Partial<Record<TemplateKey, string>>>;
  /** Invoices (issue 18): the GST rate in percent (GST_RATES_PERCENT; 18 when not sent). */
  readonly gstRatePercent: number;
  /** The SAC code of the store's repairs (6 digits from 99; DEFAULT_REPAIR_SAC when not sent or blank). */
  readonly sacCode: string;
  /** Whether prices typed at the counter include GST (true when not sent). */
  readonly pricesIncludeTax: boolean;
}

export type StoreSettingsField =
  | Exclude<StoreDetailsField, 'repairIdPrefix'>
  | 'jobSheetTerms'
  | TemplateKey
  | 'gstRatePercent'
  | 'sacCode';

export type Checked<T, K extends string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly fieldErrors: FieldErrors<K> };

const textOf = (raw: Record<string, unknown>, key: string): string => {
  const value = raw[key];
  return typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
};

const recordOf = (input: unknown): Record<string, unknown> =>
  typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};

/** A 6-digit pincode that does not start with 0 (India Post's first digit is a region, 1 to 9). */
export function isValidPincode(value: string): boolean {
  return /^[1-9][0-9]{5}$/.test(value);
}

/** A new store's prefix: 2 to 5 capital letters (the spec's words; stored prefixes may hold digits). */
export function isNewStorePrefix(value: string): boolean {
  return /^[A-Z]{2,5}$/.test(value);
}

/**
 * The prefix the setup form suggests for a name: the Repair ID rule's (prefixFromStoreName) without
 * digits, and, when another of the owner's stores has it, the first free one made by adding or
 * changing its last letter ('SMC' taken → 'SMCA').
 */
export function suggestPrefix(name: string, taken: readonly string[] = []): string {
  const letters = prefixFromStoreName(name).replace(/[^A-Z]/g, '');
  const base = letters.length >= 2 ? letters.slice(0, 5) : FALLBACK_PREFIX;
  const used = new Set(taken);
  if (!used.has(base)) return base;
  const stem = base.length < 5 ? base : base.slice(0, 4);
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    const candidate = `${stem}${letter}`;
    if (!used.has(candidate)) return candidate;
  }
  return base;
}

/** The prefix an owned store numbers its repairs with (its own setting, else its name's). */
export function prefixOfStoreRecord(raw: unknown): string {
  const data = recordOf(raw);
  const name = [data.name, data.storeName].find((v) => typeof v === 'string' && v.trim() !== '');
  return prefixForStore({ repairIdPrefix: data.repairIdPrefix, name: typeof name === 'string' ? name : '' });
}

type DetailsWithoutPrefix = Omit<StoreDetailsInput, 'repairIdPrefix'>;

function checkDetailFields(
  raw: Record<string, unknown>,
  fieldErrors: FieldErrors<StoreDetailsField>,
): DetailsWithoutPrefix {
  const name = textOf(raw, 'name');
  if (name === '') fieldErrors.name = STORE_SETUP_MESSAGES.nameRequired;
  else if (name.length > STORE_FIELD_LIMITS.name) fieldErrors.name = STORE_SETUP_MESSAGES.nameTooLong;

  const phone = indianMobileDigits(textOf(raw, 'phone'));
  if (phone === null) fieldErrors.phone = STORE_SETUP_MESSAGES.phoneInvalid;

  const address = textOf(raw, 'address');
  if (address === '') fieldErrors.address = STORE_SETUP_MESSAGES.addressRequired;
  else if (address.length > STORE_FIELD_LIMITS.address)
    fieldErrors.address = STORE_SETUP_MESSAGES.addressTooLong;

  const city = textOf(raw, 'city');
  if (city === '') fieldErrors.city = STORE_SETUP_MESSAGES.cityRequired;
  else if (city.length > STORE_FIELD_LIMITS.city) fieldErrors.city = STORE_SETUP_MESSAGES.cityTooLong;

  const state = textOf(raw, 'state');
  if (!(INDIAN_STATES as readonly string[]).includes(state))
    fieldErrors.state = STORE_SETUP_MESSAGES.stateRequired;

  const pincode = textOf(raw, 'pincode').replace(/ /g, '');
  if (!isValidPincode(pincode)) fieldErrors.pincode = STORE_SETUP_MESSAGES.pincodeInvalid;

  const gstin = textOf(raw, 'gstin').toUpperCase();
  if (gstin !== '' && !isValidGstin(gstin)) fieldErrors.gstin = STORE_SETUP_MESSAGES.gstinInvalid;

  // A UPI ID as stored (documents.ts PATTERNS.upiId): at most 91 characters before the '@', 100 in all.
  const upiId = textOf(raw, 'upiId');
  if (
    upiId !== '' &&
    (!isValidUpiId(upiId) || upiId.length > 100 || upiId.indexOf('@') > 91 || /\s/.test(upiId))
  )
    fieldErrors.upiId = STORE_SETUP_MESSAGES.upiIdInvalid;

  return { name, phone: phone ?? '', address, city, state, pincode, gstin, upiId };
}

/**
 * Checks 'Set Up Your Shop': every field trimmed (runs of spaces made one), the phone a 10-digit
 * Indian mobile (+91, 0, spaces and dashes forgiven; stored as 10 digits), the state one of
 * INDIAN_STATES, the pincode 6 digits not starting with 0, the GSTIN (upper-cased) empty or valid with
 * its check character, the UPI ID empty or name@bank, and the prefix (upper-cased) 2 to 5 capital
 * letters that none of `takenPrefixes` (the owner's other stores') is. Each wrong field gets its message.
 */
export function checkStoreDetails(
  input: unknown,
  takenPrefixes: readonly string[] = [],
): Checked<StoreDetailsInput, StoreDetailsField> {
  const raw = recordOf(input);
  const fieldErrors: FieldErrors<StoreDetailsField> = {};
  const details = checkDetailFields(raw, fieldErrors);
  const repairIdPrefix = textOf(raw, 'repairIdPrefix').toUpperCase();
  if (!isNewStorePrefix(repairIdPrefix)) fieldErrors.repairIdPrefix = STORE_SETUP_MESSAGES.prefixInvalid;
  else if (takenPrefixes.includes(repairIdPrefix))
    fieldErrors.repairIdPrefix = STORE_SETUP_MESSAGES.prefixTaken;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { ...details, repairIdPrefix } };
}

/**
 * Checks 'Save Settings': the details as checkStoreDetails (without the prefix), the terms (at most
 * MAX_JOB_SHEET_TERMS_LENGTH; blank means the default terms) and each template of TEMPLATE_KEYS (at
 * most MAX_TEMPLATE_LENGTH; blank means the default). Templates are kept only when not blank.
 */
export function checkStoreSettings(input: unknown): Checked<StoreSettingsInput, StoreSettingsField> {
  const raw = recordOf(input);
  const fieldErrors: FieldErrors<StoreSettingsField> = {};
  const details = checkDetailFields(raw, fieldErrors as FieldErrors<StoreDetailsField>);
  const terms = typeof raw.jobSheetTerms === 'string' ? raw.jobSheetTerms.trim() : '';
  if (terms.length > MAX_JOB_SHEET_TERMS_LENGTH)
    fieldErrors.jobSheetTerms = STORE_SETUP_MESSAGES.termsTooLong;
  const rawTemplates = recordOf(raw.messageTemplates);
  const messageTemplates: Partial<Record<TemplateKey, string>> = {};
  for (const key of TEMPLATE_KEYS) {
    const value = rawTemplates[key];
    const text = typeof value === 'string' ? value.trim() : '';
    if (text.length > MAX_TEMPLATE_LENGTH) fieldErrors[key] = STORE_SETUP_MESSAGES.templateTooLong;
    else if (text !== '') messageTemplates[key] = text;
  }
  const rawRate = typeof raw.gstRatePercent === 'string' ? Number(raw.gstRatePercent) : raw.gstRatePercent;
  const gstRatePercent = rawRate === undefined || rawRate === '' ? DEFAULT_GST_RATE_PERCENT : rawRate;
  if (typeof gstRatePercent !== 'number' || !GST_RATES_PERCENT.includes(gstRatePercent))
    fieldErrors.gstRatePercent = STORE_SETUP_MESSAGES.gstRateInvalid;
  const sacCode = textOf(raw, 'sacCode').replace(/ /g, '') || DEFAULT_REPAIR_SAC;
  if (!SAC_CODE_PATTERN.test(sacCode)) fieldErrors.sacCode = STORE_SETUP_MESSAGES.sacCodeInvalid;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    value: {
      ...details,
      jobSheetTerms: terms,
      messageTemplates,
      gstRatePercent: gstRatePercent as number,
      sacCode,
      pricesIncludeTax: raw.pricesIncludeTax !== false,
    },
  };
}

/** The first field's message of a failed check (a backend's 'invalid-argument' says it). */
export function firstFieldMessage<K extends string>(fieldErrors: FieldErrors<K>): string {
  return Object.values<string | undefined>(fieldErrors).find((m) => m !== undefined) ?? '';
}

/**
 * The fields of a new `stores/{id}` document (documents.ts STORES) from checked details: the apps'
 * ownerId and name (and storeName, the apps' name for it), and the console's settings. The backend
 * adds createdAt.
 */
export function newStoreFields(ownerId: string, details: StoreDetailsInput): Record<string, unknown> {
  return {
    ownerId,
    name: details.name,
    storeName: details.name,
    phone: details.phone,
    address: details.address,
    city: details.city,
    state: details.state,
    pincode: details.pincode,
    gstin: details.gstin,
    upiId: details.upiId,
    repairIdPrefix: details.repairIdPrefix,
  };
}

/**
 * The fields 'Save Settings' writes on the store's document (ownerId, the prefix, createdAt and
 * closed stay as they are). Templates and terms left blank are written empty: the defaults apply.
 */
export function settingsFields(settings: StoreSettingsInput): Record<string, unknown> {
  return {
    name: settings.name,
    storeName: settings.name,
    phone: settings.phone,
    address: settings.address,
    city: settings.city,
    state: settings.state,
    pincode: settings.pincode,
    gstin: settings.gstin,
    upiId: settings.upiId,
    jobSheetTerms: settings.jobSheetTerms,
    messageTemplates: { ...settings.messageTemplates },
    gstRatePercent: settings.gstRatePercent,
    sacCode: settings.sacCode,
    pricesIncludeTax: settings.pricesIncludeTax,
  };
}

/** The store's public profile (storeProfiles: the tracking page's shop) as its details give it. */
export function profileFieldsOf(details: {
  readonly name: string;
  readonly phone: string;
  readonly upiId: string;
}): { name: string; phone: string; upiId: string } {
  return { name: details.name, phone: details.phone, upiId: details.upiId };
}

/**
 * The owner's users document after opening `storeId` (ADR 0006): storeIds grows by it, lastStoreId
 * names it, and businessKey is the business name, else the name, in lower case. Only these fields.
 */
export function storeOpeningFields(
  user: Readonly<Record<string, unknown>>,
  storeId: string,
): { storeIds: string[]; lastStoreId: string; businessKey: string } {
  const before = Array.isArray(user.storeIds)
    ? user.storeIds.filter((id): id is string => typeof id === 'string' && id !== '')
    : [];
  return {
    storeIds: [...before, storeId],
    lastStoreId: storeId,
    businessKey: businessNameOf(parseUserRecord('', user)).toLowerCase(),
  };
}

/** A statuses' template keys, then the reminder's (the settings form's order). */
export const SETTINGS_TEMPLATE_ORDER: readonly TemplateKey[] = [...REPAIR_STATUSES, 'paymentReminder'];
