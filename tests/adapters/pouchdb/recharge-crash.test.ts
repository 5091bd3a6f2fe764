import { afterEach, describe, expect, it } from 'vitest';
import type { PouchBackend } from '../../../src/adapters/pouchdb/pouchdb-backend';
import { rechargeDocId } from '../../../src/adapters/pouchdb/pouchdb-wallet-ledger';
import { isPortError } from '../../../src/ports/errors';
import { destroyAll, memoryBackend } from './helpers';

const PASSWORD = 'Secret#123';
const crash = () => {
  throw new Error('simulated crash: the tab was closed');
};

async function seed(backend: PouchBackend) {
  for (const [uid, record] of [
    ['uid-admin', { email: 'admin@crash.test', role: 'sa', name: 'Ada Admin' }],
    [
      'uid-dist',
      { email: 'dist@crash.test', role: 'distributor', name: 'Dev Distributor', walletBalance: 500 },
    ],
    [
      'uid-dist2',
      { email: 'dist2@crash.test', role: 'distributor', name: 'Priya Traders', walletBalance: 0 },
    ],
  ] as const) {
    await backend.seeder.account({ uid, email: record.email, password: PASSWORD });
    await backend.seeder.user(uid, record);
  }
  await backend.ports.auth.signIn('admin@crash.test', PASSWORD);
}

const request = (amount: number, key = 'key-crash-0001', distributorId = 'uid-dist') => ({
  distributorId,
  amount,
  idempotencyKey: key,
  admin: { id: 'uid-admin', name: 'Ada Admin' },
});

/** The users document as stored, bypassing the repository (which would repair it). */
const rawUser = (backend: PouchBackend, uid: string) => backend.databases.users.get(uid);
const rawLedger = (backend: PouchBackend, key: string) =>
  backend.databases.transactions.get(rechargeDocId(key));

describe('PouchDB recharge: a crash between the writes is repaired on the next read', () => {
  afterEach(destroyAll);

  it('rolls a recharge forward when the tab dies after the commit point, before the ledger write', async () => {
    const backend = await memoryBackend({ faults: { afterRechargeCommit: crash } });
    await seed(backend);
    const error = await backend.ports.wallet.recharge(request(100)).catch((e: unknown) => e);
    expect(isPortError(error, 'unavailable')).toBe(true);

    // The state the crash left: the balance moved, the transaction only in walletPending, no ledger entry.
    const left = await rawUser(backend, 'uid-dist');
    expect(left).toMatchObject({ walletBalance: 600, walletLedgerPaise: 10000 });
    expect(left?.walletPending).toMatchObject({ id: rechargeDocId('key-crash-0001'), amount: 100 });
    expect(await rawLedger(backend, 'key-crash-0001')).toBeNull();

    // After a restart, the first read of that user finishes the recharge.
    const restarted = await backend.reopen();
    expect(restarted.ports.auth.currentUser()?.uid).toBe('uid-admin');
    expect((await restarted.ports.users.get('uid-dist'))?.walletBalance).toBe(600);
    const repaired = await rawUser(restarted, 'uid-dist');
    expect(repaired?.walletPending).toBeUndefined();
    expect(repaired?.walletBalance).toBe(600);
    expect(await rawLedger(restarted, 'key-crash-0001')).toMatchObject({
      distributorId: 'uid-dist',
      amount: 100,
      previousBalance: 500,
      newBalance: 600,
    });
    const ledger = await restarted.ports.wallet.latest(10);
    expect(ledger.map((t) => [t.id, t.amount, t.newBalance])).toEqual([
      [rechargeDocId('key-crash-0001'), 100, 600],
    ]);

    // The admin's retry of the same request returns the recorded transaction and applies nothing more.
    const retried = await restarted.ports.wallet.recharge(request(100));
    expect(retried).toMatchObject({ previousBalance: 500, newBalance: 600 });
    expect((await restarted.ports.users.get('uid-dist'))?.walletBalance).toBe(600);
    expect(await restarted.ports.wallet.latest(10)).toHaveLength(1);
  });

  it('applies a retried request once when the crash came before the ledger write', async () => {
    const backend = await memoryBackend({ faults: { afterRechargeCommit: crash } });
    await seed(backend);
    await backend.ports.wallet.recharge(request(100)).catch(() => undefined);
    // No read in between: the retry itself meets the pending recharge and finishes it.
    const restarted = await backend.reopen();
    const retried = await restarted.ports.wallet.recharge(request(100));
    expect(retried).toMatchObject({ amount: 100, previousBalance: 500, newBalance: 600 });
    expect((await restarted.ports.users.get('uid-dist'))?.walletBalance).toBe(600);
    const next = await restarted.ports.wallet.recharge(request(50, 'key-crash-0002'));
    expect(next).toMatchObject({ previousBalance: 600, newBalance: 650 });
  });

  it('clears the pending recharge when the crash came after the ledger write', async () => {
    const backend = await memoryBackend({ faults: { afterLedgerWrite: crash } });
    await seed(backend);
    await expect(backend.ports.wallet.recharge(request(100))).rejects.toThrow();
    expect((await rawUser(backend, 'uid-dist'))?.walletPending).toBeDefined();
    expect(await rawLedger(backend, 'key-crash-0001')).not.toBeNull();

    const restarted = await backend.reopen();
    expect((await restarted.ports.users.get('uid-dist'))?.walletBalance).toBe(600);
    expect((await rawUser(restarted, 'uid-dist'))?.walletPending).toBeUndefined();
    expect(await restarted.ports.wallet.latest(10)).toHaveLength(1);
  });

  it('finishes pending recharges before listing the ledger, found through an index', async () => {
    const backend = await memoryBackend({ faults: { afterRechargeCommit: crash } });
    await seed(backend);
    await backend.ports.wallet.recharge(request(100)).catch(() => undefined);
    await backend.ports.wallet.recharge(request(70, 'key-crash-0002', 'uid-dist2')).catch(() => undefined);

    const restarted = await backend.reopen();
    // No users read first: latest() looks up the users/walletPending index.
    const latest = await restarted.ports.wallet.latest(10);
    expect(latest.map((t) => t.amount).sort()).toEqual([100, 70].sort());
    expect((await rawUser(restarted, 'uid-dist'))?.walletPending).toBeUndefined();
    expect((await rawUser(restarted, 'uid-dist2'))?.walletPending).toBeUndefined();
    expect((await restarted.ports.users.get('uid-dist2'))?.walletBalance).toBe(70);
  });

  it('rolls a recharge back when its idempotency key was taken by another recharge meanwhile', async () => {
    let backend: PouchBackend | null = null;
    const steal = async () => {
      // Between our commit and our ledger write, the same key is recorded for another distributor.
      await backend?.databases.transactions.put({
        _id: rechargeDocId('key-stolen-001'),
        distributorId: 'uid-dist2',
        distributorName: 'Priya Traders',
        amount: 100,
        ledgerPaise: 10000,
        timestamp: new Date().toISOString(),
      });
    };
    backend = await memoryBackend({ faults: { afterRechargeCommit: steal } });
    await seed(backend);
    const error = await backend.ports.wallet
      .recharge(request(100, 'key-stolen-001'))
      .catch((e: unknown) => e);
    expect(isPortError(error, 'conflict')).toBe(true);
    expect((await backend.ports.users.get('uid-dist'))?.walletBalance).toBe(500);
    const stored = await rawUser(backend, 'uid-dist');
    expect(stored?.walletPending).toBeUndefined();
    expect(stored?.walletLedgerPaise).toBe(0);
  });
});

describe('PouchDB wallet projection', () => {
  afterEach(destroyAll);

  it('counts a ledger recharge that arrives from elsewhere exactly once', async () => {
    const backend = await memoryBackend();
    await seed(backend);
    await backend.ports.wallet.recharge(request(100));
    // A recharge made on another device: its ledger document replicates in before its users document.
    await backend.databases.transactions.put({
      _id: rechargeDocId('key-other-device'),
      distributorId: 'uid-dist',
      distributorName: 'Dev Distributor',
      adminId: 'uid-admin',
      adminName: 'Ada Admin',
      amount: 250,
      previousBalance: 500,
      newBalance: 750,
      timestamp: new Date(2026, 10, 21, 9).toISOString(),
      description: 'Wallet recharge by admin',
      ledgerPaise: 25000,
    });
    expect((await backend.ports.users.get('uid-dist'))?.walletBalance).toBe(850);
    expect((await backend.ports.users.get('uid-dist'))?.walletBalance).toBe(850);
    expect(await rawUser(backend, 'uid-dist')).toMatchObject({
      walletBalance: 850,
      walletLedgerPaise: 35000,
    });
    const next = await backend.ports.wallet.recharge(request(10, 'key-after-sync'));
    expect(next).toMatchObject({ previousBalance: 850, newBalance: 860 });
  });

  it('does not count seeded history: seeded balances already include it', async () => {
    const backend = await memoryBackend();
    await seed(backend);
    await backend.seeder.rechargeTransaction({
      id: 'recharge-history-1',
      distributorId: 'uid-dist',
      distributorName: 'Dev Distributor',
      adminId: 'uid-admin',
      adminName: 'Ada Admin',
      amount: 500,
      previousBalance: 0,
      newBalance: 500,
      timestamp: new Date(2026, 9, 2),
      description: 'Wallet recharge by admin',
    });
    expect((await backend.ports.users.get('uid-dist'))?.walletBalance).toBe(500);
    expect((await backend.ports.wallet.latestFor('uid-dist', 10)).map((t) => t.id)).toEqual([
      'recharge-history-1',
    ]);
  });

  it('merges conflicting revisions of a distributor so that every recharge counts once', async () => {
    const backend = await memoryBackend();
    await seed(backend);
    const base = await rawUser(backend, 'uid-dist');
    // Two devices each recharged from the same revision: two ledger documents, two users revisions.
    const branch = (suffix: string, amount: number) => ({
      ...base,
      _rev: `2-${suffix.repeat(32).slice(0, 32)}`,
      _revisions: { start: 2, ids: [suffix.repeat(32).slice(0, 32), String(base?._rev).split('-')[1]] },
      walletBalance: 500 + amount,
      walletLedgerPaise: amount * 100,
    });
    await backend.databases.users.database.bulkDocs([branch('a', 100), branch('b', 200)] as never, {
      new_edits: false,
    });
    for (const [key, amount] of [
      ['key-device-a', 100],
      ['key-device-b', 200],
    ] as const) {
      await backend.databases.transactions.put({
        _id: rechargeDocId(key),
        ...ledgerEntry(amount),
      });
    }
    expect((await backend.databases.users.get('uid-dist', { conflicts: true }))?._conflicts).toHaveLength(1);

    expect((await backend.ports.users.get('uid-dist'))?.walletBalance).toBe(800);
    const merged = await backend.databases.users.get('uid-dist', { conflicts: true });
    expect(merged?._conflicts).toBeUndefined();
    expect(merged).toMatchObject({ walletBalance: 800, walletLedgerPaise: 30000 });
  });

  /** A ledger entry as another device's adapter writes it, crediting uid-dist from a balance of 500. */
  const ledgerEntry = (amount: number, overrides: Record<string, unknown> = {}) => ({
    distributorId: 'uid-dist',
    distributorName: 'Dev Distributor',
    adminId: 'uid-admin',
    adminName: 'Ada Admin',
    amount,
    previousBalance: 500,
    newBalance: 500 + amount,
    timestamp: new Date(2026, 10, 21, 9).toISOString(),
    description: 'Wallet recharge by admin',
    ledgerPaise: amount * 100,
    ...overrides,
  });

  it('credits no ledger entry that arrives forged: no super admin, over the cap, totals that do not add up (threat 7)', async () => {
    const backend = await memoryBackend();
    await seed(backend);
    await backend.seeder.account({ uid: 'uid-dist2', email: 'dist2@crash.test', password: PASSWORD });
    const forgeries: Record<string, Record<string, unknown>> = {
      'no-admin': ledgerEntry(100, { adminId: '' }),
      'not-an-admin': ledgerEntry(100, { adminId: 'uid-dist2' }),
      'unknown-admin': ledgerEntry(100, { adminId: 'uid-nobody' }),
      'ten-crore': ledgerEntry(10_00_00_000),
      'paise-disagree': ledgerEntry(100, { ledgerPaise: 10_00_00_000_00 }),
      'totals-disagree': ledgerEntry(100, { newBalance: 5_000_000 }),
      'half-paisa': ledgerEntry(100.005, { ledgerPaise: 10000.5 }),
      'other-description': ledgerEntry(100, { description: 'Gift' }),
    };
    for (const [name, entry] of Object.entries(forgeries))
      await backend.databases.transactions.put({ _id: rechargeDocId(`forged-${name}`), ...entry });
    await backend.databases.transactions.put({ _id: 'forged-id-1', ...ledgerEntry(100) });
    expect((await backend.ports.users.get('uid-dist'))?.walletBalance).toBe(500);
    // A genuine one still counts.
    await backend.databases.transactions.put({ _id: rechargeDocId('genuine-1'), ...ledgerEntry(100) });
    expect((await backend.ports.users.get('uid-dist'))?.walletBalance).toBe(600);
  });
});

describe('PouchDB recharges from two tabs on the same databases', () => {
  afterEach(destroyAll);

  it('loses no update: the revision conflicts between the tabs are retried', async () => {
    const first = await memoryBackend();
    await seed(first);
    const second = await first.reopen(); // the same databases, its own page state
    expect(second.ports.auth.currentUser()?.uid).toBe('uid-admin');
    const amounts = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    const results = await Promise.all(
      amounts.map((amount, n) =>
        (n % 2 === 0 ? first : second).ports.wallet.recharge(request(amount, `key-two-tabs-${n}`)),
      ),
    );
    expect((await first.ports.users.get('uid-dist'))?.walletBalance).toBe(500 + 550);
    expect((await second.ports.users.get('uid-dist'))?.walletBalance).toBe(500 + 550);
    // The transactions chain: each starts from another's new balance (or 500).
    const starts = new Set(results.map((t) => t.previousBalance));
    const ends = new Set(results.map((t) => t.newBalance));
    expect(starts.size).toBe(amounts.length);
    expect([...starts].filter((start) => !ends.has(start))).toEqual([500]);
    expect(await first.ports.wallet.latest(20)).toHaveLength(amounts.length);
    // The tabs did collide on the users document's revision, and retried.
    expect(first.stats.writeConflicts + second.stats.writeConflicts).toBeGreaterThan(0);
  });
});
