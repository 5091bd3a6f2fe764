import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobCardInput } from '../../../../domain/shop/job-card';
import { type JobCardDraft, readJobCardDraft, removeJobCardDraft, writeJobCardDraft } from './job-card-draft';
import { draftGeneration, draftStorage, draftsForgottenSince } from './job-card-draft-store';

/** How long typing pauses before the draft is saved; a page hidden or left saves at once. */
export const DRAFT_SAVE_DELAY_MS = 400;

export interface JobCardDraftControl {
  /** The draft found when the job card opened, until discarded or the repair is created. */
  readonly restored: JobCardDraft | null;
  /** The values to open the form with: the restored draft's, or null. Fixed at the first render. */
  readonly initialValues: JobCardInput | null;
  /** The storage refused the last save (full, disabled): what is typed is not kept on this device. */
  readonly saveFailed: boolean;
  /** Saves `read()` after a pause in typing (the latest reader wins). */
  readonly schedule: (read: () => Partial<JobCardInput>) => void;
  /** Removes the draft and stops saving until the next change ('Discard draft'). */
  readonly discard: () => void;
  /** Removes the draft for good: the repair was created. Nothing is saved after it. */
  readonly finish: () => void;
}

/**
 * The job card's draft for the signed-in account (`uid`) in `storeId`: read once when the card opens,
 * saved as the person types (after DRAFT_SAVE_DELAY_MS without a keystroke, and at once when the page
 * is hidden, reloaded or left), removed by `discard` and `finish`. No uid (signed out): no draft.
 */
export function useJobCardDraft(uid: string, storeId: string): JobCardDraftControl {
  const [first] = useState(() => readJobCardDraft(draftStorage(), uid, storeId, Date.now()));
  const [restored, setRestored] = useState(first);
  const restoredRef = useRef(first);
  const [generation] = useState(() => draftGeneration(uid));
  const [saveFailed, setSaveFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<(() => Partial<JobCardInput>) | null>(null);
  const finished = useRef(false);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const read = pending.current;
    pending.current = null;
    // Nothing after 'Create Repair', nor after the account signed out (its drafts were forgotten).
    if (read === null || finished.current || draftsForgottenSince(uid, generation)) return;
    // What the restored draft left out and is still not given again is said again after the next reload.
    const ok = writeJobCardDraft(
      draftStorage(),
      uid,
      storeId,
      read(),
      Date.now(),
      restoredRef.current ?? undefined,
    );
    setSaveFailed(!ok && uid !== '');
  }, [uid, storeId, generation]);

  const schedule = useCallback(
    (read: () => Partial<JobCardInput>) => {
      if (finished.current) return;
      pending.current = read;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  // A reload, a closed tab or a phone switching apps: save what is pending now, not after the pause.
  useEffect(() => {
    const onHide = () => flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the job card inside the app ('← Repairs'): keep the last keystrokes too.
      flush();
    };
  }, [flush]);

  const drop = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    removeJobCardDraft(draftStorage(), uid, storeId);
    restoredRef.current = null;
    setRestored(null);
  }, [uid, storeId]);

  const discard = useCallback(() => drop(), [drop]);
  const finish = useCallback(() => {
    finished.current = true;
    drop();
  }, [drop]);

  return { restored, initialValues: first?.values ?? null, saveFailed, schedule, discard, finish };
}
