import {
  type PouchCollection as Collection,
  emptyStats,
  PouchCollection,
  type PouchConstructor,
  type PouchStats,
} from './pouchdb-collection';
import {
  type DesignDoc,
  INVITATIONS_DESIGN,
  LEDGER_DESIGN,
  REPAIRS_DESIGN,
  REPORT_PAYMENTS_DESIGN,
  REPORT_REPAIRS_DESIGN,
  SHOP_REPAIRS_DESIGN,
  STORE_MEMBERS_DESIGN,
  STORES_DESIGN,
  USERS_DESIGN,
} from './pouchdb-views';

/**
 * One PouchDB database per Firestore collection (as CouchDB apps usually do), plus the accounts and
 * the demo outbox (mail and SMS). Database names are `${prefix}-${collection}`.
 */
export const COLLECTIONS = [
  'users',
  'publicProfiles',
  'stores',
  'repairs',
  'support',
  'transactions',
  'config',
  'accounts',
  'mail',
  // The shop console (docs/pouchdb.md, "The shop console"): membership records, invitations, the per-store Repair
  // ID counters, the tracking links, and the shop-only part of repairs (unlock codes, payments).
  'storeMembers',
  'invitations',
  'repairCounters',
  'tracking',
  'shopPrivate',
  // The store's public profile (storeProfiles/{storeId}: name, phone, UPI ID; its owner writes it).
  'storeProfiles',
  // The delivery codes and their tries (`code:{repairDocId}`, `tries:{repairDocId}`): owners, the
  // repair's customer and super admins read them; staff never (repairs/{id}/shop/delivery, tries).
  'shopDelivery',
  // Photos of repairs: one document per photo, its image an attachment (pouchdb-shop-photos.ts).
  'photos',
  // Payments and refunds of repairs (repairs/{id}/payments/{paymentId}): one immutable document per
  // entry, `{repairDocId}:{paymentId}`, which replicates (pouchdb-shop-payments.ts).
  'payments',
  // Invoices and vouchers (repairs/{id}/invoices/{invoiceId}): `{repairDocId}:{invoiceId}`, fixed once
  // written; and each store's invoice series counters, `{storeId}_{series}` (pouchdb-shop-invoices.ts).
  'invoices',
  'invoiceCounters',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/**
 * What replicates to a sync server. The accounts (password hashes, phone codes, reset codes) and the
 * demo outbox never leave the device: each device signs its own people in, and authenticates to the
 * sync server with a device account of its own (docs/pouchdb.md, "Sync server"). The shop console's
 * databases do not replicate yet: the sync gateway must first learn who may read and write them
 * (docs/pouchdb.md, "The shop console").
 */
export const SYNCED_COLLECTIONS: readonly CollectionName[] = [
  'users',
  'publicProfiles',
  'stores',
  'repairs',
  'support',
  'transactions',
  'config',
  // Payments and refunds: one immutable document each, so entries taken offline on two devices for
  // one repair both arrive (the gateway checks them: sync-server/payment-entries.ts).
  'payments',
  // Invoices and their counters: the sync server gives the numbers (a syncing device issues through it,
  // online only: pouchdb-shop-invoices.ts), and its gateway checks both (sync-server/invoice-entries.ts).
  'invoices',
  'invoiceCounters',
];

const DESIGN_DOCS: readonly (readonly [CollectionName, DesignDoc])[] = [
  ['users', USERS_DESIGN],
  ['stores', STORES_DESIGN],
  ['repairs', REPAIRS_DESIGN],
  ['repairs', SHOP_REPAIRS_DESIGN],
  ['repairs', REPORT_REPAIRS_DESIGN],
  ['payments', REPORT_PAYMENTS_DESIGN],
  ['shopPrivate', REPORT_PAYMENTS_DESIGN],
  ['transactions', LEDGER_DESIGN],
  ['storeMembers', STORE_MEMBERS_DESIGN],
  ['invitations', INVITATIONS_DESIGN],
];

export class PouchDatabases {
  readonly stats: PouchStats = emptyStats();
  /** Counts wipes: update sequences start again after one. */
  generation = 0;
  private readonly collections: Record<CollectionName, PouchCollection>;

  constructor(
    readonly PouchDB: PouchConstructor,
    readonly prefix: string,
    readonly adapter: string | undefined,
  ) {
    this.collections = Object.fromEntries(
      COLLECTIONS.map((name) => [
        name,
        new PouchCollection(PouchDB, `${prefix}-${name}`, adapter, this.stats),
      ]),
    ) as Record<CollectionName, PouchCollection>;
  }

  collection(name: CollectionName): Collection {
    return this.collections[name];
  }

  get users(): Collection {
    return this.collections.users;
  }
  get publicProfiles(): Collection {
    return this.collections.publicProfiles;
  }
  get stores(): Collection {
    return this.collections.stores;
  }
  get repairs(): Collection {
    return this.collections.repairs;
  }
  get support(): Collection {
    return this.collections.support;
  }
  get transactions(): Collection {
    return this.collections.transactions;
  }
  get config(): Collection {
    return this.collections.config;
  }
  get accounts(): Collection {
    return this.collections.accounts;
  }
  get mail(): Collection {
    return this.collections.mail;
  }
  get storeMembers(): Collection {
    return this.collections.storeMembers;
  }
  get invitations(): Collection {
    return this.collections.invitations;
  }
  get repairCounters(): Collection {
    return this.collections.repairCounters;
  }
  get tracking(): Collection {
    return this.collections.tracking;
  }
  /** Never replicated to customers' devices: unlock codes and payments (docs/pouchdb.md). */
  get shopPrivate(): Collection {
    return this.collections.shopPrivate;
  }
  /** Payments and refunds, one document each (`{repairDocId}:{paymentId}`); replicates. */
  get payments(): Collection {
    return this.collections.payments;
  }
  /** storeProfiles/{storeId}: what the tracking page shows of the shop. */
  get storeProfiles(): Collection {
    return this.collections.storeProfiles;
  }
  /** Invoices and vouchers, one document each (`{repairDocId}:{invoiceId}`), never changed. */
  get invoices(): Collection {
    return this.collections.invoices;
  }
  /** Invoice series counters (`{storeId}_{series}`). */
  get invoiceCounters(): Collection {
    return this.collections.invoiceCounters;
  }
  /** Delivery codes and tries: never replicated to staff's devices. */
  get shopDelivery(): Collection {
    return this.collections.shopDelivery;
  }

  /** Creates or updates the design documents (the indexes). Idempotent. */
  async ensureDesignDocs(): Promise<void> {
    await Promise.all(
      DESIGN_DOCS.map(async ([name, design]) => {
        const collection = this.collections[name];
        const current = await collection.get(design._id);
        if (current !== null && JSON.stringify(current.views) === JSON.stringify(design.views)) return;
        const rev = await collection.put({
          _id: design._id,
          views: design.views,
          ...(current?._rev ? { _rev: current._rev } : {}),
        });
        // Lost a race with another opener writing the same definition: theirs is as good.
        if (rev === null) return;
      }),
    );
  }

  /** Builds every index now rather than on the first query (after a bulk load). */
  async warmIndexes(): Promise<void> {
    for (const [name, design] of DESIGN_DOCS) {
      const collection = this.collections[name];
      // PouchDB indexes each view separately, on its first query: touch each one.
      for (const view of Object.keys(design.views)) {
        await collection.query(`${design._id.slice('_design/'.length)}/${view}`, { limit: 0, reduce: false });
      }
    }
  }

  /** Deletes every database (data, accounts, session, mailbox) and reopens them empty. */
  async wipe(): Promise<void> {
    this.generation += 1;
    await Promise.all(COLLECTIONS.map((name) => this.collections[name].wipe()));
    await this.ensureDesignDocs();
  }

  async close(): Promise<void> {
    await Promise.all(COLLECTIONS.map((name) => this.collections[name].close()));
  }

  async destroy(): Promise<void> {
    await Promise.all(COLLECTIONS.map((name) => this.collections[name].destroy()));
  }

  resetStats(): void {
    Object.assign(this.stats, emptyStats());
  }
}
