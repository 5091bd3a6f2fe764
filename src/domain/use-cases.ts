import type { Ports } from '../ports';
import type { ShopMembership, StaffInvitation, StaffMember } from '../ports/shop-membership';
import type { ShopStatusChange } from '../ports/shop-repairs';
import { listBusinessPerformance, loadAdminTotals } from './admin/business-performance';
import type { AdminFilter } from './admin/report';
import { loadStoreLinks } from './config/store-links';
import { listMyRepairs, loadBusinessInfo, lookUpRepair } from './repairs/look-up-repair';
import type { Repair } from './repairs/repair';
import { loadDuesPage, loadDuesShop } from './shop/dues-use-cases';
import { issueAdvanceVouchers, issueInvoice, issueVoucher, loadInvoice } from './shop/invoice-use-cases';
import type { JobCardInput } from './shop/job-card';
import { type PaymentFormInput, recordRepairPayment } from './shop/payments-use-cases';
import { addRepairPhotos, openPhoto, removeRepairPhoto } from './shop/photos';
import type { EditedField } from './shop/refused-changes';
import type { ShopRepair } from './shop/repair-record';
import {
  type ExportRangeInput,
  exportPaymentsCsv,
  exportRepairsCsv,
  loadMonthReport,
} from './shop/report-use-cases';
import {
  type BoardFilter,
  changeRepairStatus,
  createRepair,
  customerMessage,
  deleteRepair,
  findEarlierCustomer,
  loadRepairDossier,
  myStores,
  pendingChanges,
  prepareOfflineJobCards,
  type RepairEditInput,
  resolveRefusedChange,
  type ShopContact,
  type ShownRepair,
  searchRepairs,
  storeBoard,
  updateRepair,
} from './shop/shop-use-cases';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  inviteStaff,
  loadStaffScreen,
  myInvitations,
  removeStaff,
} from './shop/staff-use-cases';
import type { StoreProfileInput } from './shop/store-profile';
import { saveStoreProfile, storeProfile } from './shop/store-profile-use-cases';
import type { StoreDetailsInput, StoreSettingsInput } from './shop/store-setup';
import {
  createStore,
  loadSettingsScreen,
  loadSetupScreen,
  saveStoreSettings,
} from './shop/store-setup-use-cases';
import type { RandomBytes } from './shop/tracking';
import { loadInvoiceByTrackingToken, resolveTracking } from './shop/tracking-reads';
import { revokeTracking, rotateTracking } from './shop/tracking-use-cases';
import type { NewSupportIssue, SupportIssuePatch } from './support/support-issue';
import { listSupportIssues, submitSupportIssue, updateSupportIssue } from './support/support-use-cases';
import {
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  verifyResetCode,
} from './users/authentication';
import { confirmPhoneCode, sendPhoneCode } from './users/phone-verification';
import { type SessionState, watchSession } from './users/session';
import { type SignUpInput, signUp } from './users/sign-up';
import type { UserProfile } from './users/user';
import {
  loadDistributors,
  loadDistributorWallet,
  loadRecentRecharges,
  type RechargeCommand,
  rechargeDistributor,
} from './wallet/wallet-use-cases';

export interface UseCaseSettings {
  /** Absolute URL of the app's /reset-password page, the return link of reset e-mails. */
  readonly resetPasswordUrl: string;
  /**
   * n cryptographically random bytes, for delivery codes and tracking tokens. The composition root
   * passes `crypto.getRandomValues`; tests a seeded source. The domain never calls crypto itself.
   */
  readonly random: RandomBytes;
}

/**
 * Every use case, bound to one backend's ports. This is what the UI calls; `viewer` is the signed-in
 * user's profile from the session, and each backend checks the same permissions again on its side.
 */
export function createUseCases(ports: Ports, settings: UseCaseSettings) {
  const shopPorts = { ...ports, random: settings.random };
  return {
    clock: ports.clock,
    /** Where the UI keeps the cause of a failure it shows a message for (never a bare `catch {}`). */
    log: ports.logger,
    session: {
      watch: (listener: (state: SessionState) => void) => watchSession(ports, listener),
    },
    accounts: {
      signIn: (email: string, password: string) => signIn(ports, email, password),
      signOut: () => signOut(ports),
      signUp: (input: SignUpInput) => signUp(ports, input),
      requestPasswordReset: (email: string) => requestPasswordReset(ports, email, settings.resetPasswordUrl),
      verifyResetCode: (oobCode: string | null | undefined) => verifyResetCode(ports, oobCode),
      resetPassword: (oobCode: string | null | undefined, password: string, confirmation: string) =>
        resetPassword(ports, oobCode, password, confirmation),
    },
    phone: {
      sendCode: (mobile: string) => sendPhoneCode(ports, mobile),
      confirmCode: (verificationId: string, code: string, profile: UserProfile | null) =>
        confirmPhoneCode(ports, verificationId, code, profile),
    },
    repairs: {
      lookUp: (viewer: UserProfile | null, repairId: string) => lookUpRepair(ports, viewer, repairId),
      /** The signed-in customer's own repairs, newest first. */
      mine: (viewer: UserProfile | null) => listMyRepairs(ports, viewer),
      businessInfo: (repair: Repair) => loadBusinessInfo(ports, repair),
    },
    support: {
      submit: (issue: NewSupportIssue) => submitSupportIssue(ports, issue),
      list: (viewer: UserProfile | null) => listSupportIssues(ports, viewer),
      update: (viewer: UserProfile | null, id: string, patch: SupportIssuePatch) =>
        updateSupportIssue(ports, viewer, id, patch),
    },
    wallet: {
      distributors: (viewer: UserProfile | null) => loadDistributors(ports, viewer),
      recentRecharges: (viewer: UserProfile | null) => loadRecentRecharges(ports, viewer),
      recharge: (viewer: UserProfile | null, command: RechargeCommand) =>
        rechargeDistributor(ports, viewer, command),
      distributorWallet: (viewer: UserProfile | null) => loadDistributorWallet(ports, viewer),
    },
    admin: {
      totals: (viewer: UserProfile | null) => loadAdminTotals(ports, viewer),
      businessPerformance: (viewer: UserProfile | null, filter: AdminFilter) =>
        listBusinessPerformance(ports, viewer, filter),
    },
    config: {
      storeLinks: () => loadStoreLinks(ports),
    },
    /** A repair's invoice and vouchers (issue 18, owner-console.md "Invoice"); members of its store. */
    invoices: {
      load: (repairDocId: string) => loadInvoice(ports, repairDocId),
      issue: (repairDocId: string, input: { readonly customerGstin: string }) =>
        issueInvoice(ports, repairDocId, input),
      issueVoucher: (repairDocId: string, paymentId: string) => issueVoucher(ports, repairDocId, paymentId),
      /** Every voucher the repair's payments still need (an advance's, a refund of it). */
      issueAdvanceVouchers: (repairDocId: string) => issueAdvanceVouchers(ports, repairDocId),
      /** The invoice a tracking link names, for anyone holding the link ('not-found' before one). */
      byTrackingToken: (token: string) => loadInvoiceByTrackingToken(ports, token),
    },
    /** The shop console's repair desk: the signed-in account acts; every backend checks membership. */
    shop: {
      myStores: () => myStores(ports),
      storeBoard: (storeId: string, filter?: BoardFilter) => storeBoard(ports, storeId, filter),
      /** A search of the given stores (the caller's), merged: each repair once, named with its store. */
      search: (stores: readonly Pick<ShopMembership, 'storeId' | 'storeName'>[], text: string) =>
        searchRepairs(ports, stores, text),
      /** The job card's earlier customer: the names the store's repairs give for a mobile, newest first. */
      earlierCustomer: (storeId: string, mobile: string) => findEarlierCustomer(ports, storeId, mobile),
      createRepair: (storeId: string, input: JobCardInput, now: Date = ports.clock.now()) =>
        createRepair(shopPorts, storeId, input, now),
      /** The outbox: this account's changes on this device not yet on the server; never fails. */
      pendingChanges: () => pendingChanges(ports),
      /** How many job cards this device can take offline in the store (null: no limit); never fails. */
      prepareOfflineJobCards: (storeId: string) => prepareOfflineJobCards(ports, storeId),
      repairDossier: (repairDocId: string) => loadRepairDossier(ports, repairDocId),
      changeStatus: (repairDocId: string, change: ShopStatusChange) =>
        changeRepairStatus(ports, repairDocId, change),
      updateRepair: (repairDocId: string, edit: RepairEditInput, shown?: ShownRepair) =>
        updateRepair(ports, repairDocId, edit, shown),
      /** 'Changed on another device': keep this device's value of `keepMine`, the saved one of the rest. */
      resolveRefusedChange: (repairDocId: string, changeId: string, keepMine: readonly EditedField[]) =>
        resolveRefusedChange(ports, repairDocId, changeId, keepMine),
      deleteRepair: (repairDocId: string) => deleteRepair(ports, repairDocId),
      /** 'Take Payment' (members) and 'Refund' (the owner): a new entry with the dialog's id. */
      recordPayment: (repairDocId: string, input: PaymentFormInput) =>
        recordRepairPayment(ports, repairDocId, input),
      /** Pure, but async like every method of a group the UI may call before the backend has loaded. */
      customerMessage: async (repair: ShopRepair, status: string, shop: ShopContact, origin: string) =>
        customerMessage(repair, status, shop, origin),
      /** The tracking page, signed out: the customer-safe view, or 'revoked' / 'not-found'. */
      resolveTracking: (token: string) => resolveTracking(ports, token),
      /** The owner's 'Staff' section, and the invited account's invitations. */
      staffScreen: (storeId: string) => loadStaffScreen(ports, storeId),
      inviteStaff: (storeId: string, email: string) => inviteStaff(ports, storeId, email),
      cancelInvitation: (storeId: string, email: string) => cancelInvitation(ports, storeId, email),
      removeStaff: (storeId: string, member: Pick<StaffMember, 'uid' | 'name' | 'email'>) =>
        removeStaff(ports, storeId, member),
      myInvitations: () => myInvitations(ports),
      acceptInvitation: (invitation: Pick<StaffInvitation, 'storeId' | 'storeName'>) =>
        acceptInvitation(ports, invitation),
      declineInvitation: (invitation: Pick<StaffInvitation, 'storeId' | 'storeName'>) =>
        declineInvitation(ports, invitation),
      revokeTracking: (repairDocId: string) => revokeTracking(ports, repairDocId),
      rotateTracking: (repairDocId: string) => rotateTracking(shopPorts, repairDocId),
      /** Photos of a repair: add (`current` = how many it has), remove one, open one for display. */
      addPhotos: <I extends Blob>(repairDocId: string, current: number, images: readonly I[]) =>
        addRepairPhotos(ports, repairDocId, current, images),
      removePhoto: (repairDocId: string, url: string) => removeRepairPhoto(ports, repairDocId, url),
      openPhoto: (url: string) => openPhoto(ports, url),
      /** The dues khata: the store and its contact, and its owing repairs a page at a time, oldest first. */
      duesShop: (storeId: string) => loadDuesShop(ports, storeId),
      duesPage: (storeId: string, cursor: string | null = null) => loadDuesPage(ports, storeId, cursor),
      /** 'Reports' (owners): a month's report ('YYYY-MM'), and 'Download CSV' as chunks, page by page. */
      monthReport: (storeId: string, month: string) => loadMonthReport(ports, storeId, month),
      exportRepairsCsv: async (storeId: string, range: ExportRangeInput) =>
        exportRepairsCsv(ports, storeId, range),
      exportPaymentsCsv: async (storeId: string, range: ExportRangeInput) =>
        exportPaymentsCsv(ports, storeId, range),
      /** The store's public profile (the tracking page's shop), for its owner's settings form. */
      storeProfile: (storeId: string) => storeProfile(ports, storeId),
      saveStoreProfile: (storeId: string, input: StoreProfileInput) =>
        saveStoreProfile(ports, storeId, input),
      /** 'Set Up Your Shop' and 'Add Store' (role: the signed-in account's), and the owner's 'Settings'. */
      setupScreen: (role: string | null | undefined) => loadSetupScreen(ports, role),
      createStore: (input: StoreDetailsInput, takenPrefixes: readonly string[]) =>
        createStore(ports, input, takenPrefixes),
      settingsScreen: (storeId: string) => loadSettingsScreen(ports, storeId),
      saveSettings: (storeId: string, input: StoreSettingsInput) => saveStoreSettings(ports, storeId, input),
    },
  };
}

export type UseCases = ReturnType<typeof createUseCases>;
