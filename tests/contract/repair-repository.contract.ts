import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectPortError } from './expectations';
import { seedCast, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';

const NOV = { from: new Date(2026, 10, 1), to: new Date(2026, 11, 1) };

export function repairRepositoryContract(makeHarness: HarnessFactory): void {
  describe('RepairRepository', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
      await seedCast(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    describe('findByRepairId', () => {
      it('finds repairs by their exact Repair ID', async () => {
        await h.seeder.repair({
          id: 'r1',
          repairId: 'RPR-1',
          customerMobile: '9876543210',
          productName: 'Galaxy S21',
        });
        await h.seeder.repair({ id: 'r2', repairId: 'RPR-2', customerMobile: '9876543210' });
        await signInAs(h, 'customer');
        const found = await h.ports.repairs.findByRepairId('RPR-1');
        expect(found.map((repair) => repair.id)).toEqual(['r1']);
        expect(found[0]).toMatchObject({
          repairId: 'RPR-1',
          productName: 'Galaxy S21',
          customerMobile: '9876543210',
        });
        expect(await h.ports.repairs.findByRepairId('RPR-3')).toEqual([]);
        expect(await h.ports.repairs.findByRepairId('rpr-1')).toEqual([]);
      });

      it('returns every repair sharing an id (shops may reuse one)', async () => {
        await h.seeder.repair({ id: 'r1', repairId: 'JOB-7', storeId: 'store-1' });
        await h.seeder.repair({ id: 'r2', repairId: 'JOB-7', storeId: 'store-2' });
        await signInAs(h, 'customer');
        expect((await h.ports.repairs.findByRepairId('JOB-7')).map((repair) => repair.id).sort()).toEqual([
          'r1',
          'r2',
        ]);
      });

      it('reads the shapes the mobile apps write', async () => {
        await h.seeder.repair({
          id: 'r-shapes',
          repairId: 'RPR-9',
          amount: '2500',
          estimatedCost: 2800,
          problems: ['Cracked screen', 'Battery'],
          createdAt: new Date('2026-11-02T10:00:00Z'),
          updatedAt: 'Ready for pickup',
          imageUrls: ['https://img.example/a.jpg', 'javascript:alert(1)', 42],
          deliveryCode: 4821,
        });
        await signInAs(h, 'customer');
        const [repair] = await h.ports.repairs.findByRepairId('RPR-9');
        expect(repair).toMatchObject({
          amount: 2500,
          estimatedCost: 2800,
          problems: 'Cracked screen, Battery',
          updatedAt: 'Ready for pickup',
          imageUrls: ['https://img.example/a.jpg'],
          deliveryCode: '4821',
          status: '',
          storeId: '',
        });
        expect(repair?.createdAt?.toISOString()).toBe('2026-11-02T10:00:00.000Z');
      });

      it('requires a signed-in user', async () => {
        await h.seeder.repair({ id: 'r1', repairId: 'RPR-1' });
        await expectPortError(
          h.ports.repairs.findByRepairId('RPR-1'),
          'unauthenticated',
          'permission-denied',
        );
      });
    });

    describe('countCreatedByStore', () => {
      beforeEach(async () => {
        const at = (day: number, hour = 12) => new Date(2026, 10, day, hour);
        await h.seeder.repair({ id: 'a1', repairId: 'A1', storeId: 'store-a', createdAt: at(1, 0) });
        await h.seeder.repair({
          id: 'a2',
          repairId: 'A2',
          storeId: 'store-a',
          businessId: 'store-b',
          createdAt: at(15),
        });
        await h.seeder.repair({ id: 'a3', repairId: 'A3', store: 'store-a', createdAt: at(30, 23) });
        await h.seeder.repair({ id: 'b1', repairId: 'B1', businessId: 'store-b', createdAt: at(10) });
        await h.seeder.repair({
          id: 'b2',
          repairId: 'B2',
          businessId: 'store-b',
          store: 'store-a',
          createdAt: at(11),
        });
        await h.seeder.repair({
          id: 'oct',
          repairId: 'OCT',
          storeId: 'store-a',
          createdAt: new Date(2026, 9, 31, 23, 59, 59),
        });
        await h.seeder.repair({
          id: 'dec',
          repairId: 'DEC',
          storeId: 'store-a',
          createdAt: new Date(2026, 11, 1),
        });
        await h.seeder.repair({ id: 'c1', repairId: 'C1', storeId: 'store-c', createdAt: at(20) });
        await h.seeder.repair({ id: 'undated', repairId: 'U', storeId: 'store-a' });
      });

      it('counts per store by the store reference: storeId, else businessId, else store', async () => {
        await signInAs(h, 'admin');
        expect(await h.ports.repairs.countCreatedByStore(['store-a', 'store-b'], NOV)).toEqual({
          'store-a': 3,
          'store-b': 2,
        });
      });

      it('counts from the first instant of the range up to, not including, its end', async () => {
        await signInAs(h, 'admin');
        const oct = { from: new Date(2026, 9, 1), to: new Date(2026, 10, 1) };
        expect(await h.ports.repairs.countCreatedByStore(['store-a'], oct)).toEqual({ 'store-a': 1 });
        const dec = { from: new Date(2026, 11, 1), to: new Date(2027, 0, 1) };
        expect(await h.ports.repairs.countCreatedByStore(['store-a'], dec)).toEqual({ 'store-a': 1 });
      });

      it('reports 0 for stores without repairs and ignores stores not asked for', async () => {
        await signInAs(h, 'admin');
        expect(await h.ports.repairs.countCreatedByStore(['store-c', 'store-none'], NOV)).toEqual({
          'store-c': 1,
          'store-none': 0,
        });
        expect(await h.ports.repairs.countCreatedByStore([], NOV)).toEqual({});
      });

      it('is for the super admin only', async () => {
        await signInAs(h, 'customer');
        await expectPortError(h.ports.repairs.countCreatedByStore(['store-a'], NOV), 'permission-denied');
      });
    });
  });
}
