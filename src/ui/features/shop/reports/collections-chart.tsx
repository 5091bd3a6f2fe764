import { useId } from 'react';
import { formatPaise } from '../../../../domain/shop/amounts';
import type { DayCollection } from '../../../../domain/shop/reports';
import { Card, CardHeader } from '../../../components/card';
import { dayLabel, monthLabel } from './report-dates';
import { REPORTS_TEXTS } from './reports-texts';

/**
 * The chart of each day's collections (owner-console.md "Reports"): one bar per day of the month, in
 * plain SVG (no chart library: docs/decisions/0010-reports-chart-plain-svg.md), drawn in a viewBox that
 * stretches to the card's width on a phone and on a desktop. A day with more refunds than payments goes
 * below the line. Its text alternatives: the SVG's title and description (the total and the best day),
 * each bar's title, and the same figures as a table under 'Show each day as a table'.
 */

const BAR = 8;
const GAP = 3;
const HEIGHT = 120;

export function CollectionsChart({ month, daily }: { month: string; daily: readonly DayCollection[] }) {
  const id = useId();
  const highest = Math.max(0, ...daily.map((day) => day.netPaise));
  const lowest = Math.min(0, ...daily.map((day) => day.netPaise));
  const span = highest - lowest || 1;
  const zero = (highest / span) * HEIGHT;
  const best = daily.find((day) => day.netPaise === highest && highest > 0);
  const width = Math.max(1, daily.length * (BAR + GAP) - GAP);
  const summary = REPORTS_TEXTS.chartSummary(
    monthLabel(month),
    best ? formatPaise(best.netPaise) : '',
    best ? dayLabel(best.day) : '',
  );

  return (
    <Card>
      <CardHeader title={REPORTS_TEXTS.chart} description={summary} />
      <div className="px-5 py-4 sm:px-6">
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible"
        >
          <title id={`${id}-title`}>{`${REPORTS_TEXTS.chart}, ${monthLabel(month)}`}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <line x1={0} x2={width} y1={zero} y2={zero} className="stroke-slate-300" strokeWidth={0.5} />
          {daily.map((day, index) => {
            const size = (Math.abs(day.netPaise) / span) * HEIGHT;
            return (
              <rect
                key={day.day}
                x={index * (BAR + GAP)}
                y={day.netPaise >= 0 ? zero - size : zero}
                width={BAR}
                height={Math.max(size, day.netPaise === 0 ? 0 : 0.5)}
                rx={1}
                className={day.netPaise >= 0 ? 'fill-brand-600' : 'fill-red-500'}
              >
                <title>{`${dayLabel(day.day)}: ${formatPaise(day.netPaise)}`}</title>
              </rect>
            );
          })}
        </svg>
        <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{daily[0] ? dayLabel(daily[0].day) : ''}</span>
          <span>{daily.at(-1) ? dayLabel(daily.at(-1)?.day ?? '') : ''}</span>
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700">
            {REPORTS_TEXTS.chartTable}
          </summary>
          <table className="mt-2 w-full max-w-sm text-left tabular-nums">
            <caption className="sr-only">{`${REPORTS_TEXTS.chart}, ${monthLabel(month)}`}</caption>
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1 font-medium">
                  {REPORTS_TEXTS.day}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {REPORTS_TEXTS.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {dayLabel(day.day)}
                  </th>
                  <td className="py-1 text-right">{formatPaise(day.netPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </Card>
  );
}
