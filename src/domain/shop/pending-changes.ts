/**
 * The outbox (issue 20): a change of the signed-in account made on this device that the server does
 * not have yet (ShopRepairRepository.pendingChanges; on Firestore a write queued offline).
 */
export interface PendingChange {
  readonly id: string;
  readonly repairDocId: string;
  /** The repair's Repair ID, as this device has it. */
  readonly repairId: string;
  /** What it is: 'new repair', 'status change' or 'change' (an edit). */
  readonly what: string;
  /** When it was made on this device (ISO text). */
  readonly at: string;
}

/** What a device kept of its outbox (JSON) read back: well-formed changes only, with their other fields. */
export function parsePendingChanges<T extends PendingChange = PendingChange>(raw: unknown): T[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (item): item is T =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'string' &&
      typeof item.repairDocId === 'string' &&
      typeof item.repairId === 'string' &&
      typeof item.what === 'string' &&
      typeof item.at === 'string',
  );
}
