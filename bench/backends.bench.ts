import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { createMemoryBackend } from '../src/adapters/memory/memory-backend';
import { createPouchBackend, type PouchBackend } from '../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../src/adapters/pouchdb/pouchdb-node';
import { DEFAULT_PBKDF2_ITERATIONS } from '../src/adapters/pouchdb/pouchdb-password';
import type { Seeder } from '../src/demo';
import { DEMO_PASSWORD, DEMO_UIDS, generateDemoData } from '../src/demo/demo-data';
import { ManualClock } from '../src/demo/manual-clock';
import { generateSyntheticData, type SyntheticSize } from '../src/demo/synthetic-data';
import { createUseCases } from '../src/domain/use-cases';
import type { UserProfile } from '../src/domain/users/user';
import type { Ports } from '../src/ports';

/**
 * Figures of the backends: demo seed time; the admin business-performance page on a large synthetic
 * set (time, documents and index rows read); repair look-up time; recharge throughput. Sizes can be
 * changed with BENCH_BUSINESSES, BENCH_CUSTOMERS and BENCH_REPAIRS.
 */

const NOW = new Date(2026, 10, 21, 10, 0);
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
const LARGE: SyntheticSize = {
  businesses: number('BENCH_BUSINESSES', 2000),
  storesPerBusiness: 2,
  customers: number('BENCH_CUSTOMERS', 20_000),
  repairs: number('BENCH_REPAIRS', 100_000),
};
const SMALL: SyntheticSize = { ...LARGE, customers: LARGE.customers / 10, repairs: LARGE.repairs / 10 };

interface Subject {
  readonly name: string;
  readonly ports: Ports;
  readonly seeder: Seeder;
  /** Documents and index rows read so far. */
  reads(): { docs: number; rows: number };
  /** Builds the indexes now (PouchDB), so that their one-off cost is measured apart. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function memorySubject(): Subject {
  const backend = createMemoryBackend({ clock: new ManualClock(NOW) });
  return {
    name: 'memory',
    ports: backend.ports,
    seeder: backend.seeder,
    reads: () => ({ docs: backend.db.documentsRead, rows: 0 }),
    warm: async () => undefined,
    close: async () => undefined,
  };
}

let sequence = 0;
async function pouchSubject(kind: 'memory' | 'leveldb', iterations: number): Promise<Subject> {
  sequence += 1;
  let prefix = `bench-${process.pid}-${sequence}`;
  let dir: string | null = null;
  if (kind === 'leveldb') {
    dir = mkdtempSync(join(tmpdir(), 'repairmate-bench-'));
    prefix = join(dir, 'rm');
  }
  const backend: PouchBackend = await createPouchBackend({
    PouchDB: nodePouchDB(),
    ...(kind === 'memory' ? { adapter: 'memory' } : {}),
    prefix,
    clock: new ManualClock(NOW),
    pbkdf2Iterations: iterations,
  });
  const cleanup = async () => {
    await backend.destroy().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  cleanups.push(cleanup);
  return {
    name: `pouchdb (${kind === 'memory' ? 'memory adapter' : 'LevelDB on disk'})`,
    ports: backend.ports,
    seeder: backend.seeder,
    reads: () => ({ docs: backend.stats.docsRead, rows: backend.stats.indexRowsRead }),
    warm: () => backend.databases.warmIndexes(),
    close: cleanup,
  };
}

async function timed<T>(action: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await action();
  return { ms: performance.now() - start, result };
}

/** Time and reads of one call. */
async function measure<T>(subject: Subject, action: () => Promise<T>) {
  const before = subject.reads();
  const { ms, result } = await timed(action);
  const after = subject.reads();
  return { ms, docs: after.docs - before.docs, rows: after.rows - before.rows, result };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const count = (n: number) => n.toLocaleString('en-US');

const lines: string[] = [];
function report(line = ''): void {
  lines.push(line);
  console.log(line);
}
function table(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  report(line(header));
  report(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) report(line(row));
  report();
}

async function signInAdmin(subject: Subject): Promise<UserProfile> {
  await subject.ports.auth.signIn('admin@demo.test', DEMO_PASSWORD);
  const admin = await subject.ports.users.get(DEMO_UIDS.admin);
  if (admin === null) throw new Error('no admin');
  return admin;
}

describe.sequential('RepairMate backends', () => {
  it('seeds the demo data set (a first visit of the offline demo)', async () => {
    report(
      `## Demo data seed (${generateDemoData(NOW).users.length} users, PBKDF2 ${count(DEFAULT_PBKDF2_ITERATIONS)} iterations)`,
    );
    const rows: string[][] = [];
    for (const make of [
      async () => memorySubject(),
      () => pouchSubject('memory', DEFAULT_PBKDF2_ITERATIONS),
      () => pouchSubject('leveldb', DEFAULT_PBKDF2_ITERATIONS),
    ]) {
      const { ms: openMs, result: subject } = await timed(make);
      const load = await timed(() => subject.seeder.load(generateDemoData(NOW)));
      const warm = await timed(() => subject.warm());
      rows.push([subject.name, fmt(openMs), fmt(load.ms), fmt(warm.ms), fmt(openMs + load.ms + warm.ms)]);
      await subject.close();
    }
    table(['backend', 'open', 'load (bulk)', 'build indexes', 'total'], rows);
  });

  it('serves the admin business-performance page, looks repairs up and recharges, on a large set', async () => {
    const plans: { size: SyntheticSize; make: () => Promise<Subject> }[] = [
      { size: LARGE, make: async () => memorySubject() },
      { size: SMALL, make: () => pouchSubject('memory', 1000) },
      { size: LARGE, make: () => pouchSubject('memory', 1000) },
      { size: LARGE, make: () => pouchSubject('leveldb', 1000) },
    ];
    const pageRows: string[][] = [];
    const readRows: string[][] = [];
    const otherRows: string[][] = [];
    for (const { size, make } of plans) {
      const subject = await make();
      const data = generateSyntheticData(NOW, size);
      const sizeLabel = `${count(data.users.length)} users, ${count(data.stores.length)} stores, ${count(data.repairs.length)} repairs`;
      report(`… ${subject.name}: ${sizeLabel}`);
      const load = await timed(() => subject.seeder.load(data));
      const warm = await timed(() => subject.warm());
      const admin = await signInAdmin(subject);
      const useCases = createUseCases(subject.ports, { resetPasswordUrl: 'http://localhost/reset-password' });
      const page = (search: string, pageNumber: number, month = 11) =>
        measure(subject, async () => {
          const result = await useCases.admin.businessPerformance(admin, {
            year: 2026,
            month,
            search,
            page: pageNumber,
          });
          if (!result.ok) throw new Error(result.message);
          return result.value;
        });

      const first = await page('', 1);
      const again: number[] = [];
      for (let run = 0; run < 5; run += 1) again.push((await page('', 1)).ms);
      const last = await page('', first.result.pageCount);
      const search = await page('bench business 1999', 1);
      const earlier = await page('', 7, 6);
      pageRows.push([
        subject.name,
        sizeLabel,
        fmt(load.ms),
        fmt(warm.ms),
        fmt(first.ms),
        fmt(median(again)),
        fmt(last.ms),
        fmt(search.ms),
      ]);
      for (const [label, run] of [
        ['page 1 (first)', first],
        [`page ${first.result.pageCount} (last)`, last],
        ['search', search],
        ['page 7, June', earlier],
      ] as const) {
        readRows.push([
          subject.name,
          sizeLabel,
          label,
          count(run.docs),
          count(run.rows),
          String(run.result.rows.length),
        ]);
      }

      // Repair look-up: the customer's tracker, by Repair ID.
      const lookups: number[] = [];
      let lookupReads = { docs: 0, rows: 0 };
      for (let n = 0; n < 200; n += 1) {
        const id = `BR-${(n * 7919) % size.repairs}`;
        const run = await measure(subject, () => useCases.repairs.lookUp(admin, id));
        if (!run.result.ok) throw new Error(`${id}: ${run.result.reason}`);
        lookups.push(run.ms);
        lookupReads = { docs: lookupReads.docs + run.docs, rows: lookupReads.rows + run.rows };
      }

      // Recharges: one after another, then 20 at once on one distributor, then 20 at once over two.
      const recharge = (n: number, distributorId: string = DEMO_UIDS.distributor) =>
        subject.ports.wallet.recharge({
          distributorId,
          amount: 10,
          idempotencyKey: `bench-${sequence}-${distributorId}-${n}`,
          admin: { id: admin.uid, name: admin.name },
        });
      const sequential = await timed(async () => {
        for (let n = 0; n < 100; n += 1) await recharge(n);
      });
      const concurrent = await timed(() =>
        Promise.all(Array.from({ length: 20 }, (_, n) => recharge(1000 + n))),
      );
      const spread = await timed(() =>
        Promise.all(
          Array.from({ length: 20 }, (_, n) =>
            recharge(2000 + n, n % 2 === 0 ? DEMO_UIDS.distributor : DEMO_UIDS.distributor2),
          ),
        ),
      );
      const balance = (await subject.ports.users.get(DEMO_UIDS.distributor))?.walletBalance;
      if (balance !== 500 + 10 * (100 + 20 + 10)) throw new Error(`lost a recharge: balance ${balance}`);
      otherRows.push([
        subject.name,
        sizeLabel,
        fmt(median(lookups)),
        `${(lookupReads.docs / 200).toFixed(1)} docs + ${(lookupReads.rows / 200).toFixed(1)} rows`,
        `${(100 / (sequential.ms / 1000)).toFixed(0)}/s`,
        `${(20 / (concurrent.ms / 1000)).toFixed(0)}/s`,
        `${(20 / (spread.ms / 1000)).toFixed(0)}/s`,
      ]);
      await subject.close();
    }

    report();
    report('## Admin business-performance page (use case listBusinessPerformance, 10 rows a page)');
    table(
      [
        'backend',
        'data',
        'load (bulk)',
        'build indexes',
        'page 1 (first)',
        'page 1 (again, median of 5)',
        'last page',
        'search',
      ],
      pageRows,
    );
    report('## What one page reads (documents vs index rows; the collections are far larger)');
    table(['backend', 'data', 'call', 'documents read', 'index rows read', 'rows shown'], readRows);
    report('## Repair look-up (median of 200) and recharge throughput');
    table(
      [
        'backend',
        'data',
        'look-up',
        'reads per look-up',
        'recharges in sequence',
        '20 at once, one distributor',
        '20 at once, two distributors',
      ],
      otherRows,
    );
  });
});
