import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DEVICE_TYPES } from '../../../../domain/shop/job-card';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { SelectField, TextArea, TextField } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { keepFailedPhotos } from '../photos/pending-photos';
import { JobCardPhotos } from '../photos/photo-picker';
import { shopQueries } from '../queries';
import { chosenStore, newRepairRoute } from '../routes';
import { JOB_CARD_LABELS, SHOP_TEXTS } from '../shop-texts';
import { NoStores, StoreName } from '../shop-ui';
import { rememberCreatedDeliveryCode } from './created-delivery-codes';
import { EarlierCustomer } from './earlier-customer';
import { AccessoryChoices, ProblemChoices } from './job-card-choices';
import { JOB_CARD_DRAFT_TEXTS } from './job-card-draft';
import { DraftRestored, JobCardSection } from './job-card-parts';
import { useJobCardForm } from './use-job-card-form';

/** /shop/repairs/new: the job card taken at the counter, in the store of `?store=` (else the first). */
export function NewRepairPage() {
  useDocumentTitle(SHOP_TEXTS.newRepair);
  const shop = useService('shop');
  const uid = newRepairRoute.useRouteContext({ select: (context) => context.uid });
  const { data: stores } = useSuspenseQuery(shopQueries.myStores(shop, uid));
  const store = chosenStore(stores, newRepairRoute.useSearch().store);
  return (
    <AppPage>
      {store === undefined ? (
        <NoStores />
      ) : (
        // One draft per account and store: another store's card starts from its own draft.
        <JobCard
          key={`${uid}/${store.storeId}`}
          uid={uid}
          storeId={store.storeId}
          storeName={store.storeName}
        />
      )}
    </AppPage>
  );
}

function JobCard({ uid, storeId, storeName }: { uid: string; storeId: string; storeName: string }) {
  const navigate = useNavigate();
  const { form, outcome, submit, busy, draft } = useJobCardForm(
    storeId,
    async ({ repair, photos }) => {
      // Photos that did not upload wait on the repair page, with 'Retry'.
      keepFailedPhotos(repair.id, photos.failed);
      // The job sheet prints the customer's copy with it; staff cannot read it back later.
      rememberCreatedDeliveryCode(repair.id, repair.deliveryCode);
      await navigate({ to: '/shop/repairs/$id', params: { id: repair.id } });
    },
    uid,
  );
  // 'Discard draft' empties the photo picker too (a new one).
  const [picker, setPicker] = useState(0);
  const discardDraft = () => {
    draft.discard();
    setPicker((n) => n + 1);
  };
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const message = (field: keyof typeof errors) => errors[field]?.message as string | undefined;
  const otherTicked = (watch('accessories') ?? []).includes('other');

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <Link
          to="/shop"
          search={{ store: storeId }}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          ← Repairs
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{SHOP_TEXTS.newRepair}</h1>
        <p className="mt-1 text-sm text-slate-600">
          <StoreName name={storeName} />
        </p>
      </div>
      {draft.restored && <DraftRestored draft={draft.restored} onDiscard={discardDraft} />}
      {draft.saveFailed && <Alert tone="warning">{JOB_CARD_DRAFT_TEXTS.notSaved}</Alert>}
      <OutcomeAlert outcome={outcome} />
      <form onSubmit={submit} noValidate className="space-y-5">
        <JobCardSection title="Customer">
          <TextField
            label={JOB_CARD_LABELS.customerName}
            required
            autoComplete="off"
            error={message('customerName')}
            {...register('customerName')}
          />
          <TextField
            label={JOB_CARD_LABELS.customerMobile}
            required
            type="tel"
            inputMode="tel"
            autoComplete="off"
            error={message('customerMobile')}
            {...register('customerMobile')}
          />
          <EarlierCustomer storeId={storeId} form={form} />
        </JobCardSection>
        <JobCardSection title="Device">
          <SelectField
            label={JOB_CARD_LABELS.deviceType}
            required
            error={message('deviceType')}
            {...register('deviceType')}
          >
            <option value="">Choose…</option>
            {DEVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <TextField
            label={JOB_CARD_LABELS.brandModel}
            required
            autoComplete="off"
            error={message('brandModel')}
            {...register('brandModel')}
          />
          <TextField
            label={JOB_CARD_LABELS.imeiSerial}
            autoComplete="off"
            hint="Optional. Dial *#06# to see the IMEI."
            error={message('imeiSerial')}
            {...register('imeiSerial')}
          />
        </JobCardSection>
        <JobCardSection title="Problem and condition">
          <ProblemChoices
            required
            registration={register('problems')}
            error={message('problems')}
            errorId="problems-error"
          />
          <TextField
            label="Other problem"
            autoComplete="off"
            error={message('otherProblem')}
            {...register('otherProblem')}
          />
          <AccessoryChoices
            registration={register('accessories')}
            error={message('accessories')}
            errorId="accessories-error"
          />
          {otherTicked && (
            <TextField
              label="Other accessory"
              autoComplete="off"
              error={message('otherAccessory')}
              {...register('otherAccessory')}
            />
          )}
          <TextArea
            label={JOB_CARD_LABELS.conditionNotes}
            error={message('conditionNotes')}
            {...register('conditionNotes')}
          />
          <TextField
            label={JOB_CARD_LABELS.unlockCode}
            type="password"
            autoComplete="off"
            hint={
              draft.restored?.unlockCodeLeftOut
                ? JOB_CARD_DRAFT_TEXTS.unlockCodeHint
                : 'Optional. Shown only to the shop.'
            }
            error={message('unlockCode')}
            {...register('unlockCode')}
          />
        </JobCardSection>
        <JobCardSection title="Money and date">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <TextField
              label={JOB_CARD_LABELS.estimate}
              inputMode="decimal"
              autoComplete="off"
              error={message('estimate')}
              {...register('estimate')}
            />
            <TextField
              label={JOB_CARD_LABELS.advancePaid}
              inputMode="decimal"
              autoComplete="off"
              error={message('advancePaid')}
              {...register('advancePaid')}
            />
            <TextField
              label={JOB_CARD_LABELS.promisedDate}
              type="date"
              error={message('promisedDate')}
              {...register('promisedDate')}
            />
          </div>
        </JobCardSection>
        <JobCardSection title="Device photos">
          <JobCardPhotos
            key={picker}
            onChange={(images) => form.setValue('photos', images, { shouldValidate: formState.isSubmitted })}
            error={message('photos')}
          />
        </JobCardSection>
        <Button type="submit" size="lg" busy={busy} className="w-full sm:w-auto">
          {SHOP_TEXTS.createRepair}
        </Button>
      </form>
    </div>
  );
}
