import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  count,
  doc,
  type Firestore,
  query,
  setLogLevel,
  sum,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyReadMeter,
  getAggregateFromServer,
  meterReads,
} from '../../src/adapters/firebase/firestore-reads';
import { emulatorEndpoints } from './firebase-harness';
import { READS_PROJECT } from './projects';

/**
 * The read meter of the benchmarks (src/adapters/firebase/firestore-reads.ts) on an aggregation query,
 * as Firestore bills it: 1 read per 1,000 index entries the query matches, at least 1; the spec's own
 * count() gives the number, else the meter asks for one beside it.
 */
let env: RulesTestEnvironment;
let db: Firestore;

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: READS_PROJECT,
    firestore: {
      host,
      port: firestorePort,
      rules:
        "rules_version = '2'; service cloud.firestore { match /databases/{d}/documents { match /{p=**} { allow read, write: if true; } } }",
    },
  });
  db = env.unauthenticatedContext().firestore() as unknown as Firestore;
  // 1,200 documents: 1,001 of kind 'a' (₹1 each), 199 of kind 'b'.
  for (let start = 0; start < 1200; start += 400) {
    const batch = writeBatch(db);
    for (let n = start; n < start + 400; n += 1)
      batch.set(doc(db, 'metered', `d${n}`), { kind: n < 1001 ? 'a' : 'b', paise: 100 });
    await batch.commit();
  }
});

afterAll(async () => {
  await env?.cleanup();
});

describe('getAggregateFromServer, metered', () => {
  it('bills 1 read per 1,000 entries matched (at least 1), with or without a count() in the spec', async () => {
    const meter = emptyReadMeter();
    // The SDK's own instance behind the test environment's (the one queries name).
    meterReads(collection(db, 'metered').firestore, meter);
    const ofKind = (kind: string) => query(collection(db, 'metered'), where('kind', '==', kind));
    const a = await getAggregateFromServer(ofKind('a'), { paise: sum('paise') });
    expect(a.data().paise).toBe(100_100);
    expect(meter).toEqual({ reads: 2, documents: 0, aggregations: 1 });
    const b = await getAggregateFromServer(ofKind('b'), { paise: sum('paise'), entries: count() });
    expect(b.data()).toEqual({ paise: 19_900, entries: 199 });
    expect(meter).toEqual({ reads: 3, documents: 0, aggregations: 2 });
    const none = await getAggregateFromServer(ofKind('c'), { paise: sum('paise') });
    expect(none.data().paise).toBe(0);
    expect(meter).toEqual({ reads: 4, documents: 0, aggregations: 3 });
  });
});
