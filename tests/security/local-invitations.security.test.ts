import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBackend } from '../../src/adapters/memory/memory-backend';
import { createPouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import type { Seeder } from '../../src/demo';
import { ManualClock } from '../../src/demo/manual-clock';
import type { Ports } from '../../src/ports';
import { isPortError } from '../../src/ports/errors';
import { MALLORY_PROFILE, PASSWORD, seedVictims } from './fixtures';

/**
 * Issue 15, finding 6 ("staff lookup by e-mail is an account directory") against the local backends
 * (memory, and PouchDB as the offline demo runs it) through their ports, as a script in the page would
 * call them. Staff join only by invitation (docs/decisions/0008-staff-join-by-invitation.md): the
 * owner invites an address, the account signed in with that verified address accepts.
 */

interface Local {
  readonly ports: Ports;
  readonly seeder: Seeder;
  dispose(): Promise<void>;
}

let sequence = 0;

const BACKENDS: readonly { readonly name: string; readonly make: () => Promise<Local> }[] = [
  {
    name: 'memory',
    make: async () => {
      const backend = createMemoryBackend({ clock: new ManualClock(new Date()) });
      return { ports: backend.ports, seeder: backend.seeder, dispose: async () => undefined };
    },
  },
  {
    name: 'pouchdb',
    make: async () => {
      sequence += 1;
      const backend = await createPouchBackend({
        PouchDB: nodePouchDB(),
        adapter: 'memory',
        prefix: `invite-attack-${process.pid}-${Date.now().toString(36)}-${sequence}`,
        clock: new ManualClock(new Date()),
        pbkdf2Iterations: 1000,
      });
      return { ports: backend.ports, seeder: backend.seeder, dispose: () => backend.destroy() };
    },
  },
];

/** Expects the port to refuse with one of `codes`. */
async function refused(action: Promise<unknown>, ...codes: string[]): Promise<void> {
  const error = await action.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(isPortError(error) && codes.includes(error.code)).toBe(true);
}

for (const { name, make } of BACKENDS) {
  describe(`issue 15, finding 6 on the ${name} backend`, () => {
    let local: Local;

    beforeEach(async () => {
      local = await make();
      await seedVictims(local.seeder);
      // Mallory signs up with her own address (unverified, as every sign-up starts).
      const { uid } = await local.ports.auth.signUp('mallory@attack.test', PASSWORD);
      await local.ports.users.createProfile(uid, MALLORY_PROFILE());
      // Rahul invites Asha to Sharma Mobile Care.
      await local.ports.auth.signIn('rahul@attack.test', PASSWORD);
      await local.ports.shopMembers.inviteStaff('store-1', 'asha@attack.test');
    });
    afterEach(async () => {
      await local.dispose();
    });

    it('attack 15.6.1.L: nothing answers a uid for an e-mail; an invitation reads the same whoever holds the address', async () => {
      const members = local.ports.shopMembers;
      const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(members));
      expect(methods.filter((m) => /byemail|lookup|finduser|uidof/i.test(m))).toEqual([]);
      const known = await members.inviteStaff('store-1', 'admin@attack.test');
      const unknown = await members.inviteStaff('store-1', 'nobody-at-all@attack.test');
      expect(Object.keys(known).sort()).toEqual(Object.keys(unknown).sort());
      expect(JSON.stringify(known)).not.toContain('uid-admin');
      expect(JSON.stringify(await members.listInvitations('store-1'))).not.toContain('uid-asha');
      // Another owner learns nothing of this store's invitations or staff.
      await local.ports.auth.signIn('meera@attack.test', PASSWORD);
      await refused(members.listInvitations('store-1'), 'permission-denied');
      await refused(members.listStaff('store-1'), 'permission-denied');
    });

    it('attack 15.6.2.L: an owner cannot make an account staff without its consent', async () => {
      const members = local.ports.shopMembers;
      await refused(members.acceptInvitation('store-1'), 'permission-denied', 'not-found');
      expect(await members.listStaff('store-1')).toEqual([]);
      await local.ports.auth.signIn('asha@attack.test', PASSWORD);
      expect(await members.myStores()).toEqual([]);
      await refused(local.ports.shopRepairs.page('store-1', { limit: 5 }), 'permission-denied');
    });

    it('attack 15.6.3.L: an account with an unverified address neither sees nor accepts the invitation to it', async () => {
      const members = local.ports.shopMembers;
      await members.inviteStaff('store-1', 'mallory@attack.test');
      await local.ports.auth.signIn('mallory@attack.test', PASSWORD);
      expect(await members.myInvitations()).toEqual([]);
      await refused(members.acceptInvitation('store-1'), 'permission-denied');
      expect(await members.roleIn('store-1')).toBeNull();
    });

    it("attack 15.6.4.L: another address's invitation is neither accepted nor declined", async () => {
      const members = local.ports.shopMembers;
      await local.ports.auth.signIn('dev@attack.test', PASSWORD);
      expect(await members.myInvitations()).toEqual([]);
      await refused(members.acceptInvitation('store-1'), 'not-found');
      await members.declineInvitation('store-1');
      expect(await members.roleIn('store-1')).toBeNull();
      await local.ports.auth.signIn('rahul@attack.test', PASSWORD);
      expect((await members.listInvitations('store-1')).map((i) => i.email)).toEqual(['asha@attack.test']);
    });

    it('attack 15.6.5.L: customers and admins are listed nowhere by e-mail, and see no invitation not sent to them', async () => {
      for (const email of ['admin@attack.test', 'dev@attack.test', 'meera@attack.test']) {
        await local.ports.auth.signIn(email, PASSWORD);
        expect(await local.ports.shopMembers.myInvitations()).toEqual([]);
      }
    });

    it('allowed: the invited account, signed in with its verified address, accepts and works in the store', async () => {
      const members = local.ports.shopMembers;
      await local.ports.auth.signIn('asha@attack.test', PASSWORD);
      expect((await members.myInvitations()).map((i) => [i.storeId, i.storeName])).toEqual([
        ['store-1', 'Sharma Mobile Care'],
      ]);
      expect((await members.acceptInvitation('store-1')).role).toBe('staff');
      await local.ports.shopRepairs.page('store-1', { limit: 5 });
      await local.ports.auth.signIn('rahul@attack.test', PASSWORD);
      expect((await members.listStaff('store-1')).map((s) => [s.uid, s.email, s.name])).toEqual([
        ['uid-asha', 'asha@attack.test', 'Asha'],
      ]);
      expect(await members.listInvitations('store-1')).toEqual([]);
    });
  });
}
