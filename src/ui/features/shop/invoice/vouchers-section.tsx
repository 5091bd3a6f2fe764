import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../../domain/shared/time';
import type { Outcome } from '../../../../domain/shared/validation';
import { formatPaise } from '../../../../domain/shop/amounts';
import { INVOICE_TITLES, type Invoice } from '../../../../domain/shop/invoice';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { INVOICE_TEXTS as T } from './invoice-texts';

/*
 * 'Vouchers' on the invoice page of a store with a GSTIN: while the repair has no tax invoice, each of
 * its payments and refunds with its 'Receipt Voucher' or 'Refund Voucher' once issued ('Print Voucher'
 * opens it on this page, `?voucher=`), else the button that issues it (the backend decides what may
 * have one). Once the tax invoice is issued (it deducted the vouchers it found), only the vouchers
 * issued are listed: a voucher is for an advance, taken before the invoice.
 */

/** A payment or refund of the repair, as its page reads it. */
type ShopPayment = RepairDossier['payments'][number];

export function VouchersSection({
  repairDocId,
  payments,
  vouchers,
  invoice,
  onIssue,
  issuingId,
  outcome,
}: {
  repairDocId: string;
  payments: readonly ShopPayment[];
  vouchers: readonly Invoice[];
  invoice: Invoice | null;
  onIssue: (paymentId: string) => void;
  /** The payment whose voucher is being issued, or null. */
  issuingId: string | null;
  outcome: Outcome<unknown, string, string> | null;
}) {
  const hasVoucher = (payment: ShopPayment) => vouchers.some((v) => v.paymentId === payment.id);
  const listed = invoice === null ? payments : payments.filter(hasVoucher);
  return (
    <Card>
      <CardHeader title={T.vouchers} description={T.vouchersHint} />
      <div className="space-y-3 px-5 py-4 sm:px-6">
        <OutcomeAlert outcome={outcome?.ok ? null : outcome} />
        {listed.length === 0 ? (
          <p className="text-sm text-slate-600">{invoice === null ? T.noVouchers : T.noVouchersIssued}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {listed.map((payment) => {
              const voucher = vouchers.find((v) => v.paymentId === payment.id) ?? null;
              const refund = payment.kind === 'refund';
              return (
                <li key={payment.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 text-sm">
                    <p className="font-semibold text-slate-900">
                      {refund ? 'Refund' : 'Payment'} {formatPaise(payment.amountPaise)}
                      <span className="font-normal text-slate-600"> · {formatDateTime(payment.at)}</span>
                    </p>
                    {voucher && (
                      <p className="text-slate-700">
                        {INVOICE_TITLES[voucher.kind]} {voucher.number}
                      </p>
                    )}
                  </div>
                  {voucher ? (
                    <Link
                      to="/shop/repairs/$id/invoice"
                      params={{ id: repairDocId }}
                      search={{ voucher: payment.id }}
                      className={buttonClasses('secondary', 'sm')}
                      aria-label={`${T.printVoucher} ${voucher.number}`}
                    >
                      {T.printVoucher}
                    </Link>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={issuingId === payment.id}
                      disabled={issuingId !== null}
                      onClick={() => onIssue(payment.id)}
                    >
                      {refund ? T.issueRefundVoucher : T.issueReceiptVoucher}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
