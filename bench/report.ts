import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { BackendReport, Measurement } from './scenarios';
import { SCENARIOS } from './scenarios';
import { BACKENDS } from './subjects';

/** The fields of one JSON object, in order. */
export const MEASUREMENT_FIELDS = [
  'scenario',
  'backend',
  'repairs',
  'docsRead',
  'baselineDocsRead',
  'ms',
  'baselineMs',
] as const;

/** What is wrong with the bench's JSON (an empty list when it has the contract's shape). */
export function shapeProblems(value: unknown): string[] {
  if (!Array.isArray(value)) return ['not an array'];
  const problems: string[] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null) {
      problems.push(`[${index}] is not an object`);
      return;
    }
    const record = item as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.join() !== MEASUREMENT_FIELDS.join())
      problems.push(`[${index}] has fields ${keys.join(', ')}, not ${MEASUREMENT_FIELDS.join(', ')}`);
    if (!(SCENARIOS as readonly unknown[]).includes(record.scenario))
      problems.push(`[${index}].scenario ${String(record.scenario)}`);
    if (!(BACKENDS as readonly unknown[]).includes(record.backend))
      problems.push(`[${index}].backend ${String(record.backend)}`);
    for (const field of ['repairs', 'docsRead', 'baselineDocsRead', 'ms', 'baselineMs'] as const) {
      const number = record[field];
      if (typeof number !== 'number' || !Number.isFinite(number) || number < 0)
        problems.push(`[${index}].${field} is ${String(number)}`);
    }
    if (!Number.isInteger(record.repairs)) problems.push(`[${index}].repairs is not a whole number`);
  });
  return problems;
}

// ---- goals ------------------------------------------------------------------------------------------

export interface GoalResult {
  readonly goal: string;
  /** null: not measured in this run (a size or backend left out). */
  readonly pass: boolean | null;
  readonly detail: string;
}

const LOCAL_BACKENDS = ['memory', 'pouchdb-memory', 'pouchdb-leveldb'] as const;
const GOAL_REPAIRS = 100_000;
const FIRESTORE_GOAL_REPAIRS = 10_000;
/** The dues khata's goal: one store of 10k repairs (bench/shop-dues.ts). */
const DUES_GOAL_REPAIRS = 10_000;
/** The reports' goal: one store of 10k repairs and their payments (bench/shop-report.ts). */
const REPORT_GOAL_REPAIRS = 10_000;

const percent = (share: number) => `${(share * 100).toFixed(share < 0.001 ? 3 : 2)}%`;

function find(all: readonly Measurement[], scenario: string, backend: string, repairs: number) {
  return all.find((m) => m.scenario === scenario && m.backend === backend && m.repairs === repairs);
}

/** The issue's goals, judged on the measurements of this run. */
export function evaluateGoals(all: readonly Measurement[]): GoalResult[] {
  const results: GoalResult[] = [];
  const sizesOf = (scenario: string, backend: string) =>
    all
      .filter((m) => m.scenario === scenario && m.backend === backend)
      .map((m) => m.repairs)
      .sort((a, b) => a - b);
  for (const backend of LOCAL_BACKENDS) {
    const at = find(all, 'admin-dashboard', backend, GOAL_REPAIRS);
    const reads = at ? at.docsRead / Math.max(1, at.baselineDocsRead) : 0;
    results.push({
      goal: `admin-dashboard, ${backend}, 100k repairs: documents read ≤ 1% of the baseline's`,
      pass: at ? reads <= 0.01 : null,
      detail: at
        ? `${at.docsRead.toLocaleString('en-US')} of ${at.baselineDocsRead.toLocaleString('en-US')} (${percent(reads)})`
        : 'not measured',
    });
    const time = at ? at.ms / Math.max(1e-9, at.baselineMs) : 0;
    results.push({
      goal: `admin-dashboard, ${backend}, 100k repairs: time ≤ 1/10 of the baseline's`,
      pass: at ? time <= 0.1 : null,
      detail: at
        ? `${formatMs(at.ms)} vs ${formatMs(at.baselineMs)} (${percent(time)}, ${(at.baselineMs / Math.max(1e-9, at.ms)).toFixed(0)}× faster)`
        : 'not measured',
    });
  }
  for (const backend of BACKENDS) {
    const sizes = sizesOf('admin-dashboard', backend);
    const smallest = sizes[0];
    const largest = sizes.at(-1);
    const small = smallest === undefined ? undefined : find(all, 'admin-dashboard', backend, smallest);
    const large = largest === undefined ? undefined : find(all, 'admin-dashboard', backend, largest);
    const measured = small !== undefined && large !== undefined && largest !== smallest;
    const growth = measured ? large.docsRead / Math.max(1, small.docsRead) : 0;
    const repairsGrowth = measured ? large.repairs / small.repairs : 0;
    results.push({
      goal: `admin-dashboard, ${backend}: documents read grow with the page, not with repairs (at most 2× for ${measured ? `${repairsGrowth}×` : 'more'} repairs)`,
      pass: measured ? growth <= 2 : null,
      detail: measured
        ? `${small.docsRead.toLocaleString('en-US')} at ${compact(small.repairs)}, ${large.docsRead.toLocaleString('en-US')} at ${compact(large.repairs)} (${growth.toFixed(2)}×)`
        : 'needs two sizes',
    });
  }
  const firestore = find(all, 'admin-dashboard', 'firestore', FIRESTORE_GOAL_REPAIRS);
  const billed = firestore ? firestore.docsRead / Math.max(1, firestore.baselineDocsRead) : 0;
  results.push({
    goal: "admin-dashboard, firestore, 10k repairs: billed reads ≤ 1% of the baseline's",
    pass: firestore ? billed <= 0.01 : null,
    detail: firestore
      ? `${firestore.docsRead.toLocaleString('en-US')} of ${firestore.baselineDocsRead.toLocaleString('en-US')} (${percent(billed)})`
      : 'not measured',
  });
  for (const backend of BACKENDS) {
    const at = find(all, 'shop-dues', backend, DUES_GOAL_REPAIRS);
    const share = at ? at.docsRead / Math.max(1, at.baselineDocsRead) : 0;
    results.push({
      goal: `shop-dues, ${backend}, 10k repairs in one store (1% owing): documents read ≤ 1% of the baseline's`,
      pass: at ? share <= 0.01 : null,
      detail: at
        ? `${at.docsRead.toLocaleString('en-US')} of ${at.baselineDocsRead.toLocaleString('en-US')} (${percent(share)})`
        : 'not measured',
    });
  }
  for (const backend of BACKENDS) {
    const at = find(all, 'shop-report', backend, REPORT_GOAL_REPAIRS);
    const share = at ? at.docsRead / Math.max(1, at.baselineDocsRead) : 0;
    results.push({
      goal: `shop-report, ${backend}, 10k repairs in one store: documents read ≤ 2% of the baseline's, answers equal`,
      pass: at ? share <= 0.02 : null,
      detail: at
        ? `${at.docsRead.toLocaleString('en-US')} of ${at.baselineDocsRead.toLocaleString('en-US')} (${percent(share)})`
        : 'not measured',
    });
  }
  for (const backend of LOCAL_BACKENDS) {
    const small = find(all, 'repair-lookup', backend, 1000);
    const large = find(all, 'repair-lookup', backend, GOAL_REPAIRS);
    const ratio = small && large ? large.ms / Math.max(1e-9, small.ms) : 0;
    results.push({
      goal: `repair-lookup, ${backend}: time at 100k repairs ≤ 3× the time at 1k`,
      pass: small && large ? ratio <= 3 : null,
      detail:
        small && large
          ? `${formatMs(large.ms)} vs ${formatMs(small.ms)} (${ratio.toFixed(2)}×)`
          : 'not measured',
    });
  }
  return results;
}

// ---- text -------------------------------------------------------------------------------------------

export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

export function compact(repairs: number): string {
  return repairs >= 1000 && repairs % 1000 === 0 ? `${repairs / 1000}k` : repairs.toLocaleString('en-US');
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)];
}

/** The table of every measurement, ours beside the baseline. */
export function measurementTable(
  all: readonly Measurement[],
  reports: readonly BackendReport[] = [],
): string[] {
  // Index rows are PouchDB's: the other backends show none.
  const rowsOf = (m: Measurement) =>
    m.backend.startsWith('pouchdb')
      ? reports.find((report) => report.backend === m.backend && report.repairs === m.repairs)?.indexRows[
          m.scenario
        ]
      : undefined;
  const showRows = all.some((m) => (rowsOf(m) ?? 0) > 0);
  const order = (m: Measurement) =>
    SCENARIOS.indexOf(m.scenario) * 1e9 + BACKENDS.indexOf(m.backend) * 1e7 + m.repairs;
  const sorted = [...all].sort((a, b) => order(a) - order(b));
  return markdownTable(
    [
      'scenario',
      'backend',
      'repairs',
      'docs read',
      ...(showRows ? ['index rows'] : []),
      'baseline docs',
      'docs vs baseline',
      'time',
      'baseline time',
      'time vs baseline',
    ],
    sorted.map((m) => [
      m.scenario,
      m.backend,
      compact(m.repairs),
      count(m.docsRead),
      ...(showRows ? [rowsOf(m) === undefined ? '' : count(rowsOf(m) ?? 0)] : []),
      count(m.baselineDocsRead),
      percent(m.docsRead / Math.max(1, m.baselineDocsRead)),
      formatMs(m.ms),
      formatMs(m.baselineMs),
      percent(m.ms / Math.max(1e-9, m.baselineMs)),
    ]),
  );
}

export function dataTable(reports: readonly BackendReport[]): string[] {
  return markdownTable(
    [
      'backend',
      'repairs',
      'users',
      'stores',
      'repairs stored',
      'load (bulk)',
      'build indexes',
      'recharges in a row',
      '20 at once, one wallet',
    ],
    reports.map((report) => [
      report.backend,
      compact(report.repairs),
      count(report.data.users),
      count(report.data.stores),
      count(report.data.repairs),
      formatMs(report.loadMs),
      formatMs(report.warmMs),
      report.throughput ? `${report.throughput.sequential.toFixed(0)}/s` : '',
      report.throughput ? `${report.throughput.burst.toFixed(0)}/s` : '',
    ]),
  );
}

export function goalLines(goals: readonly GoalResult[]): string[] {
  return goals.map(
    (goal) =>
      `- ${goal.pass === null ? 'NOT MEASURED' : goal.pass ? 'PASS' : 'FAIL'}: ${goal.goal}: ${goal.detail}`,
  );
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly node: string;
  readonly date: string;
}

export function machine(): Machine {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    const model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (model?.[1]) cpu = model[1].trim();
  } catch {
    // not Linux: os.cpus() names it
  }
  return { cpu, cores: cpus().length, node: process.version, date: new Date().toISOString() };
}
