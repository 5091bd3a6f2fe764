import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../domain/shared/time';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { JOB_CARD_DRAFT_TEXTS, type JobCardDraft } from './job-card-draft';

/** The note over a job card opened from its draft: what came back, what did not, and 'Discard draft'. */
export function DraftRestored({ draft, onDiscard }: { draft: JobCardDraft; onDiscard: () => void }) {
  const leftOut = [
    draft.unlockCodeLeftOut ? JOB_CARD_DRAFT_TEXTS.unlockCodeNotKept : null,
    draft.photosLeftOut > 0 ? JOB_CARD_DRAFT_TEXTS.photosNotKept(draft.photosLeftOut) : null,
  ].filter((line) => line !== null);
  return (
    <Alert tone="info" title={JOB_CARD_DRAFT_TEXTS.restored}>
      <p>{JOB_CARD_DRAFT_TEXTS.keptSince(formatDateTime(new Date(draft.savedAt)))}</p>
      {(leftOut.length > 0 ? leftOut : [JOB_CARD_DRAFT_TEXTS.neverKept]).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <Button variant="secondary" size="sm" className="mt-2" onClick={onDiscard}>
        {JOB_CARD_DRAFT_TEXTS.discard}
      </Button>
    </Alert>
  );
}

/** A titled card of the job card form. */
export function JobCardSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </Card>
  );
}
