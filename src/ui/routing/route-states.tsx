import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { LoadingBlock } from '../components/spinner';
import { OutcomeError } from '../queries/outcome-value';

/*
 * Shown by the router itself, so part of the first script: kept to a spinner and a message, without the
 * page frames (which arrive with each screen).
 */

/** While a route checks access or loads its data. */
export function RoutePending() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center">
      <LoadingBlock />
    </main>
  );
}

export const ROUTE_LOAD_FAILED = 'This page could not be loaded. Check your connection and try again.';

/**
 * What a route shows when its code or data cannot be loaded: the reason, and Retry. A use case's
 * failure (OutcomeError) says its catalogue message ('You do not work in this store.', …); anything
 * else (a chunk that did not download, a crash) says the route could not be loaded.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center gap-4 px-4 py-16">
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
        {routeErrorMessage(error)}
      </div>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={retry}
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Retry
        </button>
        <Link
          to="/"
          className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Go home
        </Link>
      </div>
    </main>
  );
}

/** The sentence a route's error shows: the catalogue's message of a use case's failure, else ROUTE_LOAD_FAILED. */
export function routeErrorMessage(error: unknown): string {
  return error instanceof OutcomeError && error.message !== '' ? error.message : ROUTE_LOAD_FAILED;
}
