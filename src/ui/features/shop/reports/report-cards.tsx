import type { ReactNode } from 'react';
import { formatPaise } from '../../../../domain/shop/amounts';
import type { MonthReport } from '../../../../domain/shop/reports';
import { Card, CardHeader } from '../../../components/card';
import { REPORTS_TEXTS } from './reports-texts';

/**
 * The month's cards (owner-console.md "Reports"): 'Repairs Received', 'Repairs Delivered', 'Collected'
 * (split 'Cash', 'UPI', 'Card', refunds taken off), 'Due' and 'Average Turnaround' (days, one
 * decimal); and 'Top Problems'. Two cards a row on a phone, five on a desktop; each figure is the
 * card's text under its label (a definition list), so a screen reader reads label then figure.
 */

function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card className="flex flex-col px-4 py-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold tracking-tight wrap-anywhere text-slate-900 tabular-nums sm:text-2xl">
        {value}
      </dd>
      {children}
    </Card>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2">
      <span>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

export function ReportCards({ report }: { report: MonthReport }) {
  const { collected } = report;
  const turnaround = report.averageTurnaroundDays;
  return (
    <section aria-label={REPORTS_TEXTS.cards}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label={REPORTS_TEXTS.received} value={String(report.received)} />
        <Figure label={REPORTS_TEXTS.delivered} value={String(report.delivered)}>
          <dd className="mt-2 text-sm text-slate-600">
            {REPORTS_TEXTS.sales(formatPaise(report.salesPaise))}
          </dd>
        </Figure>
        <Figure label={REPORTS_TEXTS.collected} value={formatPaise(collected.netPaise)}>
          <dd className="mt-2 space-y-0.5 text-sm text-slate-600">
            <Line label={REPORTS_TEXTS.cash} value={formatPaise(collected.cashPaise)} />
            <Line label={REPORTS_TEXTS.upi} value={formatPaise(collected.upiPaise)} />
            <Line label={REPORTS_TEXTS.card} value={formatPaise(collected.cardPaise)} />
            <Line label={REPORTS_TEXTS.refunds} value={formatPaise(-collected.refundsPaise)} />
          </dd>
        </Figure>
        <Figure label={REPORTS_TEXTS.due} value={formatPaise(report.duePaise)}>
          <dd className="mt-2 text-sm text-slate-600">{REPORTS_TEXTS.dueRepairs(report.dueRepairs)}</dd>
        </Figure>
        <Figure
          label={REPORTS_TEXTS.averageTurnaround}
          value={turnaround === null ? '—' : REPORTS_TEXTS.days(turnaround)}
        >
          <dd className="mt-2 text-sm text-slate-600">
            {turnaround === null ? REPORTS_TEXTS.noDelivery : REPORTS_TEXTS.turnaroundHint}
          </dd>
        </Figure>
      </dl>
    </section>
  );
}

/** 'Top Problems': the month's problems, most frequent first, each with a bar of its share. */
export function TopProblems({ report }: { report: MonthReport }) {
  const most = report.topProblems[0]?.repairs ?? 0;
  return (
    <Card>
      <CardHeader title={REPORTS_TEXTS.topProblems} />
      {report.topProblems.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600 sm:px-6">{REPORTS_TEXTS.noProblems}</p>
      ) : (
        <ol aria-label={REPORTS_TEXTS.topProblems} className="space-y-3 px-5 py-4 sm:px-6">
          {report.topProblems.map((problem) => (
            <li key={problem.problem}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="min-w-0 break-words font-medium text-slate-900">{problem.problem}</span>
                <span className="shrink-0 text-slate-600 tabular-nums">
                  {REPORTS_TEXTS.repairCount(problem.repairs)}
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className="h-2 rounded-full bg-brand-500"
                  style={{ width: `${most === 0 ? 0 : (problem.repairs / most) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
