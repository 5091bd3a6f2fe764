import { beforeEach, describe, expect, it } from 'vitest';
import type { RepairLookup } from '../../../src/domain/repairs/look-up-repair';
import { REPAIR_MESSAGES } from '../../../src/domain/repairs/messages';
import type { Repair } from '../../../src/domain/repairs/repair';
import { publicProfileOf } from '../../../src/domain/users/public-profile';
import { parseUserRecord, type UserProfile } from '../../../src/domain/users/user';
import { addPerson, createWorld, seedCast, signInAs, type World } from '../world';

let world: World;

beforeEach(async () => {
  world = createWorld();
  await seedCast(world);
  await addPerson(world, 'owner', {
    role: 'business',
    name: 'Rahul Sharma',
    businessName: 'Sharma Mobile Care',
    phone: '9811111111',
  });
  await addPerson(world, 'rival', { role: 'business', name: 'Meera Iyer', mobile: '9822222222' });
  await world.seeder.store({ id: 'store-sharma-1', ownerId: 'uid-owner' });
  await world.seeder.store({ id: 'store-iyer', ownerId: 'uid-rival' });
  await world.seeder.publicProfile({
    uid: 'uid-owner',
    businessName: 'Sharma Mobile Care',
    phone: '9811111111',
  });
  await world.seeder.publicProfile({ uid: 'uid-rival', businessName: 'Meera Iyer', phone: '9822222222' });
});

const repair = (id: string, repairId: string, extra: Record<string, unknown>) =>
  world.seeder.repair({ id, repairId, customerMobile: '9000000000', ...extra });

async function lookUpAs(key: string, repairId: string) {
  const viewer = await signInAs(world, key);
  return world.useCases.repairs.lookUp(viewer, repairId);
}

/** 'found', or the reason the look-up gives for showing nothing. */
const statusOf = (outcome: RepairLookup) => (outcome.ok ? 'found' : outcome.reason);

const found = async (key: string, repairId: string): Promise<Repair> => {
  const result = await lookUpAs(key, repairId);
  if (!result.ok) throw new Error(`expected ${repairId} to be found, got ${result.reason}`);
  return result.value.repair;
};

describe('looking a repair up', () => {
  it('trims the entered id', async () => {
    await repair('r1', 'RPR-1', { customerMobile: '9876543210' });
    expect((await found('customer', '  RPR-1 \t')).id).toBe('r1');
  });

  it('needs an id', async () => {
    expect(await lookUpAs('customer', '   ')).toEqual({
      ok: false,
      reason: 'invalid',
      message: REPAIR_MESSAGES.repairIdRequired,
    });
  });

  it('refuses an id longer than 64 characters without asking the backend', async () => {
    world.db.outage = true;
    expect(await world.useCases.repairs.lookUp(null, 'R'.repeat(65))).toEqual({
      ok: false,
      reason: 'invalid',
      message: REPAIR_MESSAGES.repairIdTooLong,
    });
  });

  it('says when no repair has the id (ids are matched exactly)', async () => {
    await repair('r1', 'RPR-1', { customerMobile: '9876543210' });
    expect(await lookUpAs('customer', 'rpr-1')).toEqual({
      ok: false,
      reason: 'not-found',
      message: 'No repair found with this Repair ID.',
    });
  });

  it('says when the repairs cannot be fetched', async () => {
    await repair('r1', 'RPR-1', { customerMobile: '9876543210' });
    const viewer = await signInAs(world, 'customer');
    world.db.outage = true;
    expect(await world.useCases.repairs.lookUp(viewer, 'RPR-1')).toEqual({
      ok: false,
      reason: 'failed',
      message: 'Error fetching repair.',
    });
    expect(world.logger.at('error').map((entry) => [entry.message, entry.cause])).toEqual([
      ['Repair look-up failed', expect.any(Error)],
    ]);
  });

  it('says when the viewer may not see it', async () => {
    await repair('r1', 'RPR-1', { customerMobile: '9000000000', storeId: 'store-iyer' });
    expect(await lookUpAs('customer', 'RPR-1')).toEqual({
      ok: false,
      reason: 'not-permitted',
      message: 'You are not authorized to view this repair.',
    });
  });
});

describe('who may view a repair', () => {
  it('a super admin sees any repair', async () => {
    await repair('r1', 'RPR-1', { customerMobile: '9000000000', storeId: 'store-iyer' });
    expect((await found('admin', 'RPR-1')).id).toBe('r1');
  });

  it.each([
    '9876543210',
    '98765 43210',
    '98765-43210',
    '+91 98765 43210',
    '+919876543210',
    '09876543210',
    '919876543210',
    '0091 9876543210',
  ])('the customer whose mobile matches %s', async (customerMobile) => {
    await repair('r1', 'RPR-1', { customerMobile });
    expect((await found('customer', 'RPR-1')).id).toBe('r1');
  });

  it('not a customer whose profile only claims the number (it was never verified)', async () => {
    await addPerson(world, 'claimant', { role: 'user', mobile: '9876543210' });
    await addPerson(world, 'legacy', { role: 'user', mobile: '', customerMobile: '+91 99999 11111' });
    await repair('r1', 'RPR-1', { customerMobile: '9876543210' });
    await repair('r2', 'RPR-2', { customerMobile: '9999911111' });
    expect(statusOf(await lookUpAs('claimant', 'RPR-1'))).toBe('not-permitted');
    expect(statusOf(await lookUpAs('legacy', 'RPR-2'))).toBe('not-permitted');
  });

  it('the customer once they verify their number with the texted code', async () => {
    await addPerson(world, 'legacy', { role: 'user', customerMobile: '+91 99999 11111' });
    await repair('r2', 'RPR-2', { customerMobile: '9999911111' });
    const profile = await signInAs(world, 'legacy');
    const sent = await world.useCases.phone.sendCode('99999 11111');
    if (!sent.ok) throw new Error(sent.message);
    const [sms] = await world.sms.list();
    const confirmed = await world.useCases.phone.confirmCode(sent.value.verificationId, sms!.code, profile);
    expect(confirmed.ok).toBe(true);
    expect(statusOf(await world.useCases.repairs.lookUp(profile, 'RPR-2'))).toBe('found');
  });

  it('not a customer whose number only nearly matches', async () => {
    await repair('r1', 'RPR-1', { customerMobile: '9876543211' });
    expect(statusOf(await lookUpAs('customer', 'RPR-1'))).toBe('not-permitted');
  });

  it('never matches two blank mobiles', async () => {
    await addPerson(world, 'nomobile', { role: 'user', name: 'No Mobile' });
    await repair('r1', 'RPR-1', { customerMobile: '' });
    await repair('r2', 'RPR-2', { customerMobile: ' - ' });
    await repair('r3', 'RPR-3', {});
    for (const id of ['RPR-1', 'RPR-2', 'RPR-3'])
      expect(await lookUpAs('nomobile', id)).toEqual({
        ok: false,
        reason: 'not-permitted',
        message: REPAIR_MESSAGES.notAuthorized,
      });
  });

  it('the business named by businessId, for a repair that names no store', async () => {
    await repair('r1', 'RPR-1', { businessId: 'uid-rival' });
    expect((await found('rival', 'RPR-1')).id).toBe('r1');
    expect(statusOf(await lookUpAs('owner', 'RPR-1'))).toBe('not-permitted');
  });

  it('not the business named by businessId when the repair is in another business’s store', async () => {
    await repair('r1', 'RPR-1', { businessId: 'uid-owner', storeId: 'store-iyer' });
    expect(statusOf(await lookUpAs('owner', 'RPR-1'))).toBe('not-permitted');
    expect((await found('rival', 'RPR-1')).id).toBe('r1');
  });

  it('the owner of the store referenced by storeId', async () => {
    await repair('r1', 'RPR-1', { storeId: 'store-sharma-1' });
    expect((await found('owner', 'RPR-1')).id).toBe('r1');
    expect(statusOf(await lookUpAs('rival', 'RPR-1'))).toBe('not-permitted');
  });

  it('the owner of the store referenced by the apps’ store, while businessId is that owner', async () => {
    await repair('r1', 'RPR-1', { store: 'store-sharma-1', businessId: 'uid-owner' });
    expect((await found('owner', 'RPR-1')).id).toBe('r1');
    expect(statusOf(await lookUpAs('rival', 'RPR-1'))).toBe('not-permitted');
  });

  it('not through `store` alone, nor for a rival’s repair naming another’s store (issue 15)', async () => {
    await repair('r1', 'RPR-1', { store: 'store-sharma-1' });
    await repair('r2', 'RPR-2', { store: 'store-sharma-1', businessId: 'uid-rival' });
    expect(statusOf(await lookUpAs('owner', 'RPR-1'))).toBe('not-permitted');
    expect(statusOf(await lookUpAs('owner', 'RPR-2'))).toBe('not-permitted');
  });

  it('not the owner of a store whose id a businessId happens to name (businessId is never a store)', async () => {
    await repair('r1', 'RPR-1', { businessId: 'store-sharma-1' });
    expect(statusOf(await lookUpAs('owner', 'RPR-1'))).toBe('not-permitted');
  });

  it('nobody else: a distributor, staff, or a store without an owner', async () => {
    await world.seeder.store({ id: 'store-orphan', ownerId: '' });
    await repair('r1', 'RPR-1', { storeId: 'store-orphan' });
    await repair('r2', 'RPR-2', { storeId: 'store-gone' });
    for (const key of ['distributor', 'staff', 'customer'])
      for (const id of ['RPR-1', 'RPR-2']) expect(statusOf(await lookUpAs(key, id))).toBe('not-permitted');
  });

  it('nobody without a profile', async () => {
    await repair('r1', 'RPR-1', { customerMobile: '' });
    await signInAs(world, 'customer');
    expect(statusOf(await world.useCases.repairs.lookUp(null, 'RPR-1'))).toBe('not-permitted');
  });

  it('when shops reused an id, shows the one the viewer may see', async () => {
    await repair('a', 'RPR-7', { customerMobile: '9000000000', storeId: 'store-iyer' });
    await repair('b', 'RPR-7', { customerMobile: '9876543210', storeId: 'store-sharma-1' });
    await repair('c', 'RPR-7', { customerMobile: '9111111111', storeId: 'store-sharma-1' });
    expect((await found('customer', 'RPR-7')).id).toBe('b');
    expect((await found('rival', 'RPR-7')).id).toBe('a');
    expect((await found('owner', 'RPR-7')).id).toBe('b');
    expect(statusOf(await lookUpAs('distributor', 'RPR-7'))).toBe('not-permitted');
  });
});

describe('the business behind a repair', () => {
  const infoOf = async (extra: Record<string, unknown>) => {
    await repair('r1', 'RPR-1', extra);
    const outcome = await world.useCases.repairs.businessInfo(await found('admin', 'RPR-1'));
    if (!outcome.ok) throw new Error('expected the business info to be read');
    return outcome.value;
  };

  it("is the public profile of businessId (never the owner's private users document)", async () => {
    expect(await infoOf({ businessId: 'uid-owner', storeId: 'store-iyer' })).toEqual({
      name: 'Sharma Mobile Care',
      number: '9811111111',
    });
  });

  it.each(['storeId', 'store'])(
    'is the owner of the store referenced by %s when there is no businessId',
    async (field) => {
      expect(await infoOf({ [field]: 'store-iyer' })).toEqual({ name: 'Meera Iyer', number: '9822222222' });
    },
  );

  it('is null when the business has no public profile', async () => {
    expect(await infoOf({ businessId: 'business-closed-0001' })).toBeNull();
  });

  it('is null when the store or its owner cannot be found', async () => {
    expect(await infoOf({ storeId: 'store-gone' })).toBeNull();
  });

  it('is null when the repair names no business at all', async () => {
    expect(await infoOf({})).toBeNull();
  });

  it('is null when the public profile has neither a name nor a number', async () => {
    await world.seeder.publicProfile({ uid: 'uid-blank', businessName: ' ', phone: '' });
    expect(await infoOf({ businessId: 'uid-blank' })).toBeNull();
  });

  it('is made from the users document with the fallbacks: name for a missing business name, ownerNumber for missing mobile and phone', () => {
    const profile = parseUserRecord('uid-old', {
      role: 'business',
      name: 'Old Shop',
      ownerNumber: '9800000001',
    });
    expect(publicProfileOf(profile)).toEqual({
      uid: 'uid-old',
      businessName: 'Old Shop',
      phone: '9800000001',
    });
  });

  it('fails when it cannot be read, keeping the cause in the log (the card says it is not available)', async () => {
    await repair('r1', 'RPR-1', { businessId: 'uid-owner' });
    const seen = await found('admin', 'RPR-1');
    world.db.outage = true;
    expect(await world.useCases.repairs.businessInfo(seen)).toEqual({ ok: false, reason: 'failed' });
    expect(world.logger.at('error')).toEqual([
      { level: 'error', message: 'Business info of repair r1 could not be read', cause: expect.any(Error) },
    ]);
  });

  it('is read for the customer who may see the repair', async () => {
    await repair('r1', 'RPR-1', { customerMobile: '9876543210', storeId: 'store-sharma-1' });
    const viewer: UserProfile = await signInAs(world, 'customer');
    const result = await world.useCases.repairs.lookUp(viewer, 'RPR-1');
    expect(statusOf(result)).toBe('found');
    if (result.ok)
      expect(await world.useCases.repairs.businessInfo(result.value.repair)).toEqual({
        ok: true,
        value: { name: 'Sharma Mobile Care', number: '9811111111' },
      });
  });
});
