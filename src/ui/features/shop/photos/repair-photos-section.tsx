import { useState } from 'react';
import type { Outcome } from '../../../../domain/shared/validation';
import { SHOP_MESSAGES } from '../../../../domain/shop/messages';
import { type FailedPhoto, MAX_PHOTOS } from '../../../../domain/shop/photos';
import { isFinalStatus, statusLabel } from '../../../../domain/shop/status-values';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { JOB_CARD_LABELS } from '../shop-texts';
import { useAddPhotos, useRemovePhoto } from './mutations';
import { dropFailedPhoto, keepFailedPhotos, useFailedPhotos } from './pending-photos';
import { PhotoImage } from './photo-image';
import { BlobThumbnail, PhotoFileInput, preparePhotos } from './photo-picker';

type AnyOutcome = Outcome<unknown, string, string>;

/** A stable key per image (the same Blob keeps its key while it waits in the list). */
const imageKeys = new WeakMap<Blob, number>();
let lastKey = 0;
function keyOf(image: Blob): number {
  let key = imageKeys.get(image);
  if (key === undefined) {
    lastKey += 1;
    key = lastKey;
    imageKeys.set(image, key);
  }
  return key;
}

/**
 * The repair page's 'Photos': thumbnails that open large, 'Remove' after a confirmation, 'Add photos'
 * (resized in the browser, at most MAX_PHOTOS in all), and the photos that did not upload (from the job
 * card or from here) with 'Retry' and 'Dismiss'. Members of the store (owner and staff). A delivered or
 * cancelled repair keeps its photos as handed over: no 'Add photos', 'Remove' nor 'Retry' until an owner
 * reopens it (the backends refuse such a write too).
 */
export function RepairPhotosSection({
  repairDocId,
  status,
  imageUrls,
  subject,
}: {
  repairDocId: string;
  /** The repair's status: a final one (delivered, cancelled) fixes the photos. */
  status: string;
  imageUrls: readonly string[];
  subject: string;
}) {
  const addPhotos = useAddPhotos(repairDocId);
  const removePhoto = useRemovePhoto(repairDocId);
  const fixed = isFinalStatus(status) ? SHOP_MESSAGES.repairFinalFixed(statusLabel(status)) : null;
  const failed = useFailedPhotos(repairDocId);
  const urls = [...new Set(imageUrls)];
  const [outcome, setOutcome] = useState<AnyOutcome | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const room = Math.max(0, MAX_PHOTOS - urls.length);
  const describe = (index: number) =>
    `Photo ${index + 1} of ${urls.length}${subject.trim() ? `: ${subject.trim()}` : ''}`;

  /** Uploads images; those that fail join the list to retry (a retried one leaves it first). */
  const upload = async (images: readonly Blob[], retried?: FailedPhoto) => {
    setBusy(true);
    setOutcome(null);
    setFieldError(null);
    try {
      const result = await addPhotos.mutateAsync({ current: urls.length, images });
      if (!result.ok) {
        setFieldError(result.fieldErrors?.photos ?? null);
        setOutcome(result);
        return;
      }
      if (retried) dropFailedPhoto(repairDocId, retried.image);
      keepFailedPhotos(repairDocId, result.value.failed);
      // Some did not upload: the message says how many, the list below which.
      setOutcome(result.message ? result : null);
    } finally {
      setBusy(false);
    }
  };

  const pick = async (files: File[]) => {
    setBusy(true);
    setOutcome(null);
    try {
      const prepared = await preparePhotos(files, room);
      setFieldError(prepared.problems.length > 0 ? prepared.problems.join('\n') : null);
      if (prepared.images.length > 0) await upload(prepared.images);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (removing === null) return;
    const result = await removePhoto.mutateAsync(removing);
    setOutcome(result.ok ? null : result);
    setRemoving(null);
  };

  const shown = opened === null ? undefined : urls[opened];
  return (
    <Card>
      <CardHeader title={JOB_CARD_LABELS.photos} description={`${urls.length} of ${MAX_PHOTOS}`} />
      <div className="space-y-4 px-5 py-4 sm:px-6">
        <OutcomeAlert outcome={outcome} tone={outcome?.ok ? 'warning' : undefined} />
        {urls.length === 0 && failed.length === 0 && <p className="text-sm text-slate-600">No photos yet.</p>}
        {urls.length > 0 && (
          <ul className="flex flex-wrap gap-3" aria-label="Photos of this repair">
            {urls.map((url, index) => (
              <li key={url} className="space-y-1">
                <button
                  type="button"
                  aria-haspopup="dialog"
                  aria-label={`Open ${describe(index)}`}
                  onClick={() => setOpened(index)}
                  className="block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-2 hover:ring-brand-500"
                >
                  <PhotoImage url={url} alt={describe(index)} className="size-24 object-cover sm:size-28" />
                </button>
                {fixed === null && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove photo ${index + 1}`}
                    onClick={() => setRemoving(url)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {failed.length > 0 && (
          <div className="space-y-2">
            <Alert tone="warning" title={`Not uploaded (${failed.length})`}>
              These photos are on this device only. Retry them, or dismiss them.
            </Alert>
            <ul className="space-y-2" aria-label="Photos not uploaded">
              {failed.map((item, index) => (
                <li key={keyOf(item.image)} className="flex flex-wrap items-center gap-3">
                  <BlobThumbnail
                    blob={item.image}
                    alt={`Photo not uploaded ${index + 1}`}
                    className="size-16"
                  />
                  <p className="min-w-0 flex-1 text-sm text-red-700">{item.message}</p>
                  {item.retryable && fixed === null && (
                    <Button
                      variant="secondary"
                      size="sm"
                      busy={busy}
                      disabled={room === 0}
                      onClick={() => void upload([item.image], item)}
                    >
                      Retry
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => dropFailedPhoto(repairDocId, item.image)}>
                    Dismiss
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {fixed !== null ? (
          <p className="text-sm text-slate-600">{fixed}</p>
        ) : (
          <PhotoFileInput
            label="Add photos"
            hint={
              room === 0
                ? 'This repair has 6 photos. Remove one to add another.'
                : `Up to ${room} more, made smaller on this device before upload.`
            }
            error={fieldError ?? undefined}
            disabled={busy || room === 0}
            onPick={(files) => void pick(files)}
          />
        )}
        {busy && (
          <p role="status" className="text-sm text-slate-600">
            Uploading…
          </p>
        )}
      </div>

      <Dialog
        open={shown !== undefined}
        onOpenChange={(open) => !open && setOpened(null)}
        title={opened === null ? 'Photo' : describe(opened)}
      >
        {shown !== undefined && opened !== null && (
          <PhotoImage
            url={shown}
            alt={describe(opened)}
            className="max-h-[70vh] w-full rounded-lg object-contain"
          />
        )}
      </Dialog>
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this photo?"
        description="It is taken off the repair, and the customer no longer sees it."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button variant="danger" busy={removePhoto.isPending} onClick={() => void remove()}>
            Remove photo
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
