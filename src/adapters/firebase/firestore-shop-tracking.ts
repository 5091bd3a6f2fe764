import type { Auth } from 'firebase/auth';
import { doc, type Firestore, runTransaction, serverTimestamp } from 'firebase/firestore';
import { historyEntry } from '../../domain/shop/history';
import type { InvoiceKind } from '../../domain/shop/invoice';
import { isVoucherKind } from '../../domain/shop/invoice';
import { parseStoreProfile } from '../../domain/shop/store-profile';
import { isTrackingToken } from '../../domain/shop/tracking';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { TrackingLinkInfo, TrackingLinkRepository, TrackingResolution } from '../../ports/shop-tracking';
import { checkShopRepairUpdate } from '../local/local-rules';
import { firestoreCall } from './firebase-errors';
import { plainData } from './firestore-data';
import { getDoc, transactionGet } from './firestore-reads';
import { ShopRepairWriter } from './firestore-repair-writer';
import {
  ShopAccessChecker,
  STORE_PROFILES,
  shopRepairOf,
  storedViewOf,
  trackingViewFromStored,
  withoutUndefined,
} from './firestore-shop-data';
import { invoiceRef, trackedInvoiceRef } from './firestore-shop-invoices';

/**
 * Tracking links on Firestore: tracking/{token} holds the repair's id, its store, `revoked` and the
 * view (the repair's customer-safe fields as stored), kept in step by every write of the repair
 * (firestore-repair-writer.ts; firestore.rules compare the two). resolve is one get by id, signed out
 * (firestore.rules allow get, never list), and one of storeProfiles/{storeId}: the shop's name, phone
 * and UPI ID come from there only, which only the store's owner writes. A new link gets a copy of the
 * repair's invoice when it has one (tracking/{token}/invoices/{repairDocId}: firestore-shop-invoices.ts).
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
      const storeId = typeof link.storeId === 'string' ? link.storeId : '';
      const profile =
        storeId === '' || storeId.includes('/')
          ? undefined
          : plainData(await getDoc(doc(this.db, STORE_PROFILES, storeId)));
      const shop = profile === undefined ? undefined : parseStoreProfile(storeId, profile);
      const view = trackingViewFromStored(
        link.view,
        shop === undefined ? undefined : { name: shop.name, phone: shop.phone, upiId: shop.upiId },
      );
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
      // The repair's invoice, copied under the new link for its holder (issue 18).
      const invoice =
        token === ''
          ? undefined
          : (await transactionGet(transaction, invoiceRef(this.db, repairDocId, repairDocId))).data();
      const now = this.clock.now();
      const next: Record<string, unknown> = {
        ...raw,
        trackingToken: token,
        updatedAt: serverTimestamp(),
        history: [
          ...(Array.isArray(raw.history) ? raw.history : []),
          historyEntry('tracking', repair.status, { uid: access.uid, name }, now, note),
        ],
      };
      const nextRepair = shopRepairOf(repairDocId, { ...next, updatedAt: now });
      checkShopRepairUpdate(repair, nextRepair, access, 'tracking');
      transaction.set(this.writer.repairRef(repairDocId), withoutUndefined(next));
      // The old link is revoked: only `revoked` changes (its view stays as it was).
      if (oldLink !== undefined && oldLink.revoked !== true)
        transaction.update(this.writer.trackingRef(old), { revoked: true });
      if (token !== '')
        transaction.set(this.writer.trackingRef(token), {
          repairDocId,
          storeId: access.store.id,
          revoked: false,
          view: storedViewOf(withoutUndefined(next)),
        });
      if (token !== '' && invoice !== undefined && !isVoucherKind(invoice.kind as InvoiceKind))
        transaction.set(trackedInvoiceRef(this.db, token, repairDocId), invoice);
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
