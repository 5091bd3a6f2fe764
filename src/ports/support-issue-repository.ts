import type { NewSupportIssue, SupportIssue, SupportIssuePatch } from '../domain/support/support-issue';

/**
 * The support collection.
 * Security: anyone (even signed out) may create an issue, always with status 'active';
 * only a super admin may list or update issues ('permission-denied' otherwise).
 */
export interface SupportIssueRepository {
  /** Stores the issue with status 'active' and the current time as createdAt. */
  create(issue: NewSupportIssue): Promise<SupportIssue>;
  /** All issues, newest first. */
  list(): Promise<SupportIssue[]>;
  /** Rejects with 'not-found' when no issue has this id. */
  update(id: string, patch: SupportIssuePatch): Promise<SupportIssue>;
}
