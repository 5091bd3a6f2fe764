import { phonesMatch } from '../shared/phone';
import { repairBelongsTo, storeRefOf } from '../shop/repair-store';
import { isStoreMember, type Store } from '../stores/store';
import { ROLES } from '../users/user';
import type { Repair } from './repair';

/**
 * Who asks to read a repair, as the backend itself knows them: the uid of the signed-in account, the
 * role of that account's own users document, and the mobile number the authentication provider
 * verified. Never what a client typed into its profile.
 */
export interface RepairReader {
  readonly uid: string;
  readonly role: string | null;
  /** E.164 (+919876543210), or null while the account has not proved a number. */
  readonly verifiedPhone: string | null;
}

/** What the read rule looks at: the store fields, the mobile number and who wrote it. */
export type ReadableRepair = Pick<Repair, 'storeId' | 'store' | 'businessId' | 'customerMobile'> & {
  /** Who last wrote customerMobile (the stored customerMobileBy): never the repair's customer. */
  readonly customerMobileBy?: string;
};

/**
 * The read rule for repairs, the same on every backend (firestore.rules: canReadRepair):
 *  - a super admin reads every repair;
 *  - the members of the store the repair belongs to read it: its owner, and its staff (`isStaff`: the
 *    backend found storeMembers/{storeId}_{uid}). A repair belongs to the store its storeId names; one
 *    naming a store only by the apps' `store` belongs to it only while its businessId is that store's
 *    owner (repairBelongsTo). A repair that names no store is read by its business, the owner whose
 *    uid is its businessId;
 *  - the customer whose verified mobile number matches customerMobile (after normalising) reads it,
 *    unless that account itself wrote the number (customerMobileBy): staff who type their own number
 *    into a repair do not become its customer.
 * `store` is the store the repair names, as the backend read it (null when it names none or it is gone).
 */
export function canReadRepair(
  reader: RepairReader | null,
  repair: ReadableRepair,
  store: Store | null,
  isStaff = false,
): boolean {
  if (reader === null || reader.uid === '') return false;
  if (reader.role === ROLES.superAdmin) return true;
  if (memberReads(reader, repair, store, isStaff)) return true;
  return isCustomerReader(reader, repair);
}

function memberReads(reader: RepairReader, repair: ReadableRepair, store: Store | null, isStaff: boolean) {
  const ref = storeRefOf(repair);
  if (ref === '') return repair.businessId !== '' && repair.businessId === reader.uid;
  return (
    store !== null &&
    store.id === ref &&
    repairBelongsTo(repair, store.id, store.ownerId) &&
    (isStaff || isStoreMember(store, reader.uid))
  );
}

/** The reader is the repair's customer: their verified number, and not written by themselves. */
function isCustomerReader(reader: RepairReader, repair: ReadableRepair): boolean {
  return (
    isCustomerOf(reader.verifiedPhone, repair) &&
    (repair.customerMobileBy === undefined || repair.customerMobileBy !== reader.uid)
  );
}

/**
 * Whether a reader who may read the repair (canReadRepair) reads its delivery code: a super admin, the
 * store's owner (or the business of a repair naming no store) and the repair's customer do; staff
 * never (a phone is handed over only with its customer's code, repairs/{id}/shop/delivery).
 */
export function canReadDeliveryCode(
  reader: RepairReader | null,
  repair: ReadableRepair,
  store: Store | null,
  isStaff = false,
): boolean {
  if (reader === null || reader.uid === '') return false;
  if (reader.role === ROLES.superAdmin) return true;
  if (isCustomerReader(reader, repair)) return true;
  const ref = storeRefOf(repair);
  if (ref === '') return repair.businessId !== '' && repair.businessId === reader.uid;
  return (
    store !== null &&
    store.id === ref &&
    store.ownerId === reader.uid &&
    repairBelongsTo(repair, store.id, store.ownerId) &&
    !(isStaff && store.ownerId !== reader.uid)
  );
}

/** Whether a verified mobile number (E.164) is the repair's customer's, after normalising both. */
export function isCustomerOf(verifiedPhone: string | null, repair: Pick<Repair, 'customerMobile'>): boolean {
  return verifiedPhone !== null && phonesMatch(verifiedPhone, repair.customerMobile);
}
