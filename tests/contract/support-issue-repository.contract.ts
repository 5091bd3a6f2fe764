import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectPortError } from './expectations';
import { seedCast, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';

const issue = { email: 'ravi@example.com', phone: '9000011111', issue: 'App crashes on login' };

export function supportIssueRepositoryContract(makeHarness: HarnessFactory): void {
  describe('SupportIssueRepository', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
      await seedCast(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('lets anyone, even signed out, create an issue, stored active with its creation time', async () => {
      const before = Date.now() - 60_000;
      const created = await h.ports.support.create(issue);
      expect(created).toMatchObject({ ...issue, status: 'active' });
      expect(created.id).not.toBe('');
      await signInAs(h, 'admin');
      const [listed] = await h.ports.support.list();
      expect(listed).toMatchObject({ id: created.id, ...issue, status: 'active' });
      expect(listed?.createdAt?.getTime()).toBeGreaterThan(before);
    });

    it('lists every issue, newest first, to a super admin', async () => {
      await h.seeder.supportIssue({
        id: 's-old',
        ...issue,
        status: 'completed',
        createdAt: new Date('2026-10-01T10:00:00Z'),
      });
      await h.seeder.supportIssue({
        id: 's-new',
        ...issue,
        status: 'active',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      });
      await h.seeder.supportIssue({
        id: 's-mid',
        ...issue,
        status: 'whatever',
        createdAt: new Date('2026-11-01T10:00:00Z'),
      });
      await signInAs(h, 'admin');
      const listed = await h.ports.support.list();
      expect(listed.map((item) => [item.id, item.status])).toEqual([
        ['s-new', 'active'],
        ['s-mid', 'active'],
        ['s-old', 'completed'],
      ]);
    });

    it('lets a super admin edit e-mail, phone, issue and status', async () => {
      const id = await h.seeder.supportIssue({
        ...issue,
        status: 'active',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      });
      await signInAs(h, 'admin');
      const patch = {
        email: 'ravi.k@example.com',
        phone: '9000011112',
        issue: 'Crash fixed after update',
        status: 'completed' as const,
      };
      const updated = await h.ports.support.update(id, patch);
      expect(updated).toMatchObject({ id, ...patch });
      expect(updated.createdAt?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
      expect((await h.ports.support.list())[0]).toMatchObject({ id, ...patch });
      const reopened = await h.ports.support.update(id, { ...patch, status: 'active' });
      expect(reopened.status).toBe('active');
    });

    it('reports an unknown issue as not found', async () => {
      await signInAs(h, 'admin');
      await expectPortError(
        h.ports.support.update('s-missing', { ...issue, status: 'completed' }),
        'not-found',
        'permission-denied',
      );
    });

    it('refuses the list and edits to anyone but a super admin, changing nothing', async () => {
      const id = await h.seeder.supportIssue({
        ...issue,
        status: 'active',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      });
      await signInAs(h, 'customer');
      await expectPortError(h.ports.support.list(), 'permission-denied');
      await expectPortError(
        h.ports.support.update(id, { ...issue, status: 'completed' }),
        'permission-denied',
      );
      await h.ports.auth.signOut();
      await expectPortError(h.ports.support.list(), 'unauthenticated', 'permission-denied');
      await signInAs(h, 'admin');
      expect((await h.ports.support.list())[0]?.status).toBe('active');
    });
  });
}
