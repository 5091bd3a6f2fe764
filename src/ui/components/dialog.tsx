import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

/** What takes the focus when a dialog opens: its first field, else its first control after the header. */
const FIELDS = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';
const CONTROLS = `${FIELDS}, button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])`;

/** The element a dialog's body should focus on opening: its first field, else its first control. */
export function initialFocusOf(body: HTMLElement | null): HTMLElement | null {
  if (body === null) return null;
  return body.querySelector<HTMLElement>(FIELDS) ?? body.querySelector<HTMLElement>(CONTROLS);
}

/**
 * An accessible modal dialog (Radix): focus moves in and is trapped, Escape closes, focus returns to
 * the opener, the title and description are announced. Focus goes to the first field of the body (a
 * form's first input; a confirmation's first button), never to the Close button in the corner: on a
 * phone that would open the keyboard on nothing and make Enter close the dialog.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  // There is no Radix Trigger (the dialog is opened from state), so remember the opener and give focus
  // back to it on close; Radix alone would leave focus on the page body.
  const opener = useRef<HTMLElement | null>(null);
  const body = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[1px]" />
        <RadixDialog.Content
          className="fixed inset-x-3 top-1/2 z-50 mx-auto max-h-[90vh] max-w-lg -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6"
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const first = initialFocusOf(body.current);
            if (first === null) return; // Radix's default: the first focusable, the Close button.
            event.preventDefault();
            first.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
            opener.current = null;
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              aria-label="Close"
            >
              <svg
                className="size-5"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </div>
          <div ref={body}>{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
