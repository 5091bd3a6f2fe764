import { afterEach, describe, expect, it } from 'vitest';
import { nodePouchDB } from '../../../src/adapters/pouchdb/pouchdb-node';
import type { AppConfig } from '../../../src/app/config';
import { createPouchContainer } from '../../../src/app/containers/pouchdb-container';
import { portToken, TOKENS } from '../../../src/app/tokens';
import { ManualClock } from '../../../src/demo/manual-clock';
import { uniquePrefix } from './helpers';

const NOW = new Date(2026, 10, 21, 10, 0);

function config(dbPrefix: string): Extract<AppConfig, { backend: 'pouchdb' }> {
  return {
    backend: 'pouchdb',
    productName: 'RepairMate',
    supportEmail: 'support@repairmate.app',
    seedDemo: true,
    dbPrefix,
  };
}

const opened: { prefix: string }[] = [];

async function open(prefix: string) {
  const container = await createPouchContainer(
    config(prefix),
    { resetPasswordUrl: 'http://localhost:4173/reset-password', clock: new ManualClock(NOW) },
    { PouchDB: nodePouchDB(), adapter: 'memory', pbkdf2Iterations: 1000 },
  );
  opened.push({ prefix });
  return container;
}

describe('PouchDB container (the offline demo)', () => {
  afterEach(async () => {
    const PouchDB = nodePouchDB();
    for (const { prefix } of opened.splice(0)) {
      for (const name of [
        'users',
        'stores',
        'repairs',
        'support',
        'transactions',
        'config',
        'accounts',
        'mail',
      ])
        await new PouchDB(`${prefix}-${name}`, { adapter: 'memory' }).destroy();
    }
  });

  it('loads the demo data on the first visit only, and resets it on demand', async () => {
    const prefix = uniquePrefix('demo');
    const first = await open(prefix);
    const useCases = await first.getAsync(TOKENS.UseCases);
    const signedIn = await useCases.accounts.signIn('admin@demo.test', 'Demo@1234');
    expect(signedIn.ok).toBe(true);
    const admin = await (await first.getAsync(portToken('users'))).get('demo-admin');
    expect(await useCases.admin.totals(admin)).toEqual({
      ok: true,
      value: { totalUsers: 28, totalBusinessUsers: 23 },
    });
    const page = await useCases.admin.businessPerformance(admin, {
      year: 2026,
      month: 11,
      search: 'sharma',
      page: 1,
    });
    expect(page.ok && page.value.rows.map((row) => [row.businessName, row.repairs])).toEqual([
      ['Sharma Mobile Care', 5],
    ]);
    await useCases.support.submit({
      email: 'extra@example.com',
      phone: '9000033333',
      issue: 'Added in the demo',
    });
    expect((await (await first.getAsync(portToken('support'))).list()).length).toBe(3);

    // A reload: the same databases, the session kept, nothing loaded twice.
    const reloaded = await open(prefix);
    const users = await reloaded.getAsync(portToken('users'));
    expect((await reloaded.getAsync(portToken('auth'))).currentUser()?.uid).toBe('demo-admin');
    expect(await users.countAll()).toBe(28);
    expect((await (await reloaded.getAsync(portToken('support'))).list()).length).toBe(3);

    // Reset: signed out, the extra issue gone, the data set back.
    await (await reloaded.getAsync(TOKENS.DemoControls)).reset();
    const auth = await reloaded.getAsync(portToken('auth'));
    expect(auth.currentUser()).toBeNull();
    await auth.signIn('admin@demo.test', 'Demo@1234');
    expect(await users.countAll()).toBe(28);
    const issues = await (await reloaded.getAsync(portToken('support'))).list();
    expect(issues.map((issue) => issue.issue).sort()).toEqual([
      'App crashes on login',
      'Cannot add a second store',
    ]);
    const wallet = await reloaded.getAsync(portToken('wallet'));
    expect((await wallet.latest(10)).map((t) => [t.distributorName, t.amount])).toEqual([
      ['Dev Distributor', 500],
    ]);
    expect((await users.get('demo-distributor'))?.walletBalance).toBe(500);
    expect(await (await reloaded.getAsync(TOKENS.DemoMailbox)).list()).toEqual([]);
  });
});
