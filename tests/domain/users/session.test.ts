import { describe, expect, it } from 'vitest';
import { createUseCases } from '../../../src/domain/use-cases';
import { ACCOUNT_MESSAGES } from '../../../src/domain/users/messages';
import { roleOf, type SessionState } from '../../../src/domain/users/session';
import type { UserProfile } from '../../../src/domain/users/user';
import type { Ports } from '../../../src/ports';
import { addPerson, createWorld, emailOf, PASSWORD, settle, type World } from '../world';

/** Watches the session and records every state reported. */
function watch(world: World, useCases = world.useCases) {
  const states: SessionState[] = [];
  const stop = useCases.session.watch((state) => states.push(state));
  return { states, stop, last: () => states.at(-1) };
}

/** A users port whose reads wait until the test releases them, one by one. */
function heldReads(world: World) {
  const pending: { uid: string; release: () => void }[] = [];
  const users: Ports['users'] = Object.create(world.ports.users);
  users.get = (uid) =>
    new Promise<UserProfile | null>((resolve, reject) => {
      pending.push({ uid, release: () => world.ports.users.get(uid).then(resolve, reject) });
    });
  return { pending, useCases: createUseCases({ ...world.ports, users }, world.settings) };
}

describe('watchSession', () => {
  it('starts loading, then reports a signed-out visitor', async () => {
    const world = createWorld();
    const session = watch(world);
    expect(session.states).toEqual([{ status: 'loading' }]);
    await settle();
    expect(session.states).toEqual([{ status: 'loading' }, { status: 'signed-out' }]);
    expect(roleOf(session.last()!)).toBeNull();
  });

  it('loads the users document of a signed-in account and exposes its role', async () => {
    const world = createWorld();
    await addPerson(world, 'ada', { role: 'sa', name: 'Ada Admin' });
    const session = watch(world);
    await settle();
    await world.useCases.accounts.signIn(emailOf('ada'), PASSWORD);
    await settle();
    expect(session.states.map((state) => state.status)).toEqual([
      'loading',
      'signed-out',
      'loading',
      'signed-in',
    ]);
    const state = session.last();
    expect(state).toMatchObject({
      status: 'signed-in',
      user: { uid: 'uid-ada', email: emailOf('ada') },
      profile: { uid: 'uid-ada', role: 'sa', name: 'Ada Admin' },
    });
    expect(roleOf(state!)).toBe('sa');
  });

  it('reports a signed-in account without a users document with profile null and no role', async () => {
    const world = createWorld();
    await world.seeder.account({ uid: 'uid-bare', email: 'bare@example.test', password: PASSWORD });
    await world.useCases.accounts.signIn('bare@example.test', PASSWORD);
    const session = watch(world);
    await settle();
    expect(session.last()).toEqual({
      status: 'signed-in',
      user: { uid: 'uid-bare', email: 'bare@example.test', phoneNumber: null },
      profile: null,
    });
    expect(roleOf(session.last()!)).toBeNull();
  });

  it('reports an error when the users document cannot be read', async () => {
    const world = createWorld();
    await addPerson(world, 'asha', { role: 'user' });
    await world.useCases.accounts.signIn(emailOf('asha'), PASSWORD);
    world.db.outage = true;
    const session = watch(world);
    await settle();
    expect(session.last()).toEqual({
      status: 'error',
      user: { uid: 'uid-asha', email: emailOf('asha'), phoneNumber: null },
      message: ACCOUNT_MESSAGES.profileUnavailable,
    });
    expect(roleOf(session.last()!)).toBeNull();
    expect(world.logger.at('error').map((entry) => [entry.message, entry.cause])).toEqual([
      ['The users document of uid-asha could not be read', expect.objectContaining({ code: 'unavailable' })],
    ]);
  });

  it('never lets a slow profile read overwrite a newer sign-out', async () => {
    const world = createWorld();
    await addPerson(world, 'asha', { role: 'user' });
    const { pending, useCases } = heldReads(world);
    const session = watch(world, useCases);
    await settle();
    await useCases.accounts.signIn(emailOf('asha'), PASSWORD);
    await useCases.accounts.signOut();
    await settle();
    expect(session.last()).toEqual({ status: 'signed-out' });
    pending[0]!.release();
    await settle();
    expect(session.states.map((state) => state.status)).toEqual([
      'loading',
      'signed-out',
      'loading',
      'signed-out',
    ]);
  });

  it('never lets a slow profile read of a previous account overwrite the newer one', async () => {
    const world = createWorld();
    await addPerson(world, 'asha', { role: 'user' });
    await addPerson(world, 'ada', { role: 'sa' });
    const { pending, useCases } = heldReads(world);
    const session = watch(world, useCases);
    await settle();
    await useCases.accounts.signIn(emailOf('asha'), PASSWORD);
    await useCases.accounts.signIn(emailOf('ada'), PASSWORD);
    expect(pending.map((read) => read.uid)).toEqual(['uid-asha', 'uid-ada']);
    pending[1]!.release();
    await settle();
    expect(roleOf(session.last()!)).toBe('sa');
    pending[0]!.release();
    await settle();
    expect(roleOf(session.last()!)).toBe('sa');
    expect(session.states.filter((state) => state.status === 'signed-in')).toHaveLength(1);
  });

  it('stops reporting once unsubscribed, even for a read in flight', async () => {
    const world = createWorld();
    await addPerson(world, 'asha', { role: 'user' });
    const { pending, useCases } = heldReads(world);
    const session = watch(world, useCases);
    await settle();
    await useCases.accounts.signIn(emailOf('asha'), PASSWORD);
    session.stop();
    const seen = session.states.length;
    pending[0]!.release();
    await useCases.accounts.signOut();
    await settle();
    expect(session.states).toHaveLength(seen);
  });
});
