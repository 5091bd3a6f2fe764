import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBackend } from '../../src/adapters/memory/memory-backend';
import { accountDocId } from '../../src/adapters/pouchdb/pouchdb-auth-gateway';
import { createPouchBackend, type PouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { rechargeIdOf } from '../../src/adapters/shared/recharge';
import type { Seeder } from '../../src/demo';
import { ManualClock } from '../../src/demo/manual-clock';
import { validateJobCard } from '../../src/domain/shop/job-card';
import { SHOP_MESSAGES } from '../../src/domain/shop/messages';
import type { Ports } from '../../src/ports';
import { isAuthError, isPortError } from '../../src/ports/errors';
import { jobCard } from '../contract/shop-fixtures';
import { typedCard } from '../contract/typed-card';
import { ASHA_PHONE, MALLORY_PROFILE, PASSWORD, seedVictims } from './fixtures';

/**
 * docs/security.md's threats, tried against the local backends (memory, and PouchDB as the offline demo
 * runs it) through their ports, as the app or a script in the page would call them. Their rules run in
 * the adapters (src/adapters/local/local-rules.ts); the sync server's own suite is
 * sync-server.security.test.ts.
 */

interface Local {
  readonly name: string;
  readonly ports: Ports;
  readonly seeder: Seeder;
  readonly lastPhoneCode: (phone: string) => Promise<string | null>;
  readonly lastResetCode: (email: string) => Promise<string | null>;
  readonly pouch: PouchBackend | null;
  dispose(): Promise<void>;
}

let sequence = 0;
const oobCodeOf = (link: string) => new URL(link, 'http://x').searchParams.get('oobCode');

const BACKENDS: readonly { readonly name: string; readonly make: () => Promise<Local> }[] = [
  {
    name: 'memory',
    make: async () => {
      const backend = createMemoryBackend({ clock: new ManualClock(new Date()) });
      return {
        name: 'memory',
        ports: backend.ports,
        seeder: backend.seeder,
        pouch: null,
        lastPhoneCode: async (phone) =>
          (await backend.sms.list()).find((sms) => sms.to === phone)?.code ?? null,
        lastResetCode: async (email) => {
          const mail = (await backend.mailbox.list()).find((m) => m.to === email);
          return mail ? oobCodeOf(mail.link) : null;
        },
        dispose: async () => undefined,
      };
    },
  },
  {
    name: 'pouchdb',
    make: async () => {
      sequence += 1;
      const backend = await createPouchBackend({
        PouchDB: nodePouchDB(),
        adapter: 'memory',
        prefix: `attack-${process.pid}-${Date.now().toString(36)}-${sequence}`,
        clock: new ManualClock(new Date()),
        pbkdf2Iterations: 1000,
      });
      return {
        name: 'pouchdb',
        ports: backend.ports,
        seeder: backend.seeder,
        pouch: backend,
        lastPhoneCode: async (phone) =>
          (await backend.sms.list()).find((sms) => sms.to === phone)?.code ?? null,
        lastResetCode: async (email) => {
          const mail = (await backend.mailbox.list()).find((m) => m.to === email);
          return mail ? oobCodeOf(mail.link) : null;
        },
        dispose: () => backend.destroy(),
      };
    },
  },
];

/** Expects a refusal from a port: permission-denied or unauthenticated. */
async function refused(action: Promise<unknown>): Promise<void> {
  const error = await action.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(isPortError(error, 'permission-denied') || isPortError(error, 'unauthenticated')).toBe(true);
}

for (const { name, make } of BACKENDS) {
  describe(`the ${name} backend`, () => {
    let local: Local;
    let mallory: string;

    beforeEach(async () => {
      local = await make();
      const { seeder, ports } = local;
      await seedVictims(seeder);
      ({ uid: mallory } = await ports.auth.signUp('mallory@attack.test', PASSWORD));
      await ports.users.createProfile(mallory, MALLORY_PROFILE());
    });
    afterEach(async () => {
      await local.dispose();
    });

    it('attacks 1 and 2: the ports offer no client write of stores or repairs (only the seed and the sync server write them)', () => {
      const methods = (object: object) => Object.getOwnPropertyNames(Object.getPrototypeOf(object));
      expect(
        methods(local.ports.stores)
          .filter((m) => m !== 'constructor')
          .sort(),
      ).toEqual(['get', 'listByOwner']);
      expect(
        methods(local.ports.repairs)
          // Private helpers of the reads (their indexes, the read rule on one repair) are no port method.
          .filter((m) => !['constructor', 'currentIndexes', 'readableBy'].includes(m))
          .sort(),
      ).toEqual(['countCreated', 'findByRepairId', 'findMine']);
    });

    it('attack 3.L: a customer reads none of the repairs but their own, and counts nothing', async () => {
      for (const id of ['RPR-1001', 'RPR-1003'])
        expect((await local.ports.repairs.findByRepairId(id)).readable).toEqual([]);
      await refused(local.ports.repairs.countCreated(['store-1'], { from: new Date(0), to: new Date() }));
    });

    it("attack 4.L: a profile that claims Asha's number, a guessed code, or her code for a number verified on her account open nothing", async () => {
      const { auth } = local.ports;
      const id = await auth.sendPhoneVerificationCode(ASHA_PHONE);
      const code = (await local.lastPhoneCode(ASHA_PHONE)) ?? '';
      const guess = await auth
        .confirmPhoneVerificationCode(id, code === '123456' ? '654321' : '123456')
        .catch((e) => e);
      expect(isAuthError(guess, 'invalid-verification-code')).toBe(true);
      const withCode = await auth.confirmPhoneVerificationCode(id, code).catch((e) => e);
      expect(isAuthError(withCode, 'credential-already-in-use')).toBe(true);
      expect((await local.ports.repairs.findByRepairId('RPR-1001')).readable).toEqual([]);
    });

    it("attack 5.L: an owner's users document is closed; only the public profile is read", async () => {
      await refused(local.ports.users.get('uid-owner'));
      await refused(local.ports.users.get('uid-asha'));
      expect(await local.ports.users.getPublicProfile('uid-owner')).toEqual({
        uid: 'uid-owner',
        businessName: 'Sharma Mobile Care',
        phone: '9811111111',
      });
    });

    it('attack 6.L: a self-edit takes only the profile’s fields, each capped; no port deletes a profile', async () => {
      for (const patch of [
        { role: 'sa' },
        { walletBalance: 1e6 },
        { junk: 'x'.repeat(900_000) },
        { name: 'x'.repeat(900_000) },
      ])
        await refused(local.ports.users.updateOwnProfile(patch as unknown as Record<string, string>));
      expect(Object.getOwnPropertyNames(Object.getPrototypeOf(local.ports.users))).not.toContain('delete');
    });

    it('attack 8.L: a password reset spends every reset code sent before it', async () => {
      const { auth } = local.ports;
      await auth.signOut();
      await auth.sendPasswordResetEmail('asha@attack.test', 'http://localhost/reset-password');
      const first = (await local.lastResetCode('asha@attack.test')) ?? '';
      await auth.sendPasswordResetEmail('asha@attack.test', 'http://localhost/reset-password');
      const second = (await local.lastResetCode('asha@attack.test')) ?? '';
      await auth.confirmPasswordReset(second, 'Fresh#Pass1');
      const replay = await auth.confirmPasswordReset(first, 'Stolen#Pass1').catch((e) => e);
      expect(isAuthError(replay, 'invalid-action-code')).toBe(true);
    });

    it('allowed: the verified customer, the store owner and the super admin read their repairs', async () => {
      const { auth, repairs } = local.ports;
      for (const [email, id, expected] of [
        ['asha@attack.test', 'RPR-1001', ['r1']],
        ['rahul@attack.test', 'RPR-1001', ['r1']],
        ['admin@attack.test', 'RPR-1003', ['r3']],
      ] as const) {
        await auth.signIn(email, PASSWORD);
        expect((await repairs.findByRepairId(id)).readable.map((r) => r.id)).toEqual(expected);
      }
    });

    describe("the shop's surface (issue 15)", () => {
      const SHARMA = { name: 'Sharma Mobile Care', phone: '9811111111', upiId: 'sharmamobile@okaxis' };
      const STAFF = 'sam@attack.test';
      let repairId = '';
      let token = '';

      beforeEach(async () => {
        const { seeder, ports } = local;
        await seeder.account({
          uid: 'uid-staff',
          email: STAFF,
          password: PASSWORD,
          phoneNumber: '+919000000088',
        });
        await seeder.user('uid-staff', { email: STAFF, role: 'staff', name: 'Sam Staff' });
        await seeder.shop({
          members: [
            {
              storeId: 'store-1',
              uid: 'uid-staff',
              email: STAFF,
              name: 'Sam Staff',
              addedAt: new Date(),
              addedBy: 'uid-owner',
            },
          ],
          trackingLinks: [],
          payments: [],
          counters: [],
          shopOnly: [],
          storeProfiles: [{ storeId: 'store-1', ownerId: 'uid-owner', ...SHARMA }],
        });
        await ports.auth.signIn('rahul@attack.test', PASSWORD);
        const card = validateJobCard(
          typedCard({ customerMobile: '9876543210', estimate: '2500', advancePaid: '500' }),
        );
        if (!card.ok) throw new Error('bad card');
        const created = await ports.shopRepairs.create('store-1', {
          card: card.value,
          deliveryCode: '4821',
          trackingToken: 'attackTrackingToken0001',
        });
        repairId = created.id;
        token = created.trackingToken;
        await ports.shopRepairs.changeStatus(repairId, { to: 'inprogress', expectedStatus: 'received' });
        await ports.auth.signIn(STAFF, PASSWORD);
      });

      const page = async () => {
        await local.ports.auth.signOut();
        const resolved = await local.ports.tracking.resolve(token);
        if (resolved.state !== 'active') throw new Error(`the link is ${resolved.state}`);
        return resolved.view;
      };

      it("attack 15.1.L: staff cannot put another UPI ID, phone or amount in front of the shop's customer", async () => {
        const { ports } = local;
        await refused(
          ports.storeProfiles.save('store-1', { name: 'Sharma', phone: '9000000088', upiId: 'sam@okaxis' }),
        );
        await ports.shopRepairs.update(repairId, {
          conditionNotes: 'upi://pay?pa=sam@okaxis',
          finalPaise: 250000,
        });
        await ports.tracking.rotate(repairId, 'attackTrackingToken0002');
        token = 'attackTrackingToken0002';
        const patched = await ports.shopRepairs
          .update(repairId, { payLink: 'upi://pay?pa=sam@okaxis', upiId: 'sam@okaxis' } as never)
          .catch((error: unknown) => error);
        expect(patched instanceof Error ? isPortError(patched) : true).toBe(true);
        const view = await page();
        expect(view.shop).toEqual(SHARMA);
        expect(view.payLink).toBe(
          `upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care&am=2000.00&cu=INR&tn=${view.repairId}`,
        );
        expect(JSON.stringify(view)).not.toContain('sam@okaxis');
        expect(JSON.stringify(view)).not.toContain('9000000088');
      });

      it("allowed 15.1.L: the owner changes the shop's profile, and the page shows it at once", async () => {
        await local.ports.auth.signIn('rahul@attack.test', PASSWORD);
        await local.ports.storeProfiles.save('store-1', { ...SHARMA, upiId: 'sharma.new@okhdfcbank' });
        expect((await page()).payLink).toContain('pa=sharma.new@okhdfcbank');
      });

      it("attack 15.2.L: a rival's repair naming store-1 by `store` is off its board, counts, search, get and tracker", async () => {
        const { ports, seeder } = local;
        await seeder.repair({
          id: 'rival-1',
          repairId: 'SMC-7777',
          store: 'store-1',
          businessId: 'uid-rival',
          customerMobile: '9000000003',
          status: 'received',
          createdAt: new Date(),
        } as Parameters<Seeder['repair']>[0]);
        for (const email of [STAFF, 'rahul@attack.test']) {
          await ports.auth.signIn(email, PASSWORD);
          const board = await ports.shopRepairs.page('store-1', { limit: 50 });
          expect(board.items.map((r) => r.id)).not.toContain('rival-1');
          expect((await ports.shopRepairs.countByStatus('store-1')).total).toBe(board.items.length);
          expect(
            await ports.shopRepairs.search('store-1', { field: 'repairId', text: 'SMC-7777', limit: 5 }),
          ).toEqual([]);
          await refused(ports.shopRepairs.get('rival-1'));
          await refused(ports.shopRepairs.update('rival-1', { conditionNotes: 'x' }));
          expect((await ports.repairs.findByRepairId('SMC-7777')).readable).toEqual([]);
        }
        await ports.auth.signIn('meera@attack.test', PASSWORD);
        expect((await ports.repairs.findByRepairId('SMC-7777')).readable).toEqual([]);
        await refused(
          ports.shopRepairs.create('store-1', {
            card: jobCard(),
            deliveryCode: '1111',
            trackingToken: 'attackTrackingToken0003',
          }),
        );
      });

      it('attack 15.3.L: the counter cannot be jammed: a huge Repair ID moves nothing, and the last number is 9,999,999', async () => {
        const { ports, seeder } = local;
        await seeder.repair({
          id: 'app-huge',
          repairId: 'SMC-9007199254740991',
          storeId: 'store-1',
          businessId: 'uid-owner',
          createdAt: new Date(),
        } as Parameters<Seeder['repair']>[0]);
        const next = await ports.shopRepairs.create('store-1', {
          card: jobCard(),
          deliveryCode: '1111',
          trackingToken: 'attackTrackingToken0004',
        });
        expect(next.repairId).toBe('SMC-1002');
        await seeder.shop({
          members: [],
          trackingLinks: [],
          payments: [],
          shopOnly: [],
          counters: [{ storeId: 'store-1', prefix: 'SMC', last: 9_999_999, lastRepairDocId: 'x' }],
        });
        const full = await ports.shopRepairs
          .create('store-1', {
            card: jobCard(),
            deliveryCode: '1111',
            trackingToken: 'attackTrackingToken0005',
          })
          .catch((error: unknown) => error);
        expect(isPortError(full, 'resource-exhausted')).toBe(true);
        expect((full as Error).message).toBe(SHOP_MESSAGES.repairIdsUsedUp);
      });

      it('attack 15.4.L: money is not edited after the fact, nor anything on a delivered repair', async () => {
        const { ports } = local;
        const before = await ports.shopRepairs.get(repairId);
        await ports.shopRepairs
          .update(repairId, { paidPaise: 10_000_000, amountPaise: 0 } as never)
          .catch(() => null);
        expect((await ports.shopRepairs.get(repairId))?.paidPaise).toBe(before?.paidPaise);
        await ports.auth.signIn('rahul@attack.test', PASSWORD);
        await ports.shopRepairs.changeStatus(repairId, { to: 'ready', expectedStatus: 'inprogress' });
        // ₹2,000 is still due: the phone goes home on credit (issue 17), and its money is fixed too.
        await ports.shopRepairs.changeStatus(repairId, {
          to: 'delivered',
          expectedStatus: 'ready',
          deliveryCode: '4821',
          creditNote: 'Pays on Friday',
        });
        for (const email of [STAFF, 'rahul@attack.test']) {
          await ports.auth.signIn(email, PASSWORD);
          for (const patch of [{ finalPaise: 1 }, { estimatePaise: 0 }, { estimatePaise: null }])
            expect(
              isPortError(
                await ports.shopRepairs.update(repairId, patch).catch((e: unknown) => e),
                'failed-precondition',
              ),
            ).toBe(true);
        }
        const after = await ports.shopRepairs.get(repairId);
        expect([after?.finalPaise, after?.estimatePaise, after?.paidPaise, after?.status]).toEqual([
          null,
          250000,
          50000,
          'delivered',
        ]);
      });

      it('allowed 15.4.L: staff change the estimate and the final amount of an open repair', async () => {
        const edited = await local.ports.shopRepairs.update(repairId, {
          estimatePaise: 300000,
          finalPaise: 280000,
        });
        expect([edited.estimatePaise, edited.finalPaise]).toEqual([300000, 280000]);
      });

      it('attack 15.8.L: staff never read the delivery code, and cannot try it a 6th time', async () => {
        const { ports } = local;
        expect((await ports.shopRepairs.get(repairId))?.deliveryCode).toBe('');
        // The seeded RPR-1001 keeps the apps' code on the repair: staff do not read that one either.
        const board = await ports.shopRepairs.page('store-1', { limit: 5 });
        expect(board.items.map((r) => r.deliveryCode)).toEqual(['', '']);
        expect((await ports.repairs.findByRepairId('RPR-1001')).readable.map((r) => r.deliveryCode)).toEqual([
          '',
        ]);
        const tracked = await ports.repairs.findByRepairId(
          (await ports.shopRepairs.get(repairId))?.repairId ?? '',
        );
        expect(tracked.readable.map((r) => r.deliveryCode)).toEqual(['']);
        await ports.auth.signIn('rahul@attack.test', PASSWORD);
        await ports.shopRepairs.changeStatus(repairId, { to: 'ready', expectedStatus: 'inprogress' });
        await ports.auth.signIn(STAFF, PASSWORD);
        for (const code of ['0000', '1111', '2222', '3333', '4444'])
          expect(
            isPortError(
              await ports.shopRepairs
                .changeStatus(repairId, { to: 'delivered', expectedStatus: 'ready', deliveryCode: code })
                .catch((e: unknown) => e),
              'failed-precondition',
            ),
          ).toBe(true);
        const sixth = await ports.shopRepairs
          .changeStatus(repairId, { to: 'delivered', expectedStatus: 'ready', deliveryCode: '4821' })
          .catch((e: unknown) => e);
        expect(isPortError(sixth, 'resource-exhausted')).toBe(true);
        expect((await ports.shopRepairs.get(repairId))?.status).toBe('ready');
      });

      it('allowed 15.8.L: the owner reads the code and overrides while tries are paused; the customer reads it', async () => {
        const { ports } = local;
        await ports.auth.signIn('rahul@attack.test', PASSWORD);
        const owing = await ports.shopRepairs.get(repairId);
        expect(owing?.deliveryCode).toBe('4821');
        await ports.shopRepairs.changeStatus(repairId, { to: 'ready', expectedStatus: 'inprogress' });
        // Paid in full at the counter first (issue 17), so each wrong code is a try that counts.
        await ports.shopRepairs.recordPayment(repairId, {
          id: 'paid-in-full-15-8',
          kind: 'payment',
          amountPaise: owing?.duePaise ?? 0,
          mode: 'cash',
          note: '',
        });
        for (let i = 0; i < 5; i++)
          expect(
            isPortError(
              await ports.shopRepairs
                .changeStatus(repairId, { to: 'delivered', expectedStatus: 'ready', deliveryCode: '0000' })
                .catch((e: unknown) => e),
              'failed-precondition',
            ),
          ).toBe(true);
        expect(
          isPortError(
            await ports.shopRepairs
              .changeStatus(repairId, { to: 'delivered', expectedStatus: 'ready', deliveryCode: '4821' })
              .catch((e: unknown) => e),
            'resource-exhausted',
          ),
        ).toBe(true);
        const delivered = await ports.shopRepairs.changeStatus(repairId, {
          to: 'delivered',
          expectedStatus: 'ready',
          override: { reason: 'Customer known to us; ID checked' },
        });
        expect(delivered.status).toBe('delivered');
        await ports.auth.signIn('asha@attack.test', PASSWORD);
        const mine = await ports.repairs.findByRepairId(delivered.repairId);
        expect(mine.readable.map((r) => r.deliveryCode)).toEqual(['4821']);
      });
    });

    if (name === 'pouchdb') {
      it('attack 7.L: a forged ledger entry arriving by sync is not credited; a hash naming a billion iterations is refused unrun', async () => {
        const pouch = local.pouch as PouchBackend;
        await pouch.databases.transactions.put({
          _id: rechargeIdOf('forged-by-sync'),
          distributorId: 'uid-dist',
          adminId: 'uid-asha',
          amount: 10_00_00_000,
          previousBalance: 500,
          newBalance: 10_00_00_500,
          ledgerPaise: 10_00_00_000_00,
          description: 'Wallet recharge by admin',
        });
        await local.ports.auth.signIn('admin@attack.test', PASSWORD);
        expect((await local.ports.users.get('uid-dist'))?.walletBalance).toBe(500);
        const account = await pouch.databases.accounts.get(accountDocId('dev@attack.test'));
        await pouch.databases.accounts.put({
          ...account!,
          password: { ...(account?.password as object), iterations: 1_000_000_000 },
        });
        await local.ports.auth.signOut();
        const started = performance.now();
        const error = await local.ports.auth.signIn('dev@attack.test', PASSWORD).catch((e) => e);
        expect(isAuthError(error, 'invalid-credential')).toBe(true);
        expect(performance.now() - started).toBeLessThan(5_000);
      });
    }
  });
}
