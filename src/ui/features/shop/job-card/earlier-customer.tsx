import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { indianMobileDigits } from '../../../../domain/shared/phone';
import type { JobCardInput } from '../../../../domain/shop/job-card';
import { useService } from '../../../app-services';
import { Button } from '../../../components/button';
import { SEARCH_DEBOUNCE_MS } from '../../../components/search-box';
import { shopQueries } from '../queries';
import { REPAIR_EDIT_TEXTS } from '../shop-texts';

/** A value that follows `value` once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const sameName = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The job card's "earlier customer": once 'Customer Mobile' holds a valid Indian mobile (after a short
 * pause in typing), the names the store's earlier repairs give for it are offered, newest first, each
 * with 'Use', which fills 'Customer Name'. Nothing is filled without that choice, so a name typed by
 * hand is never replaced behind the person's back.
 */
export function EarlierCustomer({ storeId, form }: { storeId: string; form: UseFormReturn<JobCardInput> }) {
  const shop = useService('shop');
  const typed = useWatch({ control: form.control, name: 'customerMobile' }) ?? '';
  const name = useWatch({ control: form.control, name: 'customerName' }) ?? '';
  const mobile = indianMobileDigits(typed);
  const settled = useSettled(mobile, SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    ...shopQueries.earlierCustomer(shop, storeId, settled ?? ''),
    enabled: settled !== null,
    retry: false,
  });
  // Only for the number as it stands now (not one typed a moment ago).
  if (mobile === null || mobile !== settled || !found.data) return null;
  if (!found.data.ok)
    return (
      <p role="status" className="text-sm text-slate-600">
        {found.data.message}
      </p>
    );
  const offers = found.data.value.names.filter((candidate) => !sameName(candidate, name));
  if (offers.length === 0) return null;

  const choose = (chosen: string) => {
    form.setValue('customerName', chosen, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    if (!form.formState.isSubmitted) form.clearErrors('customerName');
  };
  return (
    <ul aria-label="Earlier customers of this number" className="space-y-2">
      {offers.map((candidate) => (
        <li
          key={candidate}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm"
        >
          <span>
            {REPAIR_EDIT_TEXTS.earlierCustomer} <strong className="font-semibold">{candidate}</strong>
          </span>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${REPAIR_EDIT_TEXTS.useEarlierCustomer} ${candidate}`}
            onClick={() => choose(candidate)}
          >
            {REPAIR_EDIT_TEXTS.useEarlierCustomer}
          </Button>
        </li>
      ))}
    </ul>
  );
}
