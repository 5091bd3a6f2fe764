import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../src/domain/admin/messages';
import { type AdminFilter, parseAdminSearch, resolveAdminFilter } from '../../../src/domain/admin/report';
import type { UserProfile } from '../../../src/domain/users/user';
import { addPerson, createWorld, NOW, seedCast, signInAs, type World } from '../world';

let world: World;
let admin: UserProfile;

const MARCH: AdminFilter = { year: 2026, month: 3, search: '', page: 1 };

/**
 * 13 businesses: "Business 01" … "Business 12" with one store each (stored in shuffled order), and
 * Sharma Mobile Care with two stores. Also a business-role user without a store, and a store whose
 * owner has no users document: neither is a business user.
 */
beforeEach(async () => {
  world = createWorld();
  await seedCast(world);
  for (const n of [7, 3, 12, 1, 9, 5, 11, 2, 8, 4, 10, 6]) {
    const key = `biz${String(n).padStart(2, '0')}`;
    await addPerson(world, key, {
      role: 'business',
      name: `Owner ${n}`,
      businessName: `Business ${String(n).padStart(2, '0')}`,
      phone: `98000000${String(n).padStart(2, '0')}`,
    });
    await world.seeder.store({ id: `store-${key}`, ownerId: `uid-${key}` });
  }
  await addPerson(world, 'sharma', {
    role: 'business',
    name: 'Rahul Sharma',
    businessName: 'sharma Mobile Care',
    mobile: '9811111111',
  });
  await world.seeder.store({ id: 'store-sharma-1', ownerId: 'uid-sharma' });
  await world.seeder.store({ id: 'store-sharma-2', ownerId: 'uid-sharma' });
  await addPerson(world, 'nostore', { role: 'business', name: 'No Store Yet' });
  await world.seeder.store({ id: 'store-ghost', ownerId: 'uid-ghost' });
  admin = await signInAs(world, 'admin');
});

let serial = 0;
const repairAt = (createdAt: Date | string, reference: Record<string, unknown>) =>
  world.seeder.repair({ id: `r${++serial}`, repairId: `RPR-${serial}`, createdAt, ...reference });

async function page(filter: Partial<AdminFilter> = {}) {
  const result = await world.useCases.admin.businessPerformance(admin, { ...MARCH, ...filter });
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

const sharmaRow = async (filter: Partial<AdminFilter> = {}) =>
  (await page({ search: 'sharma', ...filter })).rows.find((row) => row.uid === 'uid-sharma');

describe('the admin totals', () => {
  it('count every users document and the users who own a store', async () => {
    expect(await world.useCases.admin.totals(admin)).toEqual({
      ok: true,
      value: { totalUsers: 5 + 12 + 1 + 1, totalBusinessUsers: 13 },
    });
    expect([ADMIN_MESSAGES.totalUsers, ADMIN_MESSAGES.totalBusinessUsers]).toEqual([
      'Total Users',
      'Total Business Users',
    ]);
  });

  it("are 'Access denied.' for anyone else", async () => {
    expect(await world.useCases.admin.totals(null)).toEqual({ ok: false, message: 'Access denied.' });
    const customer = await signInAs(world, 'customer');
    expect(await world.useCases.admin.totals(customer)).toEqual({
      ok: false,
      message: ADMIN_MESSAGES.accessDenied,
    });
  });

  it('report a failure to load', async () => {
    world.db.outage = true;
    expect(await world.useCases.admin.totals(admin)).toEqual({
      ok: false,
      message: ADMIN_MESSAGES.loadFailed,
    });
    expect(world.logger.at('error').map((entry) => entry.message)).toEqual([
      'The admin totals could not be loaded',
    ]);
  });
});

describe('repairs per business for a chosen month', () => {
  it('counts every store of a business, by storeId, businessId or store', async () => {
    await repairAt(new Date(2026, 2, 2), { storeId: 'store-sharma-1' });
    await repairAt(new Date(2026, 2, 3), { storeId: 'store-sharma-2' });
    await repairAt(new Date(2026, 2, 4), { store: 'store-sharma-1' });
    await repairAt(new Date(2026, 2, 5), { businessId: 'store-sharma-2' });
    await repairAt(new Date(2026, 2, 6), { storeId: 'store-sharma-1', businessId: 'uid-sharma' });
    await repairAt(new Date(2026, 2, 7), { storeId: 'store-biz01' });
    expect(await sharmaRow()).toEqual({
      uid: 'uid-sharma',
      businessName: 'sharma Mobile Care',
      email: 'sharma@example.test',
      phone: '9811111111',
      storeCount: 2,
      repairs: 5,
    });
  });

  it('counts only the chosen month, with boundaries at local midnight', async () => {
    await repairAt(new Date(2026, 2, 1, 0, 0, 0, 0), { storeId: 'store-sharma-1' }); // first instant of March
    await repairAt(new Date(new Date(2026, 3, 1).getTime() - 1), { storeId: 'store-sharma-1' }); // last instant of March
    await repairAt(new Date(new Date(2026, 2, 1).getTime() - 1), { storeId: 'store-sharma-1' }); // last instant of February
    await repairAt(new Date(2026, 3, 1), { storeId: 'store-sharma-1' }); // first instant of April
    await repairAt('2026-02-28T18:45:00.000Z', { storeId: 'store-sharma-1' }); // 1 March 00:15 in India
    expect((await sharmaRow())?.repairs).toBe(3);
    expect((await sharmaRow({ month: 2 }))?.repairs).toBe(1);
    expect((await sharmaRow({ month: 4 }))?.repairs).toBe(1);
    expect((await sharmaRow({ year: 2025 }))?.repairs).toBe(0);
  });

  it('reads createdAt stored as a timestamp with seconds or as ISO text, and skips repairs without one', async () => {
    await repairAt({ seconds: new Date(2026, 2, 10).getTime() / 1000, nanoseconds: 0 } as unknown as Date, {
      storeId: 'store-sharma-1',
    });
    await repairAt(new Date(2026, 2, 11).toISOString(), { storeId: 'store-sharma-1' });
    await world.seeder.repair({ id: 'undated', repairId: 'RPR-X', storeId: 'store-sharma-1' });
    await repairAt('not a date', { storeId: 'store-sharma-1' });
    expect((await sharmaRow())?.repairs).toBe(2);
  });

  it('shows 0 for a business without repairs that month', async () => {
    await repairAt(new Date(2025, 2, 10), { storeId: 'store-biz01' });
    const rows = (await page()).rows;
    expect(rows.every((row) => row.repairs === 0)).toBe(true);
    expect(rows).toHaveLength(10);
  });
});

describe('the business table', () => {
  it('is ordered by business name, ignoring case, in pages of 10', async () => {
    const first = await page();
    expect(first.rows.map((row) => row.businessName)).toEqual([
      'Business 01',
      'Business 02',
      'Business 03',
      'Business 04',
      'Business 05',
      'Business 06',
      'Business 07',
      'Business 08',
      'Business 09',
      'Business 10',
    ]);
    expect(ADMIN_MESSAGES.pageLabel(first.page, first.pageCount)).toBe('Page 1 of 2');
    expect(first.matching).toBe(13);
    const second = await page({ page: 2 });
    expect(second.rows.map((row) => row.businessName)).toEqual([
      'Business 11',
      'Business 12',
      'sharma Mobile Care',
    ]);
    expect(ADMIN_MESSAGES.pageLabel(second.page, second.pageCount)).toBe('Page 2 of 2');
  });

  it('clamps a page beyond the last to the last', async () => {
    const beyond = await page({ page: 9 });
    expect(beyond.page).toBe(2);
    expect(beyond.rows).toHaveLength(3);
    expect(ADMIN_MESSAGES.pageLabel(beyond.page, beyond.pageCount)).toBe('Page 2 of 2');
  });

  it('clamps a page before the first, or not a number, to the first', async () => {
    for (const bad of [0, -3, 1.7, Number.NaN]) {
      const clamped = await page({ page: bad });
      expect(clamped.page).toBe(1);
      expect(clamped.rows).toHaveLength(10);
    }
  });

  it('searches the business name or e-mail, ignoring case', async () => {
    expect((await page({ search: 'SHARMA mobile' })).rows.map((row) => row.uid)).toEqual(['uid-sharma']);
    expect((await page({ search: 'BIZ07@EXAMPLE' })).rows.map((row) => row.uid)).toEqual(['uid-biz07']);
    expect((await page({ search: '  business 1' })).rows.map((row) => row.businessName)).toEqual([
      'Business 10',
      'Business 11',
      'Business 12',
    ]);
    // Neither the owner's name nor the phone is searched.
    expect((await page({ search: 'Owner 7' })).matching).toBe(0);
    expect((await page({ search: '9811111111' })).matching).toBe(0);
  });

  it('falls back to the name for a business without a business name', async () => {
    await addPerson(world, 'plain', { role: 'business', name: 'Plain Name Repairs' });
    await world.seeder.store({ id: 'store-plain', ownerId: 'uid-plain' });
    expect((await page({ search: 'plain name' })).rows.map((row) => row.businessName)).toEqual([
      'Plain Name Repairs',
    ]);
  });

  it('keeps the page within the search results', async () => {
    const narrowed = await page({ search: 'sharma', page: 2 });
    expect([narrowed.page, narrowed.pageCount, narrowed.matching]).toEqual([1, 1, 1]);
  });

  it('is one empty page when nothing matches', async () => {
    const none = await page({ search: 'zzz' });
    expect(none).toEqual({ rows: [], page: 1, pageCount: 1, matching: 0 });
    expect(ADMIN_MESSAGES.pageLabel(none.page, none.pageCount)).toBe('Page 1 of 1');
    // The table then says ADMIN_MESSAGES.noMatches; with no business users at all, noBusinesses.
    expect(ADMIN_MESSAGES.noMatches).not.toBe(ADMIN_MESSAGES.noBusinesses);
  });

  it('works on a filter read from the URL', async () => {
    world.clock.set(NOW);
    const filter = resolveAdminFilter(
      parseAdminSearch({ year: '2026', month: '5', page: '4', search: 'business' }),
      world.clock.now(),
    );
    const shown = await world.useCases.admin.businessPerformance(admin, filter);
    expect(shown.ok && [shown.value.page, shown.value.pageCount, shown.value.rows.length]).toEqual([2, 2, 2]);
  });

  it("is 'Access denied.' for anyone else", async () => {
    expect(await world.useCases.admin.businessPerformance(null, MARCH)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    const distributor = await signInAs(world, 'distributor');
    expect(await world.useCases.admin.businessPerformance(distributor, MARCH)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    // The backend refuses a stale admin profile held by another account, too.
    expect(await world.useCases.admin.businessPerformance(admin, MARCH)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    expect(await world.useCases.admin.totals(admin)).toEqual({ ok: false, message: 'Access denied.' });
  });

  it('reports a failure to load', async () => {
    world.db.outage = true;
    expect(await world.useCases.admin.businessPerformance(admin, MARCH)).toEqual({
      ok: false,
      message: ADMIN_MESSAGES.loadFailed,
    });
    expect(world.logger.at('error').map((entry) => entry.message)).toEqual([
      'The business performance page could not be loaded',
    ]);
  });

  it('has its title', () => {
    expect(ADMIN_MESSAGES.tableTitle).toBe('All Business Users - Performance Overview');
    expect(ADMIN_MESSAGES.dashboardTitle('RepairMate')).toBe('RepairMate Admin Dashboard');
  });
});
