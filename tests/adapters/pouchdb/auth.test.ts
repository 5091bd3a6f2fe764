import { afterEach, describe, expect, it } from 'vitest';
import type { LocalSession } from '../../../src/adapters/local/local-session';
import { accountDocId, PouchAuthGateway } from '../../../src/adapters/pouchdb/pouchdb-auth-gateway';
import { oobCodeOf } from '../../contract/harness';
import { destroyAll, memoryBackend } from './helpers';

const PASSWORD = 'Secret#123';
const RESET_URL = 'http://localhost:4173/reset-password';

describe('PouchDB local authentication', () => {
  afterEach(destroyAll);

  it('stores salted PBKDF2 hashes with the configured iterations, never the password', async () => {
    const backend = await memoryBackend({ pbkdf2Iterations: 1234 });
    await backend.ports.auth.signUp('one@auth.test', PASSWORD);
    await backend.seeder.account({ uid: 'uid-two', email: 'two@auth.test', password: PASSWORD });
    const one = await backend.databases.accounts.get(accountDocId('one@auth.test'));
    const two = await backend.databases.accounts.get(accountDocId('TWO@auth.test'));
    for (const doc of [one, two]) {
      expect(JSON.stringify(doc)).not.toContain(PASSWORD);
      expect(doc?.password).toMatchObject({ algorithm: 'PBKDF2-SHA256', iterations: 1234 });
    }
    const [a, b] = [one?.password, two?.password] as { salt: string; hash: string }[];
    expect(a?.salt).not.toBe(b?.salt);
    expect(a?.hash).not.toBe(b?.hash);
    expect(atob(a?.hash ?? '')).toHaveLength(32);
  });

  it('knows whether an e-mail is verified: seeded accounts are (also those seeded before the field), a sign-up once a reset proves it', async () => {
    const backend = await memoryBackend();
    const { auth } = backend.ports;
    await backend.seeder.account({ uid: 'uid-seeded', email: 'seeded@auth.test', password: PASSWORD });
    await backend.seeder.account({
      uid: 'uid-unproved',
      email: 'unproved@auth.test',
      password: PASSWORD,
      emailVerified: false,
    });
    // A demo device seeded before accounts carried the field.
    const old = await backend.databases.accounts.get(accountDocId('seeded@auth.test'));
    const legacy: Record<string, unknown> = { ...old, uid: 'uid-legacy', email: 'legacy@auth.test' };
    for (const field of ['_rev', 'emailVerified']) delete legacy[field];
    await backend.databases.accounts.put({ ...legacy, _id: accountDocId('legacy@auth.test') });
    const verified = async (email: string) => {
      await auth.signIn(email, PASSWORD);
      return (auth as unknown as LocalSession).currentEmailVerified();
    };
    expect(auth).toBeInstanceOf(PouchAuthGateway);
    expect(await verified('seeded@auth.test')).toBe(true);
    expect(await verified('legacy@auth.test')).toBe(true);
    expect(await verified('unproved@auth.test')).toBe(false);
    await auth.signUp('new@auth.test', PASSWORD);
    expect((auth as unknown as LocalSession).currentEmailVerified()).toBe(false);
    await auth.signOut();
    await auth.sendPasswordResetEmail('new@auth.test', RESET_URL);
    const mail = (await backend.mailbox.list()).find((m) => m.to === 'new@auth.test');
    await auth.confirmPasswordReset(oobCodeOf(mail?.link ?? '') ?? '', 'Fresh#Secret9');
    await auth.signIn('new@auth.test', 'Fresh#Secret9');
    expect((auth as unknown as LocalSession).currentEmailVerified()).toBe(true);
  });

  it('keeps the session across a reload in a _local document, and ends it on sign-out', async () => {
    const backend = await memoryBackend();
    const user = await backend.ports.auth.signUp('stay@auth.test', PASSWORD);
    // _local documents are not in the primary index, so they never replicate.
    const ids = (await backend.databases.accounts.allDocs({})).map((row) => row.id);
    expect(ids).toEqual([accountDocId('stay@auth.test')]);

    const reloaded = await backend.reopen();
    expect(reloaded.ports.auth.currentUser()).toEqual(user);
    const seen = await new Promise((resolve) => reloaded.ports.auth.onAuthStateChanged(resolve));
    expect(seen).toEqual(user);

    await reloaded.ports.auth.signOut();
    const again = await backend.reopen();
    expect(again.ports.auth.currentUser()).toBeNull();
  });

  it('drops a saved session whose account was deleted', async () => {
    const backend = await memoryBackend();
    await backend.ports.auth.signUp('gone@auth.test', PASSWORD);
    const doc = await backend.databases.accounts.get(accountDocId('gone@auth.test'));
    await backend.databases.accounts.put({ _id: doc?._id ?? '', _rev: doc?._rev, _deleted: true });
    const reloaded = await backend.reopen();
    expect(reloaded.ports.auth.currentUser()).toBeNull();
  });

  it('upgrades a hash to the configured iterations at the next sign-in', async () => {
    const backend = await memoryBackend({ pbkdf2Iterations: 1000 });
    await backend.seeder.account({ uid: 'uid-old', email: 'old@auth.test', password: PASSWORD });
    const stronger = await backend.reopen({ pbkdf2Iterations: 2000 });
    await stronger.ports.auth.signIn('old@auth.test', PASSWORD);
    const doc = await stronger.databases.accounts.get(accountDocId('old@auth.test'));
    expect(doc?.password).toMatchObject({ iterations: 2000 });
    await stronger.ports.auth.signOut();
    await stronger.ports.auth.signIn('old@auth.test', PASSWORD);
  });

  it('refuses, without running it, a stored hash whose iteration count is over the cap (threat 7)', async () => {
    const backend = await memoryBackend();
    await backend.seeder.account({ uid: 'uid-hung', email: 'hung@auth.test', password: PASSWORD });
    const doc = await backend.databases.accounts.get(accountDocId('hung@auth.test'));
    const password = doc?.password as Record<string, unknown>;
    await backend.databases.accounts.put({ ...doc!, password: { ...password, iterations: 1_000_000_000 } });
    const started = performance.now();
    await expect(backend.ports.auth.signIn('hung@auth.test', PASSWORD)).rejects.toMatchObject({
      code: 'invalid-credential',
    });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('gives each seeded account of a data set its own salt at its first sign-in', async () => {
    const backend = await memoryBackend();
    await backend.seeder.load({
      accounts: [
        { uid: 'uid-a', email: 'a@auth.test', password: PASSWORD },
        { uid: 'uid-b', email: 'b@auth.test', password: PASSWORD },
      ],
      users: [],
      publicProfiles: [],
      stores: [],
      repairs: [],
      supportIssues: [],
      transactions: [],
      storeLinks: null,
    });
    const saltOf = async (email: string) =>
      (await backend.databases.accounts.get(accountDocId(email)))?.password as {
        salt: string;
        sharedSalt?: true;
      };
    expect((await saltOf('a@auth.test')).sharedSalt).toBe(true);
    expect((await saltOf('a@auth.test')).salt).toBe((await saltOf('b@auth.test')).salt);
    await backend.ports.auth.signIn('a@auth.test', PASSWORD);
    expect((await saltOf('a@auth.test')).sharedSalt).toBeUndefined();
    expect((await saltOf('a@auth.test')).salt).not.toBe((await saltOf('b@auth.test')).salt);
    await backend.ports.auth.signOut();
    await backend.ports.auth.signIn('a@auth.test', PASSWORD);
  });

  it('stores reset codes by digest only and delivers the mail newest first', async () => {
    const backend = await memoryBackend();
    await backend.ports.auth.signUp('reset@auth.test', PASSWORD);
    await backend.ports.auth.signOut();
    await backend.ports.auth.sendPasswordResetEmail('reset@auth.test', RESET_URL);
    backend.clock.advance(60_000);
    await backend.ports.auth.sendPasswordResetEmail('Reset@Auth.test', RESET_URL);
    const mail = await backend.mailbox.list();
    expect(mail).toHaveLength(2);
    expect(mail[0]!.sentAt!.getTime()).toBeGreaterThan(mail[1]!.sentAt!.getTime());
    expect(mail[0]).toMatchObject({ to: 'reset@auth.test', subject: 'Reset your RepairMate password' });
    expect(mail[0]!.link.startsWith(`${RESET_URL}?oobCode=`)).toBe(true);
    const code = oobCodeOf(mail[0]!.link)!;
    const stored = (await backend.databases.accounts.allDocs({ include_docs: true })).map((row) =>
      JSON.stringify(row.doc),
    );
    expect(stored.some((doc) => doc.includes(code))).toBe(false);
    expect(await backend.ports.auth.verifyPasswordResetCode(code)).toBe('reset@auth.test');
    // The first code still works too, once.
    const first = oobCodeOf(mail[1]!.link)!;
    await backend.ports.auth.confirmPasswordReset(first, 'Fresh#Pass1');
    await expect(backend.ports.auth.confirmPasswordReset(first, 'Other#Pass1')).rejects.toMatchObject({
      code: 'invalid-action-code',
    });
    await backend.ports.auth.signIn('reset@auth.test', 'Fresh#Pass1');
  });

  it('never gives the super admin role through sign-up', async () => {
    const backend = await memoryBackend();
    const { uid } = await backend.ports.auth.signUp('climber@auth.test', PASSWORD);
    await expect(
      backend.ports.users.createProfile(uid, {
        email: 'climber@auth.test',
        role: 'sa',
        acceptedTerms: true,
        acceptedPrivacy: true,
        acceptedDate: '2026-11-21T10:00:00.000Z',
        name: 'Climber',
        mobile: '9000000001',
        address: 'x',
        city: 'x',
        state: 'x',
        pincode: '411001',
        businessName: '',
        gstNumber: '',
        panNumber: '',
        businessAddress: '',
      } as never),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await backend.ports.users.get(uid)).toBeNull();
  });
});
