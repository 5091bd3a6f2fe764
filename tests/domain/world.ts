import { createMemoryBackend } from '../../src/adapters/memory/memory-backend';
import { ManualClock } from '../../src/demo/manual-clock';
import { MemoryLogger } from '../../src/demo/memory-logger';
import type { RandomBytes } from '../../src/domain/shop/tracking';
import { createUseCases, type UseCaseSettings } from '../../src/domain/use-cases';
import type { UserProfile } from '../../src/domain/users/user';
import { seeded } from './shop/seeded';

/**
 * A fresh in-memory backend with the use cases bound to it, at a fixed instant. Every domain test acts
 * through the use cases, as the UI does, and arranges data with the backend's privileged seeder.
 */

export const PASSWORD = 'Secret#123';
export const RESET_URL = 'https://repairmate.test/reset-password';
/** 15 March 2026, 10:30 local time. */
export const NOW = new Date(2026, 2, 15, 10, 30);

/** Settings for use cases in tests: the reset link, and random bytes from a seeded generator. */
export function testSettings(random: RandomBytes = seeded(20260315).bytes): UseCaseSettings {
  return { resetPasswordUrl: RESET_URL, random };
}

export function createWorld(now: Date = NOW, random?: RandomBytes) {
  const clock = new ManualClock(now);
  // The causes of failures the use cases turn into messages: tests assert they are kept.
  const logger = new MemoryLogger();
  const backend = createMemoryBackend({ clock, logger });
  const settings = testSettings(random);
  const useCases = createUseCases(backend.ports, settings);
  return { ...backend, clock, logger, settings, useCases };
}

export type World = ReturnType<typeof createWorld>;

export const emailOf = (key: string) => `${key}@example.test`;

/**
 * Seeds an account `{key}@example.test` (password PASSWORD, uid `uid-{key}`) with a users document;
 * `phoneNumber` is a mobile number the account has already verified (E.164).
 */
export async function addPerson(
  world: World,
  key: string,
  record: Record<string, unknown>,
  phoneNumber?: string,
): Promise<string> {
  const email = emailOf(key);
  const uid = await world.seeder.account({
    uid: `uid-${key}`,
    email,
    password: PASSWORD,
    ...(phoneNumber ? { phoneNumber } : {}),
  });
  await world.seeder.user(uid, { email, ...record });
  return uid;
}

/** One person of each role the web knows. */
export async function seedCast(world: World) {
  return {
    admin: await addPerson(world, 'admin', { role: 'sa', name: 'Ada Admin', mobile: '9000000009' }),
    customer: await addPerson(
      world,
      'customer',
      { role: 'user', name: 'Cara Customer', mobile: '9876543210' },
      '+919876543210',
    ),
    distributor: await addPerson(world, 'distributor', {
      role: 'distributor',
      name: 'Dev Distributor',
      mobile: '9123456780',
      walletBalance: 500,
    }),
    otherDistributor: await addPerson(world, 'distributor2', {
      role: 'distributor',
      name: 'Priya Traders',
      mobile: '9988776655',
    }),
    staff: await addPerson(world, 'staff', { role: 'staff', name: 'Sam Staff' }),
  };
}

/** Signs `key` in through the use case and returns the profile the session would hold. */
export async function signInAs(world: World, key: string): Promise<UserProfile> {
  const result = await world.useCases.accounts.signIn(emailOf(key), PASSWORD);
  if (!result.ok) throw new Error(`sign-in of ${key} failed: ${result.message}`);
  const uid = world.ports.auth.currentUser()?.uid;
  const profile = uid === undefined ? null : await world.ports.users.get(uid).catch(() => null);
  if (profile === null) throw new Error(`${key} has no users document`);
  return profile;
}

/** Lets every pending promise and microtask settle (the memory backend has no real latency). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
