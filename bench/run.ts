import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { EmulatorRest } from '../scripts/firebase-emulator-rest';
import { startEmulators } from '../scripts/firebase-emulators';
import { createMemoryBackend } from '../src/adapters/memory/memory-backend';
import { DEFAULT_PBKDF2_ITERATIONS } from '../src/adapters/pouchdb/pouchdb-password';
import { generateDemoData } from '../src/demo/demo-data';
import { ManualClock } from '../src/demo/manual-clock';
import { chartSvg } from './chart';
import {
  compact,
  dataTable,
  evaluateGoals,
  formatMs,
  type GoalResult,
  goalLines,
  type Machine,
  machine,
  markdownTable,
  measurementTable,
  shapeProblems,
} from './report';
import {
  type BackendReport,
  type Measurement,
  type MeasureOptions,
  measureBackend,
  SCENARIOS,
} from './scenarios';
import {
  BACKENDS,
  type BackendName,
  firestoreSubject,
  memorySubject,
  pouchSubject,
  type Subject,
} from './subjects';

/**
 * `npm run bench -- [--out FILE] [--quick] …`: every scenario on every backend and size, ours beside
 * the spec's read-everything baseline; console tables, a pass/fail summary of the goals, and with
 * --out the JSON array (one object per measurement), the SVG charts beside it and (with --doc) the
 * generated part of docs/performance.md. Exits 1 when a goal fails or our answer differs from the
 * baseline's.
 */

/** The clock of the data sets: every run measures the same data. */
export const BENCH_NOW = new Date(2026, 10, 21, 10, 0);
const FIRESTORE_PROJECT = 'demo-repairmate-bench';
const DOC_START = '<!-- bench:results:start -->';
const DOC_END = '<!-- bench:results:end -->';

export interface BenchOptions {
  readonly backends: readonly BackendName[];
  /** Sizes of the memory and PouchDB runs, and of the Firestore runs (repairs). */
  readonly sizes: readonly number[];
  readonly firestoreSizes: readonly number[];
  readonly runs: number;
  readonly baselineRuns: number;
  readonly lookups: number;
  readonly seedDemo: boolean;
  readonly out: string | null;
  readonly charts: string | null;
  readonly doc: string | null;
}

export interface BenchResult {
  readonly measurements: readonly Measurement[];
  readonly reports: readonly BackendReport[];
  readonly goals: readonly GoalResult[];
  readonly mismatches: readonly string[];
}

const numbers = (text: string | undefined, fallback: readonly number[]): number[] => {
  if (text === undefined || text.trim() === '') return [...fallback];
  const parsed = text.split(',').map((item) => Number(item.trim().replace(/k$/i, '000')));
  if (parsed.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`Not a list of sizes: ${text}`);
  return parsed;
};

const positive = (text: string | undefined, fallback: number): number => {
  const value = Number(text);
  return text !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
};

/** The command line and the BENCH_* variables. */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      out: { type: 'string' },
      charts: { type: 'string' },
      doc: { type: 'string' },
      quick: { type: 'boolean', default: false },
      backends: { type: 'string' },
      sizes: { type: 'string' },
      'firestore-sizes': { type: 'string' },
      runs: { type: 'string' },
      'baseline-runs': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      [
        'npm run bench -- [options]',
        '  --out FILE               write the measurements as JSON (and the SVG charts beside it)',
        '  --charts DIR             where the SVG charts go (default: the directory of --out)',
        '  --doc FILE               replace the generated part of FILE (docs/performance.md)',
        '  --quick                  1k and 10k repairs (Firestore 1k), fewer runs: a few minutes less',
        `  --backends LIST          of ${BACKENDS.join(', ')} (BENCH_BACKENDS; default all)`,
        '  --sizes LIST             memory and PouchDB sizes in repairs (BENCH_SIZES; default 1k,10k,100k)',
        '  --firestore-sizes LIST   Firestore emulator sizes (BENCH_FIRESTORE_SIZES; default 1k,10k)',
        '  --runs N                 runs of each of our scenarios, median kept (BENCH_RUNS; default 5)',
        '  --baseline-runs N        runs of each baseline scenario (BENCH_BASELINE_RUNS; default 3)',
      ].join('\n'),
    );
    process.exit(0);
  }
  const quick = values.quick ?? false;
  const backendList = (values.backends ?? env.BENCH_BACKENDS ?? BACKENDS.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of backendList)
    if (!(BACKENDS as readonly string[]).includes(name))
      throw new Error(`Unknown backend ${name}: choose among ${BACKENDS.join(', ')}`);
  const out = values.out ?? null;
  return {
    backends: backendList as BackendName[],
    sizes: numbers(values.sizes ?? env.BENCH_SIZES, quick ? [1000, 10_000] : [1000, 10_000, 100_000]),
    firestoreSizes: numbers(
      values['firestore-sizes'] ?? env.BENCH_FIRESTORE_SIZES,
      quick ? [1000] : [1000, 10_000],
    ),
    runs: positive(values.runs ?? env.BENCH_RUNS, quick ? 3 : 5),
    baselineRuns: positive(values['baseline-runs'] ?? env.BENCH_BASELINE_RUNS, quick ? 1 : 3),
    lookups: quick ? 20 : 50,
    seedDemo: true,
    out,
    charts: values.charts ?? (out === null ? null : dirname(out)),
    doc: values.doc ?? null,
  };
}

async function localSubject(backend: BackendName): Promise<Subject> {
  if (backend === 'memory') return memorySubject(BENCH_NOW);
  return pouchSubject(backend === 'pouchdb-memory' ? 'memory' : 'leveldb', BENCH_NOW);
}

/** Lookups of the baseline, which scans the collection on the local backends. */
function baselineLookupsFor(backend: BackendName, repairs: number): number {
  if (backend === 'firestore') return 20;
  return repairs >= 100_000 ? 3 : 5;
}

function measureOptions(
  options: BenchOptions,
  backend: BackendName,
  repairs: number,
  log: (line: string) => void,
): MeasureOptions {
  return {
    now: BENCH_NOW,
    runs: options.runs,
    baselineRuns: options.baselineRuns,
    lookups: backend === 'firestore' ? Math.min(options.lookups, 20) : options.lookups,
    baselineLookups: Math.min(options.lookups, baselineLookupsFor(backend, repairs)),
    throughput: backend !== 'firestore',
    log,
  };
}

/** The demo data set's first load (a first visit of the offline demo), with the production PBKDF2 cost. */
async function demoSeedRows(backends: readonly BackendName[]): Promise<string[][]> {
  const rows: string[][] = [];
  for (const backend of backends) {
    if (backend === 'firestore') continue;
    const started = performance.now();
    let seeder: Subject['seeder'];
    let warm: () => Promise<void> = async () => undefined;
    let close: () => Promise<void> = async () => undefined;
    if (backend === 'memory') {
      seeder = createMemoryBackend({ clock: new ManualClock(BENCH_NOW) }).seeder;
    } else {
      const subject = await pouchSubject(
        backend === 'pouchdb-memory' ? 'memory' : 'leveldb',
        BENCH_NOW,
        DEFAULT_PBKDF2_ITERATIONS,
      );
      seeder = subject.seeder;
      warm = () => subject.warm();
      close = () => subject.close();
    }
    const opened = performance.now();
    await seeder.load(generateDemoData(BENCH_NOW));
    const loaded = performance.now();
    await warm();
    const warmed = performance.now();
    rows.push([
      backend,
      formatMs(opened - started),
      formatMs(loaded - opened),
      formatMs(warmed - loaded),
      formatMs(warmed - started),
    ]);
    await close();
  }
  return rows;
}

async function runFirestore(
  options: BenchOptions,
  log: (line: string) => void,
  collect: (report: BackendReport) => void,
): Promise<void> {
  log('Starting the Firestore and Auth emulators…');
  const emulators = await startEmulators(FIRESTORE_PROJECT);
  const stop = () => {
    void emulators.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  try {
    const rest = new EmulatorRest(emulators.endpoints);
    for (const repairs of options.firestoreSizes) {
      await Promise.all([rest.clearFirestore(FIRESTORE_PROJECT), rest.clearAuth(FIRESTORE_PROJECT)]);
      await rest.loadRules(FIRESTORE_PROJECT);
      const subject = await firestoreSubject(emulators.endpoints, FIRESTORE_PROJECT);
      try {
        collect(await measureBackend(subject, repairs, measureOptions(options, 'firestore', repairs, log)));
      } finally {
        await subject.close();
      }
    }
  } finally {
    process.removeListener('SIGINT', stop);
    await emulators.stop();
  }
}

/** Runs the whole bench. */
export async function runBench(
  options: BenchOptions,
  print: (line: string) => void = console.log,
): Promise<BenchResult> {
  const started = performance.now();
  const log = (line: string) => print(`… ${line}`);
  const reports: BackendReport[] = [];
  const collect = (report: BackendReport) => {
    reports.push(report);
    const dashboard = report.measurements.find((m) => m.scenario === 'admin-dashboard');
    if (dashboard)
      log(
        `  ${report.backend} ${compact(report.repairs)}: admin-dashboard ${dashboard.docsRead} docs in ${formatMs(dashboard.ms)}, baseline ${dashboard.baselineDocsRead} in ${formatMs(dashboard.baselineMs)}`,
      );
  };

  const seedRows = options.seedDemo ? await demoSeedRows(options.backends) : [];
  for (const backend of options.backends) {
    if (backend === 'firestore') continue;
    for (const repairs of options.sizes) {
      const subject = await localSubject(backend);
      try {
        collect(await measureBackend(subject, repairs, measureOptions(options, backend, repairs, log)));
      } finally {
        await subject.close();
      }
    }
  }
  if (options.backends.includes('firestore') && options.firestoreSizes.length > 0)
    await runFirestore(options, log, collect);

  const measurements = reports.flatMap((report) => report.measurements);
  const goals = evaluateGoals(measurements);
  const mismatches = reports.flatMap((report) =>
    report.mismatches.map((problem) => `${report.backend} ${compact(report.repairs)}: ${problem}`),
  );
  const host = machine();
  const totalMs = performance.now() - started;

  const lines: string[] = [];
  const section = (title: string, body: readonly string[]) => lines.push(`### ${title}`, '', ...body, '');
  section(
    'Measurements (median of the runs; docs read on Firestore are the reads it bills)',
    measurementTable(measurements, reports),
  );
  section('Data sets, bulk load, index build and recharge throughput', dataTable(reports));
  if (seedRows.length > 0)
    section(
      `Demo data seed (${generateDemoData(BENCH_NOW).users.length} users, PBKDF2 ${DEFAULT_PBKDF2_ITERATIONS.toLocaleString('en-US')} iterations)`,
      markdownTable(['backend', 'open', 'load (bulk)', 'build indexes', 'total'], seedRows),
    );
  section('Goals', goalLines(goals));
  if (mismatches.length > 0)
    section(
      'Answers that differ from the baseline',
      mismatches.map((m) => `- ${m}`),
    );
  print('');
  for (const line of lines) print(line);
  print(
    `Machine: ${host.cpu}, ${host.cores} cores, Node ${host.node}; ${new Date().toISOString()}; the run took ${formatMs(totalMs)}.`,
  );

  const problems = shapeProblems(JSON.parse(JSON.stringify(measurements)));
  if (problems.length > 0)
    throw new Error(`The measurements do not have the JSON shape: ${problems.join('; ')}`);
  if (options.out !== null) {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, `${JSON.stringify(measurements, null, 2)}\n`);
    print(`Wrote ${measurements.length} measurements to ${options.out}`);
  }
  if (options.charts !== null) {
    mkdirSync(options.charts, { recursive: true });
    for (const scenario of SCENARIOS) {
      if (!measurements.some((m) => m.scenario === scenario)) continue;
      writeFileSync(join(options.charts, `${scenario}.svg`), chartSvg(scenario, measurements));
    }
    print(`Wrote the charts to ${options.charts}/`);
  }
  if (options.doc !== null) {
    writeDoc(options.doc, lines, host, totalMs, options);
    print(`Updated ${options.doc}`);
  }
  return { measurements, reports, goals, mismatches };
}

/** Replaces the generated part of the performance page. */
function writeDoc(
  path: string,
  lines: readonly string[],
  host: Machine,
  totalMs: number,
  options: BenchOptions,
): void {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(DOC_START);
  const end = text.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error(`${path} has no ${DOC_START} … ${DOC_END} section`);
  const generated = [
    DOC_START,
    '',
    `Run on ${host.date.slice(0, 10)}: ${host.cpu}, ${host.cores} cores, Node ${host.node}; the whole run took ${formatMs(totalMs)}`,
    `(\`npm run bench -- ${[options.out ? `--out ${options.out}` : '', `--doc ${path}`].filter(Boolean).join(' ')}\`, ${options.runs} runs of ours and ${options.baselineRuns} of the baseline per figure).`,
    '',
    ...lines,
    DOC_END,
  ].join('\n');
  writeFileSync(path, text.slice(0, start) + generated + text.slice(end + DOC_END.length));
}

/** The entry point of scripts/bench.mjs. */
export async function main(argv: readonly string[]): Promise<number> {
  const options = parseOptions(argv);
  const result = await runBench(options);
  const failed = result.goals.filter((goal) => goal.pass === false);
  if (failed.length > 0 || result.mismatches.length > 0) {
    console.log(
      `\nBench: ${failed.length} goal(s) failed${result.mismatches.length > 0 ? `, ${result.mismatches.length} answer(s) differ from the baseline` : ''}.`,
    );
    return 1;
  }
  console.log('\nBench: every goal measured passes.');
  return 0;
}
