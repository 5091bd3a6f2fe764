import type { AppConfigRepository } from './app-config-repository';
import type { AuthGateway } from './auth-gateway';
import type { Clock } from './clock';
import type { Logger } from './logger';
import type { RepairRepository } from './repair-repository';
import type { ShopInvoiceRepository } from './shop-invoices';
import type { ShopMembershipRepository } from './shop-membership';
import type { PhotoStore } from './shop-photos';
import type { ShopRepairRepository } from './shop-repairs';
import type { ShopReportRepository } from './shop-reports';
import type { TrackingLinkRepository } from './shop-tracking';
import type { StoreProfileRepository } from './store-profiles';
import type { StoreRepository } from './store-repository';
import type { SupportIssueRepository } from './support-issue-repository';
import type { UserRepository } from './user-repository';
import type { WalletLedger } from './wallet-ledger';

export type { AppConfigRepository } from './app-config-repository';
export type { AuthGateway, AuthUser, Unsubscribe } from './auth-gateway';
export type { Clock } from './clock';
export {
  AuthError,
  type AuthErrorCode,
  isAuthError,
  isPortError,
  PortError,
  type PortErrorCode,
} from './errors';
export type { Logger } from './logger';
export {
  type DateRange,
  MAX_REPAIRS_PER_ID,
  type RepairLookupResult,
  type RepairRepository,
} from './repair-repository';
export type { IssueInvoiceRequest, ShopInvoiceRepository } from './shop-invoices';
export type { ShopMembership, ShopMembershipRepository, StaffMember } from './shop-membership';
export type { PhotoStore, StoredPhoto } from './shop-photos';
export {
  MAX_SHOP_PAGE_SIZE,
  type NewShopRepair,
  type PageOfShopRepairs,
  type ShopPayment,
  type ShopRepairPatch,
  type ShopRepairQuery,
  type ShopRepairRepository,
  type ShopSearch,
  type ShopSearchField,
  type ShopStatusChange,
  type ShopStatusCounts,
} from './shop-repairs';
export type {
  ExportQuery,
  PageOfReportPayments,
  ReportPayment,
  ShopReportRepository,
} from './shop-reports';
export { MAX_EXPORT_PAGE_SIZE } from './shop-reports';
export type { TrackingLinkInfo, TrackingLinkRepository, TrackingResolution } from './shop-tracking';
export type { StoreProfileRepository } from './store-profiles';
export type { StoreRepository } from './store-repository';
export type { SupportIssueRepository } from './support-issue-repository';
export type { BusinessUser, BusinessUserQuery, Page, UserRepository } from './user-repository';
export type { WalletLedger } from './wallet-ledger';

/** Every port the domain needs, as one backend provides them. */
export interface Ports {
  readonly auth: AuthGateway;
  readonly users: UserRepository;
  readonly stores: StoreRepository;
  readonly repairs: RepairRepository;
  readonly support: SupportIssueRepository;
  readonly wallet: WalletLedger;
  readonly config: AppConfigRepository;
  /** The shop console: who works in which store. */
  readonly shopMembers: ShopMembershipRepository;
  /** The shop console: a store's repairs (the repair desk). */
  readonly shopRepairs: ShopRepairRepository;
  /** The shop console: tracking links, resolved without sign-in. */
  readonly tracking: TrackingLinkRepository;
  /** The shop console: photos of repairs (their URLs in the repair's imageUrls). */
  readonly photos: PhotoStore;
  /** The shop console: each store's public profile (what the tracking page shows of the shop). */
  readonly storeProfiles: StoreProfileRepository;
  /** The shop console: the owner's month at a glance and the payments export (issue 18). */
  readonly reports: ShopReportRepository;
  /** The shop console: a repair's invoice and its vouchers (issue 18). */
  readonly invoices: ShopInvoiceRepository;
  readonly clock: Clock;
  /** Keeps the causes of failures the use cases turn into messages. */
  readonly logger: Logger;
}
