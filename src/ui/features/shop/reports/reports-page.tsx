import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { istMonth, monthDays } from '../../../../domain/shop/report-search';
import { REPORT_USE_CASE_MESSAGES } from '../../../../domain/shop/report-use-cases';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/fields';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { rememberStore } from '../board/remembered-store';
import { shopQueries } from '../queries';
import { chosenStore, reportsRoute } from '../routes';
import { StoreName } from '../shop-ui';
import { CollectionsChart } from './collections-chart';
import { CsvDownload } from './csv-download';
import { ReportCards, TopProblems } from './report-cards';
import { monthChoices, monthLabel } from './report-dates';
import { REPORTS_TEXTS } from './reports-texts';

/*
 * /shop/reports (../shared/spec/owner-console.md, "Reports"), for owners: the chosen store's month at
 * a glance ('Month' picker, default this month in India; the store as on the board), its cards, 'Top
 * Problems', the chart of each day's collections, and 'Download CSV'. The route's loader has read the
 * report (ensureQueryData); staff and accounts that own no store read that reports are the owner's
 * (the backends refuse them too).
 */

type OwnedStore = { readonly storeId: string; readonly storeName: string };

export function ReportsPage() {
  useDocumentTitle(REPORTS_TEXTS.title);
  const owned = reportsRoute.useRouteContext({ select: (context) => context.ownedStores });
  const search = reportsRoute.useSearch();
  const clock = useService('clock');
  const store = chosenStore(owned, search.store);
  const current = istMonth(clock.now());
  return (
    <AppPage>
      <div className="space-y-5">
        <Link
          to="/shop"
          search={store ? { store: store.storeId } : {}}
          className="inline-block text-sm font-semibold text-brand-700 hover:underline"
        >
          {REPORTS_TEXTS.repairs}
        </Link>
        {store === undefined ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{REPORTS_TEXTS.title}</h1>
            <Alert>{REPORT_USE_CASE_MESSAGES.ownerOnly}</Alert>
          </>
        ) : (
          <MonthReportView
            key={store.storeId}
            store={store}
            owned={owned}
            month={search.period ?? current}
            current={current}
          />
        )}
      </div>
    </AppPage>
  );
}

function MonthReportView({
  store,
  owned,
  month,
  current,
}: {
  store: OwnedStore;
  owned: readonly OwnedStore[];
  month: string;
  current: string;
}) {
  const shop = useService('shop');
  const navigate = useNavigate();
  const uid = reportsRoute.useRouteContext({ select: (context) => context.uid });
  const { data: report } = useSuspenseQuery(shopQueries.report(shop, store.storeId, month));
  const days = monthDays(month);
  const go = (next: { store: string; month: string }) =>
    void navigate({ to: '/shop/reports', search: { store: next.store, period: next.month } });

  return (
    <>
      <div>
        <p className="text-sm font-medium text-brand-700">{REPORTS_TEXTS.title}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">
          <StoreName name={store.storeName} />
        </h1>
        <p className="mt-1 text-slate-600">{monthLabel(month)}</p>
      </div>

      <div className="grid gap-3 sm:max-w-xl sm:grid-cols-2">
        <SelectField
          label={REPORTS_TEXTS.month}
          value={month}
          onChange={(event) => go({ store: store.storeId, month: event.target.value })}
        >
          {monthChoices(current, month).map((choice) => (
            <option key={choice} value={choice}>
              {monthLabel(choice)}
            </option>
          ))}
        </SelectField>
        {owned.length > 1 && (
          <SelectField
            label={REPORTS_TEXTS.store}
            value={store.storeId}
            onChange={(event) => {
              rememberStore(uid, event.target.value);
              go({ store: event.target.value, month });
            }}
          >
            {owned.map((candidate) => (
              <option key={candidate.storeId} value={candidate.storeId}>
                {candidate.storeName}
              </option>
            ))}
          </SelectField>
        )}
      </div>

      <ReportCards report={report} />
      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <TopProblems report={report} />
        <CollectionsChart month={month} daily={report.daily} />
      </div>
      <CsvDownload key={month} storeId={store.storeId} first={days.first} last={days.last} />
    </>
  );
}
