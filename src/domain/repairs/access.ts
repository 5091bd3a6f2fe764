import { phonesMatch } from '../shared/phone';
import { isStoreMember, type Store } from '../stores/store';
import { ROLES } from '../users/user';
import { type Repair, storeRefOf } from './repair';

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

/**
 * The read rule for repairs, the same on every backend (firestore.rules: canReadRepair):
 *  - a super admin reads every repair;
 *  - the members of the store the repair names (storeId, else the legacy `store`) read it: its owner,
 *    and its staff (`isStaff`: the backend found storeMembers/{storeId}_{uid}); a repair that names no
 *    store is read by its business, the owner whose uid is its businessId;
 *  - the customer whose verified mobile number matches customerMobile (after normalising) reads it.
 * `store` is the store the repair names, as the backend read it (null when it names none or it is gone).
 */
export function canReadRepair(
  reader: RepairReader | null,
  repair: Pick<Repair, 'storeId' | 'store' | 'businessId' | 'customerMobile'>,
  store: Store | null,
  isStaff = false,
): boolean {
  if (reader === null || reader.uid === '') return false;
  if (reader.role === ROLES.superAdmin) return true;
  const ref = storeRefOf(repair);
  if (ref !== '') {
    if (store !== null && store.id === ref && (isStaff || isStoreMember(store, reader.uid))) return true;
  } else if (repair.businessId !== '' && repair.businessId === reader.uid) {
    return true;
  }
  return isCustomerOf(reader.verifiedPhone, repair);
}

/** Whether a verified mobile number (E.164) is the repair's customer's, after normalising both. */
export function isCustomerOf(verifiedPhone: string | null, repair: Pick<Repair, 'customerMobile'>): boolean {
  return verifiedPhone !== null && phonesMatch(verifiedPhone, repair.customerMobile);
}
