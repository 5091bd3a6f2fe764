import {
  type AggregateField,
  type AggregateQuerySnapshot,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot,
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
 *  - a count() bills 1 read per 1,000 index entries counted, and at least 1.
 * Reads the security rules make (get()/exists() in firestore.rules) are billed too, but the client
 * cannot see them and they are not counted here.
 */
export interface FirestoreReadMeter {
  /** Billed reads so far. */
  reads: number;
  /** Documents returned by gets and queries. */
  documents: number;
  /** count() queries run. */
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
  const meter = meters.get(query.firestore);
  if (meter !== undefined) {
    meter.aggregations += 1;
    meter.reads += Math.max(1, Math.ceil(snapshot.data().count / 1000));
  }
  return snapshot;
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
