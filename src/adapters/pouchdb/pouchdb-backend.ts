import type { RechargeFaults } from '../../demo/faults';
import type { DemoControls, DemoMailbox, DemoSmsInbox } from '../../demo/outbox';
import type { SeedData, Seeder } from '../../demo/seeder';
import type { Ports } from '../../ports';
import type { Clock } from '../../ports/clock';
import type { Logger } from '../../ports/logger';
import { ConsoleLogger } from '../console-logger';
import { SystemClock } from '../system-clock';
import { PouchDemoMailbox, PouchDemoSmsInbox } from './demo/pouchdb-outbox';
import { PouchSeeder } from './demo/pouchdb-seeder';
import { PouchAppConfigRepository } from './pouchdb-app-config-repository';
import { PouchAuthGateway } from './pouchdb-auth-gateway';
import type { PouchConstructor, PouchStats } from './pouchdb-collection';
import { PouchDatabases } from './pouchdb-databases';
import { PouchOutbox } from './pouchdb-outbox';
import { checkIterations, DEFAULT_PBKDF2_ITERATIONS } from './pouchdb-password';
import { withRegisteredViews } from './pouchdb-registered-views';
import { settleEditConflict } from './pouchdb-repair-conflicts';
import { PouchRepairRepository } from './pouchdb-repair-repository';
import { PouchShopInvoiceRepository } from './pouchdb-shop-invoices';
import { PouchShopMembershipRepository } from './pouchdb-shop-membership';
import { settleRepairConflict } from './pouchdb-shop-payments';
import { PouchPhotoStore } from './pouchdb-shop-photos';
import { PouchShopRepairRepository } from './pouchdb-shop-repairs';
import { PouchShopReportRepository } from './pouchdb-shop-reports';
import { PouchTrackingLinkRepository } from './pouchdb-shop-tracking';
import { PouchStoreProfileRepository } from './pouchdb-store-profiles';
import { PouchStoreRepository } from './pouchdb-store-repository';
import { PouchSupportIssueRepository } from './pouchdb-support-issue-repository';
import { PouchSync } from './pouchdb-sync';
import { UserDocs } from './pouchdb-user-docs';
import { PouchUserRepository } from './pouchdb-user-repository';
import { PouchWalletLedger, resolveLedgerConflict } from './pouchdb-wallet-ledger';

export interface PouchBackendOptions {
  /** pouchdb-browser in the browser; in Node, the `pouchdb` package (see pouchdb-node.ts). */
  readonly PouchDB: PouchConstructor;
  /** Database names are `${prefix}-${collection}` (for LevelDB, a path prefix). */
  readonly prefix: string;
  /** PouchDB adapter name ('idb', 'memory', 'leveldb'); the constructor's default when absent. */
  readonly adapter?: string;
  readonly clock?: Clock;
  /** Where the causes of failures go; the console when absent. */
  readonly logger?: Logger;
  /** Shown in reset e-mails. */
  readonly productName?: string;
  /** PBKDF2 iterations for new password hashes (high in the browser, low in tests). */
  readonly pbkdf2Iterations?: number;
  /** A CouchDB-compatible server to sync with, live and both ways. */
  readonly syncUrl?: string;
  /** Remote database names are `${syncPrefix}-${collection}`; defaults to `prefix`. */
  readonly syncPrefix?: string;
  /** The demo data set, for DemoControls (the composition root passes generateDemoData). */
  readonly demoData?: (now: Date) => SeedData;
  /** Tests only: crash points of a recharge. */
  readonly faults?: RechargeFaults;
}

/** The presenter controls of the offline demo, plus what the composition root needs at start-up. */
export interface PouchDemoControls extends DemoControls {
  /** Loads the demo data unless this browser profile already has it; true when it loaded it now. */
  seedDemoOnce(): Promise<boolean>;
  isSeeded(): Promise<boolean>;
}

export interface PouchBackend {
  readonly ports: Ports;
  readonly seeder: Seeder;
  readonly mailbox: DemoMailbox;
  readonly sms: DemoSmsInbox;
  readonly controls: PouchDemoControls;
  readonly databases: PouchDatabases;
  /** Documents and index rows read so far (tests, benchmarks). */
  readonly stats: PouchStats;
  /** Live sync, when a sync URL is configured (started already). */
  readonly sync: PouchSync | null;
  /** Finishes every pending recharge now (they are otherwise finished on read). */
  settlePending(): Promise<void>;
  /** Stops syncing and closes the databases; the data stays. */
  close(): Promise<void>;
  /** Stops syncing and deletes every database. */
  destroy(): Promise<void>;
}

const EMPTY_DATA_SET: SeedData = {
  accounts: [],
  users: [],
  publicProfiles: [],
  stores: [],
  repairs: [],
  supportIssues: [],
  transactions: [],
  storeLinks: null,
};

/** A `_local/` marker: this profile has the demo data (never replicated, wiped with the data). */
const SEED_MARKER = 'demo-seed';

/**
 * Every port on PouchDB. Environment-agnostic: the caller passes the PouchDB constructor (and adapter),
 * so the browser runs on IndexedDB and Node on the memory adapter or LevelDB.
 */
export async function createPouchBackend(options: PouchBackendOptions): Promise<PouchBackend> {
  const clock = options.clock ?? new SystemClock();
  const iterations = checkIterations(options.pbkdf2Iterations ?? DEFAULT_PBKDF2_ITERATIONS);
  const PouchDB = withRegisteredViews(options.PouchDB);
  const dbs = new PouchDatabases(PouchDB, options.prefix, options.adapter);
  await dbs.ensureDesignDocs();

  const auth = new PouchAuthGateway(dbs, clock, iterations, options.productName);
  await auth.restore();
  const userDocs = new UserDocs(dbs);
  const support = new PouchSupportIssueRepository(dbs, auth, userDocs, clock);
  const sync =
    options.syncUrl === undefined
      ? null
      : new PouchSync(
          dbs,
          PouchDB,
          { url: options.syncUrl, remotePrefix: options.syncPrefix ?? options.prefix },
          {
            settleUser: (uid) => userDocs.settle(uid),
            resolveSupport: (id) => support.resolve(id),
            resolveLedger: (id) => resolveLedgerConflict(dbs, id),
            resolveRepair: async (id, serverRevision) => {
              const doc = await settleRepairConflict(dbs, id);
              if (doc === null || (doc._conflicts?.length ?? 0) === 0) return;
              const saved = await serverRevision();
              if (saved !== null) await settleEditConflict(dbs, id, saved, clock.now());
            },
          },
        );

  const ports: Ports = {
    auth,
    users: new PouchUserRepository(dbs, auth, userDocs),
    stores: new PouchStoreRepository(dbs, auth, userDocs),
    repairs: new PouchRepairRepository(dbs, auth, userDocs),
    support,
    wallet: new PouchWalletLedger(dbs, auth, userDocs, clock, options.faults),
    config: new PouchAppConfigRepository(dbs),
    shopMembers: new PouchShopMembershipRepository(dbs, auth, userDocs, clock),
    shopRepairs: new PouchShopRepairRepository(
      dbs,
      auth,
      userDocs,
      clock,
      sync === null
        ? undefined
        : {
            settleConflicts: (id) => sync.settleRepair(id),
            outbox: new PouchOutbox(dbs, (revisions) => sync.serverLacks('repairs', revisions)),
          },
    ),
    tracking: new PouchTrackingLinkRepository(dbs, auth, userDocs, clock),
    photos: new PouchPhotoStore(dbs, auth, userDocs, clock),
    storeProfiles: new PouchStoreProfileRepository(dbs, auth, clock),
    reports: new PouchShopReportRepository(dbs, auth),
    // A syncing device issues through the sync server, which gives the numbers (online only).
    invoices: new PouchShopInvoiceRepository(dbs, auth, userDocs, clock, sync?.invoiceAuthority() ?? null),
    clock,
    logger: options.logger ?? new ConsoleLogger(),
  };
  const seeder = new PouchSeeder(dbs, userDocs, iterations);

  const isSeeded = async () => (await dbs.config.getLocal(SEED_MARKER)) !== null;
  const loadDemo = async () => {
    if (!options.demoData) return false;
    const data = options.demoData(clock.now());
    // A syncing device gets the shared data from the sync server (its administrator loaded the data
    // set there); only the accounts, which never leave a device, are made here.
    await seeder.load(sync === null ? data : { ...EMPTY_DATA_SET, accounts: data.accounts });
    await dbs.config.setLocal(SEED_MARKER, { seededAt: clock.now().toISOString() });
    return true;
  };

  const controls: PouchDemoControls = {
    isSeeded,
    // Loading is an upsert of fixed ids, so a load cut short by a reload is simply redone.
    seedDemoOnce: async () => ((await isSeeded()) ? false : loadDemo()),
    reset: async () => {
      await sync?.stop();
      await auth.signOut();
      await dbs.wipe();
      await loadDemo();
      sync?.start();
    },
  };

  sync?.start();

  return {
    ports,
    seeder,
    mailbox: new PouchDemoMailbox(dbs),
    sms: new PouchDemoSmsInbox(dbs),
    controls,
    databases: dbs,
    stats: dbs.stats,
    sync,
    settlePending: () => userDocs.settlePending(),
    close: async () => {
      await sync?.stop();
      await dbs.close();
    },
    destroy: async () => {
      await sync?.stop();
      await dbs.destroy();
    },
  };
}
