import { doc, type Firestore, runTransaction, serverTimestamp } from 'firebase/firestore';
import {
  type HeldBlock,
  needsTopUp,
  numbersLeft,
  parseHeldBlocks,
  planBlockReservation,
  REPAIR_ID_BLOCK_SIZE,
  type RepairIdBlock,
  repairIdBlockId,
  type TakenNumber,
  takeHeldNumber,
} from '../../domain/shop/repair-id-blocks';
import { isPortError, PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import { toPortError } from './firebase-errors';
import { getDoc, transactionGet } from './firestore-reads';
import { type FirestoreShopAccess, SHOP_COLLECTIONS } from './firestore-shop-data';

/**
 * The Repair ID blocks of this device on Firestore (ADR 0012, issue 20): so that a job card taken with
 * the network cut gets its final Repair ID at once, the device keeps a few numbers of each store its
 * member works in, reserved while online. `reserve` moves repairCounters/{storeId} past a whole block
 * and creates repairIdBlocks/{storeId}_{first} in one transaction (firestore.rules: the block is the
 * member's own, at most 50 numbers, and the counter's move and the block go together); the device keeps
 * what it holds (and the next number of each block) in its storage, one key per account and store.
 * `take` hands out the lowest number held and keeps the rest before the repair is written, so this
 * device never hands a number out twice; the rules' claims (repairIdClaims) make sure no device does.
 *
 * What a device holds survives a reload and signing out: the numbers are no one's data, and the same
 * member signing in again uses them (fewer gaps). Clearing the browser's data drops them: gaps, never
 * duplicates.
 */

/** Where the device keeps its numbers: the browser's localStorage, or a map in Node (tests). */
export interface DeviceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A DeviceStorage in memory: for Node, and for browsers that refuse localStorage (privacy modes). */
export function memoryDeviceStorage(): DeviceStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

/** The browser's localStorage when it can be used, else a map in memory. */
export function browserDeviceStorage(): DeviceStorage {
  try {
    const storage = globalThis.localStorage;
    if (storage !== undefined) {
      const probe = 'repairmate.probe';
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // Refused (privacy modes, a full quota): the numbers last as long as the page.
  }
  return memoryDeviceStorage();
}

const KEY_PREFIX = 'repairmate.repairIds.v1:';

/** The key of what one account's device holds for one store. */
export function heldBlocksKey(uid: string, storeId: string): string {
  return `${KEY_PREFIX}${encodeURIComponent(uid)}:${encodeURIComponent(storeId)}`;
}

/** How often a reservation's transaction is tried when other devices move the counter at the same time. */
const RESERVE_ATTEMPTS = 25;

export class FirestoreRepairIdBlocks {
  /** One reservation at a time per account and store on this client. */
  private readonly reserving = new Map<string, Promise<RepairIdBlock>>();

  constructor(
    private readonly db: Firestore,
    private readonly storage: DeviceStorage,
    /** The signed-in account now (a reservation is dropped when it signs out meanwhile). */
    private readonly currentUid: () => string | null,
    private readonly logger?: Logger,
  ) {}

  /** What this device holds for the member's store (a damaged entry reads as nothing). */
  held(access: FirestoreShopAccess): HeldBlock[] {
    try {
      const raw = this.storage.getItem(heldBlocksKey(access.uid, access.store.id));
      return raw === null ? [] : parseHeldBlocks(JSON.parse(raw));
    } catch {
      return [];
    }
  }

  private keep(access: FirestoreShopAccess, held: readonly HeldBlock[]): void {
    const live = held.filter((block) => block.next <= block.last);
    this.storage.setItem(heldBlocksKey(access.uid, access.store.id), JSON.stringify(live));
  }

  /** How many numbers this device holds for the member's store. */
  count(access: FirestoreShopAccess): number {
    return numbersLeft(this.held(access), access.store.id, access.uid);
  }

  /**
   * The next number this device holds for the member's store, kept as used before it is handed out
   * (a crash after this leaves a gap, never a duplicate); null when it holds none.
   */
  take(access: FirestoreShopAccess): TakenNumber | null {
    const taken = takeHeldNumber(this.held(access), access.store.id, access.uid);
    if (taken === null) return null;
    this.keep(access, taken.held);
    return taken;
  }

  /**
   * Reserves a block for the member on this device when it holds fewer than REPAIR_ID_TOP_UP_BELOW
   * numbers and the server can be reached; a failure is logged, never thrown (the counter still
   * numbers job cards online).
   */
  async topUp(access: FirestoreShopAccess): Promise<void> {
    if (access.offline || !needsTopUp(this.held(access), access.store.id, access.uid)) return;
    try {
      await this.reserve(access);
    } catch (error) {
      // Signed out (or another account signed in) meanwhile: nothing to say, the next sign-in tops up.
      if (this.currentUid() !== access.uid) return;
      // A warning: job cards still work online (the counter), and the next board or job card tries again.
      this.logger?.warn(`Reserving Repair IDs for this device in store ${access.store.id} failed`, error);
    }
  }

  /**
   * Reserves `size` numbers of the store for the member on this device, and keeps them. One at a time
   * per account and store on this client; a reservation that another device's move of the counter
   * makes fail the rules (the emulator checks them before contention) is planned again.
   */
  reserve(access: FirestoreShopAccess, size: number = REPAIR_ID_BLOCK_SIZE): Promise<RepairIdBlock> {
    const key = heldBlocksKey(access.uid, access.store.id);
    const running = this.reserving.get(key);
    if (running !== undefined) return running;
    const run = this.reserveAgain(access, size).finally(() => this.reserving.delete(key));
    this.reserving.set(key, run);
    return run;
  }

  private async reserveAgain(access: FirestoreShopAccess, size: number): Promise<RepairIdBlock> {
    const counterRef = doc(this.db, SHOP_COLLECTIONS.repairCounters, access.store.id);
    for (let attempt = 1; ; attempt++) {
      const seen: { last: unknown } = { last: undefined };
      // Signed out meanwhile (Logout right after the board opened): nothing more is asked of the server.
      if (this.currentUid() !== access.uid)
        throw new PortError('unauthenticated', 'The account signed out before its Repair IDs were reserved.');
      try {
        const block = await this.reserveOnce(access, size, seen);
        this.keep(access, [...this.held(access), { ...block, next: block.first }]);
        return block;
      } catch (error) {
        if (attempt >= RESERVE_ATTEMPTS || !isPortError(toPortError(error), 'permission-denied')) throw error;
        const now = (await getDoc(counterRef)).data()?.last;
        if (now === seen.last) throw error;
      }
    }
  }

  private reserveOnce(
    access: FirestoreShopAccess,
    size: number,
    seen: { last: unknown },
  ): Promise<RepairIdBlock> {
    const storeId = access.store.id;
    const counterRef = doc(this.db, SHOP_COLLECTIONS.repairCounters, storeId);
    return runTransaction(
      this.db,
      async (transaction) => {
        const counter = (await transactionGet(transaction, counterRef)).data() ?? null;
        seen.last = counter?.last;
        // Signed out meanwhile (Logout right after the board opened): nothing is committed.
        if (this.currentUid() !== access.uid)
          throw new PortError(
            'unauthenticated',
            'The account signed out before its Repair IDs were reserved.',
          );
        const plan = planBlockReservation(
          counter,
          { id: storeId, name: access.store.name, repairIdPrefix: access.storeData.repairIdPrefix },
          access.uid,
          size,
        );
        if (!plan.ok) throw new PortError(plan.code, plan.message);
        const { block } = plan;
        transaction.set(counterRef, {
          ...(counter ?? {}),
          prefix: plan.counter.prefix,
          last: plan.counter.last,
          lastIdBlock: block.first,
        });
        transaction.set(
          doc(this.db, SHOP_COLLECTIONS.repairIdBlocks, repairIdBlockId(storeId, block.first)),
          {
            ...block,
            reservedAt: serverTimestamp(),
          },
        );
        return block;
      },
      { maxAttempts: RESERVE_ATTEMPTS },
    );
  }
}
