import { parseRefusedChanges, type RefusedChange } from '../../domain/shop/refused-changes';
import type { DeviceStorage } from './firestore-repair-id-blocks';

/**
 * The edits this device queued offline that the server refused on arrival, because the repair had
 * been changed on another device meanwhile (issue 20): kept in the device's storage under the account,
 * with the values they were based on, until the person chooses on the repair page ('Changed on another
 * device'). Firestore itself rolls the refused write back; without this, the change would be lost.
 */
const KEY_PREFIX = 'repairmate.refusedChanges.v1:';

/** At most this many kept per account (the oldest go first): a device offline for weeks stays bounded. */
const MAX_KEPT = 200;

export function refusedChangesKey(uid: string): string {
  return `${KEY_PREFIX}${encodeURIComponent(uid)}`;
}

export class RefusedChangeStore {
  private sequence = 0;

  constructor(private readonly storage: DeviceStorage) {}

  of(uid: string): RefusedChange[] {
    try {
      const raw = this.storage.getItem(refusedChangesKey(uid));
      return raw === null ? [] : parseRefusedChanges(JSON.parse(raw));
    } catch {
      return [];
    }
  }

  keep(uid: string, change: Omit<RefusedChange, 'id'>): void {
    this.sequence += 1;
    const id = `${Date.now().toString(36)}-${this.sequence}-${Math.random().toString(36).slice(2, 8)}`;
    this.save(uid, [...this.of(uid), { ...change, id }].slice(-MAX_KEPT));
  }

  dismiss(uid: string, changeId: string): void {
    this.save(
      uid,
      this.of(uid).filter((change) => change.id !== changeId),
    );
  }

  private save(uid: string, changes: readonly RefusedChange[]): void {
    this.storage.setItem(refusedChangesKey(uid), JSON.stringify(changes));
  }
}
