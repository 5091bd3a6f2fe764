import { statusLabel } from '../../../../domain/shop/status-values';
import {
  defaultTemplate,
  fillTemplate,
  PAYMENT_REMINDER_KEY,
  type TemplateKey,
  templateValues,
  unknownPlaceholders,
} from '../../../../domain/shop/templates';
import { TextArea } from '../../../components/fields';
import { SETTINGS_TEXTS } from './settings-texts';

/*
 * One message template of the settings form, with the message it makes for a sample repair (the
 * domain's template rendering, templates.ts), updated as the owner types. Empty: the default message.
 */

const ID = 'settings';

/** A template's label: its status's ('Ready for Pickup'), or 'Payment Reminder'. */
function templateLabel(key: TemplateKey): string {
  return key === PAYMENT_REMINDER_KEY ? SETTINGS_TEXTS.paymentReminder : statusLabel(key);
}

/** One template with the message it makes for a sample repair, as the person types. */
export function TemplateField({
  templateKey,
  value,
  error,
  shop,
  onChange,
}: {
  readonly templateKey: TemplateKey;
  readonly value: string;
  readonly error: string | undefined;
  readonly shop: { readonly name: string; readonly phone: string; readonly prefix: string };
  readonly onChange: (value: string) => void;
}) {
  const template = value.trim() === '' ? defaultTemplate(templateKey) : value;
  const preview = fillTemplate(
    template,
    templateValues({
      customerName: 'Ravi Kumar',
      repairId: `${shop.prefix}-1042`,
      status: templateKey === PAYMENT_REMINDER_KEY ? 'delivered' : templateKey,
      duePaise: 150_000,
      trackingLink: `${window.location.origin}/t/sample-link`,
      shopName: shop.name.trim() || 'Your shop',
      shopPhone: shop.phone.trim() || '98XXXXXXXX',
    }),
  );
  const unknown = unknownPlaceholders(value);
  const previewId = `${ID}-${templateKey}-preview`;
  return (
    <div className="grid gap-3 px-5 py-4 sm:px-6 lg:grid-cols-2 lg:gap-6">
      <TextArea
        id={`${ID}-${templateKey}`}
        label={templateLabel(templateKey)}
        placeholder={defaultTemplate(templateKey)}
        maxLength={1100}
        value={value}
        error={error}
        hint={unknown.length > 0 ? SETTINGS_TEXTS.unknownPlaceholders(unknown.join(', ')) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="space-y-1.5">
        <p id={previewId} className="text-sm font-medium text-slate-800">
          {SETTINGS_TEXTS.preview}
        </p>
        <output
          aria-labelledby={previewId}
          className="block rounded-lg bg-emerald-50 px-3 py-2.5 text-sm whitespace-pre-wrap break-words text-slate-800 ring-1 ring-emerald-200"
        >
          {preview}
        </output>
      </div>
    </div>
  );
}
