import { generateDemoData, inMonth, STATUSES } from './demo-data';
import { integer, pick, seededRandom } from './random';
import type { SeedData } from './seeder';

export interface SyntheticSize {
  readonly businesses: number;
  readonly storesPerBusiness: number;
  readonly repairs: number;
  readonly customers: number;
  /**
   * The months repairs are spread over, as [latest, earliest] months back from `now` (0 is the current
   * month, up to now). Default [2, 13]: twelve months, leaving the last two to the demo data.
   */
  readonly monthsBack?: readonly [number, number];
}

/** Repairs per business over the fourteen months of a benchmark set (2 stores each: ~1.8 a store a month). */
export const REPAIRS_PER_BUSINESS = 50;
/** Repairs per customer account (customers come back; most never sign up on the web). */
export const REPAIRS_PER_CUSTOMER = 5;

/**
 * The benchmark set of `repairs` repairs: businesses and customers grow with the repairs (a business of
 * two stores books 50 repairs in 14 months, a customer account has 5), spread over the current month and
 * the 13 before it, so that the admin's first view (the current month) counts some.
 */
export function benchmarkSize(repairs: number): SyntheticSize {
  return {
    businesses: Math.max(1, Math.round(repairs / REPAIRS_PER_BUSINESS)),
    storesPerBusiness: 2,
    customers: Math.max(1, Math.round(repairs / REPAIRS_PER_CUSTOMER)),
    repairs,
    monthsBack: [0, 13],
  };
}

/**
 * A large data set for benchmarks: the demo data plus `businesses` extra businesses, `customers` extra
 * customers and `repairs` extra repairs spread over the months of `monthsBack`.
 */
export function generateSyntheticData(now: Date, size: SyntheticSize): SeedData {
  const base = generateDemoData(now);
  const random = seededRandom(7);
  const users = [...base.users];
  const stores = [...base.stores];
  const repairs = [...base.repairs];
  const storeIds: string[] = [];
  const [latest, earliest] = size.monthsBack ?? [2, 13];
  for (let b = 0; b < size.businesses; b += 1) {
    const uid = `bench-owner-${b}`;
    users.push({
      uid,
      record: {
        email: `owner${b}@bench.test`,
        role: 'business',
        name: `Owner ${b}`,
        businessName: `Bench Business ${b}`,
        phone: `9${String(b).padStart(9, '0')}`,
      },
    });
    for (let s = 0; s < size.storesPerBusiness; s += 1) {
      const id = `bench-store-${b}-${s}`;
      stores.push({ id, ownerId: uid });
      storeIds.push(id);
    }
  }
  for (let c = 0; c < size.customers; c += 1) {
    users.push({
      uid: `bench-customer-${c}`,
      record: {
        email: `customer${c}@bench.test`,
        role: 'user',
        name: `Customer ${c}`,
        mobile: `8${String(c).padStart(9, '0')}`,
      },
    });
  }
  for (let r = 0; r < size.repairs; r += 1) {
    const storeId = storeIds.length > 0 ? pick(random, storeIds) : 'store-sharma-1';
    repairs.push({
      id: `bench-repair-${r}`,
      repairId: `BR-${r}`,
      createdAt: inMonth(now, integer(random, latest, earliest), random()),
      storeId,
      customerMobile: `8${String(integer(random, 0, Math.max(0, size.customers - 1))).padStart(9, '0')}`,
      productName: 'Bench Phone',
      productType: 'Mobile',
      status: pick(random, STATUSES),
      estimatedCost: 500,
    });
  }
  return { ...base, users, stores, repairs };
}
