import { customerMessage, type RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { statusLabel } from '../../../../domain/shop/status-values';
import { Alert } from '../../../components/alert';
import { buttonClasses } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { SHOP_TEXTS } from '../shop-texts';

/*
 * The repair page's 'Tell the customer': the shop's message for the repair's status (filled from the
 * dossier the route read, by the domain's pure customerMessage: nothing more to fetch), with 'Send on
 * WhatsApp' and 'Send SMS' links that open the owner's own phone.
 */

export function CustomerMessageCard({ data }: { data: RepairDossier }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const message = customerMessage(data.repair, data.repair.status, data.shop, origin);
  return (
    <Card>
      <CardHeader
        title="Tell the customer"
        description={`Message for '${statusLabel(data.repair.status)}'`}
      />
      <div className="space-y-4 px-5 py-4 sm:px-6">
        {message.ok ? (
          <>
            <p className="whitespace-pre-line wrap-anywhere rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              {message.value.text}
            </p>
            <div className="grid grid-cols-1 gap-2 sm:flex">
              <a
                href={message.value.whatsAppLink}
                target="_blank"
                rel="noreferrer"
                className={buttonClasses('primary', 'md')}
              >
                {SHOP_TEXTS.sendOnWhatsApp}
              </a>
              <a href={message.value.smsLink} className={buttonClasses('secondary', 'md')}>
                {SHOP_TEXTS.sendSms}
              </a>
            </div>
          </>
        ) : (
          <Alert tone="warning">{message.message}</Alert>
        )}
      </div>
    </Card>
  );
}
