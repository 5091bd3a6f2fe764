import { type JobCardInput, type ValidJobCard, validateJobCard } from '../../src/domain/shop/job-card';
import type { ShopRepair } from '../../src/domain/shop/repair-record';
import type { NewShopRepair } from '../../src/ports/shop-repairs';
import { seedCast, seedStores, signInAs } from './fixtures';
import type { BackendHarness } from './harness';
import { typedCard } from './typed-card';

/** A checked job card; `overrides` change what was typed. */
export function jobCard(overrides: Partial<JobCardInput> = {}): ValidJobCard {
  const outcome = validateJobCard(typedCard(overrides));
  if (!outcome.ok) throw new Error(`bad job card: ${JSON.stringify(outcome.fieldErrors)}`);
  return outcome.value;
}

let tokens = 0;
/** A fresh, well-formed tracking token. */
export function freshToken(): string {
  tokens += 1;
  return `tok${String(tokens).padStart(6, '0')}${Math.random().toString(36).slice(2, 12).padEnd(13, 'x')}`;
}

export function newRepair(overrides: Partial<JobCardInput> = {}, deliveryCode = '4821'): NewShopRepair {
  return { card: jobCard(overrides), deliveryCode, trackingToken: freshToken() };
}

/**
 * The cast, their stores, and staff@contract.test as staff of store-1: its owner invited the address
 * and the staff account accepted. Signed out.
 */
export async function seedShop(h: BackendHarness) {
  const cast = await seedCast(h);
  await seedStores(h, cast);
  await signInAs(h, 'owner');
  await h.ports.shopMembers.inviteStaff('store-1', 'staff@contract.test');
  await signInAs(h, 'staff');
  await h.ports.shopMembers.acceptInvitation('store-1');
  await h.ports.auth.signOut();
  return cast;
}

/** Creates a repair in store-1 as the owner (left signed in as the owner). */
export async function ownerCreates(
  h: BackendHarness,
  overrides: Partial<JobCardInput> = {},
): Promise<ShopRepair> {
  await signInAs(h, 'owner');
  return h.ports.shopRepairs.create('store-1', newRepair(overrides));
}
