import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectPortError } from './expectations';
import { type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { freshToken, ownerCreates, seedShop } from './shop-fixtures';

export function shopTrackingContract(makeHarness: HarnessFactory): void {
  describe('TrackingLinkRepository', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
      await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('resolves a link signed out to the customer-safe view only', async () => {
      await signInAs(h, 'owner');
      await h.ports.storeProfiles.save('store-1', {
        name: 'Sharma Mobile Care - Bandra',
        phone: '',
        upiId: '',
      });
      const repair = await ownerCreates(h, { unlockCode: '7391' });
      await h.ports.shopRepairs.changeStatus(repair.id, {
        to: 'inprogress',
        expectedStatus: 'received',
        note: 'secret note',
      });
      await h.ports.auth.signOut();
      const resolved = await h.ports.tracking.resolve(repair.trackingToken);
      expect(resolved.state).toBe('active');
      if (resolved.state !== 'active') return;
      expect(resolved.view).toMatchObject({
        repairId: repair.repairId,
        shop: { name: 'Sharma Mobile Care - Bandra' },
        device: { type: 'Mobile', name: 'Galaxy S21' },
        problems: ['Screen broken'],
        status: 'inprogress',
        statusLabel: 'In Progress',
        estimatePaise: 280000,
        paidPaise: 50000,
        duePaise: 230000,
      });
      expect(resolved.view.timeline.map((step) => step.status)).toEqual(['received', 'inprogress']);
      const text = JSON.stringify(resolved.view);
      for (const secret of [
        '4821',
        '7391',
        'secret note',
        'deliveryCode',
        'unlockCode',
        '9876543210',
        'Rahul',
      ])
        expect(text).not.toContain(secret);
    });

    it("shows the shop from the store's profile only: staff edits, moves and a new link change nothing", async () => {
      await signInAs(h, 'owner');
      await h.ports.storeProfiles.save('store-1', {
        name: 'Sharma Mobile Care',
        phone: '9811111111',
        upiId: 'sharmamobile@okaxis',
      });
      const repair = await ownerCreates(h);
      await signInAs(h, 'staff');
      await h.ports.shopRepairs.update(repair.id, { customerName: 'Cara C', finalPaise: 250000 });
      await h.ports.shopRepairs.changeStatus(repair.id, { to: 'inprogress', expectedStatus: 'received' });
      const token = freshToken();
      await h.ports.tracking.rotate(repair.id, token);
      await h.ports.auth.signOut();
      const resolved = await h.ports.tracking.resolve(token);
      if (resolved.state !== 'active') throw new Error(`expected an active link, got ${resolved.state}`);
      expect(resolved.view.shop).toEqual({
        name: 'Sharma Mobile Care',
        phone: '9811111111',
        upiId: 'sharmamobile@okaxis',
      });
      expect(resolved.view.duePaise).toBe(200000);
      expect(resolved.view.payLink).toBe(
        `upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care&am=2000.00&cu=INR&tn=${repair.repairId}`,
      );
      // The owner's later change shows at once, on the same link.
      await signInAs(h, 'owner');
      await h.ports.storeProfiles.save('store-1', { name: 'Sharma Mobile Care', phone: '', upiId: '' });
      await h.ports.auth.signOut();
      const after = await h.ports.tracking.resolve(token);
      expect(after.state === 'active' && after.view.shop).toEqual({
        name: 'Sharma Mobile Care',
        phone: '',
        upiId: '',
      });
      expect(after.state === 'active' && after.view.payLink).toBeNull();
    });

    it('without a profile: no shop details and no Pay button (nothing else a signed-out page reads names the shop)', async () => {
      const repair = await ownerCreates(h);
      await h.ports.auth.signOut();
      const resolved = await h.ports.tracking.resolve(repair.trackingToken);
      if (resolved.state !== 'active') throw new Error(`expected an active link, got ${resolved.state}`);
      expect(resolved.view.shop).toEqual({ name: '', phone: '', upiId: '' });
      expect(resolved.view.duePaise).toBe(230000);
      expect(resolved.view.payLink).toBeNull();
    });

    it('says clearly when a link was revoked, and when there is none', async () => {
      const repair = await ownerCreates(h);
      await signInAs(h, 'staff');
      await h.ports.tracking.revoke(repair.id);
      await h.ports.auth.signOut();
      expect(await h.ports.tracking.resolve(repair.trackingToken)).toEqual({ state: 'revoked' });
      expect(await h.ports.tracking.resolve(freshToken())).toEqual({ state: 'not-found' });
      expect(await h.ports.tracking.resolve('../../etc')).toEqual({ state: 'not-found' });
    });

    it('rotates a link: the new one works, the old one is revoked', async () => {
      const repair = await ownerCreates(h);
      const token = freshToken();
      const info = await h.ports.tracking.rotate(repair.id, token);
      expect(info).toEqual({ token, repairDocId: repair.id, revoked: false });
      expect((await h.ports.shopRepairs.get(repair.id))?.trackingToken).toBe(token);
      await expectPortError(h.ports.tracking.rotate(repair.id, token), 'conflict');
      await expectPortError(h.ports.tracking.rotate(repair.id, 'bad token'), 'invalid-argument');
      await h.ports.auth.signOut();
      expect((await h.ports.tracking.resolve(token)).state).toBe('active');
      expect(await h.ports.tracking.resolve(repair.trackingToken)).toEqual({ state: 'revoked' });
    });

    it('lets only members of the store rotate or revoke', async () => {
      const repair = await ownerCreates(h);
      for (const key of ['rival', 'customer', 'admin', 'distributor'] as CastKey[]) {
        await signInAs(h, key);
        await expectPortError(h.ports.tracking.revoke(repair.id), 'permission-denied');
        await expectPortError(h.ports.tracking.rotate(repair.id, freshToken()), 'permission-denied');
      }
      await signInAs(h, 'owner');
      await expectPortError(h.ports.tracking.revoke('no-such-repair'), 'not-found');
      await h.ports.auth.signOut();
      await expectPortError(h.ports.tracking.revoke(repair.id), 'unauthenticated');
      expect((await h.ports.tracking.resolve(repair.trackingToken)).state).toBe('active');
    });

    it('a deleted repair’s link leads nowhere', async () => {
      const repair = await ownerCreates(h);
      await h.ports.shopRepairs.delete(repair.id);
      await h.ports.auth.signOut();
      expect(await h.ports.tracking.resolve(repair.trackingToken)).toEqual({ state: 'not-found' });
    });
  });
}
