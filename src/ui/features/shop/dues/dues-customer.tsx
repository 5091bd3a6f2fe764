import { Link } from '@tanstack/react-router';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { formatPaise } from '../../../../domain/shop/amounts';
import { customerUpiLink, type DuesCustomer, paymentReminder } from '../../../../domain/shop/dues';
import type { ShopContact } from '../../../../domain/shop/settings';
import { Button, buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { DUES_TEXTS } from '../shop-texts';
import { formatDay, StatusBadge } from '../shop-ui';

/**
 * One customer of the dues khata: name, mobile, the repairs owed for (Repair ID, device, status, amount
 * due; each a link to its repair), the oldest date and the total; 'Send Reminder' (a WhatsApp link with
 * the shop's 'Payment Reminder') and 'Show UPI QR' (a dialog: the QR code of the UPI link for the
 * customer's total, the amount under it, and the link itself as well, never alone).
 */
export function DuesCustomerRow({
  customer,
  shop,
  origin,
}: {
  readonly customer: DuesCustomer;
  readonly shop: ShopContact;
  readonly origin: string;
}) {
  const [showQr, setShowQr] = useState(false);
  const reminder = paymentReminder(customer, shop, origin);
  const upi = customerUpiLink(customer, shop);
  const total = formatPaise(customer.totalPaise);
  const repairIds = customer.repairs.map((repair) => repair.repairId).join(', ');
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-2">
            <div>
              <h2 className="text-lg font-semibold break-words text-slate-900">{customer.name || '—'}</h2>
              <p className="text-sm text-slate-600 tabular-nums">{customer.mobile || '—'}</p>
            </div>
            <ul className="space-y-1 text-sm" aria-label={`Repairs of ${customer.name || customer.mobile}`}>
              {customer.repairs.map((repair) => (
                <li key={repair.repairDocId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link
                    to="/shop/repairs/$id"
                    params={{ id: repair.repairDocId }}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {repair.repairId}
                  </Link>
                  <span className="text-slate-600">{repair.productName}</span>
                  <StatusBadge status={repair.status} />
                  <span className="font-semibold tabular-nums text-slate-900">
                    {formatPaise(repair.duePaise)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-sm text-slate-600">
              {DUES_TEXTS.since}: {formatDay(customer.oldest)}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-2 sm:items-end">
            <p className="text-xl font-bold tabular-nums text-slate-900">{total}</p>
            <div className="grid grid-cols-1 gap-2 sm:flex">
              {reminder.whatsAppLink === null ? (
                <p className="text-sm text-slate-600">{DUES_TEXTS.noMobile}</p>
              ) : (
                <a
                  href={reminder.whatsAppLink}
                  target="_blank"
                  rel="noreferrer"
                  className={buttonClasses('primary', 'md')}
                >
                  {DUES_TEXTS.sendReminder}
                </a>
              )}
              {upi !== null && (
                <Button variant="secondary" onClick={() => setShowQr(true)}>
                  {DUES_TEXTS.showUpiQr}
                </Button>
              )}
            </div>
          </div>
        </div>
      </Card>
      {upi !== null && (
        <Dialog
          open={showQr}
          onOpenChange={setShowQr}
          title={DUES_TEXTS.qrTitle(total)}
          description={DUES_TEXTS.qrHelp}
        >
          <div className="flex flex-col items-center gap-3 text-center">
            <QRCodeSVG
              value={upi}
              size={240}
              level="M"
              marginSize={4}
              role="img"
              aria-label={`UPI QR code for ${total}`}
              data-upi-link={upi}
              className="h-auto w-full max-w-60"
            />
            <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="upi-amount">
              {total}
            </p>
            <p className="text-sm text-slate-600">
              {customer.name || customer.mobile} · {DUES_TEXTS.qrFor(repairIds)}
            </p>
            <p className="text-sm text-slate-600">{DUES_TEXTS.upiIdIs(shop.upiId)}</p>
            <a href={upi} className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
              {DUES_TEXTS.openLink}
            </a>
            <p className="text-xs text-slate-500">{DUES_TEXTS.linkNote}</p>
          </div>
        </Dialog>
      )}
    </li>
  );
}
