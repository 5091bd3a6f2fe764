import type { FieldErrors } from '../../../../domain/shared/validation';
import { INDIAN_STATES, type StoreDetailsInput } from '../../../../domain/shop/store-setup';
import { SelectField, TextField } from '../../../components/fields';
import { SETUP_TEXTS, STORE_FIELD_LABELS } from './settings-texts';

/**
 * The store's fields, shared by 'Set Up Your Shop' and 'Settings': 'Store Name', 'Store Phone',
 * 'Address', 'City', 'State' (India's states and union territories), 'Pincode', 'GSTIN' and 'UPI ID'
 * (optional). Controlled: what was typed stays in the parent's state, each message under its field.
 */

export type StoreFieldValues = Omit<StoreDetailsInput, 'repairIdPrefix'>;
export type StoreFieldName = keyof StoreFieldValues;

export const EMPTY_STORE_FIELDS: StoreFieldValues = {
  name: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  gstin: '',
  upiId: '',
};

/** The order the fields appear in (and the first invalid one takes the focus). */
export const STORE_FIELD_ORDER: readonly StoreFieldName[] = [
  'name',
  'phone',
  'address',
  'city',
  'state',
  'pincode',
  'gstin',
  'upiId',
];

/** The id of a field's control, for moving the focus to the first invalid one. */
export const storeFieldId = (prefix: string, field: string) => `${prefix}-${field}`;

export function StoreDetailsFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  readonly idPrefix: string;
  readonly values: StoreFieldValues;
  readonly errors: FieldErrors<string>;
  readonly onChange: (field: StoreFieldName, value: string) => void;
}) {
  const text = (field: StoreFieldName) => ({
    id: storeFieldId(idPrefix, field),
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  const optional = (label: string) => (
    <>
      {label} <span className="font-normal text-slate-500">{SETUP_TEXTS.optional}</span>
    </>
  );
  return (
    // The spec's order, in rows on a wider screen: name and phone; the address; city, state and
    // pincode; GSTIN and UPI ID.
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField
        label={STORE_FIELD_LABELS.name}
        required
        autoComplete="organization"
        maxLength={200}
        containerClassName="sm:col-span-4"
        {...text('name')}
      />
      <TextField
        label={STORE_FIELD_LABELS.phone}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        hint={SETUP_TEXTS.phoneHint}
        containerClassName="sm:col-span-2"
        {...text('phone')}
      />
      <TextField
        label={STORE_FIELD_LABELS.address}
        required
        autoComplete="street-address"
        maxLength={500}
        containerClassName="sm:col-span-6"
        {...text('address')}
      />
      <TextField
        label={STORE_FIELD_LABELS.city}
        required
        autoComplete="address-level2"
        maxLength={100}
        containerClassName="sm:col-span-2"
        {...text('city')}
      />
      <SelectField
        label={STORE_FIELD_LABELS.state}
        required
        id={storeFieldId(idPrefix, 'state')}
        value={values.state}
        error={errors.state}
        containerClassName="sm:col-span-2"
        onChange={(event) => onChange('state', event.target.value)}
      >
        <option value="">{SETUP_TEXTS.chooseState}</option>
        {INDIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </SelectField>
      <TextField
        label={STORE_FIELD_LABELS.pincode}
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={7}
        containerClassName="sm:col-span-2"
        {...text('pincode')}
      />
      <TextField
        label={optional(STORE_FIELD_LABELS.gstin)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={15}
        hint={SETUP_TEXTS.gstinHint}
        containerClassName="sm:col-span-3"
        {...text('gstin')}
      />
      <TextField
        label={optional(STORE_FIELD_LABELS.upiId)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={100}
        hint={SETUP_TEXTS.upiHint}
        containerClassName="sm:col-span-3"
        {...text('upiId')}
      />
    </div>
  );
}

/** Moves the focus to the first field of `order` that has an error (after the form re-renders). */
export function focusFirstError(idPrefix: string, order: readonly string[], errors: FieldErrors<string>) {
  const first = order.find((field) => errors[field] !== undefined);
  if (first === undefined) return;
  requestAnimationFrame(() => document.getElementById(storeFieldId(idPrefix, first))?.focus());
}
