import { ButtonLink } from '../../../components/button';
import { cx } from '../../../components/cx';
import { REPORTS_TEXTS } from '../reports/reports-texts';
import { SETTINGS_TEXTS } from '../settings/settings-texts';
import { DUES_TEXTS, SHOP_TEXTS } from '../shop-texts';

/**
 * The board's links to the console's other screens, for the chosen store: 'Dues' (every member),
 * 'Reports' and 'Settings' (owners) and 'New Repair'. On a phone 'New Repair' spans the width and the
 * others share rows of two under it ('Settings' alone on the last); on a wider screen they stand in
 * one row.
 */
export function BoardActions({ store }: { store: { readonly storeId: string; readonly role: string } }) {
  const search = { store: store.storeId };
  const owner = store.role === 'owner';
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center">
      <ButtonLink
        to="/shop/dues"
        search={search}
        variant="secondary"
        size="lg"
        // Alone on its row when there is no 'Reports' beside it.
        className={cx('w-full sm:w-auto', !owner && 'col-span-2')}
      >
        {DUES_TEXTS.heading}
      </ButtonLink>
      {owner && (
        <ButtonLink
          to="/shop/reports"
          search={search}
          variant="secondary"
          size="lg"
          className="w-full sm:w-auto"
        >
          {REPORTS_TEXTS.title}
        </ButtonLink>
      )}
      {owner && (
        <ButtonLink
          to="/shop/settings"
          search={search}
          variant="secondary"
          size="lg"
          className="col-span-2 w-full sm:w-auto"
        >
          {SETTINGS_TEXTS.title}
        </ButtonLink>
      )}
      <ButtonLink
        to="/shop/repairs/new"
        search={search}
        size="lg"
        className="order-first col-span-2 w-full sm:order-none sm:w-auto"
      >
        <span aria-hidden="true">+</span> {SHOP_TEXTS.newRepair}
      </ButtonLink>
    </div>
  );
}
