import { type Firestore, waitForPendingWrites } from 'firebase/firestore';
import { type PendingChange, parsePendingChanges } from '../../domain/shop/pending-changes';
import type { DeviceStorage } from './firestore-repair-id-blocks';

/**
 * The outbox of this device on Firestore (issue 20): the changes queued offline that the server does
 * not have yet, per account, kept in the device's storage so that they are still listed after a reload
 * (Firestore keeps the writes themselves in its persistent cache and sends them when the network
 * returns). An entry goes when its write settles (landed, or refused: a refused edit is kept apart,
 * firestore-refused-changes.ts); entries from an earlier page, whose promises are gone, go once
 * Firestore says every write it held has been sent (waitForPendingWrites).
 */
const KEY_PREFIX = 'repairmate.outbox.v1:';

const keyOf = (uid: string) => `${KEY_PREFIX}${encodeURIComponent(uid)}`;

/** The accounts of this device with changes in the outbox (so that sign-out can ask of every account). */
const ACCOUNTS_KEY = 'repairmate.outbox.v1.accounts';

/** This page's session: entries made before it (another page) are settled by waitForPendingWrites. */
const PAGE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

interface Entry extends PendingChange {
  readonly page: string;
}

function parseEntries(raw: string | null): Entry[] {
  if (raw === null) return [];
  try {
    return parsePendingChanges<Entry>(JSON.parse(raw)).filter((entry) => typeof entry.page === 'string');
  } catch {
    return [];
  }
}

export class PendingWrites {
  private sequence = 0;
  /** Whether this page already waits for the writes an earlier page queued. */
  private settlingEarlier = false;

  constructor(
    private readonly db: Firestore,
    private readonly storage: DeviceStorage,
  ) {}

  private read(uid: string): Entry[] {
    return parseEntries(this.storage.getItem(keyOf(uid)));
  }

  private write(uid: string, entries: readonly Entry[]): void {
    this.storage.setItem(keyOf(uid), JSON.stringify(entries));
    const others = this.accounts().filter((account) => account !== uid);
    this.storage.setItem(ACCOUNTS_KEY, JSON.stringify(entries.length > 0 ? [...others, uid] : others));
  }

  private accounts(): string[] {
    try {
      const list: unknown = JSON.parse(this.storage.getItem(ACCOUNTS_KEY) ?? '[]');
      return Array.isArray(list) ? list.filter((uid): uid is string => typeof uid === 'string') : [];
    } catch {
      return [];
    }
  }

  /**
   * Whether any account of this device has changes the server does not have yet (Firestore holds them
   * in its persistent cache, which must then stay).
   */
  anyPending(): boolean {
    return this.accounts().some((uid) => this.read(uid).length > 0);
  }

  /** Lists a queued write until `commit` settles. */
  track(uid: string, change: Omit<PendingChange, 'id'>, commit: Promise<unknown>): void {
    this.sequence += 1;
    const id = `${PAGE}-${this.sequence}`;
    this.write(uid, [...this.read(uid), { ...change, id, page: PAGE }]);
    const settle = () =>
      this.write(
        uid,
        this.read(uid).filter((entry) => entry.id !== id),
      );
    commit.then(settle, settle);
  }

  /** The account's changes not yet on the server, oldest first. */
  pending(uid: string): PendingChange[] {
    const entries = this.read(uid);
    if (!this.settlingEarlier && entries.some((entry) => entry.page !== PAGE)) {
      this.settlingEarlier = true;
      // Resolves once the server has every write this client holds, those of earlier pages included.
      waitForPendingWrites(this.db)
        .then(() =>
          this.write(
            uid,
            this.read(uid).filter((entry) => entry.page === PAGE),
          ),
        )
        .catch(() => undefined)
        .finally(() => {
          this.settlingEarlier = false;
        });
    }
    return entries.map(({ page: _page, ...change }) => change);
  }
}
