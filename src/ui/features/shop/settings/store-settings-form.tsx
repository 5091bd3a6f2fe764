import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { FieldErrors, Outcome } from '../../../../domain/shared/validation';
import { SETTINGS_TEMPLATE_ORDER } from '../../../../domain/shop/store-setup';
import type { SettingsScreen } from '../../../../domain/shop/store-setup-use-cases';
import type { TemplateKey } from '../../../../domain/shop/templates';
import { useService } from '../../../app-services';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { TextArea } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { shopQueries } from '../queries';
import { InvoiceSettingsCard, type InvoiceSettingsValues } from './invoice-settings-card';
import { useSaveSettings } from './mutations';
import { SETTINGS_TEXTS, STORE_FIELD_LABELS } from './settings-texts';
import {
  focusFirstError,
  STORE_FIELD_ORDER,
  StoreDetailsFields,
  type StoreFieldName,
  type StoreFieldValues,
} from './store-details-fields';
import { TemplateField } from './template-field';

/*
 * The settings form of one owned store (/shop/settings): its details and the fixed Repair ID prefix,
 * 'Job Sheet Terms', 'Message Templates' (TemplateField: each with its live preview), 'Save Settings'.
 * What was typed stays on a refusal, each message under its field.
 */

const ID = 'settings';

type Templates = Record<TemplateKey, string>;

interface SettingsFormValues {
  readonly details: StoreFieldValues;
  readonly terms: string;
  readonly templates: Templates;
  readonly invoices: InvoiceSettingsValues;
}

function formOf(screen: SettingsScreen): SettingsFormValues {
  const { settings } = screen;
  const templates = Object.fromEntries(
    SETTINGS_TEMPLATE_ORDER.map((key) => [key, settings.messageTemplates[key] ?? '']),
  ) as Templates;
  return {
    details: {
      name: screen.store.storeName,
      phone: settings.phone,
      address: settings.address,
      city: settings.city,
      state: settings.state,
      pincode: settings.pincode,
      gstin: settings.gstin,
      upiId: settings.upiId,
    },
    // The default terms are shown as the text to edit; saved unchanged they stay the default.
    terms: settings.jobSheetTerms,
    templates,
    invoices: {
      gstRatePercent: String(settings.gstRatePercent),
      sacCode: settings.sacCode,
      pricesIncludeTax: settings.pricesIncludeTax,
    },
  };
}

export function StoreSettingsForm({ storeId }: { readonly storeId: string }) {
  const shop = useService('shop');
  const { data: screen } = useSuspenseQuery(shopQueries.settings(shop, storeId));
  const save = useSaveSettings(storeId);
  const [form, setForm] = useState(() => formOf(screen));
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);

  const changeDetail = (field: StoreFieldName, value: string) => {
    setForm((current) => ({ ...current, details: { ...current.details, [field]: value } }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const changeTemplate = (key: TemplateKey, value: string) => {
    setForm((current) => ({ ...current, templates: { ...current.templates, [key]: value } }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const result = await save.mutateAsync({
      ...form.details,
      jobSheetTerms: form.terms,
      messageTemplates: form.templates,
      gstRatePercent: Number(form.invoices.gstRatePercent),
      sacCode: form.invoices.sacCode,
      pricesIncludeTax: form.invoices.pricesIncludeTax,
    });
    if (!result.ok) {
      const fieldErrors = result.fieldErrors ?? {};
      setErrors(fieldErrors);
      focusFirstError(
        ID,
        [...STORE_FIELD_ORDER, 'gstRatePercent', 'sacCode', 'jobSheetTerms', ...SETTINGS_TEMPLATE_ORDER],
        fieldErrors,
      );
      if (Object.keys(fieldErrors).length === 0) setOutcome(result);
      return;
    }
    setErrors({});
    setOutcome(result);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <Card>
        <CardHeader title={SETTINGS_TEXTS.storeDetails} description={SETTINGS_TEXTS.storeDetailsHint} />
        <div className="space-y-4 px-5 py-4 sm:px-6">
          <StoreDetailsFields idPrefix={ID} values={form.details} errors={errors} onChange={changeDetail} />
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800">{STORE_FIELD_LABELS.repairIdPrefix}</p>
            <p className="font-mono text-lg font-semibold text-slate-900">{screen.prefix}</p>
            <p className="text-xs text-slate-500">{SETTINGS_TEXTS.prefixFixed}</p>
          </div>
        </div>
      </Card>

      <InvoiceSettingsCard
        idPrefix={ID}
        values={form.invoices}
        errors={errors}
        onChange={(change) => {
          setForm((current) => ({ ...current, invoices: { ...current.invoices, ...change } }));
          setErrors((current) => ({ ...current, gstRatePercent: undefined, sacCode: undefined }));
        }}
      />

      <Card>
        <CardHeader title={SETTINGS_TEXTS.jobSheetTerms} description={SETTINGS_TEXTS.jobSheetTermsHint} />
        <div className="px-5 py-4 sm:px-6">
          <TextArea
            id={`${ID}-jobSheetTerms`}
            label={SETTINGS_TEXTS.jobSheetTerms}
            className="min-h-36"
            maxLength={2100}
            value={form.terms}
            error={errors.jobSheetTerms}
            onChange={(event) => {
              setForm((current) => ({ ...current, terms: event.target.value }));
              setErrors((current) => ({ ...current, jobSheetTerms: undefined }));
            }}
          />
        </div>
      </Card>

      <Card>
        <CardHeader
          title={SETTINGS_TEXTS.messageTemplates}
          description={SETTINGS_TEXTS.messageTemplatesHint}
        />
        <div className="divide-y divide-slate-100">
          {SETTINGS_TEMPLATE_ORDER.map((key) => (
            <TemplateField
              key={key}
              templateKey={key}
              value={form.templates[key]}
              error={errors[key]}
              shop={{ name: form.details.name, phone: form.details.phone, prefix: screen.prefix }}
              onChange={(value) => changeTemplate(key, value)}
            />
          ))}
        </div>
      </Card>

      <div className="sticky bottom-0 z-10 -mx-4 space-y-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0">
        <OutcomeAlert outcome={outcome} />
        <Button type="submit" size="lg" busy={save.isPending} className="w-full sm:w-auto">
          {SETTINGS_TEXTS.saveSettings}
        </Button>
      </div>
    </form>
  );
}
