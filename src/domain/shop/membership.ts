import type { ShopMembership, StaffMember } from '../../ports/shop-membership';
import { asInstant } from '../shared/time';

/**
 * A stored staff record (storeMembers/{storeId}_{uid}) as the shop console reads it, whatever the
 * backend stored its time as (a Date, ISO text, a Firestore Timestamp); missing text reads as ''.
 */
export function parseStaffRecord(raw: Readonly<Record<string, unknown>>): StaffMember {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    storeId: text(raw.storeId),
    uid: text(raw.uid),
    email: text(raw.email),
    name: text(raw.name),
    addedAt: asInstant(raw.addedAt) ?? new Date(0),
    addedBy: text(raw.addedBy),
  };
}

/** The order of myStores(): by store name, then store id. */
export function byStoreName(a: ShopMembership, b: ShopMembership): number {
  return a.storeName.localeCompare(b.storeName) || a.storeId.localeCompare(b.storeId);
}
