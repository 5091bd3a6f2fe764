import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { type FieldErrors, validateWith } from '../shared/validation';
import { isSuperAdmin, type UserProfile } from '../users/user';
import { SUPPORT_MESSAGES } from './messages';
import {
  type NewSupportIssue,
  type SupportField,
  type SupportIssue,
  type SupportIssuePatch,
  supportIssuePatchSchema,
  supportIssueSchema,
} from './support-issue';

export type SupportCommandResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message?: string; readonly fieldErrors?: FieldErrors<SupportField> };

/** The public form: anyone may submit; the issue is stored as active. */
export async function submitSupportIssue(
  ports: Pick<Ports, 'support'>,
  input: NewSupportIssue,
): Promise<SupportCommandResult<SupportIssue>> {
  const checked = validateWith<NewSupportIssue, SupportField>(supportIssueSchema, input);
  if (!checked.ok) return { ok: false, fieldErrors: checked.fieldErrors };
  try {
    return { ok: true, value: await ports.support.create(checked.value) };
  } catch {
    return { ok: false, message: SUPPORT_MESSAGES.submitFailed };
  }
}

export type SupportListResult =
  | { readonly ok: true; readonly issues: readonly SupportIssue[] }
  | { readonly ok: false; readonly message: string };

/** Every issue, newest first, for a super admin; 'Access denied.' for anyone else. */
export async function listSupportIssues(
  ports: Pick<Ports, 'support'>,
  viewer: UserProfile | null,
): Promise<SupportListResult> {
  if (!isSuperAdmin(viewer)) return { ok: false, message: SUPPORT_MESSAGES.accessDenied };
  try {
    return { ok: true, issues: await ports.support.list() };
  } catch (error) {
    return {
      ok: false,
      message: isPortError(error, 'permission-denied')
        ? SUPPORT_MESSAGES.accessDenied
        : SUPPORT_MESSAGES.loadFailed,
    };
  }
}

/** A super admin edits an issue's e-mail, phone, text and status. */
export async function updateSupportIssue(
  ports: Pick<Ports, 'support'>,
  viewer: UserProfile | null,
  id: string,
  patch: SupportIssuePatch,
): Promise<SupportCommandResult<SupportIssue>> {
  if (!isSuperAdmin(viewer)) return { ok: false, message: SUPPORT_MESSAGES.accessDenied };
  const checked = validateWith<SupportIssuePatch, SupportField>(supportIssuePatchSchema, patch);
  if (!checked.ok) return { ok: false, fieldErrors: checked.fieldErrors };
  try {
    return { ok: true, value: await ports.support.update(id, checked.value) };
  } catch (error) {
    if (isPortError(error, 'permission-denied')) return { ok: false, message: SUPPORT_MESSAGES.accessDenied };
    if (isPortError(error, 'not-found')) return { ok: false, message: SUPPORT_MESSAGES.issueGone };
    return { ok: false, message: SUPPORT_MESSAGES.updateFailed };
  }
}
