import { phonesMatch } from '../shared/phone';
import { isSuperAdmin, mobileOf, type UserProfile } from '../users/user';
import type { Repair } from './repair';

/**
 * Who may see a repair: a super admin; the customer whose mobile matches the repair's customerMobile;
 * the owner of the repair's business (businessId) or of its store (`storeOwnerId`, looked up by the
 * caller from the repair's store reference).
 */
export function canViewRepair(
  viewer: UserProfile | null,
  repair: Pick<Repair, 'customerMobile' | 'businessId'>,
  storeOwnerId: string | null,
): boolean {
  if (viewer === null) return false;
  if (isSuperAdmin(viewer)) return true;
  if (phonesMatch(mobileOf(viewer), repair.customerMobile)) return true;
  if (repair.businessId !== '' && repair.businessId === viewer.uid) return true;
  return storeOwnerId !== null && storeOwnerId !== '' && storeOwnerId === viewer.uid;
}
