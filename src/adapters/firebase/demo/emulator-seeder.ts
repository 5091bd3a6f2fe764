import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  type DocumentReference,
  deleteField,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  initializeFirestore,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import type {
  SeedAccount,
  SeedData,
  Seeder,
  SeedPublicProfile,
  SeedRepairRecord,
  SeedShopData,
  SeedStoreRecord,
  SeedSupportRecord,
  SeedTransactionRecord,
  SeedUserRecord,
} from '../../../demo/seeder';
import { invitationKey } from '../../../domain/shop/membership';
import { missingReportFields } from '../../../domain/shop/report-backfill';
import { PortError } from '../../../ports/errors';
import { firestoreCall } from '../firebase-errors';
import { BUSINESS_FIELDS, businessKeyOf } from '../firestore-business';
import { COLLECTIONS, plainData, repairLookupRefPath } from '../firestore-data';
import {
  memberDocId,
  SHOP_COLLECTIONS,
  SHOP_DELIVERY_DOC,
  SHOP_PRIVATE_DOC,
  STORE_PROFILES,
  storedViewOf,
  withoutUndefined,
} from '../firestore-shop-data';

const TIMELINE_KINDS: ReadonlySet<unknown> = new Set(['created', 'status', 'override', 'reopen']);

/**
 * A seed repair as the Firestore adapters store it (with the reports' fields its writes would have
 * stored, as the backfill leaves an older one): a shop console repair (one with a history) keeps
 * its delivery code apart (shop/delivery, which staff never read) and its customer's timeline (the
 * status steps of its history) on the repair, which its tracking link's view mirrors.
 */
function storedRepair(data: Readonly<Record<string, unknown>>): {
  repair: Record<string, unknown>;
  deliveryCode: string | null;
} {
  // The reports' fields its writes would have stored (report-fields.ts; the backfill's 0003 step).
  if (!Array.isArray(data.history))
    return { repair: { ...data, ...missingReportFields(data) }, deliveryCode: null };
  const { deliveryCode, ...rest } = data;
  const timeline = (data.history as Record<string, unknown>[])
    .filter((entry) => TIMELINE_KINDS.has(entry?.kind))
    .map((entry) => ({ status: entry.status, at: entry.at }));
  return {
    repair: { ...rest, timeline, ...missingReportFields({ ...rest, timeline }) },
    deliveryCode: typeof deliveryCode === 'string' && deliveryCode !== '' ? deliveryCode : null,
  };
}

type Write = [DocumentReference, Record<string, unknown>];

/** Where the shop's seeding reads a repair, a store and a public profile (Firestore, or the data set). */
interface SeedLookup {
  repair(id: string): Promise<Record<string, unknown> | undefined>;
  store(id: string): Promise<Record<string, unknown> | undefined>;
  profile(uid: string): Promise<Record<string, unknown> | undefined>;
}

export interface EmulatorSeederOptions {
  readonly projectId: string;
  /** e.g. http://127.0.0.1:9099 */
  readonly authUrl: string;
  readonly firestoreHost: string;
  readonly firestorePort: number;
}

/** The id of the Urls document the seeder writes (the adapter reads the collection's first document). */
export const STORE_LINKS_DOCUMENT = 'storeLinks';

let appSequence = 0;

/**
 * Privileged writes into the Firebase emulators, like the Admin SDK would make in production: Firestore
 * as the emulator's "owner" (the security rules do not apply), accounts through the Auth emulator's REST
 * API (with a chosen uid). Emulators only: production has no such door. Dates become Firestore
 * Timestamps and text stays text, the shapes the mobile apps write. Like the backfill, it keeps an
 * owner's users document listing its stores with its business key (firestore-business.ts), which the
 * rules make every client write keep.
 */
export class FirebaseEmulatorSeeder implements Seeder {
  private readonly app: FirebaseApp;
  private readonly db: Firestore;

  constructor(private readonly options: EmulatorSeederOptions) {
    appSequence += 1;
    this.app = initializeApp(
      { projectId: options.projectId, apiKey: 'emulator-seeder' },
      `emulator-seeder-${appSequence}`,
    );
    this.db = initializeFirestore(this.app, { ignoreUndefinedProperties: true });
    connectFirestoreEmulator(this.db, options.firestoreHost, options.firestorePort, {
      mockUserToken: 'owner',
    });
  }

  /** config/storage: the project's bucket (the administrator's document; the backfill writes it). */
  private get storageConfig(): Write {
    return [
      doc(this.db, 'config', 'storage'),
      { bucket: this.app.options.storageBucket ?? `${this.options.projectId}.firebasestorage.app` },
    ];
  }

  /** Firestore past the rules, for tests that inspect what was stored. */
  get firestore(): Firestore {
    return this.db;
  }

  async account(account: SeedAccount): Promise<string> {
    const url = `${this.options.authUrl}/identitytoolkit.googleapis.com/v1/projects/${this.options.projectId}/accounts`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: account.email,
          password: account.password,
          emailVerified: account.emailVerified ?? true,
          ...(account.uid ? { localId: account.uid } : {}),
          ...(account.phoneNumber ? { phoneNumber: account.phoneNumber } : {}),
        }),
      });
    } catch (error) {
      throw new PortError('unavailable', 'The Auth emulator cannot be reached.', { cause: error });
    }
    const body = (await response.json().catch(() => ({}))) as {
      localId?: string;
      error?: { message?: string };
    };
    if (!response.ok || typeof body.localId !== 'string') {
      const reason = body.error?.message ?? `HTTP ${response.status}`;
      throw new PortError(
        reason.startsWith('DUPLICATE') || reason.startsWith('EMAIL_EXISTS') ? 'conflict' : 'unknown',
        `The account could not be created: ${reason}`,
      );
    }
    return body.localId;
  }

  user(uid: string, record: SeedUserRecord): Promise<void> {
    return firestoreCall(async () => {
      const batch = writeBatch(this.db);
      batch.set(doc(this.db, COLLECTIONS.users, uid), { ...record });
      await batch.commit();
      await this.listStores(uid);
    });
  }

  store(record: SeedStoreRecord): Promise<void> {
    const { id, ...data } = record;
    return firestoreCall(async () => {
      const ref = doc(this.db, COLLECTIONS.stores, id);
      const before = (await getDoc(ref)).data()?.ownerId;
      await setDoc(ref, data);
      // The project's bucket, which repair photos' URLs must name (firestore.rules read it).
      await setDoc(this.storageConfig[0], this.storageConfig[1]);
      await this.listStores(data.ownerId);
      if (typeof before === 'string' && before !== data.ownerId) await this.listStores(before);
    });
  }

  /** Writes on users/{uid} the stores it owns and its business key (or neither, when it owns none). */
  private async listStores(uid: string): Promise<void> {
    if (uid === '') return;
    const ref = doc(this.db, COLLECTIONS.users, uid);
    const user = (await getDoc(ref)).data();
    if (user === undefined) return;
    const owned = await getDocs(query(collection(this.db, COLLECTIONS.stores), where('ownerId', '==', uid)));
    const storeIds = owned.docs.map((store) => store.id).sort();
    if (storeIds.length > 0)
      await updateDoc(ref, {
        [BUSINESS_FIELDS.storeIds]: storeIds,
        [BUSINESS_FIELDS.businessKey]: businessKeyOf(user),
      });
    else if (BUSINESS_FIELDS.storeIds in user || BUSINESS_FIELDS.businessKey in user)
      await updateDoc(ref, {
        [BUSINESS_FIELDS.storeIds]: deleteField(),
        [BUSINESS_FIELDS.businessKey]: deleteField(),
      });
  }

  /** The repair and, as the rules require of every repair, its entry in the Repair ID index. */
  repair(record: SeedRepairRecord): Promise<void> {
    return firestoreCall(async () => {
      const batch = writeBatch(this.db);
      for (const [ref, value] of this.repairWrites(record)) batch.set(ref, value);
      await batch.commit();
    });
  }

  private repairWrites(record: SeedRepairRecord): [DocumentReference, Record<string, unknown>][] {
    const { id, ...data } = record;
    const { repair, deliveryCode } = storedRepair(data);
    const writes: [DocumentReference, Record<string, unknown>][] = [
      [doc(this.db, COLLECTIONS.repairs, id), repair],
    ];
    if (typeof data.repairId === 'string' && data.repairId !== '')
      writes.push([doc(this.db, repairLookupRefPath(data.repairId, id)), {}]);
    const storeId = typeof data.storeId === 'string' && data.storeId !== '' ? data.storeId : data.store;
    if (deliveryCode !== null && typeof storeId === 'string' && storeId !== '')
      writes.push([
        doc(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.shop, SHOP_DELIVERY_DOC),
        { code: deliveryCode, storeId },
      ]);
    return writes;
  }

  publicProfile({ uid, ...fields }: SeedPublicProfile): Promise<void> {
    return firestoreCall(() => setDoc(doc(this.db, COLLECTIONS.publicProfiles, uid), { ...fields }));
  }

  supportIssue(record: SeedSupportRecord): Promise<string> {
    const { id, ...data } = record;
    const ref = this.ref(COLLECTIONS.support, id);
    return firestoreCall(async () => {
      await setDoc(ref, data);
      return ref.id;
    });
  }

  rechargeTransaction(record: SeedTransactionRecord): Promise<string> {
    const { id, ...data } = record;
    const ref = this.ref(COLLECTIONS.rechargeTransactions, id);
    return firestoreCall(async () => {
      await setDoc(ref, data);
      return ref.id;
    });
  }

  storeLinks(links: { android?: string; ios?: string }): Promise<void> {
    return firestoreCall(() => setDoc(doc(this.db, COLLECTIONS.urls, STORE_LINKS_DOCUMENT), { ...links }));
  }

  /**
   * The shop console's records, in the Firestore shop adapters' layout (firestore-shop-data.ts): staff,
   * counters, unlock codes, payments, and each tracking link with its customer-safe view computed from
   * the stored repair, its store's settings and its owner's public profile.
   */
  shop(data: SeedShopData): Promise<void> {
    return firestoreCall(async () => {
      const read = async (path: string) => plainData(await getDoc(doc(this.db, path)));
      const writes = await this.shopWrites(data, {
        repair: (id) => read(`${COLLECTIONS.repairs}/${id}`),
        store: (id) => read(`${COLLECTIONS.stores}/${id}`),
        profile: (uid) => read(`${COLLECTIONS.publicProfiles}/${uid}`),
      });
      await this.commit(writes);
    });
  }

  private async shopWrites(data: SeedShopData, lookup: SeedLookup): Promise<Write[]> {
    const writes: Write[] = [];
    for (const member of data.members)
      writes.push([
        doc(this.db, SHOP_COLLECTIONS.storeMembers, memberDocId(member.storeId, member.uid)),
        { ...member, role: 'staff' },
      ]);
    for (const invitation of data.invitations ?? [])
      writes.push([
        doc(this.db, SHOP_COLLECTIONS.invitations, invitationKey(invitation.storeId, invitation.email)),
        { ...invitation },
      ]);
    for (const { storeId, prefix, last, lastRepairDocId } of data.counters)
      writes.push([
        doc(this.db, SHOP_COLLECTIONS.repairCounters, storeId),
        { prefix, last, ...(lastRepairDocId ? { lastRepairDocId } : {}) },
      ]);
    // What each store's tracking page shows of the shop (written by its owner only, once seeded).
    for (const { storeId, ...profile } of data.storeProfiles ?? [])
      writes.push([doc(this.db, STORE_PROFILES, storeId), { ...profile, updatedAt: Timestamp.now() }]);
    // The project's bucket, which repair photos' URLs must name (firestore.rules read config/storage).
    writes.push(this.storageConfig);
    for (const { repairDocId, storeId, unlockCode } of data.shopOnly)
      writes.push([
        doc(this.db, COLLECTIONS.repairs, repairDocId, SHOP_COLLECTIONS.shop, SHOP_PRIVATE_DOC),
        { unlockCode, storeId },
      ]);
    for (const { repairDocId, ...payment } of data.payments)
      writes.push([
        doc(this.db, COLLECTIONS.repairs, repairDocId, SHOP_COLLECTIONS.payments, payment.id),
        { ...payment },
      ]);
    // A repair's paidPaise is its payments less refunds (money moves only as payments).
    const paidOf = (repairDocId: string): { paidPaise?: number } => {
      const own = data.payments.filter((payment) => payment.repairDocId === repairDocId);
      if (own.length === 0) return {};
      return {
        paidPaise: own.reduce(
          (sum, payment) => sum + (payment.kind === 'refund' ? -payment.amountPaise : payment.amountPaise),
          0,
        ),
      };
    };
    for (const repairDocId of new Set(data.payments.map((payment) => payment.repairDocId))) {
      const stored = await lookup.repair(repairDocId);
      if (stored !== undefined)
        writes.push([
          doc(this.db, COLLECTIONS.repairs, repairDocId),
          { ...storedRepair(stored).repair, ...paidOf(repairDocId) },
        ]);
    }
    for (const link of data.trackingLinks) {
      const revoked = link.revoked === true;
      const record: Record<string, unknown> = {
        repairDocId: link.repairDocId,
        storeId: link.storeId,
        revoked,
      };
      const stored = storedRepair((await lookup.repair(link.repairDocId)) ?? {}).repair;
      // The view is the stored repair's customer-safe fields (kept when the link is revoked).
      record.view = storedViewOf(withoutUndefined({ ...stored, ...paidOf(link.repairDocId) }));
      writes.push([doc(this.db, SHOP_COLLECTIONS.tracking, link.token), record]);
    }
    return writes;
  }

  private async commit(writes: readonly Write[]): Promise<void> {
    for (let start = 0; start < writes.length; start += 500) {
      const batch = writeBatch(this.db);
      for (const [ref, value] of writes.slice(start, start + 500)) batch.set(ref, value);
      await batch.commit();
    }
  }

  /** Accounts in parallel, then every document in batches of 500 writes (the shop's records last). */
  async load(data: SeedData): Promise<void> {
    await Promise.all(data.accounts.map((account) => this.account(account)));
    const writes: [DocumentReference, Record<string, unknown>][] = [];
    const storesOf = new Map<string, string[]>();
    for (const { id, ownerId } of data.stores)
      if (ownerId !== '') storesOf.set(ownerId, [...(storesOf.get(ownerId) ?? []), id]);
    for (const { uid, record } of data.users) {
      const storeIds = storesOf.get(uid);
      writes.push([
        doc(this.db, COLLECTIONS.users, uid),
        storeIds === undefined
          ? { ...record }
          : {
              ...record,
              [BUSINESS_FIELDS.storeIds]: [...storeIds].sort(),
              [BUSINESS_FIELDS.businessKey]: businessKeyOf(record),
            },
      ]);
    }
    for (const { uid, ...rest } of data.publicProfiles)
      writes.push([doc(this.db, COLLECTIONS.publicProfiles, uid), rest]);
    for (const { id, ...rest } of data.stores) writes.push([doc(this.db, COLLECTIONS.stores, id), rest]);
    for (const repair of data.repairs) writes.push(...this.repairWrites(repair));
    for (const { id, ...rest } of data.supportIssues)
      writes.push([doc(this.db, COLLECTIONS.support, id), rest]);
    for (const { id, ...rest } of data.transactions)
      writes.push([doc(this.db, COLLECTIONS.rechargeTransactions, id), rest]);
    if (data.storeLinks !== null)
      writes.push([doc(this.db, COLLECTIONS.urls, STORE_LINKS_DOCUMENT), { ...data.storeLinks }]);
    await firestoreCall(async () => {
      await this.commit(writes);
      if (data.shop === undefined) return;
      const byId = <T extends { readonly id: string }>(items: readonly T[]) =>
        new Map(items.map(({ id, ...rest }) => [id, rest as Record<string, unknown>]));
      const repairs = byId(data.repairs);
      const stores = byId(data.stores);
      const profiles = new Map(data.publicProfiles.map(({ uid, ...rest }) => [uid, { ...rest }]));
      await this.commit(
        await this.shopWrites(data.shop, {
          repair: async (id) => repairs.get(id),
          store: async (id) => stores.get(id),
          profile: async (uid) => profiles.get(uid),
        }),
      );
    });
  }

  dispose(): Promise<void> {
    return deleteApp(this.app);
  }

  private ref(name: string, id: string | undefined): DocumentReference {
    return id === undefined ? doc(collection(this.db, name)) : doc(this.db, name, id);
  }
}
