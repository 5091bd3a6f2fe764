import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewUserRecord } from '../../src/domain/users/user';
import { expectPortError } from './expectations';
import { type Cast, type CastKey, seedCast, seedStores, signInAs } from './fixtures';
import { type BackendHarness, type HarnessFactory, PASSWORD } from './harness';

const record = (email: string, role: 'user' | 'distributor' = 'user'): NewUserRecord => ({
  email,
  role,
  acceptedTerms: true,
  acceptedPrivacy: true,
  acceptedDate: '2026-11-21T10:00:00.000Z',
  name: 'New Person',
  mobile: '9876501234',
  address: '1 Main Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  businessName: '',
  gstNumber: '',
  panNumber: '',
  businessAddress: '',
});

export function userRepositoryContract(makeHarness: HarnessFactory): void {
  describe('UserRepository', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedCast(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    const business = async (n: number, fields: Record<string, unknown>, storeCount = 1) => {
      const uid = `uid-owner-${n}`;
      await h.seeder.user(uid, { email: `owner${n}@contract.test`, role: 'business', ...fields });
      for (let s = 0; s < storeCount; s += 1) await h.seeder.store({ id: `store-${n}-${s}`, ownerId: uid });
      return uid;
    };

    describe('get', () => {
      it('returns null for an unknown uid, to a super admin', async () => {
        await signInAs(h, 'admin');
        expect(await h.ports.users.get('uid-nobody')).toBeNull();
      });

      it('parses a stored document, filling absent fields', async () => {
        await h.seeder.user('uid-sparse', {
          email: 'sparse@contract.test',
          role: 'business',
          phone: 9811111111,
          walletBalance: '75.5',
        });
        await signInAs(h, 'admin');
        const profile = await h.ports.users.get('uid-sparse');
        expect(profile).toMatchObject({
          uid: 'uid-sparse',
          email: 'sparse@contract.test',
          role: 'business',
          name: '',
          mobile: '',
          phone: '9811111111',
          businessName: '',
          walletBalance: 75.5,
          acceptedTerms: false,
        });
      });

      it('reads a document without a role as role null', async () => {
        await h.seeder.user('uid-norole', { email: 'norole@contract.test' });
        await signInAs(h, 'admin');
        expect((await h.ports.users.get('uid-norole'))?.role).toBeNull();
      });

      it('lets an account read its own document and a super admin read any', async () => {
        const readers: readonly CastKey[] = [
          'customer',
          'claimant',
          'distributor',
          'staff',
          'owner',
          'rival',
        ];
        for (const key of readers) {
          await signInAs(h, key);
          expect((await h.ports.users.get(`uid-${key}`))?.uid).toBe(`uid-${key}`);
        }
        await signInAs(h, 'admin');
        for (const key of readers) expect((await h.ports.users.get(`uid-${key}`))?.uid).toBe(`uid-${key}`);
      });

      it("refuses everyone else's documents, a business's included (PAN, GSTIN, addresses)", async () => {
        const pairs: readonly [CastKey, string][] = [
          ['customer', cast.owner],
          ['customer', cast.distributor],
          ['customer', cast.admin],
          ['distributor', cast.customer],
          ['distributor', cast.otherDistributor],
          ['owner', cast.rival],
          ['owner', cast.customer],
          ['staff', cast.owner],
        ];
        for (const [key, uid] of pairs) {
          await signInAs(h, key);
          await expectPortError(h.ports.users.get(uid), 'permission-denied');
        }
        await signInAs(h, 'customer');
        await expectPortError(h.ports.users.get('uid-nobody'), 'permission-denied');
        await h.ports.auth.signOut();
        await expectPortError(h.ports.users.get(cast.owner), 'unauthenticated', 'permission-denied');
      });
    });

    describe('updateOwnProfile', () => {
      it("changes the account's own profile fields", async () => {
        await signInAs(h, 'customer');
        await h.ports.users.updateOwnProfile({ name: 'Cara C.', city: 'Pune', mobile: '9876543210' });
        expect(await h.ports.users.get(cast.customer)).toMatchObject({
          name: 'Cara C.',
          city: 'Pune',
          mobile: '9876543210',
          role: 'user',
        });
      });

      it('refuses the role, the wallet, agreements and fields that are not the profile’s', async () => {
        await signInAs(h, 'distributor');
        for (const patch of [
          { role: 'sa' },
          { walletBalance: 1_000_000 },
          { lastRechargeId: 'recharge-x' },
          { acceptedTerms: false },
          { junk: 'x' },
          { name: 42 },
        ]) {
          await expectPortError(
            h.ports.users.updateOwnProfile(patch as unknown as Record<string, string>),
            'permission-denied',
            'invalid-argument',
          );
        }
        expect(await h.ports.users.get(cast.distributor)).toMatchObject({
          role: 'distributor',
          walletBalance: 500,
          name: 'Dev Distributor',
        });
      });

      it('refuses a field longer than its limit (no 900 KB junk)', async () => {
        await signInAs(h, 'customer');
        await expectPortError(
          h.ports.users.updateOwnProfile({ address: 'x'.repeat(501) }),
          'permission-denied',
          'invalid-argument',
        );
        await expectPortError(
          h.ports.users.updateOwnProfile({ name: 'x'.repeat(900_000) }),
          'permission-denied',
          'invalid-argument',
        );
        expect((await h.ports.users.get(cast.customer))?.name).toBe('Cara Customer');
      });

      it("moves a renamed business in the admin's table", async () => {
        await seedStores(h, cast);
        await signInAs(h, 'owner');
        await h.ports.users.updateOwnProfile({ businessName: 'Aadi Mobiles' });
        await h.ports.auth.signOut();
        await signInAs(h, 'admin');
        const page = await h.ports.users.pageBusinessUsers({ search: '', offset: 0, limit: 10 });
        expect(page.items.map((item) => [item.profile.uid, item.profile.businessName])).toEqual([
          [cast.owner, 'Aadi Mobiles'],
          [cast.rival, 'Iyer Electronics'],
        ]);
        expect(page.total).toBe(2);
      });

      it('needs a signed-in account', async () => {
        await expectPortError(
          h.ports.users.updateOwnProfile({ name: 'Ghost' }),
          'unauthenticated',
          'permission-denied',
        );
      });
    });

    describe('public profiles', () => {
      it('are read by any signed-in account: a business name and a number only', async () => {
        await h.seeder.publicProfile({
          uid: cast.owner,
          businessName: 'Sharma Mobile Care',
          phone: '9811111111',
        });
        for (const key of ['customer', 'distributor', 'rival'] as const) {
          await signInAs(h, key);
          expect(await h.ports.users.getPublicProfile(cast.owner)).toEqual({
            uid: cast.owner,
            businessName: 'Sharma Mobile Care',
            phone: '9811111111',
          });
          expect(await h.ports.users.getPublicProfile('uid-nobody')).toBeNull();
        }
        await h.ports.auth.signOut();
        await expectPortError(
          h.ports.users.getPublicProfile(cast.owner),
          'unauthenticated',
          'permission-denied',
        );
      });

      it('are written by their own account, within limits', async () => {
        await signInAs(h, 'owner');
        await h.ports.users.savePublicProfile({ businessName: 'Sharma Mobile Care', phone: '9811111111' });
        await h.ports.users.savePublicProfile({ businessName: 'Sharma Mobiles', phone: '9811111112' });
        await expectPortError(
          h.ports.users.savePublicProfile({ businessName: 'x'.repeat(201), phone: '' }),
          'permission-denied',
          'invalid-argument',
        );
        await expectPortError(
          h.ports.users.savePublicProfile({
            businessName: 'A',
            phone: '1',
            panNumber: 'ABCDE1234F',
          } as unknown as { businessName: string; phone: string }),
          'permission-denied',
          'invalid-argument',
        );
        await signInAs(h, 'customer');
        expect(await h.ports.users.getPublicProfile(cast.owner)).toEqual({
          uid: cast.owner,
          businessName: 'Sharma Mobiles',
          phone: '9811111112',
        });
      });
    });

    describe('createProfile', () => {
      it("creates the signed-in account's own document with role user or distributor", async () => {
        const { uid } = await h.ports.auth.signUp('joiner@contract.test', PASSWORD);
        await h.ports.users.createProfile(uid, record('joiner@contract.test', 'distributor'));
        const profile = await h.ports.users.get(uid);
        expect(profile).toMatchObject({
          uid,
          email: 'joiner@contract.test',
          role: 'distributor',
          acceptedTerms: true,
          acceptedPrivacy: true,
          acceptedDate: '2026-11-21T10:00:00.000Z',
          name: 'New Person',
          mobile: '9876501234',
          pincode: '411001',
          businessName: '',
          gstNumber: '',
          panNumber: '',
          businessAddress: '',
          walletBalance: 0,
        });
      });

      it('refuses the super admin role, or any role but user and distributor', async () => {
        const { uid } = await h.ports.auth.signUp('climber@contract.test', PASSWORD);
        for (const role of ['sa', 'staff', 'admin']) {
          const forged = { ...record('climber@contract.test'), role } as unknown as NewUserRecord;
          await expectPortError(h.ports.users.createProfile(uid, forged), 'permission-denied');
        }
        expect(await h.ports.users.get(uid)).toBeNull();
      });

      it('refuses a wallet balance or other extra fields', async () => {
        const { uid } = await h.ports.auth.signUp('rich@contract.test', PASSWORD);
        const forged = {
          ...record('rich@contract.test', 'distributor'),
          walletBalance: 100000,
        } as unknown as NewUserRecord;
        await expectPortError(h.ports.users.createProfile(uid, forged), 'permission-denied');
        expect(await h.ports.users.get(uid)).toBeNull();
      });

      it("refuses someone else's uid, another e-mail, or a missing agreement", async () => {
        const { uid } = await h.ports.auth.signUp('honest@contract.test', PASSWORD);
        await expectPortError(
          h.ports.users.createProfile(cast.customer, record('honest@contract.test')),
          'permission-denied',
        );
        await expectPortError(
          h.ports.users.createProfile(uid, record('someone@contract.test')),
          'permission-denied',
        );
        const unaccepted = {
          ...record('honest@contract.test'),
          acceptedPrivacy: false,
        } as unknown as NewUserRecord;
        await expectPortError(h.ports.users.createProfile(uid, unaccepted), 'permission-denied');
        expect(await h.ports.users.get(uid)).toBeNull();
      });

      it('refuses when signed out', async () => {
        await expectPortError(
          h.ports.users.createProfile('uid-ghost', record('ghost@contract.test')),
          'unauthenticated',
          'permission-denied',
        );
      });

      it('never overwrites an existing document', async () => {
        await signInAs(h, 'customer');
        await expectPortError(
          h.ports.users.createProfile(cast.customer, record('customer@contract.test', 'distributor')),
          'permission-denied',
        );
        expect((await h.ports.users.get(cast.customer))?.role).toBe('user');
      });
    });

    describe('queries for the super admin', () => {
      it('lists the users of a role, ordered by name', async () => {
        await signInAs(h, 'admin');
        const distributors = await h.ports.users.listByRole('distributor');
        expect(distributors.map((user) => user.name)).toEqual(['Dev Distributor', 'Priya Traders']);
        expect(distributors[0]).toMatchObject({ uid: cast.distributor, walletBalance: 500 });
      });

      it('counts all users and the business users (owners of at least one store)', async () => {
        await business(1, { businessName: 'Alpha Mobiles' }, 2);
        await business(2, { businessName: 'Beta Phones' });
        await h.seeder.store({ id: 'store-orphan', ownerId: 'uid-not-a-user' });
        await h.seeder.user('uid-storeless', { email: 'storeless@contract.test', role: 'business' });
        await signInAs(h, 'admin');
        expect(await h.ports.users.countAll()).toBe(8 + 3);
        expect(await h.ports.users.countBusinessUsers()).toBe(2);
      });

      it('pages business users by business name (name when none), case-insensitively', async () => {
        await business(1, { businessName: 'charlie Repairs', name: 'Zed' });
        await business(2, { businessName: 'Alpha Mobiles', name: 'Yan' }, 2);
        await business(3, { businessName: '', name: 'Bravo Bhatia' });
        await business(4, { businessName: 'delta Care', name: 'Xu' });
        await signInAs(h, 'admin');
        const first = await h.ports.users.pageBusinessUsers({ search: '', offset: 0, limit: 3 });
        expect(first.total).toBe(4);
        expect(first.items.map((item) => item.profile.uid)).toEqual([
          'uid-owner-2',
          'uid-owner-3',
          'uid-owner-1',
        ]);
        expect(first.items[0]?.storeIds).toEqual(['store-2-0', 'store-2-1']);
        const second = await h.ports.users.pageBusinessUsers({ search: '', offset: 3, limit: 3 });
        expect(second).toMatchObject({ total: 4 });
        expect(second.items.map((item) => item.profile.uid)).toEqual(['uid-owner-4']);
        const beyond = await h.ports.users.pageBusinessUsers({ search: '', offset: 9, limit: 3 });
        expect(beyond).toEqual({ items: [], total: 4 });
      });

      it('searches business name or e-mail, case-insensitively, as a substring', async () => {
        await business(1, { businessName: 'Sharma Mobile Care', name: 'Rahul Sharma' });
        await business(2, {
          businessName: 'Iyer Electronics',
          name: 'Meera Iyer',
          email: 'meera@shop.example',
        });
        await business(3, { businessName: 'Gupta Gadgets', name: 'Sunil Gupta' });
        await signInAs(h, 'admin');
        const search = async (text: string) =>
          (await h.ports.users.pageBusinessUsers({ search: text, offset: 0, limit: 10 })).items.map(
            (item) => item.profile.uid,
          );
        expect(await search('MOBILE')).toEqual(['uid-owner-1']);
        expect(await search('shop.EXAMPLE')).toEqual(['uid-owner-2']);
        expect(await search('contract.test')).toEqual(['uid-owner-3', 'uid-owner-1']);
        expect(await search('Rahul')).toEqual([]);
        expect((await h.ports.users.pageBusinessUsers({ search: 'zzz', offset: 0, limit: 10 })).total).toBe(
          0,
        );
      });

      it('refuses these queries to anyone but a super admin', async () => {
        await signInAs(h, 'distributor');
        await expectPortError(h.ports.users.listByRole('distributor'), 'permission-denied');
        await expectPortError(h.ports.users.countAll(), 'permission-denied');
        await expectPortError(h.ports.users.countBusinessUsers(), 'permission-denied');
        await expectPortError(
          h.ports.users.pageBusinessUsers({ search: '', offset: 0, limit: 10 }),
          'permission-denied',
        );
        await h.ports.auth.signOut();
        await expectPortError(h.ports.users.countAll(), 'unauthenticated', 'permission-denied');
      });
    });
  });
}
