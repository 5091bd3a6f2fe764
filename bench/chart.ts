import type { Measurement, ScenarioName } from './scenarios';
import { BACKENDS, type BackendName } from './subjects';

/**
 * A hand-written SVG chart of one scenario: documents read and time against repairs, both on log
 * scales; one colour per backend, ours as solid lines with dots, the baseline dashed with squares.
 */

const COLOURS: Record<BackendName, string> = {
  memory: '#1f77b4',
  'pouchdb-memory': '#2ca02c',
  'pouchdb-leveldb': '#e07b00',
  firestore: '#c62828',
};

const NOTE =
  'Firestore: the emulator, which scans for every query (its times say little about production); its documents read are the reads Firestore bills.';

const WIDTH = 980;
const HEIGHT = 440;
const PANEL = { top: 64, bottom: 330, width: 380 };
const PANELS = [80, 560];

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fixed = (n: number) => n.toFixed(1);

function label(value: number, unit: 'docs' | 'ms'): string {
  if (unit === 'ms') {
    if (value >= 1000) return `${value / 1000} s`;
    return `${value} ms`;
  }
  if (value >= 1_000_000) return `${value / 1_000_000}M`;
  if (value >= 1000) return `${value / 1000}k`;
  return String(value);
}

interface Axis {
  readonly low: number;
  readonly high: number;
}

function decades(values: readonly number[]): Axis {
  const positive = values.filter((value) => value > 0);
  const min = positive.length === 0 ? 1 : Math.min(...positive);
  const max = positive.length === 0 ? 10 : Math.max(...positive);
  // A decade below the smallest value when it sits on a power of ten, so no point lies on the frame.
  const low = Math.floor(Math.log10(min) - 1e-9);
  const high = Math.max(low + 1, Math.ceil(Math.log10(max)));
  return { low, high };
}

function panel(
  left: number,
  title: string,
  unit: 'docs' | 'ms',
  series: readonly { backend: BackendName; ours: [number, number][]; baseline: [number, number][] }[],
  xAxis: Axis,
): string[] {
  const values = series.flatMap((s) => [...s.ours, ...s.baseline].map(([, y]) => y));
  const yAxis = decades(values);
  const x = (repairs: number) =>
    left + ((Math.log10(repairs) - xAxis.low) / (xAxis.high - xAxis.low)) * PANEL.width;
  const y = (value: number) => {
    const log = Math.log10(Math.max(value, 10 ** yAxis.low));
    return PANEL.bottom - ((log - yAxis.low) / (yAxis.high - yAxis.low)) * (PANEL.bottom - PANEL.top);
  };
  const out: string[] = [];
  out.push(`<text x="${left + PANEL.width / 2}" y="${PANEL.top - 14}" class="title">${xml(title)}</text>`);
  for (let power = yAxis.low; power <= yAxis.high; power += 1) {
    const at = fixed(y(10 ** power));
    out.push(`<line x1="${left}" x2="${left + PANEL.width}" y1="${at}" y2="${at}" class="grid"/>`);
    out.push(`<text x="${left - 6}" y="${at}" class="ytick">${label(10 ** power, unit)}</text>`);
  }
  for (let power = Math.ceil(xAxis.low); power <= Math.floor(xAxis.high); power += 1) {
    const at = fixed(x(10 ** power));
    out.push(`<line x1="${at}" x2="${at}" y1="${PANEL.top}" y2="${PANEL.bottom}" class="grid"/>`);
    out.push(`<text x="${at}" y="${PANEL.bottom + 18}" class="xtick">${label(10 ** power, 'docs')}</text>`);
  }
  out.push(
    `<rect x="${left}" y="${PANEL.top}" width="${PANEL.width}" height="${PANEL.bottom - PANEL.top}" class="frame"/>`,
  );
  out.push(
    `<text x="${left + PANEL.width / 2}" y="${PANEL.bottom + 38}" class="axis">repairs (log scale)</text>`,
  );
  for (const { backend, ours, baseline } of series) {
    const colour = COLOURS[backend];
    for (const [points, dashed] of [
      [baseline, true],
      [ours, false],
    ] as const) {
      if (points.length === 0) continue;
      const path = points.map(([px, py]) => `${fixed(x(px))},${fixed(y(py))}`).join(' ');
      out.push(
        `<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      );
      for (const [px, py] of points) {
        const cx = fixed(x(px));
        const cy = fixed(y(py));
        out.push(
          dashed
            ? `<rect x="${fixed(x(px) - 4)}" y="${fixed(y(py) - 4)}" width="8" height="8" fill="#fff" stroke="${colour}" stroke-width="2"><title>${xml(`${backend}, baseline, ${px} repairs: ${label(py, unit)}`)}</title></rect>`
            : `<circle cx="${cx}" cy="${cy}" r="4" fill="${colour}"><title>${xml(`${backend}, ours, ${px} repairs: ${label(Math.round(py * 100) / 100, unit)}`)}</title></circle>`,
        );
      }
    }
  }
  return out;
}

/** The SVG of one scenario's measurements. */
export function chartSvg(scenario: ScenarioName, all: readonly Measurement[]): string {
  const mine = all.filter((m) => m.scenario === scenario);
  const backends = BACKENDS.filter((backend) => mine.some((m) => m.backend === backend));
  const repairs = mine.map((m) => m.repairs);
  const xLow = Math.log10(Math.min(...repairs, 1000)) - 0.25;
  const xHigh = Math.log10(Math.max(...repairs, 10_000)) + 0.25;
  const series = (ours: (m: Measurement) => number, baseline: (m: Measurement) => number) =>
    backends.map((backend) => {
      const points = mine.filter((m) => m.backend === backend).sort((a, b) => a.repairs - b.repairs);
      return {
        backend,
        ours: points.map((m): [number, number] => [m.repairs, ours(m)]),
        baseline: points.map((m): [number, number] => [m.repairs, baseline(m)]),
      };
    });
  const docs = series(
    (m) => m.docsRead,
    (m) => m.baselineDocsRead,
  );
  const time = series(
    (m) => m.ms,
    (m) => m.baselineMs,
  );
  const xAxis = { low: xLow, high: xHigh };
  const legend: string[] = [];
  let at = 80;
  for (const backend of backends) {
    legend.push(
      `<line x1="${at}" x2="${at + 24}" y1="400" y2="400" stroke="${COLOURS[backend]}" stroke-width="3"/>`,
      `<text x="${at + 30}" y="404" class="legend">${backend}</text>`,
    );
    at += 52 + backend.length * 7.5;
  }
  legend.push(
    `<line x1="${at + 10}" x2="${at + 34}" y1="400" y2="400" stroke="#444" stroke-width="2"/>`,
    `<circle cx="${at + 22}" cy="400" r="4" fill="#444"/>`,
    `<text x="${at + 40}" y="404" class="legend">ours</text>`,
    `<line x1="${at + 90}" x2="${at + 114}" y1="400" y2="400" stroke="#444" stroke-width="2" stroke-dasharray="6 4"/>`,
    `<rect x="${at + 98}" y="396" width="8" height="8" fill="#fff" stroke="#444" stroke-width="2"/>`,
    `<text x="${at + 120}" y="404" class="legend">baseline (the spec: read everything)</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">`,
    '<style>',
    '.title{font-size:15px;font-weight:600;text-anchor:middle;fill:#222}',
    '.heading{font-size:17px;font-weight:700;fill:#111}',
    '.axis{font-size:12px;text-anchor:middle;fill:#444}',
    '.xtick{font-size:11px;text-anchor:middle;fill:#555}',
    '.ytick{font-size:11px;text-anchor:end;dominant-baseline:middle;fill:#555}',
    '.legend{font-size:12px;fill:#333}',
    '.note{font-size:11px;fill:#666}',
    '.grid{stroke:#e3e3e3;stroke-width:1}',
    '.frame{fill:none;stroke:#999;stroke-width:1}',
    '</style>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="80" y="26" class="heading">${xml(`RepairMate bench: ${scenario}`)}</text>`,
    ...panel(PANELS[0] as number, 'documents read (log scale)', 'docs', docs, xAxis),
    ...panel(PANELS[1] as number, 'time (log scale)', 'ms', time, xAxis),
    ...legend,
    `<text x="80" y="428" class="note">${xml(NOTE)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
