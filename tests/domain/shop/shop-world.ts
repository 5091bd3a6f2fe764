import type { JobCardInput } from '../../../src/domain/shop/job-card';
import type { ShopRepair } from '../../../src/domain/shop/repair-record';
import type { RandomBytes } from '../../../src/domain/shop/tracking';
import { typedCard } from '../../contract/typed-card';
import { addPerson, createWorld, NOW, seedCast, signInAs, type World } from '../world';

/**
 * The memory world of the shop's use cases: the cast of world.ts, Rahul (owner of store-1, Sharma
 * Mobile Care - Bandra), Meera (owner of store-2), and Sam (the cast's staff) added by Rahul as staff
 * of store-1. Cara (the cast's customer) has verified +91 98765 43210. Left signed out.
 */
export async function createShopWorld(random?: RandomBytes) {
  const world = createWorld(NOW, random);
  const cast = await seedCast(world);
  const owner = await addPerson(
    world,
    'owner',
    { role: 'business', name: 'Rahul Sharma', businessName: 'Sharma Mobile Care', phone: '9811111111' },
    '+919811111111',
  );
  const rival = await addPerson(world, 'rival', {
    role: 'business',
    name: 'Meera Iyer',
    businessName: 'Iyer Electronics',
  });
  await world.seeder.publicProfile({ uid: owner, businessName: 'Sharma Mobile Care', phone: '9811111111' });
  await world.seeder.store({ id: 'store-1', ownerId: owner, name: 'Sharma Mobile Care - Bandra' });
  await world.seeder.store({ id: 'store-2', ownerId: rival, name: 'Iyer Electronics' });
  await signInAs(world, 'owner');
  await world.ports.shopMembers.inviteStaff('store-1', 'staff@example.test');
  await signInAs(world, 'staff');
  await world.ports.shopMembers.acceptInvitation('store-1');
  await world.ports.auth.signOut();
  return { world, cast: { ...cast, owner, rival } };
}

export type ShopWorld = Awaited<ReturnType<typeof createShopWorld>>;

export { typedCard };

/** Creates a repair in store-1 through the use case, as whoever is signed in. */
export async function createThroughUseCase(
  world: World,
  overrides: Partial<JobCardInput> = {},
  storeId = 'store-1',
): Promise<ShopRepair> {
  const created = await world.useCases.shop.createRepair(storeId, typedCard(overrides), NOW);
  if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created)}`);
  return created.value.repair;
}
