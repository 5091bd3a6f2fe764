import type { Auth } from 'firebase/auth';
import { type Firestore, runTransaction } from 'firebase/firestore';
import { historyEntry } from '../../domain/shop/history';
import { isTrackingToken } from '../../domain/shop/tracking';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { TrackingLinkInfo, TrackingLinkRepository, TrackingResolution } from '../../ports/shop-tracking';
import { checkShopRepairUpdate } from '../local/local-rules';
import { firestoreCall } from './firebase-errors';
import { plainData } from './firestore-data';
import { getDoc, transactionGet } from './firestore-reads';
import {
  ownerProfileIn,
  parseStoredView,
  ShopAccessChecker,
  shopRepairOf,
  trackingViewOf,
  withoutUndefined,
} from './firestore-shop-data';
import { ShopRepairWriter } from './firestore-shop-repairs';

/**
 * Tracking links on Firestore: tracking/{token} holds the repair's id, its store, `revoked` and the
 * customer-safe view, kept in step by every write of the repair (firestore-shop-repairs.ts). resolve
 * is one get by id, signed out (firestore.rules allow get, never list).
 */
export class FirestoreTrackingLinkRepository implements TrackingLinkRepository {
  private readonly access: ShopAccessChecker;
  private readonly writer: ShopRepairWriter;

  constructor(
    private readonly db: Firestore,
    auth: Auth,
    private readonly clock: Clock,
  ) {
    this.access = new ShopAccessChecker(db, auth);
    this.writer = new ShopRepairWriter(db, this.access);
  }

  resolve(token: string): Promise<TrackingResolution> {
    return firestoreCall(async () => {
      if (!isTrackingToken(token)) return { state: 'not-found' };
      const link = plainData(await getDoc(this.writer.trackingRef(token)));
      if (link === undefined) return { state: 'not-found' };
      if (link.revoked === true) return { state: 'revoked' };
      const view = parseStoredView(link.view);
      return view === null ? { state: 'not-found' } : { state: 'active', view };
    });
  }

  /** Writes the repair with a new token ('' for none) and one 'tracking' entry; the old link is revoked. */
  private async writeToken(repairDocId: string, token: string, note: string): Promise<void> {
    const access = await this.writer.repairAccess(repairDocId);
    const name = await this.access.actorName(access.uid);
    await runTransaction(this.db, async (transaction) => {
      const raw = await this.writer.current(transaction, repairDocId);
      const repair = shopRepairOf(repairDocId, raw);
      if (token !== '' && (await transactionGet(transaction, this.writer.trackingRef(token))).exists())
        throw new PortError('conflict', 'This tracking token is already in use.');
      const old = repair.trackingToken;
      const oldLink =
        old === '' ? undefined : (await transactionGet(transaction, this.writer.trackingRef(old))).data();
      const profile =
        token === '' ? undefined : await ownerProfileIn(this.db, transaction, access.store.ownerId);
      const now = this.clock.now();
      const next: Record<string, unknown> = {
        ...raw,
        trackingToken: token,
        history: [
          ...(Array.isArray(raw.history) ? raw.history : []),
          historyEntry('tracking', repair.status, { uid: access.uid, name }, now, note),
        ],
      };
      const nextRepair = shopRepairOf(repairDocId, next);
      checkShopRepairUpdate(repair, nextRepair, access, 'tracking');
      transaction.set(this.writer.repairRef(repairDocId), withoutUndefined(next));
      if (oldLink !== undefined)
        transaction.set(this.writer.trackingRef(old), {
          repairDocId: oldLink.repairDocId,
          storeId: oldLink.storeId,
          revoked: true,
        });
      if (token !== '')
        transaction.set(this.writer.trackingRef(token), {
          repairDocId,
          storeId: access.store.id,
          revoked: false,
          view: withoutUndefined(trackingViewOf(nextRepair, access.store.id, access.storeData, profile)),
        });
    });
  }

  rotate(repairDocId: string, token: string): Promise<TrackingLinkInfo> {
    return firestoreCall(async () => {
      await this.writer.repairAccess(repairDocId);
      if (!isTrackingToken(token))
        throw new PortError('invalid-argument', 'This tracking token is not valid.');
      await this.writeToken(repairDocId, token, 'New tracking link');
      return { token, repairDocId, revoked: false };
    });
  }

  revoke(repairDocId: string): Promise<void> {
    return firestoreCall(async () => {
      await this.writer.repairAccess(repairDocId);
      const raw = plainData(await getDoc(this.writer.repairRef(repairDocId)));
      if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
      if (shopRepairOf(repairDocId, raw).trackingToken === '') return;
      await this.writeToken(repairDocId, '', 'Tracking link revoked');
    });
  }
}
