import { beforeEach, describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import {
  BOARD_PAGE_SIZE,
  planShopSearch,
  planShopSearches,
  SEARCH_LIMIT,
} from '../../../src/domain/shop/shop-use-cases';
import { generateDeliveryCode, generateTrackingToken } from '../../../src/domain/shop/tracking';
import { PortError } from '../../../src/ports/errors';
import { NOW, signInAs, type World } from '../world';
import { seeded } from './seeded';
import { createShopWorld, createThroughUseCase, typedCard } from './shop-world';

let world: World;
let cast: Awaited<ReturnType<typeof createShopWorld>>['cast'];

beforeEach(async () => {
  ({ world, cast } = await createShopWorld());
});

describe('myStores', () => {
  it('lists the stores an account works in, with its role', async () => {
    await signInAs(world, 'owner');
    expect(await world.useCases.shop.myStores()).toEqual({
      ok: true,
      value: [
        { storeId: 'store-1', storeName: 'Sharma Mobile Care - Bandra', ownerId: cast.owner, role: 'owner' },
      ],
    });
    await signInAs(world, 'staff');
    expect(await world.useCases.shop.myStores()).toMatchObject({
      ok: true,
      value: [{ storeId: 'store-1', role: 'staff' }],
    });
    await signInAs(world, 'customer');
    expect(await world.useCases.shop.myStores()).toEqual({ ok: true, value: [] });
  });

  it('asks to sign in when nobody is', async () => {
    expect(await world.useCases.shop.myStores()).toEqual({
      ok: false,
      message: SHOP_MESSAGES.signInRequired,
      reason: 'not-signed-in',
    });
  });

  it('says when the backend does not answer, and keeps the cause', async () => {
    await signInAs(world, 'owner');
    world.db.outage = true;
    expect(await world.useCases.shop.myStores()).toEqual({
      ok: false,
      message: SHOP_MESSAGES.loadFailed,
      reason: 'failed',
    });
    expect(world.logger.at('error')[0]).toMatchObject({
      message: 'Loading my stores failed',
      cause: expect.objectContaining({ code: 'unavailable' }),
    });
  });
});

describe('createRepair', () => {
  it('creates the repair with a Repair ID, a delivery code and a tracking link from the random source', async () => {
    const random = seeded(42);
    const expected = seeded(42);
    ({ world, cast } = await createShopWorld(random.bytes));
    await signInAs(world, 'staff');
    const result = await world.useCases.shop.createRepair('store-1', typedCard(), NOW);
    const code = generateDeliveryCode(expected.bytes);
    const token = generateTrackingToken(expected.bytes);
    expect(result).toEqual({
      ok: true,
      value: {
        repair: expect.objectContaining({ repairId: 'SMCB-1001' }),
        trackingPath: `/t/${token}`,
        photos: { uploaded: [], failed: [] },
      },
    });
    if (!result.ok) return;
    expect(result.value.repair).toMatchObject({
      storeId: 'store-1',
      businessId: cast.owner,
      customerMobile: '9876543210',
      status: 'received',
      deliveryCode: code,
      trackingToken: token,
      estimatePaise: 280000,
      paidPaise: 50000,
    });
    expect(code).toMatch(/^\d{4}$/);
    expect(result.value.repair.history[0]).toMatchObject({ kind: 'created', by: { uid: 'uid-staff' } });
  });

  it('gives each repair its own delivery code stream and the next Repair ID', async () => {
    await signInAs(world, 'owner');
    const first = await createThroughUseCase(world);
    const second = await createThroughUseCase(world);
    expect([first.repairId, second.repairId]).toEqual(['SMCB-1001', 'SMCB-1002']);
    expect(first.trackingToken).not.toBe(second.trackingToken);
  });

  it("returns the job card's field errors and creates nothing", async () => {
    await signInAs(world, 'owner');
    const result = await world.useCases.shop.createRepair(
      'store-1',
      typedCard({
        customerName: '',
        customerMobile: '12345',
        imeiSerial: '490154203237519',
        advancePaid: '5000',
        promisedDate: '2026-03-14',
      }),
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        customerName: SHOP_MESSAGES.customerNameRequired,
        customerMobile: SHOP_MESSAGES.customerMobileInvalid,
        imeiSerial: SHOP_MESSAGES.imeiInvalid,
        advancePaid: SHOP_MESSAGES.advanceAboveEstimate,
        promisedDate: SHOP_MESSAGES.promisedDateInPast,
      },
    });
    expect(world.db.repairs.size).toBe(0);
  });

  it('refuses an account that does not work in the store, and the signed out', async () => {
    await signInAs(world, 'rival');
    expect(await world.useCases.shop.createRepair('store-1', typedCard(), NOW)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.notStoreMember,
      reason: 'not-permitted',
    });
    await world.ports.auth.signOut();
    expect(await world.useCases.shop.createRepair('store-1', typedCard(), NOW)).toMatchObject({
      ok: false,
      reason: 'not-signed-in',
    });
    expect(world.db.repairs.size).toBe(0);
  });

  it('says when it cannot be stored, and keeps the cause', async () => {
    await signInAs(world, 'owner');
    const shopRepairs = world.ports.shopRepairs;
    const failing = new PortError('unknown', 'The disk is full.');
    shopRepairs.create = () => Promise.reject(failing);
    expect(await world.useCases.shop.createRepair('store-1', typedCard(), NOW)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.createFailed,
      reason: 'failed',
    });
    expect(world.logger.at('error')).toHaveLength(1);
    expect(world.logger.at('error')[0]?.cause).toBe(failing);
  });

  it('says a new repair needs the network when the server cannot be reached (the job card is kept)', async () => {
    await signInAs(world, 'owner');
    world.db.outage = true;
    expect(await world.useCases.shop.createRepair('store-1', typedCard(), NOW)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.createNeedsNetwork,
      reason: 'failed',
    });
    expect(world.logger.at('error')).toHaveLength(1);
  });
});

describe('storeBoard', () => {
  it('counts per status and pages the repairs newest first', async () => {
    await signInAs(world, 'owner');
    for (let i = 0; i < BOARD_PAGE_SIZE + 2; i++) {
      world.clock.advance(60_000);
      await createThroughUseCase(world);
    }
    const first = await world.useCases.shop.storeBoard('store-1');
    if (!first.ok) throw new Error(first.message);
    expect(first.value.store.role).toBe('owner');
    expect(first.value.counts.total).toBe(BOARD_PAGE_SIZE + 2);
    expect(first.value.counts.byStatus.received).toBe(BOARD_PAGE_SIZE + 2);
    expect(first.value.page.items).toHaveLength(BOARD_PAGE_SIZE);
    expect(first.value.page.items[0]?.repairId).toBe(`SMCB-${1000 + BOARD_PAGE_SIZE + 2}`);
    const second = await world.useCases.shop.storeBoard('store-1', { cursor: first.value.page.next });
    expect(second.ok && second.value.page.items.map((r) => r.repairId)).toEqual(['SMCB-1002', 'SMCB-1001']);
    expect(second.ok && second.value.page.next).toBeNull();
  });

  it('filters by status and date range', async () => {
    await signInAs(world, 'staff');
    const old = await createThroughUseCase(world);
    world.clock.advance(2 * 86_400_000);
    const fresh = await createThroughUseCase(world);
    await world.useCases.shop.changeStatus(fresh.id, { to: 'inprogress', expectedStatus: 'received' });
    const working = await world.useCases.shop.storeBoard('store-1', { status: 'inprogress' });
    expect(working.ok && working.value.page.items.map((r) => r.id)).toEqual([fresh.id]);
    expect(working.ok && working.value.counts.byStatus).toMatchObject({ received: 1, inprogress: 1 });
    const early = await world.useCases.shop.storeBoard('store-1', {
      from: new Date(NOW.getTime() - 1000),
      to: new Date(NOW.getTime() + 86_400_000),
    });
    expect(early.ok && early.value.page.items.map((r) => r.id)).toEqual([old.id]);
  });

  it('refuses a range that ends before it starts, and outsiders', async () => {
    await signInAs(world, 'owner');
    expect(await world.useCases.shop.storeBoard('store-1', { from: NOW, to: NOW })).toEqual({
      ok: false,
      fieldErrors: { to: SHOP_MESSAGES.dateRangeInvalid },
    });
    expect(await world.useCases.shop.storeBoard('store-2')).toEqual({
      ok: false,
      message: SHOP_MESSAGES.notStoreMember,
      reason: 'not-permitted',
    });
  });
});

const BANDRA = { storeId: 'store-1', storeName: 'Sharma Mobile Care - Bandra' };
const ANDHERI = { storeId: 'store-3', storeName: 'Sharma Mobile Care - Andheri' };

describe('search', () => {
  it('reads the field from what was typed', () => {
    expect(planShopSearch('smcb 1001')).toEqual({ field: 'repairId', text: 'SMCB-1001' });
    expect(planShopSearch('+91 98765-43210')).toEqual({ field: 'mobile', text: '9876543210' });
    expect(planShopSearch('098765 43210')).toEqual({ field: 'mobile', text: '9876543210' });
    expect(planShopSearch('4901 5420 3237 518')).toEqual({ field: 'imeiSerial', text: '490154203237518' });
    expect(planShopSearch('490154')).toEqual({ field: 'imeiSerial', text: '490154' });
    expect(planShopSearch('r58m12abc')).toEqual({ field: 'imeiSerial', text: 'R58M12ABC' });
    expect(planShopSearch('  Cara  Cu ')).toEqual({ field: 'name', text: 'cara cu' });
    expect(planShopSearch('   ')).toBeNull();
  });

  it('finds repairs by Repair ID, mobile, IMEI prefix and name prefix', async () => {
    await signInAs(world, 'staff');
    const cara = await createThroughUseCase(world, { imeiSerial: '490154203237518' });
    const ravi = await createThroughUseCase(world, {
      customerName: 'Ravi Kumar',
      customerMobile: '9123456789',
      imeiSerial: 'R58M12ABC',
    });
    const found = async (text: string) => {
      const result = await world.useCases.shop.search([BANDRA], text);
      if (!result.ok) throw new Error(result.message);
      return [result.value.field, result.value.repairs.map((r) => r.id)];
    };
    expect(await found(cara.repairId.toLowerCase())).toEqual(['repairId', [cara.id]]);
    expect(await found('+91 91234 56789')).toEqual(['mobile', [ravi.id]]);
    expect(await found('49015420')).toEqual(['imeiSerial', [cara.id]]);
    expect(await found('r58m')).toEqual(['imeiSerial', [ravi.id]]);
    expect(await found('RAVI')).toEqual(['name', [ravi.id]]);
    expect(await found('')).toEqual([null, []]);
  });

  it('reads every meaning of a bare number: a Repair ID number, the start of a mobile, an IMEI', () => {
    expect(planShopSearches('1005')).toEqual([
      { field: 'repairNumber', number: 1005 },
      { field: 'imeiSerial', text: '1005' },
    ]);
    expect(planShopSearches('98765')).toEqual([
      { field: 'repairNumber', number: 98765 },
      { field: 'mobilePrefix', text: '98765' },
      { field: 'imeiSerial', text: '98765' },
    ]);
    // Too long for a Repair ID's number (7 digits at most), too short for a mobile's start (3 digits).
    expect(planShopSearches('98765432')).toEqual([
      { field: 'mobilePrefix', text: '98765432' },
      { field: 'imeiSerial', text: '98765432' },
    ]);
    expect(planShopSearches('98')).toEqual([
      { field: 'repairNumber', number: 98 },
      { field: 'imeiSerial', text: '98' },
    ]);
    expect(planShopSearches('0')).toEqual([{ field: 'imeiSerial', text: '0' }]);
    // One reading only where the text says which it is.
    expect(planShopSearches('RPR-1001')).toEqual([{ field: 'repairId', text: 'RPR-1001' }]);
    expect(planShopSearches('98765 43210')).toEqual([{ field: 'mobile', text: '9876543210' }]);
    expect(planShopSearches('Asha')).toEqual([{ field: 'name', text: 'asha' }]);
    expect(planShopSearches('r58m12abc')).toEqual([{ field: 'imeiSerial', text: 'R58M12ABC' }]);
    expect(planShopSearches('  ')).toEqual([]);
  });

  it("searches all of an owner's stores and names each result's store", async () => {
    await world.seeder.store({ id: ANDHERI.storeId, ownerId: cast.owner, name: ANDHERI.storeName });
    await signInAs(world, 'owner');
    const bandra = await createThroughUseCase(world, {
      customerName: 'Asha Customer',
      customerMobile: '9876543210',
    });
    const andheri = await createThroughUseCase(
      world,
      { customerName: 'Asha Rao', customerMobile: '9876500000' },
      ANDHERI.storeId,
    );
    await signInAs(world, 'rival');
    const elsewhere = await createThroughUseCase(world, { customerName: 'Asha Other' }, 'store-2');
    await signInAs(world, 'owner');
    const found = async (text: string) => {
      const result = await world.useCases.shop.search([ANDHERI, BANDRA], text);
      if (!result.ok) throw new Error(result.message);
      return result.value.repairs.map((repair) => [repair.repairId, repair.storeName]);
    };
    // A whole Repair ID of the other store, the start of a mobile, a name's start: both stores.
    expect(await found(bandra.repairId)).toEqual([[bandra.repairId, BANDRA.storeName]]);
    expect((await found('98765')).sort()).toEqual(
      [
        [bandra.repairId, BANDRA.storeName],
        [andheri.repairId, ANDHERI.storeName],
      ].sort(),
    );
    expect((await found('asha')).map(([, store]) => store).sort()).toEqual(
      [ANDHERI.storeName, BANDRA.storeName].sort(),
    );
    expect(elsewhere.repairId).not.toBe('');
    // A Repair ID's number: each store's own prefix before it (both stores' first repair is 1001).
    expect((await found('1001')).sort()).toEqual(
      [
        [bandra.repairId, BANDRA.storeName],
        [andheri.repairId, ANDHERI.storeName],
      ].sort(),
    );
    expect(bandra.repairId).toMatch(/-1001$/);
    expect(andheri.repairId).toMatch(/-1001$/);
  });

  it("finds the mobile apps' Repair IDs (RPR-…) by their number, each repair once, at most SEARCH_LIMIT", async () => {
    for (let n = 0; n < SEARCH_LIMIT + 3; n += 1)
      await world.seeder.repair({
        id: `app-${n}`,
        repairId: `RPR-${1100 + n}`,
        storeId: 'store-1',
        customerMobile: `98765${String(n).padStart(5, '0')}`,
        customerName: 'App Customer',
        customerNameLower: 'app customer',
        status: 'received',
        createdAt: new Date(NOW.getTime() - n * 60_000),
      });
    await signInAs(world, 'staff');
    const byNumber = await world.useCases.shop.search([BANDRA], '1105');
    expect(byNumber.ok && byNumber.value.repairs.map((repair) => repair.id)).toEqual(['app-5']);
    const byMobile = await world.useCases.shop.search([BANDRA, BANDRA], '98765');
    if (!byMobile.ok) throw new Error(byMobile.message);
    const ids = byMobile.value.repairs.map((repair) => repair.id);
    expect(ids).toHaveLength(SEARCH_LIMIT);
    expect(new Set(ids).size).toBe(SEARCH_LIMIT);
  });

  it('refuses a store the account does not work in', async () => {
    await signInAs(world, 'customer');
    expect(await world.useCases.shop.search([BANDRA], 'Cara')).toMatchObject({
      ok: false,
      reason: 'not-permitted',
    });
  });
});

describe('repairDossier', () => {
  it('shows the repair, its unlock code, payments, next steps and tracking link to a member', async () => {
    await signInAs(world, 'staff');
    const repair = await createThroughUseCase(world);
    const page = await world.useCases.shop.repairDossier(repair.id);
    if (!page.ok) throw new Error(page.message);
    expect(page.value).toMatchObject({
      role: 'staff',
      unlockCode: '1234',
      payments: [{ kind: 'payment', amountPaise: 50000, note: 'Advance' }],
      amounts: { chargePaise: 280000, paidPaise: 50000, duePaise: 230000 },
      tracking: { token: repair.trackingToken, path: `/t/${repair.trackingToken}` },
      shop: { name: 'Sharma Mobile Care - Bandra', phone: '9811111111' },
      canDelete: false,
    });
    expect(page.value.nextSteps.map((step) => step.status)).toEqual(['inprogress', 'cancelled']);
    await signInAs(world, 'owner');
    const owner = await world.useCases.shop.repairDossier(repair.id);
    expect(owner.ok && owner.value.canDelete).toBe(true);
  });

  it('offers an owner the reopen of a final status, and staff nothing', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    await world.useCases.shop.changeStatus(repair.id, { to: 'cancelled', expectedStatus: 'received' });
    const owner = await world.useCases.shop.repairDossier(repair.id);
    expect(owner.ok && owner.value.nextSteps.map((s) => [s.status, s.kind])).toEqual([
      ['inprogress', 'reopen'],
      ['received', 'reopen'],
    ]);
    await signInAs(world, 'staff');
    const staff = await world.useCases.shop.repairDossier(repair.id);
    expect(staff.ok && staff.value.nextSteps).toEqual([]);
  });

  it('refuses outsiders (no unlock code leaves the store) and says when the repair is gone', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    for (const key of ['rival', 'customer', 'admin']) {
      await signInAs(world, key);
      expect(await world.useCases.shop.repairDossier(repair.id)).toEqual({
        ok: false,
        message: SHOP_MESSAGES.notStoreMember,
        reason: 'not-permitted',
      });
    }
    expect(await world.useCases.shop.repairDossier('repair-nowhere')).toEqual({
      ok: false,
      message: SHOP_MESSAGES.repairNotFound,
      reason: 'not-found',
    });
  });
});

describe('updateRepair', () => {
  it('saves the edited fields, checked and normalised like the job card', async () => {
    await signInAs(world, 'staff');
    const repair = await createThroughUseCase(world);
    const result = await world.useCases.shop.updateRepair(repair.id, {
      customerName: '  Cara C ',
      customerMobile: '+91 91234-56789',
      imeiSerial: '4901 5420 3237 518',
      problems: ['Battery problem'],
      otherProblem: 'Loose port',
      finalAmount: '₹3,100',
      unlockCode: '0000',
    });
    expect(result).toMatchObject({
      ok: true,
      value: {
        customerName: 'Cara C',
        customerMobile: '9123456789',
        imeiSerial: '490154203237518',
        problemList: ['Battery problem', 'Loose port'],
        finalPaise: 310000,
        estimatePaise: 280000,
      },
    });
    const page = await world.useCases.shop.repairDossier(repair.id);
    expect(page.ok && page.value.unlockCode).toBe('0000');
  });

  it('returns the messages of the edited fields only', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    expect(
      await world.useCases.shop.updateRepair(repair.id, {
        customerMobile: '555',
        brandModel: ' ',
        problems: [],
        otherProblem: '',
        finalAmount: 'lots',
        estimate: '20,00,000',
        promisedDate: '2026-03-01',
        accessories: ['other'],
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        customerMobile: SHOP_MESSAGES.customerMobileInvalid,
        brandModel: SHOP_MESSAGES.brandModelRequired,
        problems: SHOP_MESSAGES.problemsRequired,
        finalAmount: SHOP_MESSAGES.amountInvalid,
        estimate: SHOP_MESSAGES.amountTooLarge,
        promisedDate: SHOP_MESSAGES.promisedDateInPast,
        otherAccessory: SHOP_MESSAGES.otherAccessoryRequired,
      },
    });
  });

  it('refuses outsiders and a deleted repair', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    await signInAs(world, 'rival');
    expect(await world.useCases.shop.updateRepair(repair.id, { conditionNotes: 'x' })).toMatchObject({
      ok: false,
      reason: 'not-permitted',
    });
    await signInAs(world, 'owner');
    await world.useCases.shop.deleteRepair(repair.id);
    expect(await world.useCases.shop.updateRepair(repair.id, { conditionNotes: 'x' })).toEqual({
      ok: false,
      message: SHOP_MESSAGES.repairNotFound,
      reason: 'not-found',
    });
  });

  it('saves nothing over a field changed since the form showed it, and the page asks instead (issue 20)', async () => {
    await signInAs(world, 'staff');
    const repair = await createThroughUseCase(world);
    const shown = { repair, unlockCode: '' };
    // Another account changes the estimate after staff opened the form on ₹2,800.
    await signInAs(world, 'owner');
    expect((await world.useCases.shop.updateRepair(repair.id, { estimate: '3000' })).ok).toBe(true);
    await signInAs(world, 'staff');
    expect(await world.useCases.shop.updateRepair(repair.id, { estimate: '3300' }, shown)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.editChangedElsewhere,
      reason: 'conflict',
    });
    const page = await world.useCases.shop.repairDossier(repair.id);
    expect(page.ok && page.value.repair.estimatePaise).toBe(300_000);
    expect(page.ok && page.value.conflicts).toMatchObject([
      { field: 'estimatePaise', mine: 330_000, saved: 300_000, base: 280_000 },
    ]);
    // A field nobody changed since is saved as usual, with the same basis.
    expect(
      (await world.useCases.shop.updateRepair(repair.id, { conditionNotes: 'Dent on back' }, shown)).ok,
    ).toBe(true);
  });

  it('says when it cannot be saved', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    world.db.outage = true;
    expect(await world.useCases.shop.updateRepair(repair.id, { conditionNotes: 'x' })).toEqual({
      ok: false,
      message: SHOP_MESSAGES.saveFailed,
      reason: 'failed',
    });
  });
});

describe('deleteRepair', () => {
  it('lets the owner delete, never staff', async () => {
    await signInAs(world, 'staff');
    const repair = await createThroughUseCase(world);
    expect(await world.useCases.shop.deleteRepair(repair.id)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.deleteOwnerOnly,
      reason: 'not-permitted',
    });
    expect(world.db.repairs.has(repair.id)).toBe(true);
    await signInAs(world, 'owner');
    expect(await world.useCases.shop.deleteRepair(repair.id)).toEqual({ ok: true, value: undefined });
    expect(world.db.repairs.has(repair.id)).toBe(false);
    expect(await world.useCases.shop.deleteRepair(repair.id)).toMatchObject({ reason: 'not-found' });
  });

  it('says when it cannot delete', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    world.db.outage = true;
    expect(await world.useCases.shop.deleteRepair(repair.id)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.deleteFailed,
      reason: 'failed',
    });
  });
});
