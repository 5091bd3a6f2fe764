import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { STAFF_TEXTS } from '../../../../domain/shop/staff-use-cases';
import { STORE_SETUP_MESSAGES } from '../../../../domain/shop/store-setup';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { ButtonLink } from '../../../components/button';
import { SelectField } from '../../../components/fields';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { ownedStores, shopQueries } from '../queries';
import { chosenStore, settingsRoute } from '../routes';
import { StoreName } from '../shop-ui';
import { StaffSection } from '../staff/staff-section';
import { SETTINGS_TEXTS, SETUP_TEXTS } from './settings-texts';
import { StoreSettingsForm } from './store-settings-form';

/*
 * /shop/settings (../shared/spec/owner-console.md, "Settings"): one owned store at a time (`?store=`,
 * chosen as on the board): its details, 'Job Sheet Terms', 'Message Templates' (one per status and
 * 'Payment Reminder', each with a live preview for a sample repair), 'Save Settings'; 'Add Store'; and
 * its 'Staff' section. Staff and other accounts read that only the owner may (the backends refuse them).
 */

export function SettingsPage() {
  useDocumentTitle(SETTINGS_TEXTS.title);
  const shop = useService('shop');
  const uid = settingsRoute.useRouteContext({ select: (context) => context.uid });
  const { data: owned } = useSuspenseQuery({ ...shopQueries.myStores(shop, uid), select: ownedStores });
  const search = settingsRoute.useSearch();
  const navigate = useNavigate();
  const store = chosenStore(owned, search.store);
  return (
    <AppPage>
      <div className="space-y-5">
        <Link
          to="/shop"
          search={store ? { store: store.storeId } : {}}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          {SETTINGS_TEXTS.repairs}
        </Link>
        {store === undefined ? (
          <Alert>
            <p>{STORE_SETUP_MESSAGES.ownerOnly}</p>
            <p>{STAFF_TEXTS.ownersOnly}</p>
          </Alert>
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm font-medium text-brand-700">{SETTINGS_TEXTS.title}</p>
                <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">
                  <StoreName name={store.storeName} />
                </h1>
              </div>
              <ButtonLink to="/shop/setup" variant="secondary" size="lg" className="w-full sm:w-auto">
                <span aria-hidden="true">+</span> {SETUP_TEXTS.addStore}
              </ButtonLink>
            </div>
            {owned.length > 1 && (
              <SelectField
                label={SETTINGS_TEXTS.store}
                value={store.storeId}
                onChange={(event) =>
                  void navigate({ to: '/shop/settings', search: { store: event.target.value } })
                }
              >
                {owned.map((candidate) => (
                  <option key={candidate.storeId} value={candidate.storeId}>
                    {candidate.storeName}
                  </option>
                ))}
              </SelectField>
            )}
            <StoreSettingsForm key={store.storeId} storeId={store.storeId} />
            <div id="staff" className="scroll-mt-20">
              <StaffSection key={store.storeId} storeId={store.storeId} />
            </div>
          </>
        )}
      </div>
    </AppPage>
  );
}
