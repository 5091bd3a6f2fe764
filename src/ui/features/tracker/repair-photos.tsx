import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { PhotoImage } from '../shop/photos/photo-image';

/**
 * A repair's photos as thumbnails. A thumbnail opens the photo full size over the page; a click
 * anywhere on it, the Close button or Escape closes it, and focus goes back to the thumbnail.
 */
export function RepairPhotos({ urls: given, subject }: { urls: readonly string[]; subject: string }) {
  // The same photo twice adds nothing (and would confuse the keys).
  const urls = [...new Set(given)];
  const [open, setOpen] = useState<number | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const lastOpened = useRef(0);
  const describe = (index: number) =>
    `Photo ${index + 1} of ${urls.length}${subject.trim() ? `: ${subject.trim()}` : ''}`;
  const shown = open === null ? undefined : urls[open];

  return (
    <>
      <ul className="flex flex-wrap gap-3">
        {urls.map((url, index) => (
          <li key={url}>
            <button
              type="button"
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              aria-haspopup="dialog"
              onClick={() => {
                lastOpened.current = index;
                setOpen(index);
              }}
              className="group block overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 transition hover:ring-2 hover:ring-brand-500"
            >
              <PhotoImage
                url={url}
                alt={describe(index)}
                loading="lazy"
                className="size-24 object-cover transition group-hover:scale-105 sm:size-28"
              />
            </button>
          </li>
        ))}
      </ul>
      <RadixDialog.Root open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/95" />
          <RadixDialog.Content
            aria-describedby={undefined}
            onClick={() => setOpen(null)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              thumbnails.current[lastOpened.current]?.focus();
            }}
            className="fixed inset-0 z-50 flex cursor-zoom-out flex-col items-center justify-center gap-3 p-4 focus:outline-none sm:p-8"
          >
            <RadixDialog.Title className="sr-only">{open === null ? '' : describe(open)}</RadixDialog.Title>
            {shown !== undefined && open !== null && (
              <PhotoImage
                url={shown}
                alt={describe(open)}
                className="max-h-[80vh] max-w-full rounded-lg bg-white object-contain shadow-2xl"
              />
            )}
            <p className="text-center text-sm text-white/80">
              Click or tap anywhere, or press Escape, to close.
            </p>
            <RadixDialog.Close
              className="absolute top-3 right-3 rounded-full bg-white/10 p-2 text-white hover:bg-white/20 focus-visible:outline-white"
              aria-label="Close photo"
            >
              <svg
                className="size-6"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </>
  );
}
