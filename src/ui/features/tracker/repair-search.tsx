import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RepairLookup } from '../../../domain/repairs/look-up-repair';
import { MAX_REPAIR_ID_LENGTH } from '../../../domain/repairs/messages';
import type { Repair } from '../../../domain/repairs/repair';
import { formatIndianMobile } from '../../../domain/shared/phone';
import { formatDate } from '../../../domain/shared/time';
import { done } from '../../../domain/shared/validation';
import type { UserProfile } from '../../../domain/users/user';
import { useService } from '../../app-services';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';
import { applyFieldErrors } from '../../forms/apply-field-errors';
import { MyRepairs } from './my-repairs';
import { RepairDetails } from './repair-details';

/* The repair tracker's search: the Repair ID form, and its answer (a repair, a choice, or why not). */

interface TrackForm {
  repairId: string;
}

/** The Repair ID form (for the customer's verified number) and the answer under it. */
export function RepairSearch({ viewer, verifiedPhone }: { viewer: UserProfile; verifiedPhone: string }) {
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
        <FoundRepairs key={lookup.value.repair.id} repairs={lookup.value.repairs} onTrackMore={trackMore} />
      ) : (
        <OutcomeAlert outcome={lookup} tone={lookup.reason === 'not-found' ? 'warning' : 'error'} />
      )}

      {/* Every repair booked under her number, not only the one she typed: one opens like an answer. */}
      <MyRepairs viewer={viewer} onOpen={(repair) => setLookup(done({ repair, repairs: [repair] }))} />
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
