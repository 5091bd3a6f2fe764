import { historyEntry } from '../../domain/shop/history';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { repairBelongsTo, storeRefOf } from '../../domain/shop/repair-store';
import { parseStoreProfile, trackingShopOf } from '../../domain/shop/store-profile';
import { isTrackingToken, trackingView } from '../../domain/shop/tracking';
import { parseStoreRecord } from '../../domain/stores/store';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { TrackingLinkInfo, TrackingLinkRepository, TrackingResolution } from '../../ports/shop-tracking';
import { enforceRepairWrite, repairWriteParties, type ShopAccess, withEntry } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { fieldsOf, guarded, type StoredDoc, storedRecord } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { linkDocId, putLatest, repairAccess, rewriteRepair } from './pouchdb-shop-docs';
import { isDocId, pouchMembershipLookup } from './pouchdb-shop-membership';
import { loadPaymentEntries } from './pouchdb-shop-payments';
import type { UserDocs } from './pouchdb-user-docs';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Tracking links on PouchDB: the tracking database holds `link:{token}` (the repair's id, its store,
 * revoked); resolve reads that one document by its id, then the repair, its store, the owner's public
 * profile and the repair's payments, and hands out only the domain's trackingView (an allow list).
 */
export class PouchTrackingLinkRepository implements TrackingLinkRepository {
  private readonly lookup;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
    private readonly clock: Clock,
  ) {
    this.lookup = pouchMembershipLookup(dbs);
  }

  resolve(token: string): Promise<TrackingResolution> {
    return guarded(async () => {
      if (!isTrackingToken(token)) return { state: 'not-found' };
      const link = await this.dbs.tracking.get(linkDocId(token));
      if (link === null) return { state: 'not-found' };
      if (link.revoked === true) return { state: 'revoked' };
      const id = text(link.repairDocId);
      const raw = isDocId(id) ? await this.dbs.repairs.get(id) : null;
      if (raw === null) return { state: 'not-found' };
      const repair = parseShopRepair(id, raw);
      if (repair.trackingToken !== token) return { state: 'revoked' };
      const storeId = storeRefOf(repair);
      const storeRaw: Record<string, unknown> =
        (isDocId(storeId) ? await this.dbs.stores.get(storeId) : null) ?? {};
      const store = parseStoreRecord(storeId, storeRaw);
      // A repair naming a store by the apps' `store` alone, of another business, is not that store's.
      if (!repairBelongsTo(raw, storeId, store.ownerId)) return { state: 'not-found' };
      const profile = isDocId(storeId) ? await this.dbs.storeProfiles.get(storeId) : null;
      // The shop's name, phone and UPI ID: the store's profile (its owner's), never a member's writes.
      const shop = trackingShopOf(profile === null ? null : parseStoreProfile(storeId, profile));
      const payments = (await loadPaymentEntries(this.dbs, id)).map((p) => ({
        kind: p.kind,
        amountPaise: p.amountPaise,
      }));
      return { state: 'active', view: trackingView(repair, shop, payments) };
    });
  }

  /** Writes the repair with a new token ('' for none) and one 'tracking' history entry. */
  private async writeToken(
    id: string,
    doc: StoredDoc,
    access: ShopAccess,
    token: string,
    note: string,
  ): Promise<string> {
    const by = { uid: access.uid, name: (await this.users.profile(access.uid))?.name ?? '' };
    let old = '';
    await rewriteRepair(this.dbs, id, doc, (stored, repair) => {
      old = repair.trackingToken;
      const now = this.clock.now();
      const before = fieldsOf(stored);
      const next = {
        ...before,
        trackingToken: token,
        ...storedRecord({
          updatedAt: now,
          history: withEntry(before, historyEntry('tracking', repair.status, by, now, note)),
        }),
      };
      enforceRepairWrite({
        repairDocId: id,
        before,
        after: next,
        ...repairWriteParties(access, by.name),
        now,
        representation: 'json',
      });
      return next;
    });
    return old;
  }

  /** Marks the repair's previous link revoked (kept, so the page can say so). */
  private async revokeLink(token: string): Promise<void> {
    if (token === '') return;
    const link = await this.dbs.tracking.get(linkDocId(token));
    if (link === null) return;
    await putLatest(this.dbs.tracking, linkDocId(token), {
      repairDocId: link.repairDocId,
      storeId: link.storeId,
      revoked: true,
    });
  }

  rotate(repairDocId: string, token: string): Promise<TrackingLinkInfo> {
    return guarded(async () => {
      const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      if (!isTrackingToken(token))
        throw new PortError('invalid-argument', 'This tracking token is not valid.');
      const link = linkDocId(token);
      // A put without a revision claims the token: 409 when it is in use.
      if (
        (await this.dbs.tracking.put({
          _id: link,
          repairDocId,
          storeId: access.store.id,
          revoked: false,
        })) === null
      )
        throw new PortError('conflict', 'This tracking token is already in use.');
      let old: string;
      try {
        old = await this.writeToken(repairDocId, doc, access, token, 'New tracking link');
      } catch (error) {
        await putLatest(this.dbs.tracking, link, null);
        throw error;
      }
      await this.revokeLink(old);
      return { token, repairDocId, revoked: false };
    });
  }

  revoke(repairDocId: string): Promise<void> {
    return guarded(async () => {
      const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      if (parseShopRepair(repairDocId, doc).trackingToken === '') return;
      const old = await this.writeToken(repairDocId, doc, access, '', 'Tracking link revoked');
      await this.revokeLink(old);
    });
  }
}
