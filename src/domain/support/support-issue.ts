import { z } from 'zod';
import { isPlausiblePhone } from '../shared/phone';
import { storedText } from '../shared/stored-text';
import { asInstant } from '../shared/time';
import { emailField } from '../users/email';
import { SUPPORT_MESSAGES } from './messages';

export const SUPPORT_STATUSES = ['active', 'completed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
/** Every new issue starts active. */
export const NEW_SUPPORT_STATUS: SupportStatus = 'active';
export const MAX_ISSUE_LENGTH = 2000;

export interface SupportIssue {
  readonly id: string;
  readonly email: string;
  readonly phone: string;
  readonly issue: string;
  readonly status: SupportStatus;
  readonly createdAt: Date | null;
}

/** What the public form submits. */
export interface NewSupportIssue {
  readonly email: string;
  readonly phone: string;
  readonly issue: string;
}

/** What a super admin may change. */
export interface SupportIssuePatch extends NewSupportIssue {
  readonly status: SupportStatus;
}

export type SupportField = keyof SupportIssuePatch;

export const supportIssueSchema = z.object({
  email: emailField(SUPPORT_MESSAGES.emailRequired, SUPPORT_MESSAGES.invalidEmail),
  phone: z
    .string()
    .trim()
    .min(1, SUPPORT_MESSAGES.phoneRequired)
    .refine(isPlausiblePhone, SUPPORT_MESSAGES.phoneInvalid),
  issue: z
    .string()
    .trim()
    .min(1, SUPPORT_MESSAGES.issueRequired)
    .max(MAX_ISSUE_LENGTH, SUPPORT_MESSAGES.issueTooLong),
});

export const supportIssuePatchSchema = supportIssueSchema.extend({
  status: z.enum(SUPPORT_STATUSES, { error: SUPPORT_MESSAGES.statusInvalid }),
});

const storedIssue = z.object({
  email: storedText,
  phone: storedText,
  issue: storedText,
  status: z
    .unknown()
    .optional()
    .transform((value): SupportStatus => (value === 'completed' ? 'completed' : 'active')),
  createdAt: z.unknown().optional().transform(asInstant),
});

/** Parses a stored support document; any status other than 'completed' reads as active. */
export function parseSupportRecord(id: string, raw: unknown): SupportIssue {
  return { id, ...storedIssue.parse(typeof raw === 'object' && raw !== null ? raw : {}) };
}

/** Newest first; issues without a date last. */
export function byNewestFirst(a: SupportIssue, b: SupportIssue): number {
  return (
    (b.createdAt?.getTime() ?? -Infinity) - (a.createdAt?.getTime() ?? -Infinity) || a.id.localeCompare(b.id)
  );
}
