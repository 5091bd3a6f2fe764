import { useId } from 'react';
import { formatRupees } from '../../../domain/shared/money';
import { mobileOf, type UserProfile } from '../../../domain/users/user';
import { cx } from '../../components/cx';
import { EmptyState } from '../../components/empty-state';
import { TextField } from '../../components/fields';

const SEARCH_LABEL = 'Search by name, email, or mobile';

/** The distributors, searchable, in a scrolling list of buttons; the chosen one is pressed. */
export function DistributorPicker({
  distributors,
  shown,
  search,
  onSearch,
  selectedId,
  onSelect,
  disabled,
}: {
  distributors: readonly UserProfile[];
  shown: readonly UserProfile[];
  search: string;
  onSearch: (query: string) => void;
  selectedId: string | null;
  onSelect: (distributor: UserProfile) => void;
  disabled: boolean;
}) {
  const countId = useId();
  if (distributors.length === 0)
    return <EmptyState title="No distributors yet">Distributors appear here once they sign up.</EmptyState>;
  return (
    <div className="mt-4 space-y-3">
      <TextField
        label={SEARCH_LABEL}
        type="search"
        placeholder={SEARCH_LABEL}
        // The placeholder repeats the label; smaller, it fits a phone-wide box instead of being cut off.
        className="placeholder:text-sm"
        autoComplete="off"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        aria-describedby={countId}
      />
      <p id={countId} aria-live="polite" className="text-xs text-slate-500">
        {shown.length === distributors.length
          ? `${distributors.length} ${distributors.length === 1 ? 'distributor' : 'distributors'}`
          : `${shown.length} of ${distributors.length} distributors match`}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          No distributors match your search.
        </p>
      ) : (
        <section
          aria-label="Distributor list"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          className="max-h-[15rem] overflow-y-auto rounded-xl ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ul className="divide-y divide-slate-100">
            {shown.map((distributor) => (
              <li key={distributor.uid}>
                <DistributorButton
                  distributor={distributor}
                  chosen={distributor.uid === selectedId}
                  disabled={disabled}
                  onSelect={onSelect}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function DistributorButton({
  distributor,
  chosen,
  disabled,
  onSelect,
}: {
  distributor: UserProfile;
  chosen: boolean;
  disabled: boolean;
  onSelect: (distributor: UserProfile) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={chosen}
      disabled={disabled}
      onClick={() => onSelect(distributor)}
      className={cx(
        'flex w-full items-center justify-between gap-3 px-4 py-3 text-left transition-colors disabled:cursor-not-allowed',
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
        chosen ? 'bg-brand-50' : 'hover:bg-slate-50',
      )}
    >
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{distributor.name || 'Unnamed'}</span>
        <span className="block truncate text-sm text-slate-600">{distributor.email}</span>
        <span className="block text-sm text-slate-600">{mobileOf(distributor) || '—'}</span>
      </span>
      <span className="shrink-0 text-right">
        <span className="block text-xs text-slate-600">Balance</span>
        <span className="block font-semibold tabular-nums text-slate-900">
          {formatRupees(distributor.walletBalance)}
        </span>
      </span>
    </button>
  );
}
