import type { SeedData, SeedRepairRecord } from '../src/demo';
import { DEMO_PASSWORD } from '../src/demo/demo-data';
import { dueOf } from '../src/domain/shop/dues';
import { DUES_PAGE_SIZE } from '../src/domain/shop/dues-use-cases';
import { parseShopRepair } from '../src/domain/shop/repair-record';
import type { RawDocument } from './baseline';

/**
 * Scenario `shop-dues` (issue 17, "The dues khata"): one store holding the run's number of repairs, one
 * in a hundred owing (delivered, or ready, with money due: stored `owing` and `duePaise` as the shop's
 * writes keep them). Ours: the owner opens /shop/dues, the first page of the khata (DUES_PAGE_SIZE owing
 * repairs, oldest first, from the indexed `dues` query). The baseline: the read-everything way, all the
 * store's repairs read (counted as the documents a `storeId ==` query returns, on every backend) and the
 * owing ones picked and grouped in the client. Both must show the same repairs.
 */

export const DUES_STORE = 'bench-dues-store';
export const DUES_OWNER = { uid: 'bench-dues-owner', email: 'dues-owner@bench.test' } as const;
/** The largest run the scenario is measured at (the issue's 10k; the 100k runs leave it out). */
export const DUES_MAX_REPAIRS = 10_000;
/** One repair in OWING_EVERY owes. */
export const OWING_EVERY = 100;

const MINUTE = 60_000;

/** The store, its owner and `repairs` repairs (every OWING_EVERY-th owing), oldest `repairs` minutes ago. */
export function duesData(now: Date, repairs: number): SeedData {
  const records: SeedRepairRecord[] = [];
  for (let n = 0; n < repairs; n += 1) {
    const owing = n % OWING_EVERY === OWING_EVERY - 1;
    const status = owing
      ? n % 200 === 199
        ? 'ready'
        : 'delivered'
      : ['received', 'inprogress', 'delivered'][n % 3];
    const billPaise = 100_000 + (n % 50) * 1000;
    const paidPaise = owing ? (n % 3) * 10_000 : status === 'delivered' ? billPaise : 0;
    const createdAt = new Date(now.getTime() - (repairs - n) * MINUTE);
    records.push({
      id: `bench-dues-${n}`,
      repairId: `BD-${1001 + n}`,
      storeId: DUES_STORE,
      businessId: DUES_OWNER.uid,
      customerName: `Dues Customer ${n % 997}`,
      customerNameLower: `dues customer ${n % 997}`,
      customerMobile: `9${String(100_000_000 + (n % 997)).padStart(9, '0')}`,
      productName: 'Bench Phone',
      productType: 'Mobile',
      problems: 'Screen broken',
      status: status ?? 'received',
      estimatedCost: billPaise / 100,
      estimatePaise: billPaise,
      paidPaise,
      duePaise: Math.max(0, billPaise - paidPaise),
      owing,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return {
    accounts: [{ uid: DUES_OWNER.uid, email: DUES_OWNER.email, password: DEMO_PASSWORD }],
    users: [
      {
        uid: DUES_OWNER.uid,
        record: { email: DUES_OWNER.email, role: 'user', name: 'Dues Owner', businessName: 'Bench Dues' },
      },
    ],
    stores: [
      { id: DUES_STORE, ownerId: DUES_OWNER.uid, name: 'Bench Dues Store', upiId: 'benchdues@okaxis' },
    ],
    publicProfiles: [],
    repairs: records,
    supportIssues: [],
    transactions: [],
    storeLinks: null,
  };
}

/**
 * The baseline's khata from all the store's repairs: what is owed worked out from the amounts (not the
 * stored flag), oldest first, the first DUES_PAGE_SIZE repairs; their document ids.
 */
export function baselineDues(documents: readonly RawDocument[]): string[] {
  return documents
    .map((document) => parseShopRepair(document.id, document.data))
    .filter((repair) => (repair.status === 'ready' || repair.status === 'delivered') && dueOf(repair) > 0)
    .sort(
      (a, b) =>
        (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(0, DUES_PAGE_SIZE)
    .map((repair) => repair.id);
}
