import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DEVICE_TYPES } from '../../../../domain/shop/job-card';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { keepFailedPhotos } from '../photos/pending-photos';
import { JobCardPhotos } from '../photos/photo-picker';
import { shopQueries } from '../queries';
import { chosenStore, newRepairRoute } from '../routes';
import { OFFLINE_JOB_CARD_TEXTS, SHOP_TEXTS } from '../shop-texts';
import { NoStores, StoreName } from '../shop-ui';
import { rememberCreatedDeliveryCode } from './created-delivery-codes';
import { EarlierCustomer } from './earlier-customer';
import { JOB_CARD_DRAFT_TEXTS } from './job-card-draft';
import { JobCardFields } from './job-card-fields';
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

/**
 * How many job cards this device can take with the network down, where that has a limit (Firebase:
 * the Repair IDs it holds, reserved while online). Asking readies the device; nothing is shown until
 * the answer comes, and nothing where there is no limit.
 */
export function OfflineJobCardsNote({ storeId }: { storeId: string }) {
  const shop = useService('shop');
  const { data: held } = useQuery(shopQueries.offlineJobCards(shop, storeId));
  if (held === undefined || held === null) return null;
  return (
    <p className="mt-1 text-xs text-slate-500" data-testid="offline-job-cards">
      {held > 0 ? OFFLINE_JOB_CARD_TEXTS.ready(held) : OFFLINE_JOB_CARD_TEXTS.none}
    </p>
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
        <OfflineJobCardsNote storeId={storeId} />
      </div>
      {draft.restored && <DraftRestored draft={draft.restored} onDiscard={discardDraft} />}
      {draft.saveFailed && <Alert tone="warning">{JOB_CARD_DRAFT_TEXTS.notSaved}</Alert>}
      <OutcomeAlert outcome={outcome} />
      <form onSubmit={submit} noValidate className="space-y-5">
        <JobCardFields
          register={(name) => register(name)}
          error={message}
          secondAmount="advancePaid"
          deviceTypes={DEVICE_TYPES}
          chooseDeviceType
          problemsRequired
          otherAccessoryShown={(watch('accessories') ?? []).includes('other')}
          unlockCodeHint={
            draft.restored?.unlockCodeLeftOut
              ? JOB_CARD_DRAFT_TEXTS.unlockCodeHint
              : 'Optional. Shown only to the shop.'
          }
          afterCustomer={<EarlierCustomer storeId={storeId} form={form} />}
          section={(title, children) => (
            <JobCardSection key={title} title={title}>
              {children}
            </JobCardSection>
          )}
        />
        <JobCardSection title="Device photos">
          <JobCardPhotos
            key={picker}
            onChange={(images) => form.setValue('photos', images, { shouldValidate: formState.isSubmitted })}
            error={message('photos')}
          />
        </JobCardSection>
        {/* On a phone 'Create Repair' stays at the bottom of the screen while the card scrolls. */}
        <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
          <Button type="submit" size="lg" busy={busy} className="w-full sm:w-auto">
            {SHOP_TEXTS.createRepair}
          </Button>
        </div>
      </form>
    </div>
  );
}
