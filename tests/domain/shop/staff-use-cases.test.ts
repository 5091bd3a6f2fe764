import { beforeEach, describe, expect, it } from 'vitest';
import { checkStaffEmail, STAFF_TEXTS } from '../../../src/domain/shop/staff-use-cases';
import { PortError } from '../../../src/ports/errors';
import { PASSWORD, signInAs, type World } from '../world';
import { createShopWorld } from './shop-world';

let world: World;

beforeEach(async () => {
  ({ world } = await createShopWorld());
});

const shop = () => world.useCases.shop;

describe('checkStaffEmail', () => {
  it('takes an address trimmed and in lower case, and says what is wrong otherwise', () => {
    expect(checkStaffEmail('  Asha@Example.TEST ')).toEqual({ ok: true, value: 'asha@example.test' });
    expect(checkStaffEmail('   ')).toEqual({ ok: false, fieldErrors: { email: STAFF_TEXTS.emailRequired } });
    for (const bad of ['asha', 'asha@example', 'a b@example.test', `${'a'.repeat(250)}@example.test`])
      expect(checkStaffEmail(bad)).toEqual({ ok: false, fieldErrors: { email: STAFF_TEXTS.emailInvalid } });
  });
});

describe("the owner's staff section", () => {
  it('shows the staff and pending invitations; an invitation reads the same whether the address has an account or not', async () => {
    await signInAs(world, 'owner');
    const invited = await shop().inviteStaff('store-1', ' Customer@Example.test ');
    expect(invited).toMatchObject({
      ok: true,
      value: { email: 'customer@example.test', storeId: 'store-1' },
      message: STAFF_TEXTS.invitationSent('customer@example.test'),
    });
    const nobody = await shop().inviteStaff('store-1', 'nobody@example.test');
    expect(nobody).toMatchObject({ ok: true, message: STAFF_TEXTS.invitationSent('nobody@example.test') });
    const screen = await shop().staffScreen('store-1');
    expect(screen.ok).toBe(true);
    if (!screen.ok) return;
    expect(screen.value.store.role).toBe('owner');
    expect(screen.value.staff.map((s) => [s.name, s.email])).toEqual([['Sam Staff', 'staff@example.test']]);
    expect(screen.value.invitations.map((i) => i.email)).toEqual([
      'customer@example.test',
      'nobody@example.test',
    ]);
  });

  it('puts the refusals the owner can act on under the field, and changes nothing', async () => {
    await signInAs(world, 'owner');
    await shop().inviteStaff('store-1', 'customer@example.test');
    const field = async (email: string) => {
      const outcome = await shop().inviteStaff('store-1', email);
      return outcome.ok ? null : outcome.fieldErrors?.email;
    };
    expect(await field('')).toBe(STAFF_TEXTS.emailRequired);
    expect(await field('not an address')).toBe(STAFF_TEXTS.emailInvalid);
    expect(await field('owner@example.test')).toBe(STAFF_TEXTS.ownEmail);
    expect(await field('CUSTOMER@example.test')).toBe(STAFF_TEXTS.alreadyInvited);
    expect(await field('staff@example.test')).toBe(STAFF_TEXTS.alreadyStaff);
    expect((await world.ports.shopMembers.listInvitations('store-1')).map((i) => i.email)).toEqual([
      'customer@example.test',
    ]);
  });

  it('cancels an invitation and removes staff, each with its message', async () => {
    await signInAs(world, 'owner');
    await shop().inviteStaff('store-1', 'customer@example.test');
    expect(await shop().cancelInvitation('store-1', 'customer@example.test')).toEqual({
      ok: true,
      value: undefined,
      message: STAFF_TEXTS.invitationCancelled('customer@example.test'),
    });
    expect(
      await shop().removeStaff('store-1', {
        uid: 'uid-staff',
        name: 'Sam Staff',
        email: 'staff@example.test',
      }),
    ).toMatchObject({ ok: true, message: STAFF_TEXTS.staffRemoved('Sam Staff') });
    const screen = await shop().staffScreen('store-1');
    expect(screen).toMatchObject({ ok: true, value: { staff: [], invitations: [] } });
  });

  it('is for the owner only: staff and other accounts are told so', async () => {
    for (const key of ['staff', 'customer', 'rival']) {
      await signInAs(world, key);
      expect(await shop().staffScreen('store-1')).toEqual({
        ok: false,
        message: STAFF_TEXTS.ownersOnly,
        reason: 'not-permitted',
      });
      expect(await shop().inviteStaff('store-1', 'x@example.test')).toMatchObject({
        ok: false,
        reason: 'not-permitted',
      });
    }
  });

  it('says a backend that does not answer failed, and logs why', async () => {
    await signInAs(world, 'owner');
    world.ports.shopMembers.listInvitations = async () => {
      throw new PortError('unavailable', 'offline');
    };
    expect(await shop().staffScreen('store-1')).toEqual({
      ok: false,
      message: STAFF_TEXTS.loadFailed,
      reason: 'failed',
    });
    expect(world.logger.entries.some((entry) => entry.message.includes('Loading the staff'))).toBe(true);
  });
});

describe("the invited account's invitations", () => {
  it('lists them and accepting makes the account staff, with its message', async () => {
    await signInAs(world, 'owner');
    await shop().inviteStaff('store-1', 'customer@example.test');
    await signInAs(world, 'customer');
    const mine = await shop().myInvitations();
    expect(mine).toMatchObject({
      ok: true,
      value: [{ storeId: 'store-1', storeName: 'Sharma Mobile Care - Bandra' }],
    });
    const accepted = await shop().acceptInvitation({
      storeId: 'store-1',
      storeName: 'Sharma Mobile Care - Bandra',
    });
    expect(accepted).toMatchObject({
      ok: true,
      value: { storeId: 'store-1', role: 'staff' },
      message: STAFF_TEXTS.joined('Sharma Mobile Care - Bandra'),
    });
    expect((await shop().myStores()).ok && (await world.ports.shopMembers.roleIn('store-1'))?.role).toBe(
      'staff',
    );
    expect(await shop().myInvitations()).toEqual({ ok: true, value: [] });
    // Accepting again: the invitation is gone.
    expect(await shop().acceptInvitation({ storeId: 'store-1', storeName: 'x' })).toEqual({
      ok: false,
      message: STAFF_TEXTS.invitationGone,
      reason: 'not-found',
    });
  });

  it('declines, and nothing else changes', async () => {
    await signInAs(world, 'owner');
    await shop().inviteStaff('store-1', 'customer@example.test');
    await signInAs(world, 'customer');
    expect(
      await shop().declineInvitation({ storeId: 'store-1', storeName: 'Sharma Mobile Care - Bandra' }),
    ).toEqual({
      ok: true,
      value: undefined,
      message: STAFF_TEXTS.declined('Sharma Mobile Care - Bandra'),
    });
    expect(await shop().myInvitations()).toEqual({ ok: true, value: [] });
    expect(await world.ports.shopMembers.roleIn('store-1')).toBeNull();
  });

  it('shows an unverified address nothing, and tells it to verify when it tries to accept', async () => {
    await world.seeder.account({
      uid: 'uid-new',
      email: 'new@example.test',
      password: PASSWORD,
      emailVerified: false,
    });
    await world.seeder.user('uid-new', { email: 'new@example.test', role: 'user', name: 'Nina New' });
    await signInAs(world, 'owner');
    await shop().inviteStaff('store-1', 'new@example.test');
    await signInAs(world, 'new');
    expect(await shop().myInvitations()).toEqual({ ok: true, value: [] });
    expect(await shop().acceptInvitation({ storeId: 'store-1', storeName: 'x' })).toEqual({
      ok: false,
      message: STAFF_TEXTS.verifyFirst,
      reason: 'not-permitted',
    });
  });
});
