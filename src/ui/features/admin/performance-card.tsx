import type { ReactNode } from 'react';
import type { BusinessPerformancePage } from '../../../domain/admin/business-performance';
import { ADMIN_MESSAGES } from '../../../domain/admin/messages';
import {
  ADMIN_PAGE_SIZE,
  type AdminFilter,
  type AdminSearchParams,
  currentPeriod,
  MAX_SEARCH_LENGTH,
  monthName,
  yearChoices,
} from '../../../domain/admin/report';
import { Button } from '../../components/button';
import { Card, CardHeader } from '../../components/card';
import { cx } from '../../components/cx';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/fields';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { useMediaQuery } from '../../hooks/use-media-query';
import { BusinessCards, BusinessTable } from './business-list';

export type FilterChange = (patch: Partial<AdminSearchParams>, replace?: boolean) => void;

/**
 * Every business with its repairs in the chosen month: the card, its filters, and (children) the rows
 * of the chosen page, which read on their own (BusinessPage, inside the card's PanelBoundary).
 */
export function PerformanceCard({
  now,
  filter,
  onChange,
  children,
}: {
  now: Date;
  filter: AdminFilter;
  onChange: FilterChange;
  children: ReactNode;
}) {
  const period = `${monthName(filter.month)} ${filter.year}`;
  return (
    <Card>
      <CardHeader
        title={ADMIN_MESSAGES.tableTitle}
        description={`Repairs created in ${period}, per business.`}
      />
      <Filters now={now} filter={filter} onChange={onChange} />
      {children}
    </Card>
  );
}

/**
 * One page of businesses: a table (cards on phones) and the pager, or why there is none. While the
 * next filter's rows load, these stay on screen, dimmed (`updating`).
 */
export function BusinessPage({
  page,
  filter,
  updating,
  onChange,
}: {
  page: BusinessPerformancePage;
  filter: AdminFilter;
  updating: boolean;
  onChange: FilterChange;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  const period = `${monthName(filter.month)} ${filter.year}`;
  if (page.rows.length === 0)
    return (
      <EmptyState title={filter.search.trim() ? ADMIN_MESSAGES.noMatches : ADMIN_MESSAGES.noBusinesses}>
        {filter.search.trim() ? (
          <Button variant="secondary" size="sm" onClick={() => onChange({ search: undefined, page: 1 })}>
            Clear search
          </Button>
        ) : (
          'Businesses appear here once their owner creates a store.'
        )}
      </EmptyState>
    );
  return (
    <>
      <div aria-busy={updating || undefined} className={cx('transition-opacity', updating && 'opacity-60')}>
        {wide ? (
          <BusinessTable rows={page.rows} period={period} page={page} />
        ) : (
          <BusinessCards rows={page.rows} period={period} />
        )}
      </div>
      <Pager
        page={page.page}
        pageCount={page.pageCount}
        pageSize={ADMIN_PAGE_SIZE}
        total={page.matching}
        label="Pages of business users"
        pageLabel={ADMIN_MESSAGES.pageLabel}
        updating={updating}
        onPage={(next) => onChange({ page: next })}
      />
    </>
  );
}

/** Month (up to the current one in the current year), year (current and 4 before), reset, search. */
function Filters({ now, filter, onChange }: { now: Date; filter: AdminFilter; onChange: FilterChange }) {
  const current = currentPeriod(now);
  const years = yearChoices(now);
  const lastMonth = filter.year === current.year ? current.month : 12;
  const months = Array.from({ length: lastMonth }, (_, index) => index + 1);

  const chooseYear = (year: number) => {
    const month = year === current.year && filter.month > current.month ? current.month : filter.month;
    onChange({ year, month, page: 1 });
  };

  return (
    <div className="grid grid-cols-2 gap-3 border-b border-slate-100 px-5 py-4 sm:px-6 lg:grid-cols-[10rem_8rem_auto_minmax(0,1fr)] lg:items-end">
      <SelectField
        label="Month"
        value={filter.month}
        onChange={(event) => onChange({ month: Number(event.target.value), year: filter.year, page: 1 })}
      >
        {months.map((month) => (
          <option key={month} value={month}>
            {monthName(month)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Year"
        value={filter.year}
        onChange={(event) => chooseYear(Number(event.target.value))}
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </SelectField>
      <Button
        variant="secondary"
        className="col-span-2 lg:col-span-1 lg:h-10"
        onClick={() => onChange({ month: undefined, year: undefined, page: 1 })}
      >
        {ADMIN_MESSAGES.resetToCurrentMonth}
      </Button>
      <SearchBox
        className="col-span-2 lg:col-span-1"
        label="Search"
        placeholder="Business name or email"
        value={filter.search}
        maxLength={MAX_SEARCH_LENGTH}
        onSearch={(text) => onChange({ search: text, page: 1 }, true)}
      />
    </div>
  );
}
