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
import { STORE_LINKS_DOC } from '../pouchdb-app-config-repository';
import { accountDocId, phoneClaimDocId } from '../pouchdb-auth-gateway';
import { MAX_WRITE_ATTEMPTS, type NewDoc, type PouchCollection, storedRecord } from '../pouchdb-collection';
import type { CollectionName, PouchDatabases } from '../pouchdb-databases';
import { hashPassword, type PasswordHash, randomId } from '../pouchdb-password';
import { linkDocId, paymentDocId, unlockDocId } from '../pouchdb-shop-docs';
import { memberDocId } from '../pouchdb-shop-membership';
import type { UserDocs } from '../pouchdb-user-docs';

const CHUNK = 2000;

/**
 * Writes documents whatever is stored under their ids (privileged, like the Admin SDK's set()), in
 * bulk: one bulkDocs per chunk; only the documents that already existed (409) are looked up for their
 * current revision and written again. A fresh database (the demo's first visit) needs no look-up.
 */
export async function upsertAll(collection: PouchCollection, docs: readonly NewDoc[]): Promise<void> {
  for (let start = 0; start < docs.length; start += CHUNK) {
    let pending = docs.slice(start, start + CHUNK);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      const results = await collection.bulkDocs(pending);
      const retry = new Set(results.filter((result) => !result.ok && result.status === 409).map((r) => r.id));
      const failed = results.filter((result) => !result.ok && result.status !== 409);
      if (failed.length > 0 || (retry.size > 0 && attempt >= MAX_WRITE_ATTEMPTS))
        throw new Error(`Could not write ${failed.length || retry.size} documents to ${collection.name}`);
      if (retry.size === 0) break;
      const rows = await collection.allDocs({ keys: [...retry] });
      const revs = new Map<string, string>();
      for (const row of rows) if (row.value && !row.value.deleted) revs.set(row.id, row.value.rev);
      pending = pending
        .filter((doc) => retry.has(doc._id))
        .map((doc) => {
          const { _rev: _stale, ...fields } = doc;
          const rev = revs.get(doc._id);
          return rev === undefined ? { ...fields, _id: doc._id } : { ...fields, _id: doc._id, _rev: rev };
        });
    }
  }
}

const userDoc = (uid: string, record: SeedUserRecord, ledgerPaise: number): NewDoc => ({
  ...storedRecord(record),
  _id: uid,
  ...(ledgerPaise !== 0 ? { walletLedgerPaise: ledgerPaise } : {}),
});
const storeDoc = ({ id, ...data }: SeedStoreRecord): NewDoc => ({ ...storedRecord(data), _id: id });
const repairDoc = ({ id, ...data }: SeedRepairRecord): NewDoc => ({ ...storedRecord(data), _id: id });
const publicProfileDoc = ({ uid, ...fields }: SeedPublicProfile): NewDoc => ({
  ...storedRecord(fields),
  _id: uid,
});
const supportDoc = ({ id, ...data }: SeedSupportRecord): NewDoc => ({
  ...storedRecord(data),
  _id: id ?? `support-seed-${randomId(12)}`,
});
/** Seeded history is not counted into balances (no ledgerPaise): the seeded balances already are. */
const transactionDoc = ({ id, ...data }: SeedTransactionRecord): NewDoc => ({
  ...storedRecord(data),
  _id: id ?? `recharge-seed-${randomId(12)}`,
});
const storeLinksDoc = (links: { android?: string; ios?: string }): NewDoc => ({
  ...storedRecord(links),
  _id: STORE_LINKS_DOC,
});

/**
 * The documents of a data set in each shared collection, as this adapter stores them (accounts aside:
 * they never leave a device). `ledgerSums` tells which users' balances already include recharges this
 * adapter made. Used to seed a device and, as its administrator, a sync server.
 */
export function seedDocuments(
  data: SeedData,
  ledgerSums: ReadonlyMap<string, number> = new Map(),
): Partial<Record<CollectionName, NewDoc[]>> {
  return {
    publicProfiles: data.publicProfiles.map(publicProfileDoc),
    users: data.users.map(({ uid, record }) => userDoc(uid, record, ledgerSums.get(uid) ?? 0)),
    stores: data.stores.map(storeDoc),
    repairs: data.repairs.map(repairDoc),
    support: data.supportIssues.map(supportDoc),
    transactions: data.transactions.map(transactionDoc),
    config: data.storeLinks === null ? [] : [storeLinksDoc(data.storeLinks)],
  };
}

/**
 * The shop console's documents of a data set, in its device-only databases (storeMembers, tracking,
 * shopPrivate, repairCounters: not synced, see docs/pouchdb.md), with the ids its adapters use.
 */
export function shopDocuments(shop: SeedShopData): Partial<Record<CollectionName, NewDoc[]>> {
  return {
    storeMembers: shop.members.map((member) => ({
      ...storedRecord({ ...member, role: 'staff' }),
      _id: memberDocId(member.storeId, member.uid),
    })),
    invitations: (shop.invitations ?? []).map((invitation) => ({
      ...storedRecord({ ...invitation }),
      _id: invitationKey(invitation.storeId, invitation.email),
    })),
    tracking: shop.trackingLinks.map(({ token, repairDocId, storeId, revoked = false }) => ({
      _id: linkDocId(token),
      repairDocId,
      storeId,
      revoked,
    })),
    shopPrivate: [
      ...shop.shopOnly.map(({ repairDocId, storeId, unlockCode }) => ({
        _id: unlockDocId(repairDocId),
        storeId,
        unlockCode,
      })),
      ...shop.payments.map(({ repairDocId, storeId, seq, ...payment }) => ({
        ...storedRecord(payment),
        _id: paymentDocId(repairDocId, seq + 1),
        storeId,
        seq,
      })),
    ],
    repairCounters: shop.counters.map(({ storeId, prefix, last, lastRepairDocId = '' }) => ({
      _id: storeId,
      prefix,
      last,
      lastRepairDocId,
    })),
    storeProfiles: (shop.storeProfiles ?? []).map(({ storeId, ...profile }) => ({
      _id: storeId,
      ...profile,
      updatedAt: new Date().toISOString(),
    })),
  };
}

/** Privileged writes into a PouchDB backend (bypassing its rules), for the demo, tests and benchmarks. */
export class PouchSeeder implements Seeder {
  constructor(
    private readonly dbs: PouchDatabases,
    private readonly users: UserDocs,
    private readonly iterations: number,
  ) {}

  private accountDocs(account: SeedAccount & { uid: string }, password: PasswordHash): NewDoc[] {
    const phone = account.phoneNumber;
    return [
      {
        _id: accountDocId(account.email),
        uid: account.uid,
        email: account.email.trim(),
        password,
        emailVerified: account.emailVerified ?? true,
        ...(phone ? { phoneNumber: phone } : {}),
      },
      ...(phone ? [{ _id: phoneClaimDocId(phone), uid: account.uid, email: account.email.trim() }] : []),
    ];
  }

  async account(account: SeedAccount): Promise<string> {
    const uid = account.uid ?? randomId();
    const password = await hashPassword(account.password, this.iterations);
    await upsertAll(this.dbs.accounts, this.accountDocs({ ...account, uid }, password));
    return uid;
  }

  /**
   * Accounts of a data set. Each distinct password is hashed once and its hash shared (marked
   * sharedSalt, so that the account's first sign-in hashes it again with a salt of its own): the demo's
   * 28 accounts share one published password, and 28 PBKDF2 runs at 600,000 iterations would hold
   * up the demo's first visit for seconds.
   */
  private async accountsOf(accounts: SeedData['accounts']): Promise<NewDoc[]> {
    const hashes = new Map<string, Promise<PasswordHash>>();
    const hashOf = (password: string) => {
      let hash = hashes.get(password);
      if (hash === undefined) {
        hash = hashPassword(password, this.iterations);
        hashes.set(password, hash);
      }
      return hash;
    };
    const shared = (password: string) => accounts.filter((a) => a.password === password).length > 1;
    const docs = await Promise.all(
      accounts.map(async (account) => {
        const hash = await hashOf(account.password);
        return this.accountDocs(account, shared(account.password) ? { ...hash, sharedSalt: true } : hash);
      }),
    );
    return docs.flat();
  }

  async publicProfile(record: SeedPublicProfile): Promise<void> {
    await upsertAll(this.dbs.publicProfiles, [publicProfileDoc(record)]);
  }

  /**
   * A users document as given. Its balance is taken as it stands: if the ledger already holds
   * recharges of this user made by the adapter, the document is marked as including them.
   */
  async user(uid: string, record: SeedUserRecord): Promise<void> {
    const ledgerPaise = await this.users.ledgerSum(uid);
    await upsertAll(this.dbs.users, [userDoc(uid, record, ledgerPaise)]);
  }

  async store(record: SeedStoreRecord): Promise<void> {
    await upsertAll(this.dbs.stores, [storeDoc(record)]);
  }

  async repair(record: SeedRepairRecord): Promise<void> {
    await upsertAll(this.dbs.repairs, [repairDoc(record)]);
  }

  async supportIssue(record: SeedSupportRecord): Promise<string> {
    const doc = supportDoc(record);
    await upsertAll(this.dbs.support, [doc]);
    return doc._id;
  }

  async rechargeTransaction(record: SeedTransactionRecord): Promise<string> {
    const doc = transactionDoc(record);
    await upsertAll(this.dbs.transactions, [doc]);
    return doc._id;
  }

  async storeLinks(links: { android?: string; ios?: string }): Promise<void> {
    await upsertAll(this.dbs.config, [storeLinksDoc(links)]);
  }

  async shop(data: SeedShopData): Promise<void> {
    for (const [name, docs] of Object.entries(shopDocuments(data)))
      await upsertAll(this.dbs.collection(name as CollectionName), docs);
  }

  async load(data: SeedData): Promise<void> {
    const accounts = await this.accountsOf(data.accounts);
    const documents = seedDocuments(data, await this.users.ledgerSums());
    await Promise.all([
      upsertAll(this.dbs.accounts, accounts),
      ...(data.shop === undefined ? [] : [this.shop(data.shop)]),
      ...Object.entries(documents).map(([name, docs]) =>
        upsertAll(this.dbs.collection(name as CollectionName), docs),
      ),
    ]);
  }
}
