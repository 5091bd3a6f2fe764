import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEASUREMENT_FIELDS, shapeProblems } from '../../bench/report';
import { parseOptions, runBench } from '../../bench/run';
import { SCENARIOS } from '../../bench/scenarios';

/** `npm run bench -- --out FILE` is a contract: one object per measurement, with exactly these fields. */

const dir = mkdtempSync(join(tmpdir(), 'repairmate-bench-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bench JSON', () => {
  it('has one object per scenario and size, with the contract fields, and draws a chart per scenario', async () => {
    const out = join(dir, 'bench.json');
    const printed: string[] = [];
    const result = await runBench(
      {
        backends: ['memory'],
        sizes: [100, 300],
        firestoreSizes: [],
        runs: 2,
        baselineRuns: 1,
        lookups: 3,
        seedDemo: false,
        out,
        charts: dir,
        doc: null,
      },
      (line) => printed.push(line),
    );
    const json: unknown = JSON.parse(readFileSync(out, 'utf8'));
    expect(shapeProblems(json)).toEqual([]);
    const items = json as Record<string, unknown>[];
    expect(items).toHaveLength(SCENARIOS.length * 2);
    for (const item of items) {
      expect(Object.keys(item)).toEqual([...MEASUREMENT_FIELDS]);
      expect(item.backend).toBe('memory');
      expect([100, 300]).toContain(item.repairs);
      expect(item.baselineDocsRead).toBeGreaterThan(0);
    }
    expect(new Set(items.map((item) => item.scenario))).toEqual(new Set(SCENARIOS));
    // Our answers equal the baseline's (same rows, counts and counters).
    expect(result.mismatches).toEqual([]);
    expect(printed.join('\n')).toContain('| admin-dashboard | memory');
    for (const scenario of SCENARIOS) {
      expect(readFileSync(join(dir, `${scenario}.svg`), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<\/svg>\n$/);
    }
  });

  it('names what is wrong with a malformed array', () => {
    expect(shapeProblems({})).toEqual(['not an array']);
    expect(
      shapeProblems([
        {
          scenario: 'admin-dashboard',
          backend: 'memory',
          repairs: 1000,
          docsRead: 10,
          baselineDocsRead: 1450,
          ms: 0.5,
          baselineMs: 12,
        },
      ]),
    ).toEqual([]);
    expect(
      shapeProblems([
        { scenario: 'nope', backend: 'memory', repairs: 1.5, docsRead: -1, baselineDocsRead: 1, ms: 1 },
      ]),
    ).toEqual([
      '[0] has fields scenario, backend, repairs, docsRead, baselineDocsRead, ms, not scenario, backend, repairs, docsRead, baselineDocsRead, ms, baselineMs',
      '[0].scenario nope',
      '[0].docsRead is -1',
      '[0].baselineMs is undefined',
      '[0].repairs is not a whole number',
    ]);
  });

  it('reads its sizes from the command line and the environment', () => {
    expect(parseOptions(['--quick'], {})).toMatchObject({ sizes: [1000, 10_000], firestoreSizes: [1000] });
    expect(parseOptions(['--sizes', '1k,5000', '--backends', 'memory'], { BENCH_RUNS: '7' })).toMatchObject({
      backends: ['memory'],
      sizes: [1000, 5000],
      runs: 7,
      out: null,
      charts: null,
    });
    expect(parseOptions(['--out', 'docs/benchmarks/latest.json'], {}).charts).toBe('docs/benchmarks');
    expect(() => parseOptions(['--backends', 'mysql'], {})).toThrow(/Unknown backend mysql/);
  });
});
