import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { FieldErrors, Outcome } from '../../../../domain/shared/validation';
import { STORE_SETUP_MESSAGES, suggestPrefix } from '../../../../domain/shop/store-setup';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { TextField } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { shopQueries } from '../queries';
import { useCreateStore } from './mutations';
import { SETUP_TEXTS, STORE_FIELD_LABELS } from './settings-texts';
import {
  EMPTY_STORE_FIELDS,
  focusFirstError,
  STORE_FIELD_ORDER,
  StoreDetailsFields,
  type StoreFieldName,
  type StoreFieldValues,
  storeFieldId,
} from './store-details-fields';

/*
 * /shop/setup: 'Set Up Your Shop' (../shared/spec/owner-console.md, "Opening a shop on the web"). An
 * account of role user, or an owner adding a store ('Add Store'), types the store's details; the
 * 'Repair ID Prefix' follows the store name as it is typed until the person edits it. 'Create Store'
 * opens the store and then its board. Other accounts read why they may not (the backends refuse them).
 */

const signedIn = getRouteApi('/_signed-in');
const ID = 'setup';

export function SetupPage() {
  const shop = useService('shop');
  const { uid, viewer } = signedIn.useRouteContext();
  const { data: facts } = useSuspenseQuery(shopQueries.setup(shop, uid, viewer?.role));
  const adding = facts.ownedStores > 0;
  useDocumentTitle(adding ? SETUP_TEXTS.addStore : SETUP_TEXTS.setUpYourShop);
  return (
    <AppPage>
      <div className="mx-auto max-w-3xl space-y-5">
        <Link
          to={adding ? '/shop/settings' : '/dashboard'}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          ← {adding ? 'Settings' : SETUP_TEXTS.backToDashboard}
        </Link>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {adding ? SETUP_TEXTS.addStore : SETUP_TEXTS.setUpYourShop}
          </h1>
          <p className="mt-1 text-slate-600">{adding ? SETUP_TEXTS.addIntro : SETUP_TEXTS.intro}</p>
        </div>
        {facts.mayOpen ? (
          <SetupForm takenPrefixes={facts.takenPrefixes} />
        ) : (
          <Alert tone="info">{STORE_SETUP_MESSAGES.notAllowed}</Alert>
        )}
      </div>
    </AppPage>
  );
}

function SetupForm({ takenPrefixes }: { readonly takenPrefixes: readonly string[] }) {
  const navigate = useNavigate();
  const createStore = useCreateStore(takenPrefixes);
  const [values, setValues] = useState<StoreFieldValues>(EMPTY_STORE_FIELDS);
  const [prefix, setPrefix] = useState('');
  const [prefixEdited, setPrefixEdited] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);

  const change = (field: StoreFieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    // The suggestion follows the name until the person writes a prefix of their own.
    if (field === 'name' && !prefixEdited)
      setPrefix(value.trim() === '' ? '' : suggestPrefix(value, takenPrefixes));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const result = await createStore.mutateAsync({ ...values, repairIdPrefix: prefix });
    if (!result.ok) {
      // What was typed stays; each message goes under its field, the first invalid one takes the focus.
      const fieldErrors = result.fieldErrors ?? {};
      setErrors(fieldErrors);
      focusFirstError(ID, [...STORE_FIELD_ORDER, 'repairIdPrefix'], fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setOutcome(result);
      return;
    }
    await navigate({ to: '/shop', search: { store: result.value.storeId } });
  };

  return (
    <Card className="px-5 py-5 sm:px-6">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
        <OutcomeAlert outcome={outcome} />
        <StoreDetailsFields idPrefix={ID} values={values} errors={errors} onChange={change} />
        <TextField
          id={storeFieldId(ID, 'repairIdPrefix')}
          label={STORE_FIELD_LABELS.repairIdPrefix}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={5}
          className="uppercase sm:max-w-40"
          value={prefix}
          error={errors.repairIdPrefix}
          hint={SETUP_TEXTS.prefixHint(prefix.trim().toUpperCase())}
          onChange={(event) => {
            setPrefix(event.target.value);
            setPrefixEdited(true);
            setErrors((current) => ({ ...current, repairIdPrefix: undefined }));
          }}
        />
        <Button type="submit" size="lg" busy={createStore.isPending} className="w-full sm:w-auto">
          {SETUP_TEXTS.createStore}
        </Button>
      </form>
    </Card>
  );
}
