import { GST_RATES_PERCENT } from '../../../../domain/shop/gst';
import { Card, CardHeader } from '../../../components/card';
import { Checkbox, SelectField, TextField } from '../../../components/fields';
import { SETTINGS_TEXTS } from './settings-texts';

/*
 * The settings' 'Invoices' card (issue 18): the GST rate, the SAC code and whether counter prices include
 * GST. The invoice page builds a new invoice from them (an issued invoice keeps what it was issued with).
 */

export interface InvoiceSettingsValues {
  /** The rate as the select holds it ('18'). */
  readonly gstRatePercent: string;
  readonly sacCode: string;
  readonly pricesIncludeTax: boolean;
}

export function InvoiceSettingsCard({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  readonly idPrefix: string;
  readonly values: InvoiceSettingsValues;
  readonly errors: { readonly gstRatePercent?: string | undefined; readonly sacCode?: string | undefined };
  readonly onChange: (values: Partial<InvoiceSettingsValues>) => void;
}) {
  return (
    <Card>
      <CardHeader title={SETTINGS_TEXTS.invoices} description={SETTINGS_TEXTS.invoicesHint} />
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2 sm:px-6">
        <SelectField
          id={`${idPrefix}-gstRatePercent`}
          label={SETTINGS_TEXTS.gstRate}
          value={values.gstRatePercent}
          error={errors.gstRatePercent}
          onChange={(event) => onChange({ gstRatePercent: event.target.value })}
        >
          {GST_RATES_PERCENT.map((rate) => (
            <option key={rate} value={String(rate)}>
              {`${rate}%`}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${idPrefix}-sacCode`}
          label={SETTINGS_TEXTS.sacCode}
          hint={SETTINGS_TEXTS.sacCodeHint}
          inputMode="numeric"
          maxLength={8}
          value={values.sacCode}
          error={errors.sacCode}
          onChange={(event) => onChange({ sacCode: event.target.value })}
        />
        <Checkbox
          id={`${idPrefix}-pricesIncludeTax`}
          className="sm:col-span-2"
          label={SETTINGS_TEXTS.pricesIncludeTax}
          checked={values.pricesIncludeTax}
          onChange={(event) => onChange({ pricesIncludeTax: event.target.checked })}
        />
      </div>
    </Card>
  );
}
