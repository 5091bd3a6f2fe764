import { type ReactNode, useState } from 'react';
import { formatDateTime } from '../../../../domain/shared/time';
import type { Outcome } from '../../../../domain/shared/validation';
import { formatPaise } from '../../../../domain/shop/amounts';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { cx } from '../../../components/cx';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { PAYMENT_TEXTS } from '../shop-texts';
import { PaymentDialog, type PaymentKind } from './payment-dialog';

/*
 * The repair page's 'Payments' (../shared/spec/owner-console.md, "Payments"): the summary 'Total',
 * 'Paid', 'Due' (the dossier's amounts: the domain's one function), every entry oldest first (date and
 * time, amount, mode, who took it, note and UPI Reference), 'Take Payment' for every member and
 * 'Refund' for the owner only. Entries are never edited or deleted, so there is nothing to click on one.
 */

export function PaymentsSection({ data }: { data: RepairDossier }) {
  const [open, setOpen] = useState<PaymentKind | null>(null);
  const [saved, setSaved] = useState<Outcome<unknown, string, string> | null>(null);
  const start = (kind: PaymentKind) => {
    setSaved(null);
    setOpen(kind);
  };
  return (
    <Card>
      <CardHeader
        title={PAYMENT_TEXTS.section}
        actions={
          <>
            <Button size="sm" onClick={() => start('payment')}>
              {PAYMENT_TEXTS.takePayment}
            </Button>
            {data.role === 'owner' && (
              <Button variant="secondary" size="sm" onClick={() => start('refund')}>
                {PAYMENT_TEXTS.refund}
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-4 px-5 py-4 sm:px-6">
        {saved && <OutcomeAlert outcome={saved} />}
        <PaymentSummary amounts={data.amounts} />
        <PaymentList payments={data.payments} />
      </div>
      {open && (
        <PaymentDialog
          data={data}
          kind={open}
          onClose={() => setOpen(null)}
          onSaved={(outcome) => {
            setSaved(outcome);
            setOpen(null);
          }}
        />
      )}
    </Card>
  );
}

/** 'Total', 'Paid', 'Due' side by side; the due stands out while something is owed. */
export function PaymentSummary({ amounts }: { amounts: RepairDossier['amounts'] }) {
  const owing = amounts.duePaise > 0;
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      <SummaryBox label={PAYMENT_TEXTS.total}>
        {amounts.chargePaise === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{PAYMENT_TEXTS.noTotal}</span>
          </>
        ) : (
          formatPaise(amounts.chargePaise)
        )}
      </SummaryBox>
      <SummaryBox label={PAYMENT_TEXTS.paid}>{formatPaise(amounts.paidPaise)}</SummaryBox>
      <SummaryBox label={PAYMENT_TEXTS.due} tone={owing ? 'owing' : 'settled'}>
        {formatPaise(amounts.duePaise)}
      </SummaryBox>
    </dl>
  );
}

function SummaryBox({
  label,
  tone,
  children,
}: {
  label: string;
  tone?: 'owing' | 'settled';
  children: ReactNode;
}) {
  return (
    <div
      className={cx(
        'rounded-xl px-2 py-2.5 ring-1 ring-inset',
        tone === 'owing' ? 'bg-amber-50 ring-amber-200' : 'bg-slate-50 ring-slate-200',
      )}
    >
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd
        className={cx(
          'mt-0.5 text-base font-semibold tabular-nums sm:text-lg',
          tone === 'owing' ? 'text-amber-900' : 'text-slate-900',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

function PaymentList({ payments }: { payments: RepairDossier['payments'] }) {
  if (payments.length === 0) return <p className="text-sm text-slate-600">{PAYMENT_TEXTS.noPayments}</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-label="Payments">
      {payments.map((payment) => (
        <li key={payment.id} className="px-3 py-2.5 text-sm sm:px-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <span className="font-semibold tabular-nums">
              {payment.kind === 'refund' ? (
                <span className="text-red-700">
                  {PAYMENT_TEXTS.refundEntry} {formatPaise(-payment.amountPaise)}
                </span>
              ) : (
                formatPaise(payment.amountPaise)
              )}
              <span className="ml-2 font-normal text-slate-600">{PAYMENT_TEXTS.modes[payment.mode]}</span>
            </span>
            <time className="text-slate-500" dateTime={payment.at.toISOString()}>
              {formatDateTime(payment.at)}
            </time>
          </div>
          {payment.by.name && <p className="text-slate-600">{PAYMENT_TEXTS.takenBy(payment.by.name)}</p>}
          {payment.upiReference && (
            <p className="font-mono text-xs text-slate-600">
              {PAYMENT_TEXTS.upiReferenceShown(payment.upiReference)}
            </p>
          )}
          {payment.note && <p className="break-words text-slate-700">{payment.note}</p>}
        </li>
      ))}
    </ol>
  );
}
