import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRepairId } from '../../src/domain/shop/repair-id';
import type { ShopRepair } from '../../src/domain/shop/repair-record';
import { type Cast, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { newRepair, seedShop } from './shop-fixtures';

/** One step of a counter day: a create in store 0 or 1, or the owner deleting one of its repairs. */
type Step =
  | { readonly kind: 'create'; readonly store: 0 | 1 }
  | { readonly kind: 'delete'; readonly pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), store: fc.constantFrom(0, 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);

/** Batches of steps; the steps of one batch run at once (Promise.all), the batches one after another. */
const counterDay = fc.array(fc.array(step, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 });

/**
 * Repair ID allocation as a property, on every backend: whatever mix of concurrent creates (in two
 * stores) and deletes a counter day brings, each store's Repair IDs are never handed out twice (a
 * deleted repair's number included), and the numbers a store has handed out are 1001, 1002, … with no
 * gap. Each run takes two fresh stores of the same backend.
 */
export function repairIdAllocationContract(makeHarness: HarnessFactory): void {
  describe('Repair ID allocation (property)', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('never gives two repairs of a store one Repair ID, under any interleaving of creates and deletes', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(counterDay, async (batches) => {
          run += 1;
          const stores = [`prop-${run}-a`, `prop-${run}-b`] as const;
          await h.seeder.store({ id: stores[0], ownerId: cast.owner, name: `Alpha Phones ${run}` });
          await h.seeder.store({ id: stores[1], ownerId: cast.owner, name: `Beta Mobiles ${run}` });
          await signInAs(h, 'owner');
          const handedOut: Record<string, string[]> = { [stores[0]]: [], [stores[1]]: [] };
          const live: ShopRepair[] = [];
          for (const batch of batches) {
            const deletions = new Set<string>();
            await Promise.all(
              batch.map(async (s) => {
                if (s.kind === 'create') {
                  const storeId = stores[s.store];
                  const repair = await h.ports.shopRepairs.create(storeId, newRepair());
                  handedOut[storeId]?.push(repair.repairId);
                  live.push(repair);
                  return;
                }
                const target = live[s.pick % Math.max(live.length, 1)];
                // One delete per repair per batch: a second at once would only race to 'not-found'.
                if (target === undefined || deletions.has(target.id)) return;
                deletions.add(target.id);
                await h.ports.shopRepairs.delete(target.id);
              }),
            );
            for (const id of deletions)
              live.splice(
                live.findIndex((r) => r.id === id),
                1,
              );
          }
          for (const storeId of stores) {
            const ids = handedOut[storeId] ?? [];
            expect(new Set(ids).size).toBe(ids.length);
            const numbers = ids.map((id) => parseRepairId(id)?.number ?? Number.NaN).sort((a, b) => a - b);
            expect(numbers).toEqual(numbers.map((_, i) => 1001 + i));
            expect(new Set(ids.map((id) => parseRepairId(id)?.prefix)).size).toBeLessThanOrEqual(1);
          }
        }),
        { numRuns: 8 },
      );
    }, 120_000);
  });
}
