import type { DemoMailbox, DemoSmsInbox } from '../../demo/outbox';
import type { Seeder } from '../../demo/seeder';
import type { Ports } from '../../ports';
import type { Clock } from '../../ports/clock';
import type { Logger } from '../../ports/logger';
import type { ShopInvoiceRepository } from '../../ports/shop-invoices';
import { ConsoleLogger } from '../console-logger';
import { SystemClock } from '../system-clock';
import { MemoryDemoMailbox, MemoryDemoSmsInbox } from './demo/memory-outbox';
import { MemorySeeder } from './demo/memory-seeder';
import { MemoryAppConfigRepository } from './memory-app-config-repository';
import { MemoryAuthGateway } from './memory-auth-gateway';
import { MemoryDatabase } from './memory-database';
import { MemoryRepairRepository } from './memory-repair-repository';
import { MemoryShopInvoiceRepository } from './memory-shop-invoices';
import { MemoryShopMembershipRepository } from './memory-shop-membership';
import { MemoryPhotoStore } from './memory-shop-photos';
import { MemoryShopRepairRepository } from './memory-shop-repairs';
import { MemoryShopReportRepository } from './memory-shop-reports';
import { MemoryTrackingLinkRepository } from './memory-shop-tracking';
import { MemoryStoreProfileRepository } from './memory-store-profiles';
import { MemoryStoreRepository } from './memory-store-repository';
import { MemorySupportIssueRepository } from './memory-support-issue-repository';
import { MemoryUserRepository } from './memory-user-repository';
import { MemoryWalletLedger } from './memory-wallet-ledger';

export interface MemoryBackend {
  readonly db: MemoryDatabase;
  readonly ports: Ports;
  /** Invoices and vouchers (issue 18): `ports.invoices` itself, named here for the contract harness. */
  readonly invoices: ShopInvoiceRepository;
  readonly seeder: Seeder;
  readonly mailbox: DemoMailbox;
  readonly sms: DemoSmsInbox;
}

/** Every port on one shared in-memory database. */
export function createMemoryBackend(
  options: { clock?: Clock; productName?: string; logger?: Logger } = {},
): MemoryBackend {
  const db = new MemoryDatabase();
  const clock = options.clock ?? new SystemClock();
  const invoices = new MemoryShopInvoiceRepository(db, clock);
  return {
    db,
    ports: {
      auth: new MemoryAuthGateway(db, clock, options.productName),
      users: new MemoryUserRepository(db),
      stores: new MemoryStoreRepository(db),
      repairs: new MemoryRepairRepository(db),
      support: new MemorySupportIssueRepository(db, clock),
      wallet: new MemoryWalletLedger(db, clock),
      config: new MemoryAppConfigRepository(db),
      shopMembers: new MemoryShopMembershipRepository(db, clock),
      shopRepairs: new MemoryShopRepairRepository(db, clock),
      tracking: new MemoryTrackingLinkRepository(db, clock),
      photos: new MemoryPhotoStore(db, clock),
      storeProfiles: new MemoryStoreProfileRepository(db, clock),
      reports: new MemoryShopReportRepository(db),
      invoices,
      clock,
      logger: options.logger ?? new ConsoleLogger(),
    },
    invoices,
    seeder: new MemorySeeder(db),
    mailbox: new MemoryDemoMailbox(db),
    sms: new MemoryDemoSmsInbox(db),
  };
}
