import { beforeAll, describe, expect, it } from 'vitest';
import type { SeedData } from '../../src/demo';
import { generateDemoData } from '../../src/demo/demo-data';
import { ADMIN_MESSAGES } from '../../src/domain/admin/messages';
import {
  type AdminFilter,
  currentPeriod,
  periodRange,
  type ReportPeriod,
} from '../../src/domain/admin/report';
import { REPAIR_MESSAGES } from '../../src/domain/repairs/messages';
import { displayAmount, type Repair } from '../../src/domain/repairs/repair';
import { dueOf, groupDues } from '../../src/domain/shop/dues';
import { parseShopRepair } from '../../src/domain/shop/repair-record';
import { storeRefOf } from '../../src/domain/shop/repair-store';
import { DEFAULT_JOB_SHEET_TERMS } from '../../src/domain/shop/settings';
import { REPAIR_STATUSES } from '../../src/domain/shop/status-values';
import { mobileOf, type UserProfile } from '../../src/domain/users/user';
import { RECHARGE_DESCRIPTION } from '../../src/domain/wallet/messages';
import { createWorld, type World } from '../domain/world';

/**
 * The demo data contract (../shared/demo-data.md), checked through the use cases as the acceptance
 * checks see it, at moments where month and year boundaries could break "this month" and "last month".
 */

const PASSWORD = 'Demo@1234';
const OWNERS = Array.from({ length: 23 }, (_, i) => `owner${String(i + 1).padStart(2, '0')}@demo.test`);
const ALL_EMAILS = [
  'admin@demo.test',
  'customer@demo.test',
  'distributor@demo.test',
  'distributor2@demo.test',
  'staff@demo.test',
  ...OWNERS,
];

const MOMENTS: readonly (readonly [string, Date])[] = [
  ['mid-month', new Date(2026, 10, 21, 15, 5)],
  ['the first instant of a month', new Date(2026, 5, 1, 0, 0, 0, 0)],
  ['the first minute of a month', new Date(2026, 5, 1, 0, 0, 30)],
  ['the last instant of 31 December', new Date(2025, 11, 31, 23, 59, 59, 999)],
  ['the first minute of 1 January', new Date(2027, 0, 1, 0, 0, 10)],
  ['29 February of a leap year', new Date(2028, 1, 29, 12, 0)],
  ['31 March, after a short February', new Date(2026, 2, 31, 23, 30)],
];

/** The calendar month `back` months before `period`. */
function monthsBefore(period: ReportPeriod, back: number): ReportPeriod {
  const index = period.year * 12 + (period.month - 1) - back;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

describe.each(MOMENTS)('the demo data set loaded at %s', (_, now) => {
  let world: World;
  let data: SeedData;
  const thisMonth = currentPeriod(now);
  const lastMonth = monthsBefore(thisMonth, 1);

  // Loaded once per moment: the tests below only read (and sign in as they need).
  beforeAll(async () => {
    world = createWorld(now);
    data = generateDemoData(now);
    await world.seeder.load(data);
  });

  async function signIn(email: string): Promise<UserProfile> {
    expect(await world.useCases.accounts.signIn(email, PASSWORD)).toEqual({ ok: true });
    const profile = await world.ports.users.get(world.ports.auth.currentUser()!.uid);
    expect(profile).not.toBeNull();
    return profile!;
  }

  async function businessPage(viewer: UserProfile, filter: Partial<AdminFilter>) {
    const result = await world.useCases.admin.businessPerformance(viewer, {
      ...thisMonth,
      search: '',
      page: 1,
      ...filter,
    });
    if (!result.ok) throw new Error(result.message);
    return result.value;
  }

  async function allBusinessRows(viewer: UserProfile, period: ReportPeriod) {
    const first = await businessPage(viewer, period);
    const rest: (typeof first.rows)[number][] = [];
    for (let page = 2; page <= first.pageCount; page += 1)
      rest.push(...(await businessPage(viewer, { ...period, page })).rows);
    return [...first.rows, ...rest];
  }

  async function lookUp(viewer: UserProfile, repairId: string): Promise<Repair> {
    const result = await world.useCases.repairs.lookUp(viewer, repairId);
    if (!result.ok) throw new Error(`${repairId}: ${result.message}`);
    return result.value.repair;
  }

  const inPeriod = (instant: Date | null, period: ReportPeriod) => {
    const { from, to } = periodRange(period);
    return instant !== null && instant >= from && instant < to;
  };

  it('every one of the 28 accounts signs in with Demo@1234', async () => {
    for (const email of ALL_EMAILS) {
      await signIn(email);
      await world.useCases.accounts.signOut();
    }
    expect(ALL_EMAILS).toHaveLength(28);
  });

  it('has the named accounts of the table', async () => {
    const admin = await signIn('admin@demo.test');
    expect(admin).toMatchObject({ role: 'sa', name: 'Demo Admin', mobile: '9000000009' });
    const asha = await signIn('customer@demo.test');
    expect(asha).toMatchObject({ role: 'user', name: 'Asha Customer', mobile: '9876543210' });
    for (const field of ['address', 'city', 'state', 'pincode'] as const)
      expect(asha[field].trim()).not.toBe('');
    expect(await signIn('distributor@demo.test')).toMatchObject({
      role: 'distributor',
      name: 'Dev Distributor',
      mobile: '9123456780',
      walletBalance: 500,
    });
    expect(await signIn('distributor2@demo.test')).toMatchObject({
      role: 'distributor',
      name: 'Priya Traders',
      mobile: '9988776655',
      walletBalance: 0,
    });
    expect(await signIn('staff@demo.test')).toMatchObject({
      role: 'staff',
      name: 'Sam Staff',
      mobile: '9000000008',
    });
  });

  it('counts 28 users and 23 business users, in 3 pages of 10', async () => {
    const admin = await signIn('admin@demo.test');
    expect(await world.useCases.admin.totals(admin)).toEqual({
      ok: true,
      value: { totalUsers: 28, totalBusinessUsers: 23 },
    });
    const last = await businessPage(admin, { page: 3 });
    expect(ADMIN_MESSAGES.pageLabel(last.page, last.pageCount)).toBe('Page 3 of 3');
    expect(last.rows).toHaveLength(3);
    expect((await businessPage(admin, {})).rows).toHaveLength(10);
  });

  it('has Sharma Mobile Care (owner01, two stores) and Iyer Electronics (owner02, one store)', async () => {
    const admin = await signIn('admin@demo.test');
    const rows = await allBusinessRows(admin, thisMonth);
    expect(rows.find((row) => row.email === 'owner01@demo.test')).toMatchObject({
      businessName: 'Sharma Mobile Care',
      phone: '9811111111',
      storeCount: 2,
    });
    expect(rows.find((row) => row.email === 'owner02@demo.test')).toMatchObject({
      businessName: 'Iyer Electronics',
      phone: '9822222222',
      storeCount: 1,
    });
    const sharma = await world.ports.users.get(rows.find((row) => row.email === 'owner01@demo.test')!.uid);
    const iyer = await world.ports.users.get(rows.find((row) => row.email === 'owner02@demo.test')!.uid);
    expect([sharma?.name, iyer?.name]).toEqual(['Rahul Sharma', 'Meera Iyer']);
  });

  it('names owner03 … owner23 distinctly, none containing Sharma or Iyer', async () => {
    const admin = await signIn('admin@demo.test');
    const rows = await allBusinessRows(admin, thisMonth);
    expect(rows.map((row) => row.email).sort()).toEqual(OWNERS);
    const names = rows.map((row) => row.businessName);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(23);
    const others = rows.filter((row) => !['owner01@demo.test', 'owner02@demo.test'].includes(row.email));
    expect(others).toHaveLength(21);
    for (const row of others) {
      expect(row.businessName.trim()).not.toBe('');
      expect(row.businessName).not.toMatch(/sharma|iyer/i);
    }
    // So a search for either finds exactly one business.
    expect((await businessPage(admin, { search: 'sharma' })).rows.map((row) => row.email)).toEqual([
      'owner01@demo.test',
    ]);
    expect((await businessPage(admin, { search: 'IYER' })).rows.map((row) => row.email)).toEqual([
      'owner02@demo.test',
    ]);
  });

  it('counts 5 repairs of Sharma Mobile Care this month and 3 the month before', async () => {
    const admin = await signIn('admin@demo.test');
    const sharma = async (period: ReportPeriod) =>
      (await businessPage(admin, { ...period, search: 'Sharma Mobile Care' })).rows[0]?.repairs;
    expect(await sharma(thisMonth)).toBe(5);
    expect(await sharma(lastMonth)).toBe(3);
  });

  it('references a store of Sharma Mobile Care by `store` (businessId its owner) in a repair counted this month', async () => {
    const admin = await signIn('admin@demo.test');
    const owner01 = (await businessPage(admin, { search: 'owner01@' })).rows[0]!.uid;
    const stores = (await world.ports.stores.listByOwner(owner01)).map((store) => store.id);
    expect(stores).toHaveLength(2);
    const viaStore = data.repairs.filter(
      (raw) =>
        typeof raw.store === 'string' &&
        stores.includes(raw.store) &&
        !raw.storeId &&
        raw.businessId === owner01,
    );
    const thisMonths: Repair[] = [];
    for (const raw of viaStore) {
      const repair = await lookUp(admin, raw.repairId);
      expect(repair.storeId).toBe('');
      if (inPeriod(repair.createdAt, thisMonth)) thisMonths.push(repair);
    }
    expect(thisMonths.length).toBeGreaterThanOrEqual(1);
  });

  it('counts 2 repairs of Iyer Electronics this month and none the month before', async () => {
    const admin = await signIn('admin@demo.test');
    const iyer = async (period: ReportPeriod) =>
      (await businessPage(admin, { ...period, search: 'Iyer Electronics' })).rows[0]?.repairs;
    expect(await iyer(thisMonth)).toBe(2);
    expect(await iyer(lastMonth)).toBe(0);
  });

  it('spreads the repairs of every business over the last 14 months, and none outside them', async () => {
    await signIn('admin@demo.test');
    // The ports the report uses, asked once per month for every store (cheaper than 3 pages a month).
    const { items } = await world.ports.users.pageBusinessUsers({ search: '', offset: 0, limit: 100 });
    expect(items).toHaveLength(23);
    const keysOf = (business: (typeof items)[number]) => [
      ...new Set([...business.storeIds, business.profile.uid]),
    ];
    const storeIds = items.flatMap(keysOf);
    const perStore = new Map<string, number>();
    for (let back = 0; back <= 14; back += 1) {
      const counts = await world.ports.repairs.countCreated(
        storeIds,
        periodRange(monthsBefore(thisMonth, back)),
      );
      for (const [id, count] of Object.entries(counts)) {
        if (back === 14) expect(count, `store ${id}, 14 months back`).toBe(0);
        else perStore.set(id, (perStore.get(id) ?? 0) + count);
      }
    }
    for (const business of items) {
      const total = keysOf(business).reduce((sum, id) => sum + (perStore.get(id) ?? 0), 0);
      expect(total, business.profile.email).toBeGreaterThan(0);
    }
    // Every repair of a business is in the window (RPR-1003 belongs to no existing business).
    expect([...perStore.values()].reduce((sum, count) => sum + count, 0)).toBe(data.repairs.length - 1);
    for (const raw of data.repairs)
      expect(new Date(raw.createdAt as Date).getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('shows RPR-1001 to Asha, with Sharma Mobile Care, its amount and two images', async () => {
    const asha = await signIn('customer@demo.test');
    const repair = await lookUp(asha, 'RPR-1001');
    expect(repair).toMatchObject({
      repairId: 'RPR-1001',
      customerMobile: '9876543210',
      customerName: 'Asha Customer',
      productName: 'Galaxy S21',
      productType: 'Mobile',
      problems: 'Cracked screen',
      status: 'inprogress',
      amount: 2500,
      estimatedCost: 2800,
      deliveryCode: '4821',
    });
    expect(repair.storeId).not.toBe('');
    expect(displayAmount(repair)).toBe('₹2500');
    expect(repair.imageUrls).toHaveLength(2);
    expect(inPeriod(repair.createdAt, thisMonth)).toBe(true);
    expect(await world.useCases.repairs.businessInfo(repair)).toEqual({
      ok: true,
      value: { name: 'Sharma Mobile Care', number: '9811111111' },
    });
  });

  it('refuses RPR-1002 to Asha', async () => {
    const asha = await signIn('customer@demo.test');
    expect(await world.useCases.repairs.lookUp(asha, 'RPR-1002')).toEqual({
      ok: false,
      reason: 'not-permitted',
      message: 'You are not authorized to view this repair.',
    });
  });

  it('has RPR-1002 for Vikram Rao at Iyer Electronics, visible to the admin and to Iyer', async () => {
    const admin = await signIn('admin@demo.test');
    const repair = await lookUp(admin, 'RPR-1002');
    expect(repair).toMatchObject({
      customerMobile: '9000000000',
      customerName: 'Vikram Rao',
      productName: 'iPhone 12',
      productType: 'Mobile',
      problems: 'Battery drain',
      status: 'sent_to_service_center',
      amount: null,
      estimatedCost: 1200,
      deliveryCode: '7310',
      imageUrls: [],
    });
    expect(repair.businessId).not.toBe('');
    expect(displayAmount(repair)).toBe('₹1200');
    expect(inPeriod(repair.createdAt, thisMonth)).toBe(true);
    expect(await world.useCases.repairs.businessInfo(repair)).toEqual({
      ok: true,
      value: { name: 'Iyer Electronics', number: '9822222222' },
    });
    const iyer = await signIn('owner02@demo.test');
    expect((await world.useCases.repairs.lookUp(iyer, 'RPR-1002')).ok).toBe(true);
  });

  it("shows RPR-1003 to Asha with amount '-' and no business info", async () => {
    const asha = await signIn('customer@demo.test');
    const repair = await lookUp(asha, 'RPR-1003');
    expect(repair).toMatchObject({
      customerMobile: '9876543210',
      customerName: 'Asha Customer',
      productName: 'Dell Inspiron',
      productType: 'Laptop',
      problems: 'No power',
      status: 'delivered',
      amount: null,
      estimatedCost: null,
      deliveryCode: '1150',
      imageUrls: [],
    });
    expect(displayAmount(repair)).toBe('-');
    // The card then says 'Business info not available.'
    expect(await world.useCases.repairs.businessInfo(repair)).toEqual({ ok: true, value: null });
    expect(REPAIR_MESSAGES.businessUnavailable).toBe('Business info not available.');
  });

  it('has the two support issues', async () => {
    const admin = await signIn('admin@demo.test');
    const result = await world.useCases.support.list(admin);
    expect(
      result.ok && result.value.map(({ email, phone, issue, status }) => ({ email, phone, issue, status })),
    ).toEqual([
      { email: 'ravi@example.com', phone: '9000011111', issue: 'App crashes on login', status: 'active' },
      {
        email: 'neha@example.com',
        phone: '9000022222',
        issue: 'Cannot add a second store',
        status: 'completed',
      },
    ]);
  });

  it('has one recharge of Dev Distributor, dated last month', async () => {
    const admin = await signIn('admin@demo.test');
    const recent = await world.useCases.wallet.recentRecharges(admin);
    expect(recent.ok && recent.value).toHaveLength(1);
    const [transaction] = recent.ok ? recent.value : [];
    expect(transaction).toMatchObject({
      distributorName: 'Dev Distributor',
      adminId: admin.uid,
      adminName: 'Demo Admin',
      amount: 500,
      previousBalance: 0,
      newBalance: 500,
      description: RECHARGE_DESCRIPTION,
    });
    expect(transaction?.description).toBe('Wallet recharge by admin');
    expect(inPeriod(transaction?.timestamp ?? null, lastMonth)).toBe(true);
    const dev = await signIn('distributor@demo.test');
    const wallet = await world.useCases.wallet.distributorWallet(dev);
    expect(wallet.ok && wallet.value.balance).toBe(500);
    expect(wallet.ok && wallet.value.transactions).toEqual([transaction]);
    const priya = await signIn('distributor2@demo.test');
    const empty = await world.useCases.wallet.distributorWallet(priya);
    expect(empty.ok && [empty.value.balance, empty.value.transactions.length]).toEqual([0, 0]);
  });

  it('lists the two distributors for the recharge screen', async () => {
    const admin = await signIn('admin@demo.test');
    const result = await world.useCases.wallet.distributors(admin);
    expect(result.ok && result.value.map((d) => [d.name, d.email, mobileOf(d), d.walletBalance])).toEqual([
      ['Dev Distributor', 'distributor@demo.test', '9123456780', 500],
      ['Priya Traders', 'distributor2@demo.test', '9988776655', 0],
    ]);
  });

  it('has the store links', async () => {
    expect(await world.useCases.config.storeLinks()).toEqual({
      android: 'https://play.google.com/store/apps/details?id=com.repairmate.app',
      ios: 'https://apps.apple.com/app/repairmate/id6450000000',
    });
  });

  describe("the shop console's data (Sharma Mobile Care)", () => {
    const SHARMA_STORES = ['store-sharma-1', 'store-sharma-2'];
    const value = <T>(outcome: { ok: true; value: T } | { ok: false; message?: string }): T => {
      if (!outcome.ok) throw new Error(outcome.message ?? 'failed');
      return outcome.value;
    };
    const rpr1001 = () => data.repairs.find((repair) => repair.repairId === 'RPR-1001')!;

    it('makes staff@demo.test staff of its first store only, and owner01 owner of both', async () => {
      await signIn('staff@demo.test');
      expect(value(await world.useCases.shop.myStores())).toEqual([
        expect.objectContaining({
          storeId: 'store-sharma-1',
          storeName: 'Sharma Mobile Care - Bandra',
          role: 'staff',
        }),
      ]);
      await signIn('owner01@demo.test');
      expect(value(await world.useCases.shop.myStores()).map((store) => [store.storeId, store.role])).toEqual(
        [
          ['store-sharma-2', 'owner'],
          ['store-sharma-1', 'owner'],
        ],
      );
      // owner02 … owner23 have stores but no staff.
      expect(data.shop?.members.map((member) => member.storeId)).toEqual(['store-sharma-1']);
    });

    it("gives both stores the shop's phone, UPI ID and GSTIN, and the default terms and templates", async () => {
      await signIn('owner01@demo.test');
      for (const storeId of SHARMA_STORES) {
        const settings = await world.ports.shopMembers.settings(storeId);
        expect(settings).toMatchObject({
          phone: '9811111111',
          upiId: 'sharmamobile@okaxis',
          gstin: '27AAPFS1234C1ZD',
          jobSheetTerms: DEFAULT_JOB_SHEET_TERMS,
          messageTemplates: {},
        });
      }
    });

    it('gives RPR-1001 a tracking link, a history (received, then inprogress) and a ₹500 cash advance', async () => {
      await signIn('owner01@demo.test');
      const page = value(await world.useCases.shop.repairDossier(rpr1001().id));
      expect(page.repair.history.map((entry) => [entry.kind, entry.status])).toEqual([
        ['created', 'received'],
        ['status', 'inprogress'],
      ]);
      expect(page.payments.map((payment) => [payment.kind, payment.amountPaise, payment.mode])).toEqual([
        ['payment', 50_000, 'cash'],
      ]);
      expect(page.amounts.duePaise).toBe(200_000);
      expect(page.tracking).not.toBeNull();
      expect(page.shop).toMatchObject({ phone: '9811111111', upiId: 'sharmamobile@okaxis' });

      await world.useCases.accounts.signOut();
      const view = value(await world.useCases.shop.resolveTracking(page.tracking!.token));
      expect(view).toMatchObject({
        repairId: 'RPR-1001',
        status: 'inprogress',
        paidPaise: 50_000,
        duePaise: 200_000,
        shop: { name: 'Sharma Mobile Care', phone: '9811111111', upiId: 'sharmamobile@okaxis' },
      });
      expect(view.payLink).toContain('pa=sharmamobile@okaxis');
      expect(view.payLink).toContain('am=2000.00');
      expect(JSON.stringify(view)).not.toContain('4821');
    });

    it("gives every demo store a public profile: Sharma Mobile Care's own name, number and UPI ID", async () => {
      const profiles = data.shop?.storeProfiles ?? [];
      expect(profiles.map((profile) => profile.storeId).sort()).toEqual(
        data.stores.map((store) => store.id).sort(),
      );
      for (const storeId of ['store-sharma-1', 'store-sharma-2'])
        expect(await world.ports.storeProfiles.get(storeId)).toEqual({
          storeId,
          name: 'Sharma Mobile Care',
          phone: '9811111111',
          upiId: 'sharmamobile@okaxis',
        });
      for (const profile of profiles) {
        const store = data.stores.find((candidate) => candidate.id === profile.storeId);
        expect(profile.ownerId).toBe(store?.ownerId);
        expect(profile.name).not.toBe('');
      }
    });

    it('has every status across its two stores, and at least three customers who owe money', async () => {
      await signIn('owner01@demo.test');
      const statuses = new Set<string>();
      const owing = new Set<string>();
      for (const storeId of SHARMA_STORES) {
        const board = value(await world.useCases.shop.storeBoard(storeId));
        for (const [status, count] of Object.entries(board.counts.byStatus))
          if (count > 0) statuses.add(status);
        for (let cursor: string | null = null; ; ) {
          const page = await world.ports.shopRepairs.page(storeId, { limit: 50, cursor });
          for (const repair of page.items) {
            const payments = await world.ports.shopRepairs.listPayments(repair.id);
            const paid = payments.reduce(
              (sum, p) => sum + (p.kind === 'refund' ? -p.amountPaise : p.amountPaise),
              0,
            );
            expect(repair.paidPaise).toBe(paid);
            const bill = repair.finalPaise ?? repair.estimatePaise ?? 0;
            if (repair.status !== 'cancelled' && bill - paid > 0) owing.add(repair.customerMobile);
          }
          if (page.next === null) break;
          cursor = page.next;
        }
      }
      expect([...statuses].sort()).toEqual([...REPAIR_STATUSES].sort());
      expect(owing.size).toBeGreaterThanOrEqual(3);
      expect(owing.has('9876543210')).toBe(true);
    });

    it("shows three customers in the first store's dues khata, oldest first, with owing and duePaise as stored", async () => {
      await signIn('staff@demo.test');
      const page = value(await world.useCases.shop.duesPage('store-sharma-1'));
      expect(page.next).toBeNull();
      expect(page.items.map((repair) => repair.repairId)).toEqual(['RPR-1012', 'RPR-1011', 'RPR-1005']);
      const khata = groupDues(page.items);
      expect(khata.customers).toHaveLength(3);
      expect(khata.totalPaise).toBeGreaterThan(0);
      for (const record of data.repairs) {
        const repair = parseShopRepair(record.id, record);
        if (!SHARMA_STORES.includes(storeRefOf(repair))) continue;
        const due = dueOf(repair);
        expect(record.duePaise).toBe(due);
        expect(record.owing).toBe((repair.status === 'ready' || repair.status === 'delivered') && due > 0);
      }
      const credit = page.items.find((repair) => repair.repairId === 'RPR-1012');
      expect(credit?.trackingToken).not.toBe('');
      expect(credit?.history.at(-1)?.note).toMatch(/credit/i);
    });

    it("lets staff work the first store's repairs but not the second's", async () => {
      await signIn('staff@demo.test');
      expect(value(await world.useCases.shop.repairDossier(rpr1001().id)).role).toBe('staff');
      const other = data.repairs.find((repair) => repair.storeId === 'store-sharma-2')!;
      const refused = await world.useCases.shop.repairDossier(other.id);
      expect(refused.ok).toBe(false);
    });
  });

  it('is the same data set every time for the same moment', () => {
    expect(generateDemoData(now)).toEqual(data);
  });
});

describe('mail in the demo', () => {
  it('puts a reset e-mail in the mailbox, newest first, whose link works once and for one hour', async () => {
    const now = new Date(2026, 10, 21, 15, 5);
    const world = createWorld(now);
    await world.seeder.load(generateDemoData(now));
    await world.useCases.accounts.requestPasswordReset('customer@demo.test');
    world.clock.advance(1000);
    await world.useCases.accounts.requestPasswordReset('distributor@demo.test');
    const mails = await world.mailbox.list();
    expect(mails.map((mail) => mail.to)).toEqual(['distributor@demo.test', 'customer@demo.test']);
    const code = (link: string) => new URL(link).searchParams.get('oobCode');
    const [newest, oldest] = mails;
    expect(new URL(oldest!.link).pathname).toBe('/reset-password');
    expect(await world.useCases.accounts.verifyResetCode(code(oldest!.link))).toEqual({
      ok: true,
      value: 'customer@demo.test',
    });
    expect(
      await world.useCases.accounts.resetPassword(code(oldest!.link), 'Fresh#5678', 'Fresh#5678'),
    ).toEqual({
      ok: true,
    });
    expect((await world.useCases.accounts.verifyResetCode(code(oldest!.link))).ok).toBe(false);
    expect(await world.useCases.accounts.signIn('customer@demo.test', 'Fresh#5678')).toEqual({ ok: true });
    world.clock.advance(60 * 60 * 1000);
    expect((await world.useCases.accounts.verifyResetCode(code(newest!.link))).ok).toBe(false);
  });
});
