import { isDeepStrictEqual } from 'node:util';
import { DEMO_PASSWORD, DEMO_UIDS } from '../src/demo/demo-data';
import { benchmarkSize, generateSyntheticData } from '../src/demo/synthetic-data';
import {
  type BaselineDashboard,
  baselineLookup,
  baselineRecharge,
  computeDashboard,
  readEverything,
} from './baseline';
import { baselineDues, DUES_MAX_REPAIRS, DUES_OWNER, DUES_STORE, duesData } from './shop-dues';
import {
  baselineReport,
  REPORT_MAX_REPAIRS,
  REPORT_OWNER,
  REPORT_STORE,
  reportData,
  reportMonthOf,
} from './shop-report';
import type { BackendName, Session, Subject } from './subjects';

/** The scenarios of the benchmark, as named in its JSON. */
export const SCENARIOS = [
  'admin-dashboard',
  'admin-next-page',
  'admin-search',
  'repair-lookup',
  'recharge',
  'shop-dues',
  'shop-report',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** One measurement: our way and the spec's read-everything baseline, on the same backend and data. */
export interface Measurement {
  readonly scenario: ScenarioName;
  readonly backend: BackendName;
  /** Synthetic repairs in the data set (the demo data set's 127 come on top). */
  readonly repairs: number;
  /** Documents read (on Firestore: reads billed), median over the runs. */
  readonly docsRead: number;
  readonly baselineDocsRead: number;
  /** Wall time in milliseconds, median over the runs. */
  readonly ms: number;
  readonly baselineMs: number;
}

/** What the console shows besides the JSON. */
export interface BackendReport {
  readonly backend: BackendName;
  readonly repairs: number;
  readonly measurements: readonly Measurement[];
  /** Index rows read per scenario (PouchDB), median. */
  readonly indexRows: Readonly<Partial<Record<ScenarioName, number>>>;
  readonly data: { readonly users: number; readonly stores: number; readonly repairs: number };
  readonly loadMs: number;
  readonly warmMs: number;
  /** Recharges a second: one after another, and 20 at once on one wallet (local backends). */
  readonly throughput: { readonly sequential: number; readonly burst: number } | null;
  /** Where our answer and the baseline's differ (they should not). */
  readonly mismatches: readonly string[];
}

export interface MeasureOptions {
  /** The clock of the data set and of the admin's month. */
  readonly now: Date;
  /** Runs of each of our scenarios (the median is kept). */
  readonly runs: number;
  /** Runs of each baseline scenario (each reads whole collections). */
  readonly baselineRuns: number;
  /** Look-ups measured (ours), and of them the baseline's. */
  readonly lookups: number;
  readonly baselineLookups: number;
  /** Measure recharge throughput too. */
  readonly throughput: boolean;
  readonly log?: (line: string) => void;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function timed<T>(action: () => Promise<T>): Promise<{ readonly ms: number; readonly result: T }> {
  const start = performance.now();
  const result = await action();
  return { ms: performance.now() - start, result };
}

/** A use case's outcome: its value, or a thrown error with its message. */
function outcomeValue<T>(
  outcome: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message?: string },
  what: string,
): T {
  if (!outcome.ok) throw new Error(`${what} failed: ${outcome.message ?? 'no message'}`);
  return outcome.value;
}

interface Sample {
  readonly ms: number;
  readonly docs: number;
  readonly rows: number;
}

/** Time and reads of one call on `subject`. */
async function sample<T>(
  subject: Subject,
  action: () => Promise<T>,
): Promise<Sample & { readonly result: T }> {
  const before = subject.reads();
  const { ms, result } = await timed(action);
  const after = subject.reads();
  return { ms, docs: after.docs - before.docs, rows: after.rows - before.rows, result };
}

interface Page {
  readonly rows: readonly { readonly uid: string; readonly repairs: number }[];
  readonly page: number;
  readonly pageCount: number;
  readonly matching: number;
}

interface Dashboard {
  readonly totalUsers: number;
  readonly totalBusinessUsers: number;
  readonly page: Page;
}

interface Filter {
  readonly year: number;
  readonly month: number;
  readonly search: string;
  readonly page: number;
}

/** The admin dashboard's first view: both counters and the table's page, loaded together as the route does. */
async function dashboard(session: Session, filter: Filter): Promise<Dashboard> {
  const [totals, page] = await Promise.all([
    session.useCases.admin.totals(session.admin),
    session.useCases.admin.businessPerformance(session.admin, filter),
  ]);
  const { totalUsers, totalBusinessUsers } = outcomeValue(totals, 'admin totals');
  return { totalUsers, totalBusinessUsers, page: outcomeValue(page, 'admin page') };
}

async function tablePage(session: Session, filter: Filter): Promise<Page> {
  return outcomeValue(await session.useCases.admin.businessPerformance(session.admin, filter), 'admin page');
}

const shape = (page: Page) => page.rows.map((row) => `${row.uid}:${row.repairs}`).join(' ');

function compare(label: string, ours: Page, theirs: BaselineDashboard, problems: string[]): void {
  const spec = theirs.rows.map((row) => `${row.uid}:${row.repairs}`).join(' ');
  if (shape(ours) !== spec) problems.push(`${label}: rows differ: ours [${shape(ours)}], baseline [${spec}]`);
  if (ours.pageCount !== theirs.pageCount || ours.matching !== theirs.matching)
    problems.push(
      `${label}: ours ${ours.matching} matching in ${ours.pageCount} pages, baseline ${theirs.matching} in ${theirs.pageCount}`,
    );
}

/**
 * Loads the synthetic set of `repairs` repairs into `subject`, then measures every scenario, ours and the
 * baseline's, on that data.
 */
export async function measureBackend(
  subject: Subject,
  repairs: number,
  options: MeasureOptions,
): Promise<BackendReport> {
  const log = options.log ?? (() => undefined);
  const { now } = options;
  const size = benchmarkSize(repairs);
  const data = generateSyntheticData(now, size);
  log(
    `${subject.backend}, ${repairs.toLocaleString('en-US')} repairs: loading ${data.users.length.toLocaleString('en-US')} users, ${data.stores.length.toLocaleString('en-US')} stores, ${data.repairs.length.toLocaleString('en-US')} repairs…`,
  );
  const load = await timed(() => subject.seeder.load(data));
  const warm = await timed(() => subject.warm());
  const main = await subject.session(false);
  const filter: Filter = { year: now.getFullYear(), month: now.getMonth() + 1, search: '', page: 1 };
  const problems: string[] = [];

  // A first look, not measured: which business leads page 1, and its count this month.
  const first = await dashboard(main, filter);
  const leader = first.page.rows[0];
  if (leader === undefined) throw new Error('The admin table is empty.');
  const leaderStore = data.stores.find((store) => store.ownerId === leader.uid)?.id;
  if (leaderStore === undefined) throw new Error(`No store of ${leader.uid}.`);
  const searched = data.users.find((user) => user.uid === `bench-owner-${Math.floor(size.businesses / 2)}`);
  const search = String(searched?.record.businessName ?? 'Sharma Mobile Care');

  // admin-dashboard: a customer signs up and the leading business books a repair; then the admin opens
  // the dashboard (a new client on Firestore): the first view after a change, never a cached one.
  // admin-next-page and admin-search: then, in that page, Next and a search.
  const views: Sample[] = [];
  const nextPages: Sample[] = [];
  const searches: Sample[] = [];
  let last: { view: Dashboard; next: Page; search: Page } | null = null;
  for (let run = 0; run < options.runs; run += 1) {
    await subject.seeder.user(`bench-new-customer-${run}`, {
      email: `new-customer-${run}@bench.test`,
      role: 'user',
      name: `New Customer ${run}`,
      mobile: `7${String(run).padStart(9, '0')}`,
    });
    await subject.seeder.repair({
      id: `bench-new-repair-${run}`,
      repairId: `BN-${run}`,
      createdAt: new Date(now.getTime() - 60_000 * (run + 1)),
      storeId: leaderStore,
      customerMobile: `7${String(run).padStart(9, '0')}`,
      productName: 'Bench Phone',
      productType: 'Mobile',
      status: 'inprogress',
      estimatedCost: 700,
    });
    const session = await subject.session(true);
    try {
      const view = await sample(subject, () => dashboard(session, filter));
      const shown = view.result.page.rows.find((row) => row.uid === leader.uid)?.repairs;
      if (shown !== leader.repairs + run + 1 || view.result.totalUsers !== first.totalUsers + run + 1)
        problems.push(
          `admin-dashboard run ${run + 1}: not the data after the change (${leader.uid} shows ${shown}, expected ${leader.repairs + run + 1}; ${view.result.totalUsers} users, expected ${first.totalUsers + run + 1})`,
        );
      const next = await sample(subject, () => tablePage(session, { ...filter, page: 2 }));
      const found = await sample(subject, () => tablePage(session, { ...filter, search }));
      views.push(view);
      nextPages.push(next);
      searches.push(found);
      last = { view: view.result, next: next.result, search: found.result };
    } finally {
      if (session !== main) await session.close();
    }
  }
  log(`  admin views: median ${median(views.map((view) => view.ms)).toFixed(1)} ms; baseline…`);

  // The baseline: each of the three views reads the three collections whole (the same documents
  // whatever the view), then computes what it shows. The collections are read once per run, and each
  // view's time is that read plus its own computation.
  const baselines = { view: [] as Sample[], next: [] as Sample[], search: [] as Sample[] };
  for (let run = 0; run < options.baselineRuns; run += 1) {
    const read = await timed(() => readEverything(subject.raw));
    for (const [kind, view] of [
      ['view', filter],
      ['next', { ...filter, page: 2 }],
      ['search', { ...filter, search }],
    ] as const) {
      const computed = await timed(async () => computeDashboard(read.result, view));
      const result = computed.result;
      baselines[kind].push({ ms: read.ms + computed.ms, docs: read.result.docsRead, rows: 0 });
      if (last !== null && run === 0) {
        compare(`${kind} page`, kind === 'view' ? last.view.page : last[kind], result, problems);
        if (
          kind === 'view' &&
          (result.totalUsers !== last.view.totalUsers ||
            result.totalBusinessUsers !== last.view.totalBusinessUsers)
        )
          problems.push(
            `counters: ours ${last.view.totalUsers} users / ${last.view.totalBusinessUsers} business users, baseline ${result.totalUsers} / ${result.totalBusinessUsers}`,
          );
      }
    }
  }

  // repair-lookup: the super admin looks repairs up by Repair ID, with the card's business info.
  const ids = Array.from({ length: options.lookups }, (_, n) => `BR-${(n * 7919) % repairs}`);
  const lookups: Sample[] = [];
  for (const id of ids) {
    const run = await sample(subject, async () => {
      const found = outcomeValue(await main.useCases.repairs.lookUp(main.admin, id), `look-up of ${id}`);
      await main.useCases.repairs.businessInfo(found.repair);
      return found.repair;
    });
    if (run.result.repairId !== id) problems.push(`look-up of ${id} found ${run.result.repairId}`);
    lookups.push(run);
  }
  const baselineLookups: Sample[] = [];
  for (const id of ids.slice(0, options.baselineLookups)) {
    const { ms, result } = await timed(() => baselineLookup(subject.raw, id));
    if (result.value?.data.repairId !== id) problems.push(`baseline look-up of ${id} found nothing`);
    baselineLookups.push({ ms, docs: result.docsRead, rows: 0 });
  }

  // recharge: one top-up by the super admin (ours: the atomic, idempotent recharge; the baseline: the
  // spec's two writes, on another distributor).
  const distributor = await main.ports.users.get(DEMO_UIDS.distributor);
  const other = await main.ports.users.get(DEMO_UIDS.distributor2);
  if (distributor === null || other === null) throw new Error('No demo distributors.');
  const key = `${subject.backend}-${repairs}-${process.pid}-${Date.now().toString(36)}`;
  const recharges: Sample[] = [];
  const baselineRecharges: Sample[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    recharges.push(
      await sample(subject, async () =>
        outcomeValue(
          await main.useCases.wallet.recharge(main.admin, {
            distributor,
            amount: 10,
            idempotencyKey: `bench-${key}-${run}`,
          }),
          'recharge',
        ),
      ),
    );
  }
  for (let run = 0; run < options.baselineRuns; run += 1) {
    const { ms, result } = await timed(() =>
      baselineRecharge(subject.raw, {
        distributorId: other.uid,
        distributorName: other.name,
        adminId: main.admin.uid,
        adminName: main.admin.name,
        amount: 10,
      }),
    );
    baselineRecharges.push({ ms, docs: result.docsRead, rows: 0 });
  }
  const balance = (await main.ports.users.get(DEMO_UIDS.distributor))?.walletBalance;
  if (balance !== distributor.walletBalance + 10 * options.runs)
    problems.push(`recharge: balance ${balance}, expected ${distributor.walletBalance + 10 * options.runs}`);

  let throughput: BackendReport['throughput'] = null;
  if (options.throughput) {
    const recharge = (n: number) =>
      main.ports.wallet.recharge({
        distributorId: DEMO_UIDS.distributor,
        amount: 10,
        idempotencyKey: `bench-${key}-throughput-${n}`,
        admin: { id: main.admin.uid, name: main.admin.name },
      });
    const sequential = await timed(async () => {
      for (let n = 0; n < 50; n += 1) await recharge(n);
    });
    const burst = await timed(() => Promise.all(Array.from({ length: 20 }, (_, n) => recharge(100 + n))));
    throughput = { sequential: 50 / (sequential.ms / 1000), burst: 20 / (burst.ms / 1000) };
  }

  // shop-dues (last: on the local backends the store's owner takes over the one client's session).
  const dues = repairs <= DUES_MAX_REPAIRS ? await measureDues(subject, repairs, options, problems) : null;
  // shop-report (after it, the same way: its owner takes over the local backends' one client).
  const report =
    repairs <= REPORT_MAX_REPAIRS ? await measureReport(subject, repairs, options, problems) : null;

  const measurement = (scenario: Measurement['scenario'], ours: Sample[], theirs: Sample[]): Measurement => ({
    scenario,
    backend: subject.backend,
    repairs,
    docsRead: median(ours.map((run) => run.docs)),
    baselineDocsRead: median(theirs.map((run) => run.docs)),
    ms: round(median(ours.map((run) => run.ms))),
    baselineMs: round(median(theirs.map((run) => run.ms))),
  });
  const rowsOf = (runs: Sample[]) => median(runs.map((run) => run.rows));
  return {
    backend: subject.backend,
    repairs,
    measurements: [
      measurement('admin-dashboard', views, baselines.view),
      measurement('admin-next-page', nextPages, baselines.next),
      measurement('admin-search', searches, baselines.search),
      measurement('repair-lookup', lookups, baselineLookups),
      measurement('recharge', recharges, baselineRecharges),
      ...(dues === null ? [] : [measurement('shop-dues', dues.ours, dues.theirs)]),
      ...(report === null ? [] : [measurement('shop-report', report.ours, report.theirs)]),
    ],
    indexRows: {
      'admin-dashboard': rowsOf(views),
      'admin-next-page': rowsOf(nextPages),
      'admin-search': rowsOf(searches),
      'repair-lookup': rowsOf(lookups),
      recharge: rowsOf(recharges),
      ...(dues === null ? {} : { 'shop-dues': rowsOf(dues.ours) }),
      ...(report === null ? {} : { 'shop-report': rowsOf(report.ours) }),
    },
    data: { users: data.users.length, stores: data.stores.length, repairs: data.repairs.length },
    loadMs: load.ms,
    warmMs: warm.ms,
    throughput,
    mismatches: problems,
  };
}

/**
 * shop-dues: a store of `repairs` repairs, one in a hundred owing, is loaded; its owner opens the dues
 * khata (the first page of the indexed query, as /shop/dues does), then the baseline reads all the
 * store's repairs and picks the owing ones. The two must show the same repairs.
 */
async function measureDues(
  subject: Subject,
  repairs: number,
  options: MeasureOptions,
  problems: string[],
): Promise<{ readonly ours: Sample[]; readonly theirs: Sample[] }> {
  const log = options.log ?? (() => undefined);
  log(`  shop-dues: loading one store of ${repairs.toLocaleString('en-US')} repairs, 1% owing…`);
  await subject.seeder.load(duesData(options.now, repairs));
  await subject.warm();
  const owner = await subject.signedIn(DUES_OWNER.email, DEMO_PASSWORD);
  const ours: Sample[] = [];
  const theirs: Sample[] = [];
  try {
    let shown: string[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const page = await sample(subject, async () =>
        outcomeValue(await owner.useCases.shop.duesPage(DUES_STORE), 'dues page'),
      );
      shown = page.result.items.map((repair) => repair.id);
      ours.push(page);
    }
    for (let run = 0; run < options.baselineRuns; run += 1) {
      const read = await timed(() => subject.raw.repairsOfStore(DUES_STORE));
      const computed = await timed(async () => baselineDues(read.result.documents));
      theirs.push({ ms: read.ms + computed.ms, docs: read.result.read, rows: 0 });
      if (run === 0 && computed.result.join(' ') !== shown.join(' '))
        problems.push(
          `shop-dues: ours [${shown.slice(0, 5).join(' ')}…] (${shown.length}), baseline [${computed.result.slice(0, 5).join(' ')}…] (${computed.result.length})`,
        );
    }
  } finally {
    await owner.close();
  }
  return { ours, theirs };
}

/**
 * shop-report: a store of `repairs` repairs and their payments (bench/shop-report.ts) is loaded; its
 * owner opens the month's report (monthReport: indexes or aggregations), then the baseline reads every
 * repair and payment of the store and folds them with the oracle. The two must be equal.
 */
async function measureReport(
  subject: Subject,
  repairs: number,
  options: MeasureOptions,
  problems: string[],
): Promise<{ readonly ours: Sample[]; readonly theirs: Sample[] }> {
  const log = options.log ?? (() => undefined);
  const data = reportData(options.now, repairs);
  const month = reportMonthOf(options.now);
  log(
    `  shop-report: loading one store of ${repairs.toLocaleString('en-US')} repairs and ${(data.shop?.payments.length ?? 0).toLocaleString('en-US')} payments; the report of ${month}…`,
  );
  await subject.seeder.load(data);
  await subject.warm();
  const owner = await subject.signedIn(REPORT_OWNER.email, DEMO_PASSWORD);
  const ours: Sample[] = [];
  const theirs: Sample[] = [];
  try {
    let shown: unknown = null;
    for (let run = 0; run < options.runs; run += 1) {
      const report = await sample(subject, () => owner.ports.reports.monthReport(REPORT_STORE, month));
      shown = report.result;
      ours.push(report);
    }
    for (let run = 0; run < options.baselineRuns; run += 1) {
      const read = await timed(async () => {
        const [repairsRead, paymentsRead] = await Promise.all([
          subject.raw.repairsOfStore(REPORT_STORE),
          subject.raw.paymentsOfStore(REPORT_STORE),
        ]);
        return { repairsRead, paymentsRead };
      });
      const computed = await timed(async () =>
        baselineReport(month, read.result.repairsRead.documents, read.result.paymentsRead.documents),
      );
      theirs.push({
        ms: read.ms + computed.ms,
        docs: read.result.repairsRead.read + read.result.paymentsRead.read,
        rows: 0,
      });
      if (run === 0 && !isDeepStrictEqual(shown, computed.result))
        problems.push(
          `shop-report: ours ${JSON.stringify(shown)}, baseline ${JSON.stringify(computed.result)}`,
        );
    }
  } finally {
    await owner.close();
  }
  return { ours, theirs };
}

/** Milliseconds to the microsecond. */
function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
