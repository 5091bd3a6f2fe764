import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useDemo, useService } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';

export const DEMO_RESET_FAILED = 'Could not reset the demo data. Please try again.';
export const DEMO_RESET_DONE = 'Demo data restored. Every account and record is back to how the demo began.';

const BAR_BUTTON =
  'inline-flex h-7 shrink-0 items-center rounded-md px-2 text-xs font-semibold transition-colors focus-visible:outline-white sm:px-2.5';

/**
 * The slim bar above every page of the offline demo: where the data lives, the demo mailbox, and a way
 * to start over. Renders nothing when the app runs on a real backend.
 */
export function DemoBar() {
  const demo = useDemo();
  const log = useService('log');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // The success message belongs to the home page the reset led to; it goes once the visitor moves on.
  useEffect(() => {
    if (pathname !== '/') setDone(false);
  }, [pathname]);

  if (demo === null) return null;
  // The local backends keep the data in this browser, and the presenter may reset it.
  const offline = demo.controls !== null;

  const openDialog = () => {
    setError(null);
    setDone(false);
    setConfirming(true);
  };

  // Home first, then the reset: no page on screen sees its data and session vanish under it (a signed-in
  // page would otherwise redirect to /signin mid-reset). The dialog lives here, above the routes, so it
  // stays open on the way and can show a failure.
  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      await navigate({ to: '/' });
      await demo.controls?.reset();
    } catch (error) {
      log.error('The demo data could not be reset', error);
      setError(DEMO_RESET_FAILED);
      setBusy(false);
      return;
    }
    queryClient.clear();
    setBusy(false);
    setConfirming(false);
    setDone(true);
  };

  return (
    <aside aria-label={offline ? 'Offline demo' : 'Demo'} className="bg-slate-900 text-slate-100">
      <div className="mx-auto flex min-h-10 max-w-6xl items-center justify-between gap-2 px-3 py-1.5 sm:px-6">
        <p className="flex min-w-0 items-center gap-2 text-xs">
          <span className="size-2 shrink-0 rounded-full bg-accent-400" aria-hidden="true" />
          <span className="truncate">
            <span className="font-semibold">{offline ? 'Offline demo' : 'Demo'}</span>
            <span className="hidden sm:inline">
              {offline ? ' — data stays in this browser' : ' — Firebase emulators on this computer'}
            </span>
          </span>
        </p>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Link
            to="/demo/mailbox"
            className={`${BAR_BUTTON} text-slate-100 underline-offset-2 hover:bg-white/10 hover:underline`}
          >
            <ShortOnPhones short="Mailbox" full="Demo mailbox" />
          </Link>
          <Link
            to="/demo/messages"
            className={`${BAR_BUTTON} text-slate-100 underline-offset-2 hover:bg-white/10 hover:underline`}
          >
            <ShortOnPhones short="SMS" full="Demo SMS" />
          </Link>
          {demo.controls !== null && (
            <button
              type="button"
              onClick={openDialog}
              className={`${BAR_BUTTON} bg-white/10 text-white ring-1 ring-white/20 ring-inset hover:bg-white/20`}
            >
              <ShortOnPhones short="Reset data" full="Reset demo data" />
            </button>
          )}
        </div>
      </div>
      {done && (
        <div className="border-t border-white/10 bg-emerald-50 text-emerald-900">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-3 py-2 sm:px-6">
            <p role="status" className="text-sm">
              {DEMO_RESET_DONE}
            </p>
            <button
              type="button"
              onClick={() => setDone(false)}
              className="shrink-0 rounded-md px-2 py-1 text-xs font-semibold text-emerald-900 hover:bg-emerald-100"
            >
              Dismiss
            </button>
          </div>
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!busy) setConfirming(open);
        }}
        title="Reset demo data?"
        description="Every change made in this browser is deleted: new accounts, passwords, repairs, support issues, recharges and e-mails. The original demo data is loaded again and you are signed out."
      >
        <div className="space-y-4">
          {error && <Alert>{error}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void reset()} busy={busy}>
              {busy ? 'Resetting...' : 'Reset demo data'}
            </Button>
          </div>
        </div>
      </Dialog>
    </aside>
  );
}

/** A shorter visible label on phones; assistive technology always hears the full one. */
function ShortOnPhones({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span className="sm:hidden" aria-hidden="true">
        {short}
      </span>
      <span className="sr-only sm:not-sr-only">{full}</span>
    </>
  );
}
