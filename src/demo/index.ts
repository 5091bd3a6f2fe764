/**
 * The demo and testing area: what the offline demo, the tests and the benchmarks need besides the
 * product's ports. Privileged seeding (Seeder), the outbox pages (what the demo "sent" instead of mail
 * and SMS), the presenter's controls, a clock that stands still, and the data sets (the demo's, and
 * synthetic ones for benchmarks). The composition root wires them for the demo and tests only; the
 * domain and the ports never import this folder.
 */
export { generateDemoData } from './demo-data';
export type { RechargeFaults } from './faults';
export { ManualClock } from './manual-clock';
export { type LogEntry, MemoryLogger } from './memory-logger';
export type { DemoControls, DemoMailbox, DemoSmsInbox, MailMessage, SmsMessage } from './outbox';
export type {
  SeedAccount,
  SeedData,
  Seeder,
  SeedPublicProfile,
  SeedRepairRecord,
  SeedStoreProfile,
  SeedStoreRecord,
  SeedSupportRecord,
  SeedTransactionRecord,
  SeedUserRecord,
} from './seeder';
