import type { SupportStatus } from '../../../domain/support/support-issue';

/** How a support issue's status reads on its card, its filter chip and the edit dialog's select. */
export const STATUS_LABELS: Record<SupportStatus, string> = {
  active: 'Active',
  completed: 'Completed',
};
