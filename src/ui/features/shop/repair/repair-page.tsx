import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { useService } from '../../../app-services';
import { buttonClasses } from '../../../components/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { INVOICE_TEXTS } from '../invoice/invoice-texts';
import { RepairPhotosSection } from '../photos/repair-photos-section';
import { shopQueries } from '../queries';
import { repairRoute } from '../routes';
import { SHOP_TEXTS } from '../shop-texts';
import { PendingSyncBadge, StatusBadge } from '../shop-ui';
import { ConflictsPanel } from './conflicts-panel';
import { CustomerMessageCard } from './customer-messages';
import { DeleteRepair } from './delete-repair';
import { RepairHistory } from './history';
import { PaymentsSection } from './payments-section';
import { RepairDetails } from './repair-details';
import { StatusCard } from './status-moves';
import { TrackingLinkPanel } from './tracking-link-panel';

/*
 * /shop/repairs/$id: the repair page. The route's loader has read the repair's dossier (a refused or
 * unknown repair shows the route's error, with the catalogue's message and Retry); this file lays out
 * its cards, each in its own file: status moves, payments, the message to the customer, the tracking link, the
 * details (and their edit form), photos, history, and the owner's delete.
 */

export function RepairPage() {
  const { id } = repairRoute.useParams();
  const shop = useService('shop');
  const { data } = useSuspenseQuery(shopQueries.repair(shop, id));
  useDocumentTitle(data.repair.repairId);
  return (
    <AppPage>
      <RepairView data={data} />
    </AppPage>
  );
}

function RepairView({ data }: { data: RepairDossier }) {
  const { repair } = data;
  return (
    <div className="space-y-5">
      <div>
        <Link
          to="/shop"
          search={{ store: data.store.storeId }}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          ← Repairs
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{repair.repairId}</h1>
          <StatusBadge status={repair.status} />
          <PendingSyncBadge pending={repair.pendingSync} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{data.store.storeName}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to="/shop/repairs/$id/print"
            params={{ id: repair.id }}
            className={buttonClasses('secondary', 'sm')}
          >
            {SHOP_TEXTS.printJobSheet}
          </Link>
          {/* The invoice is for a repair with a final amount (its page says why a cancelled one has none). */}
          {repair.finalPaise !== null && (
            <Link
              to="/shop/repairs/$id/invoice"
              params={{ id: repair.id }}
              className={buttonClasses('secondary', 'sm')}
            >
              {INVOICE_TEXTS.invoice}
            </Link>
          )}
        </div>
      </div>

      <ConflictsPanel data={data} />
      <StatusCard data={data} />
      <PaymentsSection data={data} />
      <CustomerMessageCard data={data} />
      <TrackingLinkPanel
        key={repair.id}
        repairDocId={repair.id}
        repairId={repair.repairId}
        tracking={data.tracking}
      />
      <RepairDetails data={data} />
      <RepairPhotosSection
        repairDocId={repair.id}
        status={repair.status}
        imageUrls={repair.imageUrls}
        subject={repair.productName}
      />
      <RepairHistory repair={repair} />
      {data.canDelete && <DeleteRepair data={data} />}
    </div>
  );
}
