import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DUES_PAGE_SIZE } from '../../src/ports/shop-repairs';
import { expectPortError } from './expectations';
import { type Cast, type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { ownerCreates, seedShop } from './shop-fixtures';

/**
 * ShopRepairRepository.dues, the dues khata's query (ports/shop-repairs.ts): a store's repairs whose
 * stored `owing` is true, oldest first (createdAt, then document id), paged by an opaque cursor, for the
 * store's members only. The repairs are seeded with `owing` and `duePaise` as the shop's writes keep them.
 */

const OUTSIDERS: readonly CastKey[] = ['rival', 'customer', 'admin', 'distributor'];

const DAY = 24 * 3600 * 1000;
const START = Date.UTC(2026, 9, 1, 10, 0);

interface Seeded {
  readonly id: string;
  readonly storeId?: string;
  /** Names the store by the apps' `store` alone, with this businessId. */
  readonly byStoreFor?: string;
  readonly day: number;
  readonly owing: boolean;
  readonly status?: string;
  readonly duePaise?: number;
}

async function seedRepair(h: BackendHarness, repair: Seeded, n: number): Promise<void> {
  const due = repair.duePaise ?? (repair.owing ? 150_000 : 0);
  await h.seeder.repair({
    id: repair.id,
    repairId: `SMCB-${2000 + n}`,
    ...(repair.byStoreFor === undefined
      ? { storeId: repair.storeId ?? 'store-1' }
      : { store: repair.storeId ?? 'store-1', businessId: repair.byStoreFor }),
    customerName: `Customer ${n}`,
    customerNameLower: `customer ${n}`,
    customerMobile: `90000000${String(n).padStart(2, '0')}`,
    productName: 'Galaxy S21',
    productType: 'Mobile',
    problems: 'Screen broken',
    status: repair.status ?? (repair.owing ? 'ready' : 'received'),
    amount: 2000,
    estimatedCost: 2000,
    estimatePaise: 200_000,
    paidPaise: 200_000 - due,
    duePaise: due,
    owing: repair.owing,
    // An app's repair keeps its code on the repair (the owner reads it in `get`), never in the khata.
    deliveryCode: '4821',
    createdAt: new Date(START + repair.day * DAY),
    updatedAt: new Date(START + repair.day * DAY),
  });
}

export function shopDuesContract(makeHarness: HarnessFactory): void {
  describe('ShopRepairRepository.dues', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedShop(h);
      const repairs: Seeded[] = [
        { id: 'due-c', day: 3, owing: true, status: 'delivered' },
        { id: 'due-a', day: 1, owing: true },
        { id: 'paid-up', day: 0, owing: false, status: 'delivered' },
        { id: 'open', day: 2, owing: false, status: 'inprogress', duePaise: 80_000 },
        { id: 'due-b2', day: 2, owing: true },
        { id: 'due-b1', day: 2, owing: true, status: 'delivered' },
        { id: 'due-e', day: 5, owing: true },
        { id: 'due-d', day: 4, owing: true },
        { id: 'rival-due', storeId: 'store-2', day: 0, owing: true },
      ];
      for (const [n, repair] of repairs.entries()) await seedRepair(h, repair, n);
    });
    afterEach(async () => {
      await h.dispose();
    });

    const ALL_OWING = ['due-a', 'due-b1', 'due-b2', 'due-c', 'due-d', 'due-e'];

    it("lists only the store's owing repairs, oldest first (createdAt, then id), to the owner and staff", async () => {
      for (const key of ['owner', 'staff'] as CastKey[]) {
        await signInAs(h, key);
        const page = await h.ports.shopRepairs.dues('store-1', { limit: 50 });
        expect(page.items.map((repair) => repair.id)).toEqual(ALL_OWING);
        expect(page.next).toBeNull();
        expect(page.items[0]).toMatchObject({ storeId: 'store-1', status: 'ready', paidPaise: 50_000 });
        // No delivery code in the khata, not even the owner's.
        expect(page.items.every((repair) => repair.deliveryCode === '')).toBe(true);
      }
      await signInAs(h, 'rival');
      expect((await h.ports.shopRepairs.dues('store-2', { limit: 50 })).items.map((r) => r.id)).toEqual([
        'rival-due',
      ]);
    });

    it('pages with an opaque cursor, each repair once, in order', async () => {
      await signInAs(h, 'staff');
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof h.ports.shopRepairs.dues>> = await h.ports.shopRepairs.dues(
          'store-1',
          { limit: 4, cursor },
        );
        expect(page.items.length).toBeLessThanOrEqual(4);
        seen.push(...page.items.map((repair) => repair.id));
        cursor = page.next;
        pages += 1;
      } while (cursor !== null && pages < 10);
      expect(pages).toBe(2);
      expect(seen).toEqual(ALL_OWING);

      const first = await h.ports.shopRepairs.dues('store-1', { limit: 3 });
      expect(first.items.map((repair) => repair.id)).toEqual(ALL_OWING.slice(0, 3));
      const second = await h.ports.shopRepairs.dues('store-1', { limit: 3, cursor: first.next });
      expect(second.items.map((repair) => repair.id)).toEqual(ALL_OWING.slice(3));
      expect(second.next).toBeNull();
    });

    it('follows the stored owing flag: a repair paid up leaves the list, one delivered on credit joins it', async () => {
      await seedRepair(h, { id: 'due-a', day: 1, owing: false, status: 'delivered' }, 1);
      await seedRepair(h, { id: 'open', day: 2, owing: true, status: 'delivered', duePaise: 80_000 }, 3);
      await signInAs(h, 'owner');
      const page = await h.ports.shopRepairs.dues('store-1', { limit: MAX_DUES_PAGE_SIZE });
      expect(page.items.map((repair) => repair.id)).toEqual([
        'due-b1',
        'due-b2',
        'open',
        'due-c',
        'due-d',
        'due-e',
      ]);
    });

    it("lists an app's owing repair naming the store by `store` for its owner's business only", async () => {
      await seedRepair(h, { id: 'by-store-own', day: 6, owing: true, byStoreFor: cast.owner }, 9);
      await seedRepair(h, { id: 'by-store-rival', day: 0, owing: true, byStoreFor: cast.rival }, 10);
      await signInAs(h, 'staff');
      const page = await h.ports.shopRepairs.dues('store-1', { limit: 50 });
      expect(page.items.map((repair) => repair.id)).toEqual([...ALL_OWING, 'by-store-own']);
    });

    it("follows the shop's own writes: ready with money due joins, delivered on credit stays, paid in full leaves", async () => {
      const repair = await ownerCreates(h); // estimate ₹2,800, ₹500 advance
      await h.ports.shopRepairs.changeStatus(repair.id, { to: 'inprogress', expectedStatus: 'received' });
      const ids = async () =>
        (await h.ports.shopRepairs.dues('store-1', { limit: 50 })).items.map((r) => r.id);
      expect(await ids()).toEqual(ALL_OWING);
      await h.ports.shopRepairs.changeStatus(repair.id, { to: 'ready', expectedStatus: 'inprogress' });
      expect(await ids()).toEqual([...ALL_OWING, repair.id]);
      await signInAs(h, 'staff');
      await h.ports.shopRepairs.changeStatus(repair.id, {
        to: 'delivered',
        expectedStatus: 'ready',
        deliveryCode: '4821',
        creditNote: 'Pays on Friday',
      });
      const owed = (await h.ports.shopRepairs.dues('store-1', { limit: 50 })).items.find(
        (r) => r.id === repair.id,
      );
      expect(owed).toMatchObject({ status: 'delivered', duePaise: 230_000, owing: true });
      await h.ports.shopRepairs.recordPayment(repair.id, {
        id: 'pay-dues-1',
        kind: 'payment',
        amountPaise: 230_000,
        mode: 'upi',
        note: '',
      });
      expect(await ids()).toEqual(ALL_OWING);
    });

    it('refuses other owners, customers, the super admin and the signed out; a bad limit or cursor', async () => {
      for (const key of OUTSIDERS) {
        await signInAs(h, key);
        await expectPortError(h.ports.shopRepairs.dues('store-1', { limit: 5 }), 'permission-denied');
      }
      await signInAs(h, 'owner');
      await expectPortError(h.ports.shopRepairs.dues('store-nowhere', { limit: 5 }), 'permission-denied');
      await expectPortError(h.ports.shopRepairs.dues('store-1', { limit: 0 }), 'invalid-argument');
      await expectPortError(
        h.ports.shopRepairs.dues('store-1', { limit: MAX_DUES_PAGE_SIZE + 1 }),
        'invalid-argument',
      );
      await expectPortError(
        h.ports.shopRepairs.dues('store-1', { limit: 5, cursor: 'garbage' }),
        'invalid-argument',
      );
      await h.ports.auth.signOut();
      await expectPortError(h.ports.shopRepairs.dues('store-1', { limit: 5 }), 'unauthenticated');
    });
  });
}
