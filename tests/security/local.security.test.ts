import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBackend } from '../../src/adapters/memory/memory-backend';
import { accountDocId } from '../../src/adapters/pouchdb/pouchdb-auth-gateway';
import { createPouchBackend, type PouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { rechargeIdOf } from '../../src/adapters/shared/recharge';
import type { Seeder } from '../../src/demo';
import { ManualClock } from '../../src/demo/manual-clock';
import type { Ports } from '../../src/ports';
import { isAuthError, isPortError } from '../../src/ports/errors';
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
          .filter((m) => !m.startsWith('constructor') && !m.startsWith('currentIndexes'))
          .sort(),
      ).toEqual(['countCreated', 'findByRepairId']);
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
