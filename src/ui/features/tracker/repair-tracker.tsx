import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RepairLookup } from '../../../domain/repairs/look-up-repair';
import { MAX_REPAIR_ID_LENGTH, REPAIR_MESSAGES } from '../../../domain/repairs/messages';
import { displayAmount, displayStatus, displayUpdatedAt, type Repair } from '../../../domain/repairs/repair';
import { formatIndianMobile } from '../../../domain/shared/phone';
import { formatDate } from '../../../domain/shared/time';
import type { UserProfile } from '../../../domain/users/user';
import { useService } from '../../app-services';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';
import { applyFieldErrors } from '../../forms/apply-field-errors';
import { outcomeValue } from '../../queries/outcome-value';
import { useSession } from '../../session';
import { PhoneVerification } from '../dashboard/phone-verification';
import { RepairPhotos } from './repair-photos';

interface TrackForm {
  repairId: string;
}

/**
 * The customer's dashboard: look a repair up by its Repair ID and see how it is going. Repairs open to
 * the customer whose verified mobile number they were booked under, so an unverified customer first
 * proves their number.
 */
export function RepairTracker({ viewer }: { viewer: UserProfile }) {
  const session = useSession();
  const verified = session.status === 'signed-in' ? session.user.phoneNumber : null;
  const name = viewer.name.trim();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name ? `Hello, ${name}` : 'Hello'}</h1>
        <p className="mt-1 text-slate-600">
          Track your repair: see where your device is, what it costs and when it is ready.
        </p>
      </div>
      {verified === null ? (
        <PhoneVerification viewer={viewer} />
      ) : (
        <RepairSearch viewer={viewer} verifiedPhone={verified} />
      )}
    </div>
  );
}

function RepairSearch({ viewer, verifiedPhone }: { viewer: UserProfile; verifiedPhone: string }) {
  const repairs = useService('repairs');
  const [lookup, setLookup] = useState<RepairLookup | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<TrackForm>({
    defaultValues: { repairId: '' },
  });
  const input = useRef<HTMLInputElement | null>(null);
  const { ref: registerInput, ...repairIdField } = register('repairId');

  const onSubmit = handleSubmit(async ({ repairId }) => {
    setLookup(null);
    const result = await repairs.lookUp(viewer, repairId);
    // An invalid id is the field's to show; anything else is the answer under the form.
    if (!result.ok && result.reason === 'invalid')
      applyFieldErrors(setError, { ok: false, fieldErrors: { repairId: result.message } });
    else setLookup(result);
  });

  const trackMore = () => {
    setLookup(null);
    reset({ repairId: '' });
    input.current?.focus();
  };

  return (
    <>
      <Card className="p-5 sm:p-6">
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
        >
          <TextField
            label="Enter Repair ID"
            placeholder="e.g. RPR-1001"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={MAX_REPAIR_ID_LENGTH}
            required
            hint="You will find it on your receipt or in the message from your repair shop."
            error={formState.errors.repairId?.message}
            {...repairIdField}
            ref={(element) => {
              registerInput(element);
              input.current = element;
            }}
          />
          <Button type="submit" busy={formState.isSubmitting} className="sm:mt-[1.625rem] sm:h-10">
            {formState.isSubmitting ? 'Searching...' : 'Search'}
          </Button>
        </form>
        <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-500">
          <svg
            className="size-4 shrink-0 text-emerald-600"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M20 6 9 17l-5-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>
            Your verified mobile number:{' '}
            <span className="font-medium">{formatIndianMobile(verifiedPhone)}</span>
          </span>
        </p>
      </Card>

      {lookup === null ? null : lookup.ok ? (
        <FoundRepairs repairs={lookup.value.repairs} onTrackMore={trackMore} />
      ) : (
        <OutcomeAlert outcome={lookup} tone={lookup.reason === 'not-found' ? 'warning' : 'error'} />
      )}
    </>
  );
}

/**
 * The answer: one repair's details, or, when several of the customer's repairs carry the Repair ID
 * (shops choose their ids, and two may pick the same), a choice between them first.
 */
function FoundRepairs({ repairs, onTrackMore }: { repairs: readonly Repair[]; onTrackMore: () => void }) {
  const [chosen, setChosen] = useState(0);
  const repair = repairs[Math.min(chosen, repairs.length - 1)] as Repair;
  if (repairs.length === 1) return <RepairDetails repair={repair} onTrackMore={onTrackMore} />;
  return (
    <div className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">
          {`This Repair ID matches ${repairs.length} of your repairs. Choose one:`}
        </legend>
        <div className="flex flex-wrap gap-2">
          {repairs.map((each, index) => (
            <Button
              key={each.id}
              size="sm"
              variant={index === chosen ? 'primary' : 'secondary'}
              aria-pressed={index === chosen}
              onClick={() => setChosen(index)}
            >
              {[each.productName.trim() || 'Repair', each.createdAt ? formatDate(each.createdAt) : null]
                .filter(Boolean)
                .join(' · ')}
            </Button>
          ))}
        </div>
      </fieldset>
      <RepairDetails key={repair.id} repair={repair} onTrackMore={onTrackMore} />
    </div>
  );
}

const STATUS_TONES: Record<string, 'green' | 'blue' | 'yellow'> = {
  delivered: 'green',
  inprogress: 'blue',
  sent_to_service_center: 'yellow',
};

function RepairDetails({ repair, onTrackMore }: { repair: Repair; onTrackMore: () => void }) {
  const repairs = useService('repairs');
  const heading = useRef<HTMLHeadingElement>(null);
  const business = useQuery({
    queryKey: ['repairs', 'business-info', repair.id],
    // A failure reads like no business: 'Business info not available.' (the use case logs its cause).
    queryFn: async () => outcomeValue(await repairs.businessInfo(repair)),
  });

  // Take keyboard and screen reader users to the answer.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const product = [repair.productName, repair.productType].filter((part) => part.trim() !== '');

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Repair Details
        </h2>
        <Button variant="secondary" size="sm" onClick={onTrackMore}>
          Track More
        </Button>
      </div>
      <dl className="grid gap-x-6 gap-y-4 px-5 py-5 sm:grid-cols-2 sm:px-6">
        <Detail label="Repair ID">
          <span className="font-mono">{repair.repairId}</span>
        </Detail>
        <Detail label="Status">
          <Badge tone={STATUS_TONES[repair.status] ?? 'slate'}>{displayStatus(repair.status)}</Badge>
        </Detail>
        <Detail label="Business">
          {business.isPending ? (
            <span className="text-slate-500">{REPAIR_MESSAGES.businessLoading}</span>
          ) : business.data ? (
            <>
              <span className="block font-medium">{business.data.name || '-'}</span>
              {business.data.number && (
                <a href={`tel:${business.data.number}`} className="text-brand-700 hover:underline">
                  {business.data.number}
                </a>
              )}
            </>
          ) : (
            <span className="text-slate-500">{REPAIR_MESSAGES.businessUnavailable}</span>
          )}
        </Detail>
        <Detail label="Product">{product.length > 0 ? product.join(' · ') : '-'}</Detail>
        <Detail label="Problems">{repair.problems.trim() || '-'}</Detail>
        <Detail label="Amount">
          <span className="text-lg font-semibold text-slate-900">{displayAmount(repair)}</span>
        </Detail>
        <Detail label="Delivery code">
          {repair.deliveryCode.trim() ? (
            <>
              <span className="font-mono text-lg font-semibold tracking-widest text-slate-900">
                {repair.deliveryCode}
              </span>
              <span className="block text-xs text-slate-500">
                Show this code when you collect your device.
              </span>
            </>
          ) : (
            '-'
          )}
        </Detail>
        <Detail label="Last updated">{displayUpdatedAt(repair)}</Detail>
      </dl>
      {repair.imageUrls.length > 0 && (
        <div className="border-t border-slate-100 px-5 py-5 sm:px-6">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Photos</h3>
          <RepairPhotos urls={repair.imageUrls} subject={repair.productName} />
        </div>
      )}
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-slate-800">{children}</dd>
    </div>
  );
}
