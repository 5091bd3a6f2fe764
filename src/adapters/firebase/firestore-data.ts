import {
  type DocumentData,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
  Timestamp,
} from 'firebase/firestore';
import { getDocs } from './firestore-reads';
/** Collection names, as the mobile apps write them. */
export const COLLECTIONS = {
  users: 'users',
  publicProfiles: 'publicProfiles',
  stores: 'stores',
  repairLookup: 'repairLookup',
  repairs: 'repairs',
  support: 'support',
  rechargeTransactions: 'rechargeTransactions',
  urls: 'Urls',
} as const;

/**
 * The document id of a Repair ID in the existence-only index repairLookup/{key}/refs/{repairDocId}:
 * 'r-' and the id with '%' and '/' escaped, so that any Repair ID is one valid document id
 * (firestore.rules computes the same key, function lookupKey).
 */
export function repairLookupKey(repairId: string): string {
  return `r-${repairId.replace(/%/g, '%25').replace(/\//g, '%2F')}`;
}

/** The path of a repair's index entry. */
export function repairLookupRefPath(repairId: string, repairDocId: string): string {
  return `${COLLECTIONS.repairLookup}/${repairLookupKey(repairId)}/refs/${repairDocId}`;
}

/** Firestore's limit of values in one 'in' filter. */
export const IN_LIMIT = 30;

/** Firestore Timestamps (also inside lists and maps) become Dates; everything else is kept. */
export function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromFirestore(item)]));
  }
  return value;
}

/** A document's data with Timestamps as Dates, ready for a domain parser; undefined when missing. */
export function plainData(snapshot: DocumentSnapshot<DocumentData>): Record<string, unknown> | undefined {
  const data = snapshot.data();
  return data === undefined ? undefined : (fromFirestore(data) as Record<string, unknown>);
}

/** Splits `items` into chunks of at most `size`. */
export function chunks<T>(items: readonly T[], size = IN_LIMIT): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Runs several queries at once and returns every document once (by id). */
export async function getDistinctDocs(
  queries: readonly Query<DocumentData>[],
): Promise<Map<string, Record<string, unknown>>> {
  const snapshots: QuerySnapshot<DocumentData>[] = await Promise.all(queries.map((query) => getDocs(query)));
  const documents = new Map<string, Record<string, unknown>>();
  for (const snapshot of snapshots) {
    for (const document of snapshot.docs) {
      if (!documents.has(document.id)) documents.set(document.id, plainData(document) ?? {});
    }
  }
  return documents;
}
