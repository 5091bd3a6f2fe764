import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopRepair } from '../../src/domain/shop/repair-record';
import { CREDIT_NOTE_PREFIX } from '../../src/domain/shop/status-values';
import { expectPortError } from './expectations';
import { type Cast, type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { newRepair, ownerCreates, seedShop } from './shop-fixtures';

const OUTSIDERS: readonly CastKey[] = ['rival', 'customer', 'admin', 'distributor'];

export function shopRepairsContract(makeHarness: HarnessFactory): void {
  describe('ShopRepairRepository', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    describe('create', () => {
      it('creates a repair with every field the spec names, a Repair ID of the store and a created entry', async () => {
        const repair = await ownerCreates(h, { imeiSerial: '490154203237518' });
        expect(repair).toMatchObject({
          repairId: 'SMCB-1001',
          storeId: 'store-1',
          businessId: cast.owner,
          customerName: 'Cara Customer',
          customerMobile: '9876543210',
          productName: 'Galaxy S21',
          productType: 'Mobile',
          problems: 'Screen broken',
          status: 'received',
          estimatedCost: 2800,
          amount: null,
          deliveryCode: '4821',
          imageUrls: [],
          estimatePaise: 280000,
          paidPaise: 50000,
          imeiSerial: '490154203237518',
        });
        expect(repair.createdAt).toBeInstanceOf(Date);
        expect(repair.history).toHaveLength(1);
        expect(repair.history[0]).toMatchObject({
          kind: 'created',
          status: 'received',
          by: { uid: cast.owner },
        });
        expect(await h.ports.shopRepairs.getShopOnly(repair.id)).toEqual({ unlockCode: '1234' });
        expect(await h.ports.shopRepairs.listPayments(repair.id)).toMatchObject([
          { kind: 'payment', amountPaise: 50000, mode: 'cash', note: 'Advance', by: { uid: cast.owner } },
        ]);
      });

      it('lets staff create; refuses other owners, customers, the super admin and the signed out', async () => {
        await signInAs(h, 'staff');
        const repair = await h.ports.shopRepairs.create('store-1', newRepair());
        expect(repair.history[0]?.by.uid).toBe(cast.staff);
        expect(repair.businessId).toBe(cast.owner);
        for (const key of OUTSIDERS) {
          await signInAs(h, key);
          await expectPortError(h.ports.shopRepairs.create('store-1', newRepair()), 'permission-denied');
        }
        await signInAs(h, 'owner');
        await expectPortError(h.ports.shopRepairs.create('store-nowhere', newRepair()), 'permission-denied');
        await h.ports.auth.signOut();
        await expectPortError(h.ports.shopRepairs.create('store-1', newRepair()), 'unauthenticated');
      });

      it('gives 50 creates at once 50 distinct, sequential Repair IDs', async () => {
        await signInAs(h, 'owner');
        const created = await Promise.all(
          Array.from({ length: 50 }, () => h.ports.shopRepairs.create('store-1', newRepair())),
        );
        const numbers = created.map((r) => Number(r.repairId.split('-')[1])).sort((a, b) => a - b);
        expect(new Set(created.map((r) => r.repairId)).size).toBe(50);
        expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => 1001 + i));
        expect(new Set(created.map((r) => r.id)).size).toBe(50);
      });

      it('never hands a number out again, even after its repair is deleted; stores count apart', async () => {
        await signInAs(h, 'owner');
        await h.ports.shopRepairs.create('store-1', newRepair());
        const second = await h.ports.shopRepairs.create('store-1', newRepair());
        await h.ports.shopRepairs.delete(second.id);
        expect((await h.ports.shopRepairs.create('store-1', newRepair())).repairId).toBe('SMCB-1003');
        await signInAs(h, 'rival');
        expect((await h.ports.shopRepairs.create('store-2', newRepair())).repairId).toBe('IE-1001');
      });

      it('skips a number whose Repair ID an app already gave a repair of the store', async () => {
        await h.seeder.repair({ id: 'app-1', repairId: 'SMCB-1001', storeId: 'store-1' });
        expect((await ownerCreates(h)).repairId).toBe('SMCB-1002');
      });

      it('refuses a malformed delivery code or tracking token, and a token in use', async () => {
        const first = await ownerCreates(h);
        await expectPortError(
          h.ports.shopRepairs.create('store-1', { ...newRepair(), deliveryCode: '12' }),
          'invalid-argument',
        );
        await expectPortError(
          h.ports.shopRepairs.create('store-1', { ...newRepair(), trackingToken: 'short' }),
          'invalid-argument',
        );
        await expectPortError(
          h.ports.shopRepairs.create('store-1', { ...newRepair(), trackingToken: first.trackingToken }),
          'conflict',
        );
      });
    });

    describe('reads', () => {
      it('hands a repair, its unlock code and payments to members only', async () => {
        const repair = await ownerCreates(h);
        await signInAs(h, 'staff');
        expect((await h.ports.shopRepairs.get(repair.id))?.repairId).toBe(repair.repairId);
        expect(await h.ports.shopRepairs.getShopOnly(repair.id)).toEqual({ unlockCode: '1234' });
        expect(await h.ports.shopRepairs.get('no-such-repair')).toBeNull();
        for (const key of OUTSIDERS) {
          await signInAs(h, key);
          await expectPortError(h.ports.shopRepairs.get(repair.id), 'permission-denied');
          await expectPortError(h.ports.shopRepairs.getShopOnly(repair.id), 'permission-denied');
          await expectPortError(h.ports.shopRepairs.listPayments(repair.id), 'permission-denied');
          await expectPortError(h.ports.shopRepairs.page('store-1', { limit: 5 }), 'permission-denied');
          await expectPortError(
            h.ports.shopRepairs.search('store-1', { field: 'mobile', text: '9876543210', limit: 5 }),
            'permission-denied',
          );
          await expectPortError(h.ports.shopRepairs.countByStatus('store-1'), 'permission-denied');
        }
        await h.ports.auth.signOut();
        await expectPortError(h.ports.shopRepairs.get(repair.id), 'unauthenticated');
        await expectPortError(h.ports.shopRepairs.page('store-1', { limit: 5 }), 'unauthenticated');
      });

      it('pages a store newest first with a cursor, by status and by creation range', async () => {
        await signInAs(h, 'owner');
        const made: ShopRepair[] = [];
        for (let i = 0; i < 7; i++) {
          made.push(
            await h.ports.shopRepairs.create('store-1', newRepair({ customerName: `Customer ${i}` })),
          );
          h.advanceClock?.(60_000);
        }
        await signInAs(h, 'rival');
        await h.ports.shopRepairs.create('store-2', newRepair());
        await signInAs(h, 'staff');
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const page: Awaited<ReturnType<typeof h.ports.shopRepairs.page>> = await h.ports.shopRepairs.page(
            'store-1',
            { limit: 3, cursor },
          );
          expect(page.items.length).toBeLessThanOrEqual(3);
          seen.push(...page.items.map((r) => r.id));
          cursor = page.next;
          pages += 1;
        } while (cursor !== null && pages < 10);
        expect(pages).toBe(3);
        expect(new Set(seen).size).toBe(7);
        if (h.advanceClock !== null) expect(seen).toEqual(made.map((r) => r.id).reverse());

        await h.ports.shopRepairs.changeStatus(made[2]?.id ?? '', {
          to: 'inprogress',
          expectedStatus: 'received',
        });
        const inProgress = await h.ports.shopRepairs.page('store-1', { status: 'inprogress', limit: 10 });
        expect(inProgress.items.map((r) => r.id)).toEqual([made[2]?.id]);
        expect(inProgress.next).toBeNull();

        if (h.advanceClock !== null) {
          const from = made[1]?.createdAt as Date;
          const to = made[4]?.createdAt as Date;
          const ranged = await h.ports.shopRepairs.page('store-1', { from, to, limit: 10 });
          expect(ranged.items.map((r) => r.id)).toEqual([made[3]?.id, made[2]?.id, made[1]?.id]);
          const rangedStatus = await h.ports.shopRepairs.page('store-1', {
            status: 'received',
            from,
            to,
            limit: 10,
          });
          expect(rangedStatus.items.map((r) => r.id)).toEqual([made[3]?.id, made[1]?.id]);
        }
        await expectPortError(h.ports.shopRepairs.page('store-1', { limit: 0 }), 'invalid-argument');
        await expectPortError(h.ports.shopRepairs.page('store-1', { limit: 500 }), 'invalid-argument');
        await expectPortError(
          h.ports.shopRepairs.page('store-1', { limit: 5, cursor: 'garbage' }),
          'invalid-argument',
        );
      });

      it('searches one store by Repair ID, mobile, IMEI/serial prefix and name prefix', async () => {
        const a = await ownerCreates(h, {
          customerName: 'Ravi Kumar',
          customerMobile: '9000000001',
          imeiSerial: '490154203237518',
        });
        const b = await ownerCreates(h, {
          customerName: 'Ravina Shah',
          customerMobile: '9000000002',
          imeiSerial: 'SN-ABC-123',
        });
        await signInAs(h, 'rival');
        await h.ports.shopRepairs.create(
          'store-2',
          newRepair({ customerName: 'Ravi Other', customerMobile: '9000000001' }),
        );
        await signInAs(h, 'staff');
        const ids = async (field: 'repairId' | 'mobile' | 'imeiSerial' | 'name', text: string) =>
          (await h.ports.shopRepairs.search('store-1', { field, text, limit: 10 })).map((r) => r.id).sort();
        expect(await ids('repairId', a.repairId)).toEqual([a.id]);
        expect(await ids('repairId', 'SMCB-9999')).toEqual([]);
        expect(await ids('mobile', '9000000001')).toEqual([a.id]);
        expect(await ids('imeiSerial', '4901')).toEqual([a.id]);
        expect(await ids('imeiSerial', 'SN-AB')).toEqual([b.id]);
        expect(await ids('name', 'ravi')).toEqual([a.id, b.id].sort());
        expect(await ids('name', 'ravin')).toEqual([b.id]);
        expect(await ids('name', '')).toEqual([]);
      });

      it('searches one store by the start of a mobile number (an index range, not a scan)', async () => {
        const a = await ownerCreates(h, { customerName: 'Asha One', customerMobile: '9876500001' });
        const b = await ownerCreates(h, { customerName: 'Asha Two', customerMobile: '9876511111' });
        await ownerCreates(h, { customerName: 'Other', customerMobile: '9123400000' });
        await signInAs(h, 'rival');
        await h.ports.shopRepairs.create('store-2', newRepair({ customerMobile: '9876500002' }));
        await signInAs(h, 'staff');
        const ids = async (text: string, limit = 10) =>
          (await h.ports.shopRepairs.search('store-1', { field: 'mobilePrefix', text, limit })).map(
            (r) => r.id,
          );
        // In the order of the number: 98765-00001 before 98765-11111; another store's never.
        expect(await ids('98765')).toEqual([a.id, b.id]);
        expect(await ids('9876500')).toEqual([a.id]);
        expect(await ids('9876500001')).toEqual([a.id]);
        expect(await ids('98765', 1)).toEqual([a.id]);
        expect(await ids('98764')).toEqual([]);
        expect(await ids('')).toEqual([]);
        for (const key of OUTSIDERS) {
          await signInAs(h, key);
          await expectPortError(
            h.ports.shopRepairs.search('store-1', { field: 'mobilePrefix', text: '98765', limit: 5 }),
            'permission-denied',
          );
        }
      });

      it("tells a store's Repair ID prefix: the one its first repair gets, then its counter's", async () => {
        await signInAs(h, 'staff');
        const before = await h.ports.shopRepairs.repairIdPrefix('store-1');
        expect(before).toMatch(/^[A-Z][A-Z0-9]{1,4}$/);
        const first = await ownerCreates(h);
        expect(first.repairId).toBe(`${before}-1001`);
        await signInAs(h, 'staff');
        expect(await h.ports.shopRepairs.repairIdPrefix('store-1')).toBe(before);
        for (const key of OUTSIDERS) {
          await signInAs(h, key);
          await expectPortError(h.ports.shopRepairs.repairIdPrefix('store-1'), 'permission-denied');
        }
        await h.ports.auth.signOut();
        await expectPortError(h.ports.shopRepairs.repairIdPrefix('store-1'), 'unauthenticated');
      });

      it('counts a store’s repairs per status', async () => {
        const a = await ownerCreates(h);
        await ownerCreates(h);
        await h.seeder.repair({ id: 'app-odd', repairId: 'X-1', storeId: 'store-1', status: 'pending_qc' });
        await h.ports.shopRepairs.changeStatus(a.id, { to: 'inprogress', expectedStatus: 'received' });
        await signInAs(h, 'staff');
        const counts = await h.ports.shopRepairs.countByStatus('store-1');
        expect(counts.total).toBe(3);
        expect(counts.byStatus).toEqual({
          received: 1,
          inprogress: 1,
          sent_to_service_center: 0,
          waiting_for_parts: 0,
          ready: 0,
          delivered: 0,
          cancelled: 0,
        });
      });
    });

    describe('changeStatus', () => {
      it('follows the workflow, appending exactly one entry per change', async () => {
        const repair = await ownerCreates(h);
        await signInAs(h, 'staff');
        const moved = await h.ports.shopRepairs.changeStatus(repair.id, {
          to: 'inprogress',
          expectedStatus: 'received',
          note: 'Opened it',
        });
        expect(moved.status).toBe('inprogress');
        expect(moved.history).toHaveLength(2);
        expect(moved.history[0]).toEqual(repair.history[0]);
        expect(moved.history[1]).toMatchObject({
          kind: 'status',
          status: 'inprogress',
          from: 'received',
          note: 'Opened it',
          by: { uid: cast.staff, name: 'Sam Staff' },
        });
        const error = await expectPortError(
          h.ports.shopRepairs.changeStatus(repair.id, { to: 'delivered', expectedStatus: 'inprogress' }),
          'failed-precondition',
        );
        expect(error.message).toContain('In Progress');
        await expectPortError(
          h.ports.shopRepairs.changeStatus(repair.id, { to: 'teleported', expectedStatus: 'inprogress' }),
          'failed-precondition',
        );
        expect((await h.ports.shopRepairs.get(repair.id))?.history).toHaveLength(2);
      });

      it('refuses a stale write: the stored status is not the one the person saw', async () => {
        const repair = await ownerCreates(h);
        await h.ports.shopRepairs.changeStatus(repair.id, { to: 'inprogress', expectedStatus: 'received' });
        await signInAs(h, 'staff');
        await expectPortError(
          h.ports.shopRepairs.changeStatus(repair.id, { to: 'cancelled', expectedStatus: 'received' }),
          'conflict',
        );
        const [one, two] = await Promise.allSettled([
          h.ports.shopRepairs.changeStatus(repair.id, { to: 'ready', expectedStatus: 'inprogress' }),
          h.ports.shopRepairs.changeStatus(repair.id, {
            to: 'waiting_for_parts',
            expectedStatus: 'inprogress',
          }),
        ]);
        expect([one?.status, two?.status].sort()).toEqual(['fulfilled', 'rejected']);
        expect((await h.ports.shopRepairs.get(repair.id))?.history).toHaveLength(3);
      });

      it('delivers with the customer’s code, or an owner’s override with a reason', async () => {
        const repair = await ownerCreates(h);
        const go = (to: string, from: string, extra = {}) =>
          h.ports.shopRepairs.changeStatus(repair.id, { to, expectedStatus: from, ...extra });
        await go('inprogress', 'received');
        await go('ready', 'inprogress');
        await signInAs(h, 'staff');
        await expectPortError(go('delivered', 'ready'), 'failed-precondition');
        await expectPortError(go('delivered', 'ready', { deliveryCode: '0000' }), 'failed-precondition');
        await expectPortError(
          go('delivered', 'ready', { override: { reason: 'Known customer' } }),
          'permission-denied',
        );
        // ₹2,300 is due: 'Deliver on Credit' with its note (issue 17; shop-payments.contract.ts).
        const delivered = await go('delivered', 'ready', { deliveryCode: '4821', creditNote: 'Pays Friday' });
        expect(delivered.status).toBe('delivered');
        await expectPortError(go('inprogress', 'delivered', { note: 'Came back' }), 'permission-denied');
        await signInAs(h, 'owner');
        await expectPortError(go('inprogress', 'delivered'), 'failed-precondition');
        const reopened = await go('inprogress', 'delivered', { note: 'Came back' });
        expect(reopened.history.at(-1)).toMatchObject({
          kind: 'reopen',
          from: 'delivered',
          note: 'Came back',
        });
        await go('ready', 'inprogress');
        const overridden = await go('delivered', 'ready', {
          override: { reason: 'Customer lost the code' },
          creditNote: 'Pays Friday',
        });
        expect(overridden.history.at(-1)).toMatchObject({
          kind: 'override',
          note: `${CREDIT_NOTE_PREFIX}Pays Friday — Customer lost the code`,
        });
        expect(overridden.history).toHaveLength(7);
      });

      it("stores when a repair was delivered (the reports' deliveredAt), clears it on reopen, sets it anew", async () => {
        const repair = await ownerCreates(h);
        expect(repair.deliveredAt).toBeNull();
        const go = (to: string, from: string, extra = {}) =>
          h.ports.shopRepairs.changeStatus(repair.id, { to, expectedStatus: from, ...extra });
        const stored = async () => (await h.ports.shopRepairs.get(repair.id))?.deliveredAt;
        expect((await go('inprogress', 'received')).deliveredAt).toBeNull();
        expect((await go('ready', 'inprogress')).deliveredAt).toBeNull();
        const delivered = await go('delivered', 'ready', { deliveryCode: '4821', creditNote: 'Pays Friday' });
        // The write's time: the server's on Firestore (the answer gives this device's estimate of it),
        // within a minute of the entry's (the device's clock).
        const entryAt = delivered.history.at(-1)?.at as Date;
        expect(delivered.deliveredAt).toBeInstanceOf(Date);
        const first = (await stored()) as Date;
        expect(first).toBeInstanceOf(Date);
        expect(Math.abs(first.getTime() - entryAt.getTime())).toBeLessThan(60_000);
        expect(Math.abs(first.getTime() - (delivered.deliveredAt as Date).getTime())).toBeLessThan(60_000);
        const reopened = await go('inprogress', 'delivered', { note: 'Came back' });
        expect(reopened.deliveredAt).toBeNull();
        expect(await stored()).toBeNull();
        await go('ready', 'inprogress');
        h.advanceClock?.(60_000);
        const again = await go('delivered', 'ready', {
          override: { reason: 'Customer lost the code' },
          creditNote: 'Pays Friday',
        });
        expect(again.deliveredAt).toBeInstanceOf(Date);
        const second = (await stored()) as Date;
        expect(second.getTime()).toBeGreaterThan(first.getTime());
        // A payment (or an edit) leaves it as it is.
        const { repair: paid } = await h.ports.shopRepairs.recordPayment(repair.id, {
          id: `${repair.id}-late-1`,
          kind: 'payment',
          amountPaise: 1000,
          mode: 'cash',
          note: '',
        });
        expect(paid.deliveredAt).toBeInstanceOf(Date);
        expect(await stored()).toEqual(second);
      });

      it('refuses outsiders, the signed out and unknown repairs', async () => {
        const repair = await ownerCreates(h);
        for (const key of OUTSIDERS) {
          await signInAs(h, key);
          await expectPortError(
            h.ports.shopRepairs.changeStatus(repair.id, { to: 'inprogress', expectedStatus: 'received' }),
            'permission-denied',
          );
        }
        await expectPortError(
          h.ports.shopRepairs.changeStatus('no-such-repair', {
            to: 'inprogress',
            expectedStatus: 'received',
          }),
          'not-found',
        );
        await h.ports.auth.signOut();
        await expectPortError(
          h.ports.shopRepairs.changeStatus(repair.id, { to: 'inprogress', expectedStatus: 'received' }),
          'unauthenticated',
        );
      });
    });

    describe('update and delete', () => {
      it('edits the allowed fields, keeps the spec’s fields in step and appends one edit entry', async () => {
        const repair = await ownerCreates(h);
        await signInAs(h, 'staff');
        const edited = await h.ports.shopRepairs.update(repair.id, {
          customerName: 'Cara C',
          problemList: ['Screen broken', 'Battery problem'],
          estimatePaise: 300000,
          finalPaise: 250000,
          unlockCode: '9999',
        });
        expect(edited).toMatchObject({
          customerName: 'Cara C',
          problems: 'Screen broken, Battery problem',
          estimatedCost: 3000,
          amount: 2500,
          finalPaise: 250000,
          repairId: repair.repairId,
          status: 'received',
          // Staff never read the delivery code, not even in the answer to their own write.
          deliveryCode: '',
        });
        // One 'edit' entry by the writer; Firestore writes a large edit in parts of at most 4 stored
        // fields (the rules' budget: firestore-repair-plans.ts patchParts), one 'edit' entry each.
        const added = edited.history.slice(1);
        expect(added.length).toBeGreaterThanOrEqual(1);
        expect(added.length).toBeLessThanOrEqual(3);
        for (const entry of added) expect(entry).toMatchObject({ kind: 'edit', by: { uid: cast.staff } });
        expect(await h.ports.shopRepairs.getShopOnly(repair.id)).toEqual({ unlockCode: '9999' });
        expect(
          await h.ports.shopRepairs.search('store-1', { field: 'name', text: 'cara c', limit: 5 }),
        ).toHaveLength(1);
        await expectPortError(
          h.ports.shopRepairs.update(repair.id, { customerMobile: '12345' }),
          'invalid-argument',
        );
        await expectPortError(
          h.ports.shopRepairs.update(repair.id, { imeiSerial: '490154203237519' }),
          'invalid-argument',
        );
        await signInAs(h, 'rival');
        await expectPortError(
          h.ports.shopRepairs.update(repair.id, { customerName: 'X' }),
          'permission-denied',
        );
      });

      it('applies no edit over a change made since it was based (issue 20): it is kept for the person to choose', async () => {
        const repair = await ownerCreates(h, { estimate: '2800' });
        expect(repair.estimatePaise).toBe(280_000);
        // Staff open the repair (₹2,800); the owner then changes the estimate to ₹3,000.
        await signInAs(h, 'staff');
        const seen = await h.ports.shopRepairs.get(repair.id);
        await signInAs(h, 'owner');
        await h.ports.shopRepairs.update(repair.id, { estimatePaise: 300_000 });
        // Staff's ₹3,300, based on ₹2,800, is not written over the owner's.
        await signInAs(h, 'staff');
        const patch = { estimatePaise: 330_000, conditionNotes: 'Back cracked' };
        await expectPortError(
          h.ports.shopRepairs.update(repair.id, patch, { estimatePaise: 280_000, conditionNotes: '' }),
          'conflict',
        );
        const now = await h.ports.shopRepairs.get(repair.id);
        expect(now).toMatchObject({ estimatePaise: 300_000, conditionNotes: '' });
        expect(now?.history).toHaveLength((seen?.history.length ?? 0) + 1);
        const [kept, ...more] = await h.ports.shopRepairs.refusedChanges(repair.id);
        expect(more).toEqual([]);
        expect(kept).toMatchObject({
          repairDocId: repair.id,
          patch,
          base: { estimatePaise: 280_000, conditionNotes: '' },
        });
        // An edit whose basis still holds (the notes: nobody changed them) applies.
        const noted = await h.ports.shopRepairs.update(
          repair.id,
          { conditionNotes: 'Back cracked' },
          { conditionNotes: '' },
        );
        expect(noted).toMatchObject({ estimatePaise: 300_000, conditionNotes: 'Back cracked' });
        // The person's choice dismisses it.
        await h.ports.shopRepairs.dismissRefusedChange(kept?.id ?? '');
        expect(await h.ports.shopRepairs.refusedChanges(repair.id)).toEqual([]);
      });

      it('lets only the owner delete', async () => {
        const repair = await ownerCreates(h);
        for (const key of ['staff', ...OUTSIDERS] as CastKey[]) {
          await signInAs(h, key);
          await expectPortError(h.ports.shopRepairs.delete(repair.id), 'permission-denied');
        }
        await signInAs(h, 'owner');
        await h.ports.shopRepairs.delete(repair.id);
        expect(await h.ports.shopRepairs.get(repair.id)).toBeNull();
        await expectPortError(h.ports.shopRepairs.delete(repair.id), 'not-found');
      });
    });

    describe('seen by the rest of the product', () => {
      it('the customer tracker finds a web-created repair by its Repair ID', async () => {
        const repair = await ownerCreates(h);
        await signInAs(h, 'customer');
        const found = await h.ports.repairs.findByRepairId(repair.repairId);
        expect(found.total).toBe(1);
        expect(found.readable[0]).toMatchObject({
          id: repair.id,
          repairId: repair.repairId,
          storeId: 'store-1',
          businessId: cast.owner,
          productName: 'Galaxy S21',
          estimatedCost: 2800,
          deliveryCode: '4821',
          status: 'received',
        });
      });

      it("the store's members read it through the tracker's look-up too; another store's owner does not", async () => {
        const repair = await ownerCreates(h);
        for (const key of ['owner', 'staff'] as const) {
          await signInAs(h, key);
          const found = await h.ports.repairs.findByRepairId(repair.repairId);
          expect(found.readable.map((r) => r.id)).toEqual([repair.id]);
        }
        await signInAs(h, 'rival');
        const found = await h.ports.repairs.findByRepairId(repair.repairId);
        expect(found).toEqual({ total: 1, readable: [] });
      });

      it("the admin's monthly count counts web-created repairs under their store", async () => {
        const repair = await ownerCreates(h);
        await ownerCreates(h);
        const created = repair.createdAt as Date;
        const month = {
          from: new Date(created.getFullYear(), created.getMonth(), 1),
          to: new Date(created.getFullYear(), created.getMonth() + 1, 1),
        };
        await signInAs(h, 'admin');
        expect(await h.ports.repairs.countCreated(['store-1', 'store-2'], month)).toEqual({
          'store-1': 2,
          'store-2': 0,
        });
      });
    });
  });
}
