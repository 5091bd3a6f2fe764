import { historyEntry } from '../../domain/shop/history';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { repairBelongsTo, storeRefOf } from '../../domain/shop/repair-store';
import { parseStoreProfile, trackingShopOf } from '../../domain/shop/store-profile';
import { isTrackingToken, trackingView } from '../../domain/shop/tracking';
import { parseStoreRecord } from '../../domain/stores/store';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { TrackingLinkInfo, TrackingLinkRepository, TrackingResolution } from '../../ports/shop-tracking';
import {
  enforceRepairWrite,
  repairWriteParties,
  requireRepairOfStore,
  requireSignedIn,
  requireStoreMember,
  type ShopAccess,
  withEntry,
} from '../local/local-rules';
import type { MemoryDatabase, StoredRecord } from './memory-database';
import { memoryMembershipLookup } from './memory-shop-membership';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Tracking links in memory: tracking/{token} names its repair; resolve builds the customer-safe view
 * (domain trackingView, an allow list) from the repair, its store and its payments, signed out.
 */
export class MemoryTrackingLinkRepository implements TrackingLinkRepository {
  private readonly lookup;

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {
    this.lookup = memoryMembershipLookup(db);
  }

  async resolve(token: string): Promise<TrackingResolution> {
    await this.db.roundTrip();
    if (!isTrackingToken(token)) return { state: 'not-found' };
    const link = this.db.trackingLinks.get(token);
    if (link === undefined) return { state: 'not-found' };
    if (link.revoked === true) return { state: 'revoked' };
    const id = text(link.repairDocId);
    const raw = this.db.repairs.get(id);
    if (raw === undefined) return { state: 'not-found' };
    const repair = parseShopRepair(id, raw);
    if (repair.trackingToken !== token) return { state: 'revoked' };
    const storeId = storeRefOf(repair);
    const store = parseStoreRecord(storeId, this.db.stores.get(storeId) ?? {});
    // A repair naming a store by the apps' `store` alone, of another business, is not that store's.
    if (!repairBelongsTo(raw, storeId, store.ownerId)) return { state: 'not-found' };
    const profile = this.db.storeProfiles.get(storeId);
    // The shop's name, phone and UPI ID: the store's profile (its owner's), never a member's writes.
    const shop = trackingShopOf(profile === undefined ? null : parseStoreProfile(storeId, profile));
    const payments = (this.db.payments.get(id) ?? []).map((p) => ({
      kind: p.kind === 'refund' ? ('refund' as const) : ('payment' as const),
      amountPaise: Number(p.amountPaise) || 0,
    }));
    // One document read, as Firestore reads tracking/{token} with the view in it.
    return { state: 'active', view: this.db.read(trackingView(repair, shop, payments)) };
  }

  private async access(repairDocId: string): Promise<{ access: ShopAccess; raw: StoredRecord }> {
    requireSignedIn(this.db);
    const found = this.db.repairs.get(repairDocId);
    if (found === undefined) throw new PortError('not-found', 'No repair has this id.');
    const storeId = storeRefOf(parseShopRepair(repairDocId, found));
    const member = await requireStoreMember(this.db, storeId, this.lookup);
    const raw = this.db.repairs.get(repairDocId);
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    return { access: requireRepairOfStore(raw, member), raw };
  }

  /** Writes the repair with a new token ('' for none) and one 'tracking' history entry. */
  private writeToken(id: string, raw: StoredRecord, access: ShopAccess, token: string, note: string): void {
    const repair = parseShopRepair(id, raw);
    const now = this.clock.now();
    const name = this.db.profile(access.uid)?.name ?? '';
    const next: StoredRecord = {
      ...raw,
      trackingToken: token,
      updatedAt: now,
      history: withEntry(raw, historyEntry('tracking', repair.status, { uid: access.uid, name }, now, note)),
    };
    enforceRepairWrite({
      repairDocId: id,
      before: raw,
      after: next,
      ...repairWriteParties(access, name),
      now,
    });
    const old = repair.trackingToken;
    const oldLink = old === '' ? undefined : this.db.trackingLinks.get(old);
    if (oldLink !== undefined) this.db.trackingLinks.set(old, { ...oldLink, revoked: true });
    if (token !== '')
      this.db.trackingLinks.set(token, { repairDocId: id, storeId: access.store.id, revoked: false });
    this.db.repairs.set(id, next);
  }

  async rotate(repairDocId: string, token: string): Promise<TrackingLinkInfo> {
    await this.db.roundTrip();
    const { access, raw } = await this.access(repairDocId);
    if (!isTrackingToken(token)) throw new PortError('invalid-argument', 'This tracking token is not valid.');
    if (this.db.trackingLinks.has(token))
      throw new PortError('conflict', 'This tracking token is already in use.');
    this.writeToken(repairDocId, raw, access, token, 'New tracking link');
    return { token, repairDocId, revoked: false };
  }

  async revoke(repairDocId: string): Promise<void> {
    await this.db.roundTrip();
    const { access, raw } = await this.access(repairDocId);
    if (parseShopRepair(repairDocId, raw).trackingToken === '') return;
    this.writeToken(repairDocId, raw, access, '', 'Tracking link revoked');
  }
}
