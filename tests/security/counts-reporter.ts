import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints what `npm run test:security` proved, after the run: per suite and in all, the attacks refused
 * (tests named 'attack …', one threat of docs/security.md each, numbered as there) and the legitimate
 * paths that must stay open (tests named 'allowed …'), and any other test. A failed test is counted
 * apart, so the figures never claim what did not pass.
 */
export default class SecurityCountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows: string[][] = [];
    const total = { attack: 0, allowed: 0, other: 0, failed: 0 };
    for (const module of testModules) {
      const counts = { attack: 0, allowed: 0, other: 0, failed: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'skipped' || state === 'pending') continue;
        const kind = /^attack/i.test(test.name)
          ? 'attack'
          : /^allowed/i.test(test.name)
            ? 'allowed'
            : 'other';
        if (state === 'failed') counts.failed += 1;
        else counts[kind] += 1;
      }
      const name = module.moduleId.replace(/^.*\/tests\//, 'tests/');
      const project = module.project.name;
      rows.push([`${name} (${project})`, ...Object.values(counts).map(String)]);
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += counts[key];
    }
    rows.push(['all', ...Object.values(total).map(String)]);
    const header = ['suite', 'attacks refused', 'allowed paths', 'other checks', 'failed'];
    const widths = header.map((title, i) =>
      Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
    );
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
    console.log(`\nSecurity suites (docs/security.md):\n${line(header)}\n${rows.map(line).join('\n')}\n`);
  }
}
