import { type FormEvent, useState } from 'react';
import { formatCalendarDate } from '../../../../domain/shared/time';
import { formatPaise } from '../../../../domain/shop/amounts';
import { ACCESSORY_LABELS, type Accessory } from '../../../../domain/shop/job-card';
import type { EditedField, FieldConflict, RefusedMove } from '../../../../domain/shop/refused-changes';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { statusLabel } from '../../../../domain/shop/status-values';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { CONFLICT_TEXTS, EDITED_FIELD_LABELS } from '../shop-texts';
import { useResolveRefusedChange } from './mutations';

/*
 * 'Changed on another device' (issue 20): an edit this device made that was not saved, because another
 * device had changed the repair first (refused on arrival, or based on values changed since). Each field shows this device's value
 * beside the one saved now, with a choice; 'Save choice' saves the kept values as a new edit and
 * forgets the refused one. Until then nothing of it is lost (the device keeps it). A status move refused
 * the same way is said, with the status now: the person chooses the next step again ('Got it').
 */

/** The choices' labels: the edit form's, the other accessory told apart from the ticked ones. */
const FIELD_LABELS: Readonly<Record<EditedField, string>> = {
  ...EDITED_FIELD_LABELS,
  otherAccessory: 'Other accessory',
};

/** A field's value as the repair page's details write it ('—' for none). */
export function conflictValueText(field: EditedField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'estimatePaise' || field === 'finalPaise')
    return typeof value === 'number' ? formatPaise(value) : '—';
  if (field === 'promisedDate') return typeof value === 'string' ? formatCalendarDate(value) : '—';
  if (field === 'accessories' && Array.isArray(value))
    return value.map((key) => ACCESSORY_LABELS[key as Accessory] ?? String(key)).join(', ') || '—';
  if (Array.isArray(value)) return value.join(', ') || '—';
  return String(value);
}

export function ConflictsPanel({ data }: { data: RepairDossier }) {
  const changes = new Map<string, FieldConflict[]>();
  for (const conflict of data.conflicts)
    changes.set(conflict.changeId, [...(changes.get(conflict.changeId) ?? []), conflict]);
  if (changes.size === 0 && data.refusedMoves.length === 0) return null;
  return (
    <Card role="region" className="ring-2 ring-amber-300" aria-labelledby="conflicts-title">
      <CardHeader title={<span id="conflicts-title">{CONFLICT_TEXTS.title}</span>} />
      <div className="space-y-4 px-5 py-4 sm:px-6">
        {data.refusedMoves.map((move) => (
          <RefusedMoveNote key={move.changeId} repairDocId={data.repair.id} move={move} />
        ))}
        {changes.size > 0 && <p className="text-sm text-slate-700">{CONFLICT_TEXTS.intro}</p>}
        {[...changes].map(([changeId, fields]) => (
          <ConflictChoice key={changeId} repairDocId={data.repair.id} changeId={changeId} fields={fields} />
        ))}
      </div>
    </Card>
  );
}

/** A status move of this device that was not saved: said, with the status now; 'Got it' forgets it. */
function RefusedMoveNote({ repairDocId, move }: { repairDocId: string; move: RefusedMove }) {
  const resolve = useResolveRefusedChange(repairDocId);
  return (
    <div className="space-y-2">
      <OutcomeAlert outcome={resolve.data} />
      <p className="text-sm text-slate-700">
        {CONFLICT_TEXTS.moved(statusLabel(move.to), statusLabel(move.now))}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={resolve.isPending}
        onClick={() => resolve.mutate({ changeId: move.changeId, keepMine: [] })}
      >
        {CONFLICT_TEXTS.gotIt}
      </Button>
    </div>
  );
}

function ConflictChoice({
  repairDocId,
  changeId,
  fields,
}: {
  repairDocId: string;
  changeId: string;
  fields: readonly FieldConflict[];
}) {
  const resolve = useResolveRefusedChange(repairDocId);
  // Nothing is chosen for the person: each field starts on this device's value (what they typed).
  const [keepMine, setKeepMine] = useState<ReadonlySet<EditedField>>(
    () => new Set(fields.map((field) => field.field)),
  );
  const choose = (field: EditedField, mine: boolean) =>
    setKeepMine((before) => {
      const next = new Set(before);
      if (mine) next.add(field);
      else next.delete(field);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate({ changeId, keepMine: [...keepMine] });
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <OutcomeAlert outcome={resolve.data} />
      {fields.map((conflict) => {
        const label = FIELD_LABELS[conflict.field];
        const name = `${changeId}-${conflict.field}`;
        return (
          <fieldset key={conflict.field} className="rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {label}
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <label className="flex items-start gap-2 rounded-lg p-2 hover:bg-slate-50">
                <input
                  type="radio"
                  name={name}
                  className="mt-1"
                  checked={keepMine.has(conflict.field)}
                  onChange={() => choose(conflict.field, true)}
                  aria-label={`${label}: ${CONFLICT_TEXTS.keepMine}`}
                />
                <span>
                  <span className="block text-xs text-slate-500">
                    {CONFLICT_TEXTS.mine} · {CONFLICT_TEXTS.keepMine}
                  </span>
                  <span className="font-medium text-slate-900" data-testid={`mine-${conflict.field}`}>
                    {conflictValueText(conflict.field, conflict.mine)}
                  </span>
                </span>
              </label>
              <label className="flex items-start gap-2 rounded-lg p-2 hover:bg-slate-50">
                <input
                  type="radio"
                  name={name}
                  className="mt-1"
                  checked={!keepMine.has(conflict.field)}
                  onChange={() => choose(conflict.field, false)}
                  aria-label={`${label}: ${CONFLICT_TEXTS.keepSaved}`}
                />
                <span>
                  <span className="block text-xs text-slate-500">
                    {CONFLICT_TEXTS.saved} · {CONFLICT_TEXTS.keepSaved}
                  </span>
                  <span className="font-medium text-slate-900" data-testid={`saved-${conflict.field}`}>
                    {conflictValueText(conflict.field, conflict.saved)}
                  </span>
                </span>
              </label>
            </div>
          </fieldset>
        );
      })}
      <Button type="submit" disabled={resolve.isPending}>
        {CONFLICT_TEXTS.save}
      </Button>
    </form>
  );
}
