import { z } from 'zod';
import { indianMobileDigits } from '../shared/phone';
import { done, type FieldErrors, invalid, type Outcome } from '../shared/validation';
import { parseRupeesInput } from './amounts';
import { SHOP_MESSAGES } from './messages';
import { COMMON_PROBLEMS } from './problems';

/**
 * The job card of the 'New repair' screen (../shared/spec/owner-console.md): what the counter takes in.
 * `jobCardSchema` is the form's resolver and the use case's check, so the browser shows the very
 * messages the use case returns; its output is what `newRepairDraft` (repair-record.ts) stores.
 */

/** 'Device Type' choices; the value is stored as the repair's productType, as the apps store it. */
export const DEVICE_TYPES = ['Mobile', 'Tablet', 'Laptop', 'Other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** 'Accessories Received' choices: stored keys, and how they read. */
export const ACCESSORIES = ['sim-tray', 'charger', 'back-cover', 'memory-card', 'other'] as const;
export type Accessory = (typeof ACCESSORIES)[number];
export const ACCESSORY_LABELS: Readonly<Record<Accessory, string>> = {
  'sim-tray': 'SIM tray',
  charger: 'Charger',
  'back-cover': 'Back cover',
  'memory-card': 'Memory card',
  other: 'Other',
};

export const MAX_PHOTOS = 6;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

export const JOB_CARD_LIMITS = {
  customerName: 100,
  brandModel: 100,
  serialMin: 4,
  serialMax: 40,
  problem: 200,
  problems: 12,
  otherAccessory: 100,
  conditionNotes: 500,
  unlockCode: 64,
} as const;

/**
 * A photo picked in the browser: a File satisfies it. The domain only checks the count and that it
 * is an image; resizing and upload belong to the UI and the photo port.
 */
export interface PhotoDraft {
  readonly type: string;
  readonly name?: string;
  readonly size?: number;
}

/** What the form holds, as typed (every text a string; choices as lists). */
export interface JobCardInput {
  readonly customerName: string;
  readonly customerMobile: string;
  readonly deviceType: DeviceType | '';
  readonly brandModel: string;
  readonly imeiSerial: string;
  /** Chosen from COMMON_PROBLEMS. */
  readonly problems: readonly string[];
  /** Free text, for a problem not in the list. */
  readonly otherProblem: string;
  readonly accessories: readonly string[];
  /** Required when 'other' is ticked. */
  readonly otherAccessory: string;
  readonly conditionNotes: string;
  readonly unlockCode: string;
  /** Rupees as typed. */
  readonly estimate: string;
  readonly advancePaid: string;
  /** 'YYYY-MM-DD' (an `<input type="date">`), or ''. */
  readonly promisedDate: string;
  readonly photos: readonly PhotoDraft[];
}

export type JobCardField = keyof JobCardInput;

/** The form's starting values. */
export function emptyJobCard(): JobCardInput {
  return {
    customerName: '',
    customerMobile: '',
    deviceType: '',
    brandModel: '',
    imeiSerial: '',
    problems: [],
    otherProblem: '',
    accessories: [],
    otherAccessory: '',
    conditionNotes: '',
    unlockCode: '',
    estimate: '',
    advancePaid: '',
    promisedDate: '',
    photos: [],
  };
}

/** The Luhn check (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A 15-digit IMEI whose last digit is its Luhn check digit (spaces, dashes and slashes ignored). */
export function isValidImei(raw: string): boolean {
  const digits = raw.replace(/[\s\-/]/g, '');
  return /^\d{15}$/.test(digits) && luhnValid(digits);
}

export type ImeiSerialCheck =
  | { readonly ok: true; readonly value: string; readonly kind: 'imei' | 'serial' | 'none' }
  | { readonly ok: false; readonly message: string };

/**
 * 'IMEI / Serial' (optional). Written with separators removed when it is all digits (an IMEI, kept as
 * its digits so a prefix search finds it), else as a serial: upper case, no spaces. A 15-digit number
 * must pass the Luhn check; a serial is 4 to 40 letters, digits, dashes or slashes.
 */
export function checkImeiSerial(raw: string): ImeiSerialCheck {
  const text = raw.trim();
  if (text === '') return { ok: true, value: '', kind: 'none' };
  const digits = text.replace(/[\s\-/]/g, '');
  if (/^\d+$/.test(digits) && digits.length === 15) {
    return isValidImei(digits)
      ? { ok: true, value: digits, kind: 'imei' }
      : { ok: false, message: SHOP_MESSAGES.imeiInvalid };
  }
  const serial = text.replace(/\s+/g, '').toUpperCase();
  const { serialMin, serialMax } = JOB_CARD_LIMITS;
  if (serial.length < serialMin || serial.length > serialMax || !/^[A-Z0-9\-/]+$/.test(serial))
    return { ok: false, message: SHOP_MESSAGES.serialInvalid };
  return { ok: true, value: /^\d+$/.test(digits) ? digits : serial, kind: 'serial' };
}

/** A calendar date 'YYYY-MM-DD' that exists (no 31 April). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The local calendar date of an instant, 'YYYY-MM-DD' (for `today`). */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Chosen problems, then the free text, without repeats or blanks. */
function problemList(chosen: readonly string[], other: string): string[] {
  return [
    ...new Set([...chosen, other].map((problem) => problem.trim()).filter((problem) => problem !== '')),
  ];
}

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

const rupees = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const parsed = parseRupeesInput(value);
  if (parsed.ok) return parsed.paise;
  ctx.addIssue({
    code: 'custom',
    message: parsed.reason === 'too-large' ? SHOP_MESSAGES.amountTooLarge : SHOP_MESSAGES.amountInvalid,
  });
  return z.NEVER;
});

const isPhoto = (value: unknown): value is PhotoDraft =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  (PHOTO_TYPES as readonly string[]).includes((value as { type: string }).type.toLowerCase());

/**
 * The job card's checks. `today` ('YYYY-MM-DD', the shop's local date) refuses a promised date in the
 * past; without it (null) any real date passes. Each field's first message goes under its input.
 */
export function jobCardSchemaFor(today: string | null) {
  return z
    .object({
      customerName: z
        .string()
        .trim()
        .min(1, SHOP_MESSAGES.customerNameRequired)
        .max(JOB_CARD_LIMITS.customerName, SHOP_MESSAGES.customerNameTooLong),
      customerMobile: z
        .string()
        .trim()
        .min(1, SHOP_MESSAGES.customerMobileRequired)
        .transform((value, ctx) => {
          const digits = indianMobileDigits(value);
          if (digits !== null) return digits;
          ctx.addIssue({ code: 'custom', message: SHOP_MESSAGES.customerMobileInvalid });
          return z.NEVER;
        }),
      deviceType: z.enum(DEVICE_TYPES, { error: SHOP_MESSAGES.deviceTypeRequired }),
      brandModel: z
        .string()
        .trim()
        .min(1, SHOP_MESSAGES.brandModelRequired)
        .max(JOB_CARD_LIMITS.brandModel, SHOP_MESSAGES.brandModelTooLong),
      imeiSerial: z.string().transform((value, ctx) => {
        const checked = checkImeiSerial(value);
        if (checked.ok) return checked.value;
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }),
      problems: z.array(
        z.string().refine((value) => (COMMON_PROBLEMS as readonly string[]).includes(value), {
          message: SHOP_MESSAGES.problemUnknown,
        }),
      ),
      otherProblem: text(JOB_CARD_LIMITS.problem, SHOP_MESSAGES.problemTooLong),
      accessories: z.array(z.enum(ACCESSORIES, { error: SHOP_MESSAGES.accessoryUnknown })),
      otherAccessory: text(JOB_CARD_LIMITS.otherAccessory, SHOP_MESSAGES.otherAccessoryTooLong),
      conditionNotes: text(JOB_CARD_LIMITS.conditionNotes, SHOP_MESSAGES.conditionNotesTooLong),
      // Kept as typed (a password may start with a space); only its length is checked.
      unlockCode: z.string().max(JOB_CARD_LIMITS.unlockCode, SHOP_MESSAGES.unlockCodeTooLong),
      estimate: rupees,
      advancePaid: rupees,
      promisedDate: z
        .string()
        .trim()
        .refine((value) => value === '' || isCalendarDate(value), SHOP_MESSAGES.promisedDateInvalid)
        .refine(
          (value) => value === '' || today === null || value >= today,
          SHOP_MESSAGES.promisedDateInPast,
        ),
      photos: z
        .array(z.custom<PhotoDraft>(isPhoto, { message: SHOP_MESSAGES.photoNotImage }))
        .max(MAX_PHOTOS, SHOP_MESSAGES.tooManyPhotos),
    })
    .superRefine(
      (card, ctx) => {
        // Checks across fields, reported under the field to change. They run even when other fields
        // failed (`when`), so an empty form shows every message at once; hence the defensive reads.
        const chosen = Array.isArray(card.problems) ? card.problems : [];
        const other = typeof card.otherProblem === 'string' ? card.otherProblem : '';
        const problems = problemList(chosen, other);
        if (problems.length === 0)
          ctx.addIssue({ code: 'custom', path: ['problems'], message: SHOP_MESSAGES.problemsRequired });
        else if (problems.length > JOB_CARD_LIMITS.problems)
          ctx.addIssue({ code: 'custom', path: ['problems'], message: SHOP_MESSAGES.tooManyProblems });
        if (
          Array.isArray(card.accessories) &&
          card.accessories.includes('other') &&
          typeof card.otherAccessory === 'string' &&
          card.otherAccessory.trim() === ''
        )
          ctx.addIssue({
            code: 'custom',
            path: ['otherAccessory'],
            message: SHOP_MESSAGES.otherAccessoryRequired,
          });
        if (
          typeof card.estimate === 'number' &&
          typeof card.advancePaid === 'number' &&
          card.advancePaid > card.estimate
        )
          ctx.addIssue({
            code: 'custom',
            path: ['advancePaid'],
            message: SHOP_MESSAGES.advanceAboveEstimate,
          });
      },
      { when: () => true },
    )
    .transform((card) => ({
      customerName: card.customerName,
      customerMobile: card.customerMobile,
      deviceType: card.deviceType,
      brandModel: card.brandModel,
      imeiSerial: card.imeiSerial,
      problems: problemList(card.problems, card.otherProblem),
      accessories: ACCESSORIES.filter((key) => card.accessories.includes(key)),
      otherAccessory: card.accessories.includes('other') ? card.otherAccessory : '',
      conditionNotes: card.conditionNotes,
      unlockCode: card.unlockCode,
      estimatePaise: card.estimate,
      advancePaise: card.advancePaid ?? 0,
      promisedDate: card.promisedDate === '' ? null : card.promisedDate,
      photos: card.photos,
    }));
}

/** The job card's checks without the past-date rule (e.g. for a form that has no clock). */
export const jobCardSchema = jobCardSchemaFor(null);

/** A checked job card: the mobile as its 10 digits, amounts in paise, problems as one list. */
export interface ValidJobCard {
  readonly customerName: string;
  /** 10 digits, e.g. '9876543210' (the form the apps store and the tracker matches). */
  readonly customerMobile: string;
  readonly deviceType: DeviceType;
  readonly brandModel: string;
  /** IMEI digits, an upper-case serial, or ''. */
  readonly imeiSerial: string;
  /** Chosen problems then the free text, without repeats; at least one. */
  readonly problems: readonly string[];
  readonly accessories: readonly Accessory[];
  readonly otherAccessory: string;
  readonly conditionNotes: string;
  readonly unlockCode: string;
  readonly estimatePaise: number | null;
  /** 0 when none was paid. */
  readonly advancePaise: number;
  /** 'YYYY-MM-DD' or null. */
  readonly promisedDate: string | null;
  readonly photos: readonly PhotoDraft[];
}

export type JobCardOutcome = Outcome<ValidJobCard, JobCardField>;

/** Checks a job card as the use case does: each field's first message, or the checked card. */
export function validateJobCard(input: JobCardInput, today: string | null = null): JobCardOutcome {
  const parsed = (today === null ? jobCardSchema : jobCardSchemaFor(today)).safeParse(input);
  if (parsed.success) return done(parsed.data satisfies ValidJobCard);
  const fieldErrors: FieldErrors<JobCardField> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as JobCardField;
    fieldErrors[field] ??= issue.message;
  }
  return invalid(fieldErrors);
}
