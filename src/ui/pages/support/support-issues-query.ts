import type { SupportStatus } from '../../../domain/support/support-issue';

/** The react-query key of the support issue list. */
export const SUPPORT_ISSUES_KEY = ['support', 'issues'] as const;

export const STATUS_LABELS: Record<SupportStatus, string> = {
  active: 'Active',
  completed: 'Completed',
};
