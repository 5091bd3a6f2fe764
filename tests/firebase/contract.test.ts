import fc from 'fast-check';
import { collection, doc, getDoc, getDocs, setDoc, Timestamp } from 'firebase/firestore';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestAppConfigReader, URLS_COLLECTION } from '../../src/adapters/firebase/firestore-rest-config';
import { RestTrackingReader } from '../../src/adapters/firebase/firestore-rest-tracking';
import { rechargeIdOf } from '../../src/adapters/shared/recharge';
import { DEMO_PASSWORD, generateDemoData } from '../../src/demo/demo-data';
import { isPortError } from '../../src/ports/errors';
import { allContracts } from '../contract/all-contracts';
import { appConfigRepositoryContract } from '../contract/app-config-repository.contract';
import { type Cast, seedCast, signInAs } from '../contract/fixtures';
import { type BackendHarness, PASSWORD } from '../contract/harness';
import { shopContracts } from '../contract/shop-contracts';
import { newRepair, seedShop } from '../contract/shop-fixtures';
import { shopInvoicesContract } from '../contract/shop-invoices.contract';
import { shopReportsContract } from '../contract/shop-reports.contract';
import { shopTrackingContract } from '../contract/shop-tracking.contract';
import { emulatorBackend, emulatorEndpoints, emulatorHarnessFactory } from './firebase-harness';
import { CONTRACT_PROJECT } from './projects';
import { repairPhotosOnFirestore } from './repair-photos.emulator';

const harness = emulatorHarnessFactory(CONTRACT_PROJECT);
afterAll(() => harness.close());

/** The contract suite, unchanged, on the production adapters connected to the emulators. */
describe('firebase backend (emulators)', () => {
  allContracts(harness.factory);
});

/** The shop console's contract on the Firestore shop adapters, firestore.rules and the e-mail index. */
describe('firebase shop console (emulators)', () => {
  shopContracts(harness.factory);
});

/** GST invoices (issue 18) on firestore-shop-invoices.ts and firestore.rules. */
describe('firebase invoices (emulators)', () => {
  shopInvoicesContract(harness.factory);
});

/**
 * The tracking contract with resolve read over the REST API, without the SDK (issue 19:
 * firestore-rest-tracking.ts, as the tracking page will read it); rotate and revoke stay the SDK's.
 */
describe('firebase tracking links read over the REST API (emulators)', () => {
  shopTrackingContract(async () => {
    const h = await harness.factory();
    const { host, firestorePort } = emulatorEndpoints();
    const rest = new RestTrackingReader({
      projectId: CONTRACT_PROJECT,
      emulator: { host, port: firestorePort },
    });
    const sdk = h.ports.tracking;
    return {
      ...h,
      ports: {
        ...h.ports,
        tracking: {
          resolve: (token) => rest.resolve(token),
          rotate: (repairDocId, token) => sdk.rotate(repairDocId, token),
          revoke: (repairDocId) => sdk.revoke(repairDocId),
        },
      },
    };
  });
});

/**
 * The invoice contract with the customer's read (invoiceByTrackingToken) over the REST API, as
 * /t/$token/invoice reads it on the production build; issuing and the console's reads stay the SDK's.
 */
describe('firebase invoices read by tracking link over the REST API (emulators)', () => {
  shopInvoicesContract(async () => {
    const h = await harness.factory();
    const { host, firestorePort } = emulatorEndpoints();
    const rest = new RestTrackingReader({
      projectId: CONTRACT_PROJECT,
      emulator: { host, port: firestorePort },
    });
    const sdk = h.ports.invoices;
    const invoices = new Proxy(sdk, {
      get: (target, name) =>
        name === 'invoiceByTrackingToken'
          ? (token: string) => rest.invoiceByTrackingToken(token)
          : Reflect.get(target, name, target),
    });
    return { ...h, ports: { ...h.ports, invoices } };
  });
});

/**
 * The landing page's store links read over the REST API (firestore-rest-config.ts, a list of Urls, as
 * the production build's public pages read them): the app-config contract with the REST reader in
 * place of the SDK's, then both readers side by side on the same emulator data.
 */
describe('firebase store links read over the REST API (emulators)', () => {
  const restReader = () => {
    const { host, firestorePort } = emulatorEndpoints();
    return new RestAppConfigReader({ projectId: CONTRACT_PROJECT, emulator: { host, port: firestorePort } });
  };

  appConfigRepositoryContract(async () => {
    const h = await harness.factory();
    return { ...h, ports: { ...h.ports, config: restReader() } };
  });

  describe('the REST reader and the SDK adapter answer alike', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await harness.factory();
    });
    afterEach(async () => {
      await h.dispose();
    });

    const both = async () => {
      const [rest, sdk] = await Promise.all([restReader().getStoreLinks(), h.ports.config.getStoreLinks()]);
      expect(rest).toEqual(sdk);
      return rest;
    };

    it('on an empty Urls collection (no links)', async () => {
      expect(await both()).toEqual({ android: null, ios: null });
    });

    it('on the seeded links, signed out', async () => {
      await h.seeder.storeLinks({
        android: 'https://play.google.com/store/apps/details?id=com.repairmate.app',
        ios: 'https://apps.apple.com/app/repairmate/id6450000000',
      });
      expect(await both()).toEqual({
        android: 'https://play.google.com/store/apps/details?id=com.repairmate.app',
        ios: 'https://apps.apple.com/app/repairmate/id6450000000',
      });
    });

    it('on one link only, and with a second document after it in id order (the first is read)', async () => {
      await h.seeder.storeLinks({ ios: 'https://apps.apple.com/app/repairmate/id6450000000' });
      await setDoc(doc(harness.privileged(), URLS_COLLECTION, 'zz-later'), {
        android: 'https://play.google.com/store/apps/details?id=other',
      });
      expect(await both()).toEqual({
        android: null,
        ios: 'https://apps.apple.com/app/repairmate/id6450000000',
      });
    });

    it('on a document before it in id order', async () => {
      await h.seeder.storeLinks({ ios: 'https://apps.apple.com/app/repairmate/id6450000000' });
      await setDoc(doc(harness.privileged(), URLS_COLLECTION, 'a-first'), {
        android: 'https://play.google.com/store/apps/details?id=first',
      });
      expect(await both()).toEqual({
        android: 'https://play.google.com/store/apps/details?id=first',
        ios: null,
      });
    });
  });
});

/** The report contract on the Firestore report adapter (aggregation queries) and firestore.rules. */
describe('firebase shop reports (emulators)', () => {
  shopReportsContract(harness.factory);
});

/**
 * What one client cannot show: creates from two clients at once (the counter's transaction, retried
 * by the server's contention), and the demo data set's shop records as the emulator seeder writes them.
 */
describe('firebase shop console beyond the contract', () => {
  let h: BackendHarness;
  beforeEach(async () => {
    h = await harness.factory();
  });
  afterEach(async () => {
    await h.dispose();
  });

  it('never gives one Repair ID to two repairs created at once on two clients (property)', async () => {
    await seedShop(h);
    const other = emulatorBackend(emulatorEndpoints(), CONTRACT_PROJECT);
    try {
      await signInAs(h, 'owner');
      await other.ports.auth.signIn('staff@contract.test', PASSWORD);
      const handedOut: string[] = [];
      // Each run: some creates on the owner's client and some on the staff member's, all at once.
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 5 }),
          fc.integer({ min: 1, max: 5 }),
          async (mine, theirs) => {
            const created = await Promise.all([
              ...Array.from({ length: mine }, () => h.ports.shopRepairs.create('store-1', newRepair())),
              ...Array.from({ length: theirs }, () => other.ports.shopRepairs.create('store-1', newRepair())),
            ]);
            handedOut.push(...created.map((repair) => repair.repairId));
            expect(new Set(handedOut).size).toBe(handedOut.length);
          },
        ),
        { numRuns: 5 },
      );
      const numbers = handedOut.map((id) => Number(id.split('-')[1])).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => 1001 + i));
      const counter = (await getDoc(doc(harness.privileged(), 'repairCounters/store-1'))).data();
      expect(counter).toMatchObject({ prefix: 'SMCB', last: 1000 + numbers.length });
    } finally {
      await other.ports.auth.signOut().catch(() => undefined);
      await other.dispose();
    }
  }, 120_000);

  it('keeps no directory of accounts by e-mail: signing in, joining and inviting write no emailIndex entry', async () => {
    await seedShop(h);
    await signInAs(h, 'owner');
    await h.ports.shopMembers.myStores();
    await h.ports.shopMembers.inviteStaff('store-1', 'claimant@contract.test');
    await signInAs(h, 'claimant');
    await h.ports.shopMembers.myInvitations();
    await h.ports.shopMembers.acceptInvitation('store-1');
    expect((await getDocs(collection(harness.privileged(), 'emailIndex'))).empty).toBe(true);
    // The membership was written by the account itself, from the invitation, which is gone.
    expect(
      (await getDoc(doc(harness.privileged(), 'storeMembers', 'store-1_uid-claimant'))).data(),
    ).toMatchObject({
      uid: 'uid-claimant',
      email: 'claimant@contract.test',
      name: 'Claude Claimant',
      addedBy: 'uid-owner',
    });
    expect(
      (await getDoc(doc(harness.privileged(), 'invitations', 'store-1_claimant@contract.test'))).exists(),
    ).toBe(false);
  });

  it("writes the shop records through seeder.shop() in the adapters' layout, each link's view from its repair", async () => {
    const cast = await seedShop(h);
    const at = new Date(Date.UTC(2026, 10, 20, 10));
    await h.seeder.user('uid-second', { email: 'second@contract.test', role: 'staff', name: 'Second Staff' });
    await h.seeder.repair({
      id: 'seeded-1',
      repairId: 'SMCB-1001',
      storeId: 'store-1',
      businessId: cast.owner,
      customerName: 'Cara Customer',
      customerMobile: '9876543210',
      productName: 'Galaxy S21',
      productType: 'Mobile',
      problems: 'Screen broken',
      status: 'inprogress',
      estimatedCost: 2800,
      deliveryCode: '4821',
      trackingToken: 'seededTokenAAAAAAAAAAAA',
      createdAt: at,
      updatedAt: at,
      history: [
        {
          kind: 'created',
          status: 'received',
          from: null,
          at,
          by: { uid: cast.owner, name: 'Rahul' },
          note: '',
          amountPaise: null,
        },
      ],
    });
    await h.seeder.shop({
      members: [
        {
          storeId: 'store-1',
          uid: 'uid-second',
          email: 'second@contract.test',
          name: 'Second Staff',
          addedAt: at,
          addedBy: cast.owner,
        },
      ],
      counters: [{ storeId: 'store-1', prefix: 'SMCB', last: 1001 }],
      shopOnly: [{ repairDocId: 'seeded-1', storeId: 'store-1', unlockCode: '2468' }],
      payments: [
        {
          repairDocId: 'seeded-1',
          storeId: 'store-1',
          seq: 0,
          id: 'seeded-1-p1',
          kind: 'payment',
          amountPaise: 80000,
          mode: 'upi',
          at,
          by: { uid: cast.owner, name: 'Rahul' },
          note: 'Advance',
        },
      ],
      trackingLinks: [
        { token: 'seededTokenAAAAAAAAAAAA', repairDocId: 'seeded-1', storeId: 'store-1' },
        { token: 'seededTokenBBBBBBBBBBBB', repairDocId: 'seeded-1', storeId: 'store-1', revoked: true },
      ],
    });
    await signInAs(h, 'owner');
    expect((await h.ports.shopMembers.listStaff('store-1')).map((member) => member.name)).toEqual([
      'Sam Staff',
      'Second Staff',
    ]);
    expect(await h.ports.shopRepairs.getShopOnly('seeded-1')).toEqual({ unlockCode: '2468' });
    expect(await h.ports.shopRepairs.listPayments('seeded-1')).toMatchObject([
      { amountPaise: 80000, mode: 'upi' },
    ]);
    // The counter goes on from the seeded number.
    expect((await h.ports.shopRepairs.create('store-1', newRepair())).repairId).toBe('SMCB-1002');
    await h.ports.auth.signOut();
    const resolved = await h.ports.tracking.resolve('seededTokenAAAAAAAAAAAA');
    expect(resolved).toMatchObject({
      state: 'active',
      view: { repairId: 'SMCB-1001', status: 'inprogress', paidPaise: 80000, duePaise: 200000 },
    });
    expect(await h.ports.tracking.resolve('seededTokenBBBBBBBBBBBB')).toEqual({ state: 'revoked' });
  });

  it("loads the demo's shop records: staff@demo.test works at Sharma's first store, RPR-1001's link shows its view", async () => {
    const data = generateDemoData(new Date());
    await h.seeder.load(data);
    await h.ports.auth.signIn('staff@demo.test', DEMO_PASSWORD);
    const stores = await h.ports.shopMembers.myStores();
    expect(stores.map((store) => [store.storeName, store.role])).toEqual([
      ['Sharma Mobile Care - Bandra', 'staff'],
    ]);
    const storeId = stores[0]?.storeId ?? '';
    const [first] = await h.ports.shopRepairs.search(storeId, {
      field: 'repairId',
      text: 'RPR-1001',
      limit: 1,
    });
    expect(first?.status).toBe('inprogress');
    expect(await h.ports.shopRepairs.getShopOnly(first?.id ?? '')).not.toBeNull();
    const counts = await h.ports.shopRepairs.countByStatus(storeId);
    expect(counts.total).toBeGreaterThan(0);
    await h.ports.auth.signOut();
    const resolved = await h.ports.tracking.resolve(first?.trackingToken ?? '');
    expect(resolved.state).toBe('active');
    if (resolved.state !== 'active') return;
    // The view: the repair's fields (the advance paid, the rest due); the shop from its store
    // profile, which only the owner writes (issue 15: Sharma Mobile Care, its UPI ID and number).
    expect(resolved.view).toMatchObject({
      repairId: 'RPR-1001',
      status: 'inprogress',
      shop: { name: 'Sharma Mobile Care', phone: '9811111111', upiId: 'sharmamobile@okaxis' },
      paidPaise: 50000,
    });
    expect(resolved.view.timeline.length).toBeGreaterThan(0);
    // The apps' older repairs that name their store by `store` are on its board too (RPR-1007, Andheri).
    await h.ports.auth.signIn('owner01@demo.test', DEMO_PASSWORD);
    const andheri = (await h.ports.shopMembers.myStores()).find((store) =>
      store.storeName.endsWith('Andheri'),
    );
    // The demo's one pending invitation, as its owner lists it.
    expect((await h.ports.shopMembers.listInvitations(andheri?.storeId ?? '')).map((i) => i.email)).toEqual([
      'ravi.technician@demo.test',
    ]);
    const board = await h.ports.shopRepairs.page(andheri?.storeId ?? '', { limit: 50 });
    expect(board.items.map((repair) => repair.repairId)).toContain('RPR-1007');
    const found = await h.ports.shopRepairs.search(andheri?.storeId ?? '', {
      field: 'repairId',
      text: 'RPR-1007',
      limit: 5,
    });
    expect(found.map((repair) => repair.store)).toEqual([andheri?.storeId]);
    const andheriCounts = await h.ports.shopRepairs.countByStatus(andheri?.storeId ?? '');
    expect(andheriCounts.total).toBe(board.items.length);
    // The next create of the store continues from the demo's counter, never one of its numbers.
    const next = await h.ports.shopRepairs.create(storeId, newRepair());
    expect(
      (await h.ports.shopRepairs.search(storeId, { field: 'repairId', text: next.repairId, limit: 5 }))
        .length,
    ).toBe(1);
  });
});

/** Photos: the repair's imageUrls on Firestore (Storage itself is tested with msw). */
repairPhotosOnFirestore(harness.factory, CONTRACT_PROJECT);

/**
 * What the contract cannot see from one client: races between two clients, the server's timestamps,
 * and the admin cache's scoping. In this file because the Auth emulator serves one project at a time.
 */
describe('firebase adapters beyond the contract', () => {
  let h: BackendHarness;
  let cast: Cast;
  beforeEach(async () => {
    h = await harness.factory();
    cast = await seedCast(h);
  });
  afterEach(async () => {
    await h.dispose();
  });

  const stored = async (path: string): Promise<Record<string, unknown>> => {
    const data = (await getDoc(doc(harness.privileged(), path))).data();
    if (data === undefined) throw new Error(`${path} was not stored`);
    return data;
  };

  it('loses no update when two admins on two clients recharge one wallet at once', async () => {
    const other = emulatorBackend(emulatorEndpoints(), CONTRACT_PROJECT);
    try {
      await signInAs(h, 'admin');
      await other.ports.auth.signIn('admin@contract.test', PASSWORD);
      const recharge = (client: typeof h.ports, amount: number, n: number) =>
        client.wallet.recharge({
          distributorId: cast.distributor,
          amount,
          idempotencyKey: `race-${n}-${Date.now().toString(36)}`,
          admin: { id: cast.admin, name: 'Ada Admin' },
        });
      const results = await Promise.all([
        recharge(h.ports, 10, 1),
        recharge(other.ports, 20, 2),
        recharge(h.ports, 30, 3),
        recharge(other.ports, 40, 4),
        recharge(h.ports, 50, 5),
        recharge(other.ports, 60, 6),
      ]);
      expect((await h.ports.users.get(cast.distributor))?.walletBalance).toBe(500 + 210);
      const balances = results.map((t) => [t.previousBalance, t.newBalance]).sort((a, b) => a[0]! - b[0]!);
      expect(balances[0]?.[0]).toBe(500);
      for (let i = 1; i < balances.length; i += 1) expect(balances[i]?.[0]).toBe(balances[i - 1]?.[1]);
    } finally {
      await other.ports.auth.signOut().catch(() => undefined);
      await other.dispose();
    }
  });

  it('stamps support issues and recharges with the server time', async () => {
    const before = Date.now() - 60_000;
    const issue = await h.ports.support.create({
      email: 'ravi@example.com',
      phone: '9000011111',
      issue: 'App crashes on login',
    });
    const storedIssue = await stored(`support/${issue.id}`);
    expect(storedIssue.createdAt).toBeInstanceOf(Timestamp);
    expect((storedIssue.createdAt as Timestamp).toMillis()).toBeGreaterThan(before);

    await signInAs(h, 'admin');
    const transaction = await h.ports.wallet.recharge({
      distributorId: cast.distributor,
      amount: 25,
      idempotencyKey: 'server-time-key-1',
      admin: { id: cast.admin, name: 'Ada Admin' },
    });
    expect(transaction.id).toBe(rechargeIdOf('server-time-key-1'));
    const storedTransaction = await stored(`rechargeTransactions/${transaction.id}`);
    expect(storedTransaction.timestamp).toBeInstanceOf(Timestamp);
    // What the adapter returns is the stored record, server timestamp included.
    expect(transaction.timestamp?.getTime()).toBe((storedTransaction.timestamp as Timestamp).toMillis());
    expect(await stored(`users/${cast.distributor}`)).toMatchObject({
      walletBalance: 525,
      lastRechargeId: transaction.id,
    });
  });

  it("keeps the admin's cached business directory from the next account on the same client", async () => {
    await h.seeder.user('uid-owner-1', {
      email: 'owner1@contract.test',
      role: 'business',
      businessName: 'A',
    });
    await h.seeder.store({ id: 'store-1', ownerId: 'uid-owner-1' });
    await signInAs(h, 'admin');
    expect((await h.ports.users.pageBusinessUsers({ search: '', offset: 0, limit: 10 })).total).toBe(1);
    expect(await h.ports.users.countBusinessUsers()).toBe(1);
    await h.ports.auth.signOut();
    await signInAs(h, 'distributor');
    const refused = await h.ports.users
      .pageBusinessUsers({ search: '', offset: 0, limit: 10 })
      .catch((e) => e);
    expect(isPortError(refused, 'permission-denied')).toBe(true);
    const refusedCount = await h.ports.users.countBusinessUsers().catch((e) => e);
    expect(isPortError(refusedCount, 'permission-denied')).toBe(true);
  });

  it('reports a refused read as a PortError that keeps the Firebase error only as its cause', async () => {
    await signInAs(h, 'customer');
    const error = await h.ports.users.get(cast.distributor).catch((e: unknown) => e);
    expect(isPortError(error, 'permission-denied')).toBe(true);
    expect((error as Error).name).toBe('PortError');
    expect(((error as Error).cause as { code?: string }).code).toBe('permission-denied');
  });
});
