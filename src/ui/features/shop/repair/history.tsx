import { formatDateTime } from '../../../../domain/shared/time';
import { formatPaise } from '../../../../domain/shop/amounts';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { statusLabel } from '../../../../domain/shop/status-values';
import { Card, CardHeader } from '../../../components/card';
import { EDITED_FIELD_LABELS, PAYMENT_TEXTS } from '../shop-texts';

/*
 * The repair page's 'History': every change of the repair, newest first (append-only: status moves,
 * reopens, overrides of the delivery code, edits, payments and refunds), with its time, who made it and
 * its note.
 */

export function RepairHistory({ repair }: { repair: RepairDossier['repair'] }) {
  return (
    <Card>
      <CardHeader title="History" />
      {repair.history.length === 0 && (
        <p className="px-5 py-4 text-sm text-slate-600 sm:px-6">
          No history yet (a repair taken in the app).
        </p>
      )}
      <ol className="divide-y divide-slate-100" aria-label="History">
        {[...repair.history].reverse().map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows, so its position from the start is stable
          <li key={repair.history.length - index} className="px-5 py-3 text-sm sm:px-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {historyHeadline(entry)}
                {entry.kind === 'override' && ' (without the code)'}
                {entry.kind === 'reopen' && ' (reopened)'}
                {entry.kind === 'edit' && ' (edited)'}
              </span>
              <time className="text-slate-500" dateTime={entry.at.toISOString()}>
                {formatDateTime(entry.at)}
              </time>
            </div>
            {entry.by.name && <p className="text-slate-600">by {entry.by.name}</p>}
            {entry.note && (
              <p className="text-slate-700">
                {entry.kind === 'edit' ? editNoteText(entry.note) : entry.note}
              </p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

type Entry = RepairDossier['repair']['history'][number];

/**
 * An entry's headline: a status move ('Ready for Pickup → Delivered'), the creation ('Created
 * (Received)'), a payment or refund with its amount ('Payment ₹1,000': it moves money, not the status),
 * else the status it left the repair in (an edit).
 */
export function historyHeadline(entry: Entry): string {
  if ((entry.kind === 'payment' || entry.kind === 'refund') && entry.amountPaise !== null) {
    const amount = formatPaise(entry.amountPaise);
    return entry.kind === 'payment'
      ? PAYMENT_TEXTS.historyPayment(amount)
      : PAYMENT_TEXTS.historyRefund(amount);
  }
  if (entry.from && entry.from !== entry.status)
    return `${statusLabel(entry.from)} → ${statusLabel(entry.status)}`;
  return entry.kind === 'created' ? `Created (${statusLabel(entry.status)})` : statusLabel(entry.status);
}

/**
 * An 'edit' history entry's note as people read it: every backend writes the stored field names
 * ('Changed: customerName, finalPaise'); shown with the form's labels ('Changed: Customer Name, Final
 * Amount (₹)'), each once. A note of another shape (an app's) is shown as written.
 */
export function editNoteText(note: string): string {
  const match = /^Changed: (.+)$/.exec(note.trim());
  if (match === null) return note;
  const fields = (match[1] ?? '').split(',').map((field) => field.trim());
  const labels = [
    ...new Set(fields.map((field) => (EDITED_FIELD_LABELS as Record<string, string>)[field] ?? field)),
  ];
  return `Changed: ${labels.join(', ')}`;
}
