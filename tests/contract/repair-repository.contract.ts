import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectPortError } from './expectations';
import { type CastKey, seedCast, seedStores, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';

const NOV = { from: new Date(2026, 10, 1), to: new Date(2026, 11, 1) };

export function repairRepositoryContract(makeHarness: HarnessFactory): void {
  describe('RepairRepository', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
      await seedStores(h, await seedCast(h));
    });
    afterEach(async () => {
      await h.dispose();
    });

    const readableIds = async (repairId: string) =>
      (await h.ports.repairs.findByRepairId(repairId)).readable.map((repair) => repair.id);

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
        expect(found.total).toBe(1);
        expect(found.readable.map((repair) => repair.id)).toEqual(['r1']);
        expect(found.readable[0]).toMatchObject({
          repairId: 'RPR-1',
          productName: 'Galaxy S21',
          customerMobile: '9876543210',
        });
        expect(await h.ports.repairs.findByRepairId('RPR-3')).toEqual({ total: 0, readable: [] });
        expect(await h.ports.repairs.findByRepairId('rpr-1')).toEqual({ total: 0, readable: [] });
      });

      it('counts every repair sharing an id (shops may reuse one), readable or not', async () => {
        await h.seeder.repair({
          id: 'r1',
          repairId: 'JOB-7',
          storeId: 'store-1',
          customerMobile: '9000000001',
        });
        await h.seeder.repair({
          id: 'r2',
          repairId: 'JOB-7',
          storeId: 'store-2',
          customerMobile: '9876543210',
        });
        await signInAs(h, 'customer');
        const found = await h.ports.repairs.findByRepairId('JOB-7');
        expect(found.total).toBe(2);
        expect(found.readable.map((repair) => repair.id)).toEqual(['r2']);
        await signInAs(h, 'admin');
        expect(await readableIds('JOB-7')).toEqual(['r1', 'r2']);
      });

      it('finds Repair IDs with slashes and percent signs', async () => {
        await h.seeder.repair({ id: 'r1', repairId: 'A/1%2F', customerMobile: '9876543210' });
        await h.seeder.repair({ id: 'r2', repairId: 'A%2F1%2F', customerMobile: '9876543210' });
        await signInAs(h, 'customer');
        expect(await readableIds('A/1%2F')).toEqual(['r1']);
        expect(await readableIds('A%2F1%2F')).toEqual(['r2']);
      });

      it('reads the shapes the mobile apps write', async () => {
        await h.seeder.repair({
          id: 'r-shapes',
          repairId: 'RPR-9',
          customerMobile: '+91 98765-43210',
          amount: '2500',
          estimatedCost: 2800,
          problems: ['Cracked screen', 'Battery'],
          createdAt: new Date('2026-11-02T10:00:00Z'),
          updatedAt: 'Ready for pickup',
          imageUrls: ['https://img.example/a.jpg', 'javascript:alert(1)', 42, 'http://img.example/b.jpg'],
          deliveryCode: 4821,
        });
        await signInAs(h, 'customer');
        const {
          readable: [repair],
        } = await h.ports.repairs.findByRepairId('RPR-9');
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

    /**
     * Who reads which repair (docs/security.md, threats 1–4). Each row: a repair, and for each account
     * whether the look-up hands it over. Nobody else learns more than that the Repair ID exists.
     */
    describe('the read rule', () => {
      const matrix: readonly {
        readonly why: string;
        readonly repair: Record<string, unknown>;
        readonly readers: readonly CastKey[];
      }[] = [
        {
          why: "the store's owner, the verified customer, the super admin",
          repair: { storeId: 'store-1', businessId: 'uid-owner', customerMobile: '98765-43210' },
          readers: ['admin', 'customer', 'owner'],
        },
        {
          why: 'the legacy `store` field names the store while businessId is its owner',
          repair: { store: 'store-1', businessId: 'uid-owner', customerMobile: '9000000001' },
          readers: ['admin', 'owner'],
        },
        {
          why: 'the legacy `store` field alone grants nothing (issue 15, finding 2)',
          repair: { store: 'store-1', customerMobile: '9000000001' },
          readers: ['admin'],
        },
        {
          why: 'an account that wrote the mobile number itself is never the repair’s customer',
          repair: {
            storeId: 'store-1',
            businessId: 'uid-owner',
            customerMobile: '9876543210',
            customerMobileBy: 'uid-customer',
          },
          readers: ['admin', 'owner'],
        },
        {
          why: "a rival's repair naming another store by `store` is not that store's",
          repair: { store: 'store-1', businessId: 'uid-rival', customerMobile: '9000000001' },
          readers: ['admin'],
        },
        {
          why: 'a repair naming no store is read by its business (businessId is the owner)',
          repair: { businessId: 'uid-owner', customerMobile: '9000000001' },
          readers: ['admin', 'owner'],
        },
        {
          why: 'businessId never makes its owner a reader of another store’s repair',
          repair: { storeId: 'store-2', businessId: 'uid-owner', customerMobile: '9000000001' },
          readers: ['admin', 'rival'],
        },
        {
          why: 'a businessId naming a store id grants nothing',
          repair: { businessId: 'store-1', customerMobile: '9000000001' },
          readers: ['admin'],
        },
        {
          why: 'a store that does not exist grants nothing',
          repair: { storeId: 'store-gone', businessId: 'uid-owner', customerMobile: '9000000001' },
          readers: ['admin'],
        },
        {
          why: 'the customer matched after normalising +91, 0, spaces and dashes',
          repair: { storeId: 'store-2', customerMobile: '0 98765 43210' },
          readers: ['admin', 'customer', 'rival'],
        },
        {
          why: 'a mobile number stored as a number',
          repair: { storeId: 'store-2', customerMobile: 9876543210 },
          readers: ['admin', 'customer', 'rival'],
        },
        {
          why: 'a blank customerMobile matches nobody',
          repair: { storeId: 'store-2', customerMobile: '' },
          readers: ['admin', 'rival'],
        },
      ];
      const everyone: readonly CastKey[] = [
        'admin',
        'customer',
        'claimant',
        'distributor',
        'staff',
        'owner',
        'rival',
      ];

      for (const [index, row] of matrix.entries()) {
        it(`${row.why}: ${row.readers.join(', ')}`, async () => {
          await h.seeder.repair({ id: `m${index}`, repairId: `MX-${index}`, ...row.repair });
          for (const key of everyone) {
            await signInAs(h, key);
            const found = await h.ports.repairs.findByRepairId(`MX-${index}`);
            expect({ key, total: found.total }).toEqual({ key, total: 1 });
            expect({ key, readable: found.readable.length === 1 }).toEqual({
              key,
              readable: row.readers.includes(key),
            });
          }
        });
      }

      it("never lets a typed profile mobile stand for a verified one (Claude typed Cara's number)", async () => {
        await h.seeder.repair({
          id: 'r1',
          repairId: 'RPR-1',
          storeId: 'store-2',
          customerMobile: '9876543210',
        });
        await signInAs(h, 'claimant');
        expect(await h.ports.repairs.findByRepairId('RPR-1')).toEqual({ total: 1, readable: [] });
      });

      it("lets no shop hide a customer's repair by registering many under its Repair ID", async () => {
        for (let n = 0; n < 25; n += 1)
          await h.seeder.repair({
            id: `a${String(n).padStart(2, '0')}`,
            repairId: 'RPR-FLOOD',
            storeId: 'store-2',
            customerMobile: '9000000009',
          });
        await h.seeder.repair({
          id: 'zz-real',
          repairId: 'RPR-FLOOD',
          storeId: 'store-1',
          customerMobile: '98765 43210',
        });
        await signInAs(h, 'customer');
        const found = await h.ports.repairs.findByRepairId('RPR-FLOOD');
        expect(found.readable.map((repair) => repair.id)).toEqual(['zz-real']);
        expect(found.total).toBe(20);
      });

      it('opens a customer’s repairs once they verify their number', async () => {
        await h.seeder.repair({
          id: 'r1',
          repairId: 'RPR-1',
          storeId: 'store-2',
          customerMobile: '9123400000',
        });
        await h.ports.auth.signUp('newcomer@contract.test', 'Secret#123');
        expect(await readableIds('RPR-1')).toEqual([]);
        const id = await h.ports.auth.sendPhoneVerificationCode('+919123400000');
        await h.ports.auth.confirmPhoneVerificationCode(id, (await h.lastPhoneCode('+919123400000'))!);
        expect(await readableIds('RPR-1')).toEqual(['r1']);
      });
    });

    describe('findMine', () => {
      it("lists the customer's own repairs, newest first, whatever form the number was stored in, and nobody else's", async () => {
        const at = (day: number) => new Date(Date.UTC(2026, 9, day, 10));
        await h.seeder.repair({
          id: 'm1',
          repairId: 'RPR-1',
          storeId: 'store-1',
          customerMobile: '9876543210',
          createdAt: at(1),
        });
        await h.seeder.repair({
          id: 'm2',
          repairId: 'RPR-2',
          storeId: 'store-2',
          customerMobile: '98765 43210',
          createdAt: at(3),
        });
        await h.seeder.repair({
          id: 'm3',
          repairId: 'RPR-3',
          businessId: 'closed-business',
          customerMobile: '+919876543210',
          createdAt: at(2),
        });
        // Another customer's, and one whose number this very account wrote (never its own).
        await h.seeder.repair({
          id: 'o1',
          repairId: 'RPR-4',
          storeId: 'store-1',
          customerMobile: '9000000001',
          createdAt: at(4),
        });
        await h.seeder.repair({
          id: 'o2',
          repairId: 'RPR-5',
          storeId: 'store-1',
          customerMobile: '9876543210',
          customerMobileBy: 'uid-customer',
          createdAt: at(5),
        });
        await signInAs(h, 'customer');
        const ids = async () => (await h.ports.repairs.findMine()).map((repair) => repair.id);
        expect(await ids()).toEqual(['m2', 'm3', 'm1']);
        const [first] = await h.ports.repairs.findMine();
        expect(first).toMatchObject({ repairId: 'RPR-2', customerMobile: '98765 43210' });
        // Claude typed Cara's number into his profile: no verified number, no repairs.
        await signInAs(h, 'claimant');
        expect(await ids()).toEqual([]);
        for (const key of ['owner', 'rival', 'admin', 'distributor'] as const) {
          await signInAs(h, key);
          expect({ key, mine: await ids() }).toEqual({ key, mine: [] });
        }
        await h.ports.auth.signOut();
        await expect(h.ports.repairs.findMine()).rejects.toMatchObject({ code: 'unauthenticated' });
      });
    });

    describe('countCreated', () => {
      beforeEach(async () => {
        const at = (day: number, hour = 12) => new Date(2026, 10, day, hour);
        await h.seeder.repair({ id: 'a1', repairId: 'A1', storeId: 'store-a', createdAt: at(1, 0) });
        await h.seeder.repair({
          id: 'a2',
          repairId: 'A2',
          storeId: 'store-a',
          businessId: 'uid-b',
          createdAt: at(15),
        });
        await h.seeder.repair({ id: 'a3', repairId: 'A3', store: 'store-a', createdAt: at(30, 23) });
        await h.seeder.repair({ id: 'b1', repairId: 'B1', businessId: 'uid-b', createdAt: at(10) });
        await h.seeder.repair({
          id: 'b2',
          repairId: 'B2',
          businessId: 'uid-b',
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

      it('counts under the store (storeId, else store), else the business (businessId)', async () => {
        await signInAs(h, 'admin');
        expect(await h.ports.repairs.countCreated(['store-a', 'uid-b'], NOV)).toEqual({
          'store-a': 4,
          'uid-b': 1,
        });
      });

      it('counts from the first instant of the range up to, not including, its end', async () => {
        await signInAs(h, 'admin');
        const oct = { from: new Date(2026, 9, 1), to: new Date(2026, 10, 1) };
        expect(await h.ports.repairs.countCreated(['store-a'], oct)).toEqual({ 'store-a': 1 });
        const dec = { from: new Date(2026, 11, 1), to: new Date(2027, 0, 1) };
        expect(await h.ports.repairs.countCreated(['store-a'], dec)).toEqual({ 'store-a': 1 });
      });

      it('reports 0 for keys without repairs and ignores keys not asked for', async () => {
        await signInAs(h, 'admin');
        expect(await h.ports.repairs.countCreated(['store-c', 'store-none'], NOV)).toEqual({
          'store-c': 1,
          'store-none': 0,
        });
        expect(await h.ports.repairs.countCreated([], NOV)).toEqual({});
      });

      it('is for the super admin only', async () => {
        for (const key of ['customer', 'owner'] as const) {
          await signInAs(h, key);
          await expectPortError(h.ports.repairs.countCreated(['store-a'], NOV), 'permission-denied');
        }
      });
    });
  });
}
