import type { SupportStatus } from '../../../domain/support/support-issue';
import { supportQueries } from './queries';

/** The react-query key of the support issue list (its factory is supportQueries.list). */
export const SUPPORT_ISSUES_KEY = supportQueries.all;

export const STATUS_LABELS: Record<SupportStatus, string> = {
  active: 'Active',
  completed: 'Completed',
};
