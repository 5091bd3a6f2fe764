import type { ServiceIdentifier } from 'inversify';
import type { DemoControls, DemoMailbox, DemoSmsInbox, Seeder } from '../demo';
import type { UseCases } from '../domain/use-cases';
import type {
  AppConfigRepository,
  AuthGateway,
  Clock,
  Logger,
  PhotoStore,
  RepairRepository,
  ShopMembershipRepository,
  ShopRepairRepository,
  StoreProfileRepository,
  StoreRepository,
  SupportIssueRepository,
  TrackingLinkRepository,
  UserRepository,
  WalletLedger,
} from '../ports';
import type { AppConfig } from './config';

const token = <T>(name: string) => Symbol.for(`RepairMate.${name}`) as ServiceIdentifier<T>;

/** The DI tokens: one per port (the logger too), plus the bound use cases, the demo extras and the configuration. */
export const TOKENS = {
  AppConfig: token<AppConfig>('AppConfig'),
  Clock: token<Clock>('Clock'),
  Logger: token<Logger>('Logger'),
  AuthGateway: token<AuthGateway>('AuthGateway'),
  UserRepository: token<UserRepository>('UserRepository'),
  StoreRepository: token<StoreRepository>('StoreRepository'),
  RepairRepository: token<RepairRepository>('RepairRepository'),
  SupportIssueRepository: token<SupportIssueRepository>('SupportIssueRepository'),
  WalletLedger: token<WalletLedger>('WalletLedger'),
  AppConfigRepository: token<AppConfigRepository>('AppConfigRepository'),
  ShopMembershipRepository: token<ShopMembershipRepository>('ShopMembershipRepository'),
  ShopRepairRepository: token<ShopRepairRepository>('ShopRepairRepository'),
  TrackingLinkRepository: token<TrackingLinkRepository>('TrackingLinkRepository'),
  PhotoStore: token<PhotoStore>('PhotoStore'),
  StoreProfileRepository: token<StoreProfileRepository>('StoreProfileRepository'),
  Seeder: token<Seeder>('Seeder'),
  DemoMailbox: token<DemoMailbox>('DemoMailbox'),
  DemoSmsInbox: token<DemoSmsInbox>('DemoSmsInbox'),
  DemoControls: token<DemoControls>('DemoControls'),
  UseCases: token<UseCases>('UseCases'),
} as const;
