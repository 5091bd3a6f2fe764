import { type ChangeEvent, useId, useRef, useState } from 'react';
import { MAX_PHOTOS, PHOTO_TYPES } from '../../../../domain/shop/job-card';
import { PHOTO_COUNT_MESSAGES, SHOP_MESSAGES } from '../../../../domain/shop/messages';
import { Button } from '../../../components/button';
import { cx } from '../../../components/cx';
import { JOB_CARD_LABELS } from '../shop-texts';
import { useObjectUrl } from './photo-image';
import { resizePhoto } from './photo-resizer';

/** Whether a picked file is an image the job card takes (JPEG, PNG, WebP, HEIC). */
const isPickableImage = (file: Blob) => (PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase());

export interface PreparedPhotos {
  /** The resized images, in the order picked. */
  readonly images: readonly Blob[];
  /** One line per file left out, and why. */
  readonly problems: readonly string[];
}

/**
 * Checks what was picked and resizes it in the browser: more files than `room` are refused as a whole
 * (nothing is added; the message says how many fit), a file that is not an image or cannot be read is
 * left out with its name and why, the rest resized (resizePhoto).
 */
export async function preparePhotos(files: readonly File[], room: number): Promise<PreparedPhotos> {
  if (files.length > room) return { images: [], problems: [PHOTO_COUNT_MESSAGES.noRoom(room)] };
  const images: Blob[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (!isPickableImage(file)) {
      problems.push(`${file.name}: ${SHOP_MESSAGES.photoNotImage}`);
      continue;
    }
    try {
      images.push(await resizePhoto(file));
    } catch {
      problems.push(`${file.name}: ${SHOP_MESSAGES.photoUnreadable}`);
    }
  }
  return { images, problems };
}

/**
 * The file input of a photo field: the camera on a phone (capture="environment"), several at once, images
 * only; `onPick` gets the files and the input is cleared, so the same photo can be picked again.
 */
export function PhotoFileInput({
  label,
  hint,
  error,
  disabled,
  onPick,
}: {
  label: string;
  hint: string;
  error?: string | undefined;
  disabled?: boolean;
  onPick: (files: File[]) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onPick(files);
        }}
        className={cx(
          'mt-1 block w-full text-sm text-slate-700',
          'file:mr-3 file:h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800 hover:file:bg-brand-100',
        )}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm whitespace-pre-line text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A thumbnail of a picked (not yet uploaded) photo. */
export function BlobThumbnail({ blob, alt, className }: { blob: Blob; alt: string; className?: string }) {
  const url = useObjectUrl(blob);
  return url === null ? (
    <span className={cx('block size-24 rounded-lg bg-slate-100', className)} />
  ) : (
    <img
      src={url}
      alt={alt}
      className={cx('size-24 rounded-lg object-cover ring-1 ring-slate-200', className)}
    />
  );
}

interface Picked {
  readonly key: number;
  readonly image: Blob;
}

/**
 * The job card's 'Photos' (the spec: up to 6, resized in the browser before upload): thumbnails with
 * 'Remove' before the card is sent. `onChange` gets the resized images; `error` is the form's own
 * message for the field. The rest of the form is not touched by anything here.
 */
export function JobCardPhotos({
  onChange,
  error,
}: {
  onChange: (images: readonly Blob[]) => void;
  error?: string | undefined;
}) {
  const [picked, setPicked] = useState<readonly Picked[]>([]);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);
  const next = useRef(0);
  const change = (list: readonly Picked[]) => {
    setPicked(list);
    onChange(list.map((item) => item.image));
  };

  const pick = async (files: File[]) => {
    setBusy(true);
    try {
      const prepared = await preparePhotos(files, MAX_PHOTOS - picked.length);
      setProblems(prepared.problems);
      if (prepared.images.length > 0)
        change([
          ...picked,
          ...prepared.images.map((image) => {
            next.current += 1;
            return { key: next.current, image };
          }),
        ]);
    } finally {
      setBusy(false);
    }
  };

  const shown = [...problems, ...(error ? [error] : [])].join('\n');
  return (
    <div className="space-y-3">
      <PhotoFileInput
        label={JOB_CARD_LABELS.photos}
        hint={`Optional. Up to ${MAX_PHOTOS}, made smaller on this device before upload. ${picked.length} of ${MAX_PHOTOS} added.`}
        error={shown || undefined}
        disabled={busy || picked.length >= MAX_PHOTOS}
        onPick={(files) => void pick(files)}
      />
      {busy && (
        <p role="status" className="text-sm text-slate-600">
          Preparing photos…
        </p>
      )}
      {picked.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label="Photos to upload">
          {picked.map((item, index) => (
            <li key={item.key} className="space-y-1">
              <BlobThumbnail blob={item.image} alt={`Photo ${index + 1} to upload`} />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => change(picked.filter((other) => other.key !== item.key))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
