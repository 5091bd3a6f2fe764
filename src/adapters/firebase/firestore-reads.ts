import {
  type AggregateField,
  type AggregateQuerySnapshot,
  type AggregateSpec,
  count,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot,
  getAggregateFromServer as sdkGetAggregateFromServer,
  getCountFromServer as sdkGetCountFromServer,
  getDoc as sdkGetDoc,
  getDocs as sdkGetDocs,
  type Transaction,
} from 'firebase/firestore';

/**
 * What Firestore bills for the reads of one Firestore instance, for benchmarks: a no-op unless
 * `meterReads` attached a meter to that instance. The repositories call these wrappers instead of the
 * SDK's functions (same signatures, same behaviour):
 *  - a get (also inside a transaction) bills 1 read, found or not;
 *  - a query bills 1 read per document returned, and 1 when it returns none;
 *  - a count() bills 1 read per 1,000 index entries counted, and at least 1;
 *  - an aggregation (count(), sum(), average() in one query) bills the same: 1 read per 1,000 index
 *    entries the query matches, and at least 1 (Firestore's pricing of aggregation queries).
 * Reads the security rules make (get()/exists() in firestore.rules) are billed too, but the client
 * cannot see them and they are not counted here.
 */
export interface FirestoreReadMeter {
  /** Billed reads so far. */
  reads: number;
  /** Documents returned by gets and queries. */
  documents: number;
  /** Aggregation queries (count(), sum(), average()) run. */
  aggregations: number;
}

export function emptyReadMeter(): FirestoreReadMeter {
  return { reads: 0, documents: 0, aggregations: 0 };
}

const meters = new WeakMap<Firestore, FirestoreReadMeter>();

/** Counts from now on what `db` is billed for, into `meter` (benchmarks). */
export function meterReads(db: Firestore, meter: FirestoreReadMeter): void {
  meters.set(db, meter);
}

function billDocuments(db: Firestore, returned: number): void {
  const meter = meters.get(db);
  if (meter === undefined) return;
  meter.documents += returned;
  meter.reads += Math.max(1, returned);
}

export async function getDoc<A, D extends DocumentData>(
  reference: DocumentReference<A, D>,
): Promise<DocumentSnapshot<A, D>> {
  const snapshot = await sdkGetDoc(reference);
  billDocuments(reference.firestore, snapshot.exists() ? 1 : 0);
  return snapshot;
}

export async function getDocs<A, D extends DocumentData>(query: Query<A, D>): Promise<QuerySnapshot<A, D>> {
  const snapshot = await sdkGetDocs(query);
  billDocuments(query.firestore, snapshot.size);
  return snapshot;
}

export async function getCountFromServer<A, D extends DocumentData>(
  query: Query<A, D>,
): Promise<AggregateQuerySnapshot<{ count: AggregateField<number> }, A, D>> {
  const snapshot = await sdkGetCountFromServer(query);
  billAggregation(query.firestore, snapshot.data().count);
  return snapshot;
}

function billAggregation(db: Firestore, matched: number): void {
  const meter = meters.get(db);
  if (meter === undefined) return;
  meter.aggregations += 1;
  meter.reads += Math.max(1, Math.ceil(matched / 1000));
}

/** The alias under which a metered aggregation counts what it matched, when its spec has no count(). */
const METERED_COUNT = 'meteredIndexEntries';

/**
 * `getAggregateFromServer(query, spec)`, billed as Firestore bills it: by the index entries the query
 * matches. The spec's own count() gives that number; a spec without one is sent, while a meter is
 * attached, with a count() beside it (same query, same bill; its answer carries one more field).
 */
export async function getAggregateFromServer<S extends AggregateSpec, A, D extends DocumentData>(
  query: Query<A, D>,
  spec: S,
): Promise<AggregateQuerySnapshot<S, A, D>> {
  const counted = Object.entries(spec).find(([, field]) => field.aggregateType === 'count')?.[0];
  if (!meters.has(query.firestore) || counted !== undefined) {
    const snapshot = await sdkGetAggregateFromServer(query, spec);
    if (counted !== undefined) billAggregation(query.firestore, Number(snapshot.data()[counted]) || 0);
    return snapshot;
  }
  const snapshot = await sdkGetAggregateFromServer(query, { ...spec, [METERED_COUNT]: count() });
  billAggregation(query.firestore, Number(snapshot.data()[METERED_COUNT]) || 0);
  return snapshot as unknown as AggregateQuerySnapshot<S, A, D>;
}

/** `transaction.get(reference)`, billed like a get. */
export async function transactionGet<A, D extends DocumentData>(
  transaction: Transaction,
  reference: DocumentReference<A, D>,
): Promise<DocumentSnapshot<A, D>> {
  const snapshot = await transaction.get(reference);
  billDocuments(reference.firestore, snapshot.exists() ? 1 : 0);
  return snapshot;
}
