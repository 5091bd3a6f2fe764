import { generateDemoData, inMonth, STATUSES } from './demo-data';
import { integer, pick, seededRandom } from './random';
import type { SeedData } from './seeder';

export interface SyntheticSize {
  readonly businesses: number;
  readonly storesPerBusiness: number;
  readonly repairs: number;
  readonly customers: number;
}

/**
 * A large data set for benchmarks: the demo data plus `businesses` extra businesses, `customers` extra
 * customers and `repairs` extra repairs spread over 14 months.
 */
export function generateSyntheticData(now: Date, size: SyntheticSize): SeedData {
  const base = generateDemoData(now);
  const random = seededRandom(7);
  const users = [...base.users];
  const stores = [...base.stores];
  const repairs = [...base.repairs];
  const storeIds: string[] = [];
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
      createdAt: inMonth(now, integer(random, 2, 13), random()),
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
