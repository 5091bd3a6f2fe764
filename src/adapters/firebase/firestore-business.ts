import { businessNameOf, parseUserRecord } from '../../domain/users/user';

/**
 * The fields a users document carries once its account owns a store, so that the super admin finds
 * the business users with one query on users, in the table's order, without reading every store
 * (docs/firebase.md, "Business users"). firestore.rules keeps them true: a store is opened in one commit
 * with its owner's users document appending it to `storeIds` (and naming it `lastStoreId`), and every
 * write of a users document that lists stores keeps `businessKey` equal to businessKeyOf. The
 * backfill writes them for existing data; the emulator seeder keeps them as it writes.
 */
export const BUSINESS_FIELDS = {
  /** The ids of the stores the account owns, in the order it opened them. */
  storeIds: 'storeIds',
  /** The store the last opening created (the rules find it by this name). */
  lastStoreId: 'lastStoreId',
  /** businessKeyOf the document: present exactly when storeIds is not empty. */
  businessKey: 'businessKey',
} as const;

/**
 * What the table sorts and pages business users by: the business name, else the name, in lower case
 * (the domain's byBusinessName; firestore.rules, businessKeyOf, computes the same).
 */
export function businessKeyOf(record: Readonly<Record<string, unknown>>): string {
  return businessNameOf(parseUserRecord('', record)).toLowerCase();
}

/** The store ids a users document lists (text only). */
export function storeIdsOf(record: Readonly<Record<string, unknown>> | undefined): string[] {
  const ids = record?.[BUSINESS_FIELDS.storeIds];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string' && id !== '') : [];
}
