import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_STORE_SETTINGS } from '../../src/domain/shop/settings';
import type { PortErrorCode } from '../../src/ports/errors';
import { expectPortError } from './expectations';
import { type Cast, type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { PASSWORD } from './harness';
import { newRepair, seedShop } from './shop-fixtures';

/** A refusal with its code, whose message says `words` (the port's refusals say what is wrong). */
async function expectRefusal(action: Promise<unknown>, code: PortErrorCode, words: string) {
  expect((await expectPortError(action, code)).message).toContain(words);
}

export function shopMembershipContract(makeHarness: HarnessFactory): void {
  describe('ShopMembershipRepository', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('lists the stores the signed-in account works in, with its role', async () => {
      await signInAs(h, 'owner');
      expect(await h.ports.shopMembers.myStores()).toEqual([
        { storeId: 'store-1', storeName: 'Sharma Mobile Care - Bandra', ownerId: cast.owner, role: 'owner' },
      ]);
      expect((await h.ports.shopMembers.roleIn('store-1'))?.role).toBe('owner');
      expect(await h.ports.shopMembers.roleIn('store-2')).toBeNull();
      await signInAs(h, 'staff');
      expect(await h.ports.shopMembers.myStores()).toEqual([
        { storeId: 'store-1', storeName: 'Sharma Mobile Care - Bandra', ownerId: cast.owner, role: 'staff' },
      ]);
      expect((await h.ports.shopMembers.roleIn('store-1'))?.role).toBe('staff');
      await signInAs(h, 'rival');
      expect((await h.ports.shopMembers.myStores()).map((m) => [m.storeId, m.role])).toEqual([
        ['store-2', 'owner'],
      ]);
      for (const key of ['customer', 'admin', 'distributor'] as const) {
        await signInAs(h, key);
        expect(await h.ports.shopMembers.myStores()).toEqual([]);
        expect(await h.ports.shopMembers.roleIn('store-1')).toBeNull();
      }
    });

    it("gives the store's members its settings, parsed, and nobody else", async () => {
      await h.seeder.store({
        id: 'store-1',
        ownerId: cast.owner,
        name: 'Sharma Mobile Care - Bandra',
        phone: '+91 98111 11111',
        address: 'Shop 3, Linking Road',
        gstin: '27aapfs1234c1zd',
        upiId: 'sharmamobile@okaxis',
        jobSheetTerms: 'No warranty on water damage.',
        messageTemplates: { ready: 'Ready: {repairId}', delivered: '  ', unknown: 'x' },
        gstRatePercent: 12,
        sacCode: '998713',
        pricesIncludeTax: false,
      });
      const expected = {
        phone: '9811111111',
        address: 'Shop 3, Linking Road',
        city: '',
        state: '',
        pincode: '',
        repairIdPrefix: '',
        gstin: '27AAPFS1234C1ZD',
        upiId: 'sharmamobile@okaxis',
        jobSheetTerms: 'No warranty on water damage.',
        messageTemplates: { ready: 'Ready: {repairId}' },
        gstRatePercent: 12,
        sacCode: '998713',
        pricesIncludeTax: false,
      };
      for (const key of ['owner', 'staff'] as const) {
        await signInAs(h, key);
        expect(await h.ports.shopMembers.settings('store-1')).toEqual(expected);
      }
      // A store without settings reads as the defaults.
      await signInAs(h, 'rival');
      expect(await h.ports.shopMembers.settings('store-2')).toEqual(EMPTY_STORE_SETTINGS);
      await expectPortError(h.ports.shopMembers.settings('store-1'), 'permission-denied');
      for (const key of ['customer', 'admin'] as CastKey[]) {
        await signInAs(h, key);
        await expectPortError(h.ports.shopMembers.settings('store-1'), 'permission-denied');
        await expectPortError(h.ports.shopMembers.settings('no-such-store'), 'permission-denied');
      }
      await h.ports.auth.signOut();
      await expectPortError(h.ports.shopMembers.settings('store-1'), 'unauthenticated');
    });

    it('needs a signed-in account', async () => {
      const members = h.ports.shopMembers;
      await expectPortError(members.myStores(), 'unauthenticated');
      await expectPortError(members.roleIn('store-1'), 'unauthenticated');
      await expectPortError(members.listStaff('store-1'), 'unauthenticated');
      await expectPortError(members.inviteStaff('store-1', 'x@y.zz'), 'unauthenticated');
      await expectPortError(members.listInvitations('store-1'), 'unauthenticated');
      await expectPortError(members.cancelInvitation('store-1', 'x@y.zz'), 'unauthenticated');
      await expectPortError(members.myInvitations(), 'unauthenticated');
      await expectPortError(members.acceptInvitation('store-1'), 'unauthenticated');
      await expectPortError(members.declineInvitation('store-1'), 'unauthenticated');
      await expectPortError(members.removeStaff('store-1', cast.staff), 'unauthenticated');
      await expectPortError(members.leaveStore('store-1'), 'unauthenticated');
    });

    it('lets only the owner list and remove staff and invite, list and cancel invitations', async () => {
      await signInAs(h, 'owner');
      const staff = await h.ports.shopMembers.listStaff('store-1');
      expect(staff.map((s) => [s.uid, s.email, s.name, s.addedBy])).toEqual([
        [cast.staff, 'staff@contract.test', 'Sam Staff', cast.owner],
      ]);
      await h.ports.shopMembers.inviteStaff('store-1', 'claimant@contract.test');
      for (const key of ['staff', 'rival', 'customer', 'admin'] as CastKey[]) {
        await signInAs(h, key);
        const members = h.ports.shopMembers;
        await expectPortError(members.listStaff('store-1'), 'permission-denied');
        await expectPortError(members.inviteStaff('store-1', 'someone@contract.test'), 'permission-denied');
        await expectPortError(members.listInvitations('store-1'), 'permission-denied');
        await expectPortError(
          members.cancelInvitation('store-1', 'claimant@contract.test'),
          'permission-denied',
        );
        await expectPortError(members.removeStaff('store-1', cast.staff), 'permission-denied');
      }
      await signInAs(h, 'owner');
      await expectPortError(h.ports.shopMembers.listStaff('store-nowhere'), 'permission-denied');
      await expectPortError(
        h.ports.shopMembers.inviteStaff('store-nowhere', 'someone@contract.test'),
        'permission-denied',
      );
      await expectPortError(h.ports.shopMembers.listInvitations('store-nowhere'), 'permission-denied');
      expect((await h.ports.shopMembers.listInvitations('store-1')).map((i) => i.email)).toEqual([
        'claimant@contract.test',
      ]);
      expect((await h.ports.shopMembers.listStaff('store-1')).map((s) => s.uid)).toEqual([cast.staff]);
    });

    it('invites an address trimmed and in lower case, and says nothing of whether it has an account', async () => {
      await signInAs(h, 'owner');
      const before = Date.now();
      const invited = await h.ports.shopMembers.inviteStaff('store-1', '  Claimant@Contract.TEST ');
      expect(invited).toEqual({
        storeId: 'store-1',
        storeName: 'Sharma Mobile Care - Bandra',
        email: 'claimant@contract.test',
        invitedBy: cast.owner,
        invitedAt: expect.any(Date),
      });
      expect(Math.abs(invited.invitedAt.getTime() - before)).toBeLessThan(5 * 60_000);
      // An address nobody uses gets the same answer, with the same fields.
      const nobody = await h.ports.shopMembers.inviteStaff('store-1', 'nobody@contract.test');
      expect(Object.keys(nobody).sort()).toEqual(Object.keys(invited).sort());
      expect(nobody).toMatchObject({
        email: 'nobody@contract.test',
        storeId: 'store-1',
        invitedBy: cast.owner,
      });
      expect(await h.ports.shopMembers.listInvitations('store-1')).toEqual([
        { ...invited, invitedAt: expect.any(Date) },
        { ...nobody, invitedAt: expect.any(Date) },
      ]);
      // Staff are not changed by an invitation.
      expect((await h.ports.shopMembers.listStaff('store-1')).map((s) => s.uid)).toEqual([cast.staff]);
    });

    it("refuses a bad address, the owner's own, one already invited and one already staff, each clearly", async () => {
      await signInAs(h, 'owner');
      const members = h.ports.shopMembers;
      for (const bad of [
        '',
        '   ',
        'not-an-address',
        'a@b',
        'two@@contract.test',
        'sp ace@contract.test',
        `${'x'.repeat(250)}@contract.test`,
      ])
        await expectRefusal(members.inviteStaff('store-1', bad), 'invalid-argument', 'valid e-mail');
      await expectRefusal(members.inviteStaff('store-1', 'OWNER@contract.test'), 'invalid-argument', 'owner');
      await members.inviteStaff('store-1', 'claimant@contract.test');
      await expectRefusal(
        members.inviteStaff('store-1', 'Claimant@contract.test'),
        'conflict',
        'already invited',
      );
      await expectRefusal(
        members.inviteStaff('store-1', 'staff@contract.test'),
        'failed-precondition',
        'already has this address',
      );
      expect((await members.listInvitations('store-1')).map((i) => i.email)).toEqual([
        'claimant@contract.test',
      ]);
      // Another store may invite the same address.
      await signInAs(h, 'rival');
      await h.ports.shopMembers.inviteStaff('store-2', 'claimant@contract.test');
    });

    it('shows an account the invitations to its verified address, and accepting makes it staff in one write', async () => {
      await signInAs(h, 'owner');
      await h.ports.shopMembers.inviteStaff('store-1', 'claimant@contract.test');
      await signInAs(h, 'rival');
      await h.ports.shopMembers.inviteStaff('store-2', 'claimant@contract.test');
      for (const key of ['customer', 'staff', 'owner', 'admin'] as CastKey[]) {
        await signInAs(h, key);
        expect(await h.ports.shopMembers.myInvitations()).toEqual([]);
      }
      await signInAs(h, 'claimant');
      expect(
        (await h.ports.shopMembers.myInvitations()).map((i) => [
          i.storeId,
          i.storeName,
          i.email,
          i.invitedBy,
        ]),
      ).toEqual([
        ['store-2', 'Iyer Electronics', 'claimant@contract.test', cast.rival],
        ['store-1', 'Sharma Mobile Care - Bandra', 'claimant@contract.test', cast.owner],
      ]);
      expect(await h.ports.shopMembers.roleIn('store-1')).toBeNull();
      const joined = await h.ports.shopMembers.acceptInvitation('store-1');
      expect(joined).toEqual({
        storeId: 'store-1',
        storeName: 'Sharma Mobile Care - Bandra',
        ownerId: cast.owner,
        role: 'staff',
      });
      expect((await h.ports.shopMembers.roleIn('store-1'))?.role).toBe('staff');
      expect((await h.ports.shopMembers.myStores()).map((m) => [m.storeId, m.role])).toEqual([
        ['store-1', 'staff'],
      ]);
      expect((await h.ports.shopMembers.myInvitations()).map((i) => i.storeId)).toEqual(['store-2']);
      await h.ports.shopRepairs.page('store-1', { limit: 5 });
      await expectPortError(h.ports.shopMembers.acceptInvitation('store-1'), 'not-found');
      await signInAs(h, 'owner');
      expect(await h.ports.shopMembers.listInvitations('store-1')).toEqual([]);
      const claimant = (await h.ports.shopMembers.listStaff('store-1')).find((s) => s.uid === cast.claimant);
      expect(claimant).toMatchObject({
        storeId: 'store-1',
        uid: cast.claimant,
        email: 'claimant@contract.test',
        name: 'Claude Claimant',
        addedBy: cast.owner,
      });
    });

    it("refuses to accept without a verified address, and another address's invitation", async () => {
      await h.seeder.account({
        uid: 'uid-unproved',
        email: 'unproved@contract.test',
        password: PASSWORD,
        emailVerified: false,
      });
      await h.seeder.user('uid-unproved', {
        email: 'unproved@contract.test',
        role: 'user',
        name: 'Uma Unproved',
      });
      await signInAs(h, 'owner');
      await h.ports.shopMembers.inviteStaff('store-1', 'unproved@contract.test');
      await h.ports.shopMembers.inviteStaff('store-1', 'claimant@contract.test');
      await h.ports.auth.signIn('unproved@contract.test', PASSWORD);
      expect(await h.ports.shopMembers.myInvitations()).toEqual([]);
      await expectRefusal(h.ports.shopMembers.acceptInvitation('store-1'), 'permission-denied', 'Verify');
      await h.ports.shopMembers.declineInvitation('store-1');
      expect(await h.ports.shopMembers.roleIn('store-1')).toBeNull();
      // Someone else's invitation: the account's own address has none to this store.
      await signInAs(h, 'customer');
      await expectPortError(h.ports.shopMembers.acceptInvitation('store-1'), 'not-found');
      await h.ports.shopMembers.declineInvitation('store-1');
      expect(await h.ports.shopMembers.myStores()).toEqual([]);
      await expectPortError(h.ports.shopMembers.acceptInvitation('store-nowhere'), 'not-found');
      await signInAs(h, 'owner');
      expect((await h.ports.shopMembers.listInvitations('store-1')).map((i) => i.email)).toEqual([
        'claimant@contract.test',
        'unproved@contract.test',
      ]);
      expect((await h.ports.shopMembers.listStaff('store-1')).map((s) => s.uid)).toEqual([cast.staff]);
    });

    it('a password reset proves the mailbox: the account then sees and accepts its invitation', async () => {
      await h.seeder.account({
        uid: 'uid-late',
        email: 'late@contract.test',
        password: PASSWORD,
        emailVerified: false,
      });
      await h.seeder.user('uid-late', { email: 'late@contract.test', role: 'user', name: 'Lata Late' });
      await signInAs(h, 'owner');
      await h.ports.shopMembers.inviteStaff('store-1', 'late@contract.test');
      await h.ports.auth.signOut();
      await h.ports.auth.sendPasswordResetEmail('late@contract.test', 'https://repairmate.test/reset');
      const code = await h.lastResetCode('late@contract.test');
      expect(code).not.toBeNull();
      await h.ports.auth.confirmPasswordReset(code ?? '', 'Newer#Secret456');
      await h.ports.auth.signIn('late@contract.test', 'Newer#Secret456');
      expect((await h.ports.shopMembers.myInvitations()).map((i) => i.storeId)).toEqual(['store-1']);
      expect((await h.ports.shopMembers.acceptInvitation('store-1')).role).toBe('staff');
    });

    it('declining removes the invitation; the owner cancels one; neither makes anyone staff', async () => {
      await signInAs(h, 'owner');
      await h.ports.shopMembers.inviteStaff('store-1', 'claimant@contract.test');
      await h.ports.shopMembers.inviteStaff('store-1', 'customer@contract.test');
      await signInAs(h, 'claimant');
      await h.ports.shopMembers.declineInvitation('store-1');
      await h.ports.shopMembers.declineInvitation('store-1');
      expect(await h.ports.shopMembers.myInvitations()).toEqual([]);
      await expectPortError(h.ports.shopMembers.acceptInvitation('store-1'), 'not-found');
      await signInAs(h, 'owner');
      await h.ports.shopMembers.cancelInvitation('store-1', ' Customer@Contract.test');
      await h.ports.shopMembers.cancelInvitation('store-1', 'customer@contract.test');
      expect(await h.ports.shopMembers.listInvitations('store-1')).toEqual([]);
      await signInAs(h, 'customer');
      expect(await h.ports.shopMembers.myInvitations()).toEqual([]);
      await expectPortError(h.ports.shopMembers.acceptInvitation('store-1'), 'not-found');
      await signInAs(h, 'owner');
      expect((await h.ports.shopMembers.listStaff('store-1')).map((s) => s.uid)).toEqual([cast.staff]);
      // Invited again after a decline: it works again.
      await h.ports.shopMembers.inviteStaff('store-1', 'claimant@contract.test');
    });

    it('a staff member may leave; they lose access at once, and may be invited again', async () => {
      await signInAs(h, 'staff');
      await h.ports.shopMembers.leaveStore('store-2');
      await h.ports.shopMembers.leaveStore('store-1');
      await h.ports.shopMembers.leaveStore('store-1');
      expect(await h.ports.shopMembers.myStores()).toEqual([]);
      await expectPortError(h.ports.shopRepairs.page('store-1', { limit: 5 }), 'permission-denied');
      await signInAs(h, 'owner');
      expect(await h.ports.shopMembers.listStaff('store-1')).toEqual([]);
      await h.ports.shopMembers.leaveStore('store-1');
      expect((await h.ports.shopMembers.roleIn('store-1'))?.role).toBe('owner');
      await h.ports.shopMembers.inviteStaff('store-1', 'staff@contract.test');
      await signInAs(h, 'staff');
      await h.ports.shopMembers.acceptInvitation('store-1');
      expect((await h.ports.shopMembers.roleIn('store-1'))?.role).toBe('staff');
    });

    it("a removed member's next read or write of the store is refused: get, page, search, counts, changeStatus, update, create", async () => {
      await signInAs(h, 'staff');
      const repair = await h.ports.shopRepairs.create('store-1', newRepair());
      expect((await h.ports.shopRepairs.get(repair.id))?.id).toBe(repair.id);
      await signInAs(h, 'owner');
      await h.ports.shopMembers.removeStaff('store-1', cast.staff);
      await signInAs(h, 'staff');
      const refused = 'permission-denied';
      await expectPortError(h.ports.shopRepairs.get(repair.id), refused);
      await expectPortError(h.ports.shopRepairs.getShopOnly(repair.id), refused);
      await expectPortError(h.ports.shopRepairs.listPayments(repair.id), refused);
      await expectPortError(h.ports.shopRepairs.page('store-1', { limit: 5 }), refused);
      await expectPortError(
        h.ports.shopRepairs.search('store-1', { field: 'repairId', text: repair.repairId, limit: 5 }),
        refused,
      );
      await expectPortError(h.ports.shopRepairs.countByStatus('store-1'), refused);
      await expectPortError(h.ports.shopRepairs.repairIdPrefix('store-1'), refused);
      await expectPortError(
        h.ports.shopRepairs.changeStatus(repair.id, { to: 'inprogress', expectedStatus: 'received' }),
        refused,
      );
      await expectPortError(h.ports.shopRepairs.update(repair.id, { customerName: 'Taken Over' }), refused);
      await expectPortError(h.ports.shopRepairs.create('store-1', newRepair()), refused);
      await expectPortError(h.ports.shopMembers.settings('store-1'), refused);
      expect(await h.ports.shopMembers.roleIn('store-1')).toBeNull();
      // Nothing they tried changed the repair.
      await signInAs(h, 'owner');
      expect(await h.ports.shopRepairs.get(repair.id)).toMatchObject({
        status: 'received',
        customerName: repair.customerName,
      });
      expect((await h.ports.shopRepairs.page('store-1', { limit: 5 })).items).toHaveLength(1);
    });

    it('removing staff takes their access away', async () => {
      await signInAs(h, 'staff');
      await h.ports.shopRepairs.page('store-1', { limit: 5 });
      await signInAs(h, 'owner');
      await h.ports.shopMembers.removeStaff('store-1', cast.staff);
      await h.ports.shopMembers.removeStaff('store-1', cast.staff);
      expect(await h.ports.shopMembers.listStaff('store-1')).toEqual([]);
      await signInAs(h, 'staff');
      expect(await h.ports.shopMembers.myStores()).toEqual([]);
      await expectPortError(h.ports.shopRepairs.page('store-1', { limit: 5 }), 'permission-denied');
    });
  });
}
