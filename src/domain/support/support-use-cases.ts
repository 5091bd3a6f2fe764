import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { done, failed, invalid, type Outcome, validateWith } from '../shared/validation';
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

/** A support form's outcome: the stored issue, or a message and the fields' errors. */
export type SupportCommandOutcome = Outcome<SupportIssue, SupportField>;

/** The public form: anyone may submit; the issue is stored as active. */
export async function submitSupportIssue(
  ports: Pick<Ports, 'support' | 'logger'>,
  input: NewSupportIssue,
): Promise<SupportCommandOutcome> {
  const checked = validateWith<NewSupportIssue, SupportField>(supportIssueSchema, input);
  if (!checked.ok) return invalid(checked.fieldErrors);
  try {
    return done(await ports.support.create(checked.value));
  } catch (error) {
    ports.logger.error('Support issue could not be submitted', error);
    return failed(SUPPORT_MESSAGES.submitFailed);
  }
}

/** Every issue, newest first, for a super admin; 'Access denied.' for anyone else. */
export async function listSupportIssues(
  ports: Pick<Ports, 'support' | 'logger'>,
  viewer: UserProfile | null,
): Promise<Outcome<readonly SupportIssue[]>> {
  if (!isSuperAdmin(viewer)) return failed(SUPPORT_MESSAGES.accessDenied);
  try {
    return done(await ports.support.list());
  } catch (error) {
    if (isPortError(error, 'permission-denied')) return failed(SUPPORT_MESSAGES.accessDenied);
    ports.logger.error('Support issues could not be loaded', error);
    return failed(SUPPORT_MESSAGES.loadFailed);
  }
}

/** A super admin edits an issue's e-mail, phone, text and status. */
export async function updateSupportIssue(
  ports: Pick<Ports, 'support' | 'logger'>,
  viewer: UserProfile | null,
  id: string,
  patch: SupportIssuePatch,
): Promise<SupportCommandOutcome> {
  if (!isSuperAdmin(viewer)) return failed(SUPPORT_MESSAGES.accessDenied);
  const checked = validateWith<SupportIssuePatch, SupportField>(supportIssuePatchSchema, patch);
  if (!checked.ok) return invalid(checked.fieldErrors);
  try {
    return done(await ports.support.update(id, checked.value));
  } catch (error) {
    if (isPortError(error, 'permission-denied')) return failed(SUPPORT_MESSAGES.accessDenied);
    if (isPortError(error, 'not-found')) return failed(SUPPORT_MESSAGES.issueGone);
    ports.logger.error(`Support issue ${id} could not be updated`, error);
    return failed(SUPPORT_MESSAGES.updateFailed);
  }
}
