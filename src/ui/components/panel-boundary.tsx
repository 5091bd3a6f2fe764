import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode, Suspense } from 'react';
import { OutcomeError } from '../queries/outcome-value';
import { LoadingBlock } from './spinner';

/*
 * One panel of a page whose read may fail on its own, in the spec's words, while the rest of the page
 * stays (the distributors and the recharges of /distributor-recharge, the admin's counters and table…).
 * The panel's view reads with useSuspenseQuery and renders data only; this boundary shows what the
 * panel shows while its data arrives (`pending`, a spinner by default) and, when the read failed, the
 * panel's own failure with a retry (`failed`). Retrying resets React Query's error state too, so the
 * read runs again instead of throwing the same error (QueryErrorResetBoundary).
 */

export interface PanelFailure {
  /** The failure's catalogue message (a use case's OutcomeError), or '' for anything else. */
  readonly message: string;
  readonly error: unknown;
  /** Reads the panel again (its fallback shows `pending` meanwhile). */
  readonly retry: () => void;
}

export function PanelBoundary({
  failed,
  pending = <LoadingBlock />,
  resetKey,
  children,
}: {
  failed: (failure: PanelFailure) => ReactNode;
  pending?: ReactNode;
  /** When it changes (another filter, another link), a failure shown is dropped and the read tried again. */
  resetKey?: string;
  children: ReactNode;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onReset={reset} failed={failed} resetKey={resetKey ?? ''}>
          <Suspense fallback={pending}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

interface BoundaryProps {
  readonly onReset: () => void;
  readonly failed: (failure: PanelFailure) => ReactNode;
  readonly resetKey: string;
  readonly children: ReactNode;
}

/**
 * React catches render errors only in a class component; this one is as small as that allows. The
 * read's cause is logged by its use case; the panel shows the message.
 */
class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => {
    this.props.onReset();
    this.setState({ error: null, failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    const message = error instanceof OutcomeError ? error.message : '';
    return this.props.failed({ message, error, retry: this.retry });
  }
}
