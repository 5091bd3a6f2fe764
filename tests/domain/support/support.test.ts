import { beforeEach, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '../../../src/domain/support/messages';
import { NEW_SUPPORT_STATUS, type SupportIssuePatch } from '../../../src/domain/support/support-issue';
import type { UserProfile } from '../../../src/domain/users/user';
import { createWorld, NOW, seedCast, signInAs, type World } from '../world';

let world: World;

beforeEach(async () => {
  world = createWorld();
  await seedCast(world);
});

const issue = { email: 'ravi@example.com', phone: '9000011111', issue: 'App crashes on login' };

describe('submitting a support issue (public)', () => {
  it('stores it as active, created now, for a visitor who is not signed in', async () => {
    const result = await world.useCases.support.submit(issue);
    expect(NEW_SUPPORT_STATUS).toBe('active');
    expect(result).toEqual({
      ok: true,
      value: { id: expect.any(String), ...issue, status: 'active', createdAt: NOW },
    });
    const admin = await signInAs(world, 'admin');
    expect(await world.useCases.support.list(admin)).toEqual({
      ok: true,
      value: [result.ok && result.value],
    });
  });

  it('trims what was typed', async () => {
    const result = await world.useCases.support.submit({
      email: ' ravi@example.com ',
      phone: ' 90000 11111 ',
      issue: '  App crashes on login\n',
    });
    expect(result.ok && result.value).toMatchObject({ ...issue, phone: '90000 11111' });
  });

  it('names every missing field', async () => {
    expect(await world.useCases.support.submit({ email: '', phone: ' ', issue: '' })).toEqual({
      ok: false,
      fieldErrors: {
        email: SUPPORT_MESSAGES.emailRequired,
        phone: SUPPORT_MESSAGES.phoneRequired,
        issue: SUPPORT_MESSAGES.issueRequired,
      },
    });
    expect(world.db.support.size).toBe(0);
  });

  it('checks the e-mail and phone formats and the length of the text', async () => {
    expect(
      await world.useCases.support.submit({ email: 'ravi@', phone: 'call me', issue: 'x'.repeat(2001) }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        email: SUPPORT_MESSAGES.invalidEmail,
        phone: SUPPORT_MESSAGES.phoneInvalid,
        issue: SUPPORT_MESSAGES.issueTooLong,
      },
    });
    expect((await world.useCases.support.submit({ ...issue, issue: 'x'.repeat(2000) })).ok).toBe(true);
  });

  it('says when it cannot be stored, and keeps the cause in the log', async () => {
    world.db.outage = true;
    expect(await world.useCases.support.submit(issue)).toEqual({
      ok: false,
      message: 'Failed to submit. Please try again.',
    });
    expect(world.logger.at('error').map((entry) => [entry.message, entry.cause])).toEqual([
      ['Support issue could not be submitted', expect.objectContaining({ code: 'unavailable' })],
    ]);
  });
});

describe('the support issue list (super admin only)', () => {
  it('lists every issue newest first', async () => {
    await world.useCases.support.submit({ ...issue, issue: 'older' });
    world.clock.advance(60_000);
    await world.useCases.support.submit({ ...issue, issue: 'newer' });
    const admin = await signInAs(world, 'admin');
    const result = await world.useCases.support.list(admin);
    expect(result.ok && result.value.map((item) => item.issue)).toEqual(['newer', 'older']);
  });

  it('is empty when nobody has written', async () => {
    const admin = await signInAs(world, 'admin');
    // The page then shows SUPPORT_MESSAGES.empty.
    expect(await world.useCases.support.list(admin)).toEqual({ ok: true, value: [] });
    expect(SUPPORT_MESSAGES.empty).toBe('No support issues found.');
  });

  it.each(['customer', 'distributor', 'staff'])("is 'Access denied.' for %s", async (key) => {
    await world.useCases.support.submit(issue);
    const viewer = await signInAs(world, key);
    expect(await world.useCases.support.list(viewer)).toEqual({ ok: false, message: 'Access denied.' });
  });

  it("is 'Access denied.' for a visitor who is not signed in", async () => {
    expect(await world.useCases.support.list(null)).toEqual({
      ok: false,
      message: SUPPORT_MESSAGES.accessDenied,
    });
  });

  it('is denied by the backend too, when a profile claims a role its account does not have', async () => {
    const admin = await signInAs(world, 'admin');
    await signInAs(world, 'customer');
    expect(await world.useCases.support.list(admin)).toEqual({
      ok: false,
      message: SUPPORT_MESSAGES.accessDenied,
    });
  });

  it('says when the list cannot be loaded', async () => {
    const admin = await signInAs(world, 'admin');
    world.db.outage = true;
    expect(await world.useCases.support.list(admin)).toEqual({
      ok: false,
      message: SUPPORT_MESSAGES.loadFailed,
    });
    expect(world.logger.at('error').map((entry) => entry.message)).toEqual([
      'Support issues could not be loaded',
    ]);
  });
});

describe('editing a support issue (super admin only)', () => {
  let admin: UserProfile;
  let id: string;
  const patch: SupportIssuePatch = {
    ...issue,
    issue: 'App crashes on login (Android 14)',
    status: 'completed',
  };

  beforeEach(async () => {
    const created = await world.useCases.support.submit(issue);
    if (!created.ok) throw new Error('could not arrange the issue');
    id = created.value.id;
    admin = await signInAs(world, 'admin');
  });

  it('changes e-mail, phone, text and status, and switches back freely', async () => {
    const done = await world.useCases.support.update(admin, id, patch);
    expect(done).toEqual({ ok: true, value: { id, ...patch, createdAt: NOW } });
    const reopened = await world.useCases.support.update(admin, id, { ...patch, status: 'active' });
    expect(reopened.ok && reopened.value.status).toBe('active');
    const listed = await world.useCases.support.list(admin);
    expect(listed.ok && listed.value).toEqual([{ id, ...patch, status: 'active', createdAt: NOW }]);
  });

  it('validates the edit like the form, and the status', async () => {
    expect(
      await world.useCases.support.update(admin, id, {
        ...patch,
        email: 'nope',
        status: 'closed' as SupportIssuePatch['status'],
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { email: SUPPORT_MESSAGES.invalidEmail, status: SUPPORT_MESSAGES.statusInvalid },
    });
  });

  it("is 'Access denied.' for anyone else", async () => {
    const customer = await signInAs(world, 'customer');
    expect(await world.useCases.support.update(customer, id, patch)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    expect(await world.useCases.support.update(null, id, patch)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    // A stale admin profile in the hands of another account is refused by the backend as well.
    expect(await world.useCases.support.update(admin, id, patch)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
  });

  it('says when the issue no longer exists', async () => {
    expect(await world.useCases.support.update(admin, 'support-gone', patch)).toEqual({
      ok: false,
      message: SUPPORT_MESSAGES.issueGone,
    });
  });

  it("says 'Failed to update issue.' when the edit cannot be stored", async () => {
    world.db.outage = true;
    expect(await world.useCases.support.update(admin, id, patch)).toEqual({
      ok: false,
      message: 'Failed to update issue.',
    });
    expect(world.logger.at('error').map((entry) => entry.message)).toEqual([
      `Support issue ${id} could not be updated`,
    ]);
  });
});
