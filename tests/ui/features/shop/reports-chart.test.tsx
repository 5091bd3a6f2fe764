import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DayCollection } from '../../../../src/domain/shop/reports';
import { CollectionsChart } from '../../../../src/ui/features/shop/reports/collections-chart';
import { REPORTS_TEXTS } from '../../../../src/ui/features/shop/reports/reports-texts';
import { seriousA11yViolations } from '../../axe-check';

/*
 * The chart of each day's collections (collections-chart.tsx), alone: one bar per day in plain SVG,
 * above the line for money taken, below it for a day of more refunds than payments, none for a day
 * without money; its text alternatives (title, description naming the best day, a title per bar, the
 * table) say the same figures.
 */

const daily: DayCollection[] = Array.from({ length: 30 }, (_, index) => ({
  day: `2026-11-${String(index + 1).padStart(2, '0')}`,
  netPaise: index === 2 ? 120_000 : index === 9 ? -30_000 : index === 20 ? 60_000 : 0,
}));

describe('CollectionsChart', () => {
  it('draws a bar per day, a refund day below the line, and says the best day', () => {
    render(<CollectionsChart month="2026-11" daily={daily} />);
    const chart = screen.getByRole('img', { name: `${REPORTS_TEXTS.chart}, November 2026` });
    expect(chart.getAttribute('aria-describedby')).not.toBeNull();
    expect(screen.getAllByText('Highest on 3 Nov: ₹1,200.').length).toBeGreaterThan(0);
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    const line = chart.querySelector('line');
    const zero = Number(line?.getAttribute('y1'));
    const bar = (index: number) => {
      const rect = bars[index] as SVGRectElement;
      return { y: Number(rect.getAttribute('y')), height: Number(rect.getAttribute('height')) };
    };
    // ₹1,200 up, ₹300 refunded down, ₹600 half as tall as the best day, nothing on a quiet day.
    expect(bar(2).y + bar(2).height).toBeCloseTo(zero);
    expect(bar(9).y).toBeCloseTo(zero);
    expect(bar(9).height / bar(2).height).toBeCloseTo(0.25);
    expect(bar(20).height / bar(2).height).toBeCloseTo(0.5);
    expect(bar(0).height).toBe(0);
    expect(bars[9]?.textContent).toBe('10 Nov: -₹300');
  });

  it("lists the same figures as a table under 'Show each day as a table'", async () => {
    render(<CollectionsChart month="2026-11" daily={daily} />);
    const rows = within(screen.getByRole('table', { hidden: true })).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(31);
    expect(rows[3]?.textContent).toBe('3 Nov₹1,200');
    expect(rows[10]?.textContent).toBe('10 Nov-₹300');
    expect(rows[1]?.textContent).toBe('1 Nov₹0');
    document.title = 'Reports'; // the page's, which the chart alone does not set
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('says when nothing was collected', () => {
    render(<CollectionsChart month="2026-02" daily={[{ day: '2026-02-01', netPaise: 0 }]} />);
    expect(screen.getAllByText('No money was collected in February 2026.').length).toBeGreaterThan(0);
  });
});
