/*
 * The repair statuses and how people read them, apart from the workflow (status.ts, which re-exports
 * them): the customer's tracking page needs the labels only (issue 19: its JavaScript stays small).
 */

/**
 * The repair workflow of the shop console (../shared/spec/owner-console.md, "Status workflow"). The
 * values are what every client stores in repairs.status; the first three are the mobile apps' own.
 */
export const REPAIR_STATUSES = [
  'received',
  'inprogress',
  'sent_to_service_center',
  'waiting_for_parts',
  'ready',
  'delivered',
  'cancelled',
] as const;

export type RepairStatus = (typeof REPAIR_STATUSES)[number];

/** The status of a new repair. */
export const INITIAL_STATUS: RepairStatus = 'received';

/** How every screen (board, repair page, tracker, tracking link, messages) names each status. */
export const STATUS_LABELS: Readonly<Record<RepairStatus, string>> = {
  received: 'Received',
  inprogress: 'In Progress',
  sent_to_service_center: 'Sent to Service Center',
  waiting_for_parts: 'Waiting for Parts',
  ready: 'Ready for Pickup',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const FINAL_STATUSES: readonly RepairStatus[] = ['delivered', 'cancelled'];

export function isRepairStatus(value: unknown): value is RepairStatus {
  return typeof value === 'string' && (REPAIR_STATUSES as readonly string[]).includes(value);
}

export function isFinalStatus(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * A status as people read it: the spec's label for a known value; any other value the apps write is
 * shown as written (trimmed), never as an error; '-' when there is none.
 */
export function statusLabel(status: string): string {
  if (isRepairStatus(status)) return STATUS_LABELS[status];
  const written = status.trim();
  return written === '' ? '-' : written;
}

/** How a delivery on credit starts its history entry's note (the rules look for it). */
export const CREDIT_NOTE_PREFIX = 'Delivered on credit: ';
