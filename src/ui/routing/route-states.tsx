import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Alert } from '../components/alert';
import { Button } from '../components/button';
import { LoadingBlock } from '../components/spinner';
import { AppPage } from '../layout/app-page';
import { PublicPage } from '../layout/public-page';
import { AccessDenied } from '../pages/access-denied';
import { useSession } from '../session';
import { AccessDeniedError, SessionFailedError } from './guards';

/** While a signed-in route checks access or loads its data: 'Loading...' in the app frame. */
export function RoutePending() {
  return (
    <AppPage>
      <LoadingBlock />
    </AppPage>
  );
}

const LOAD_FAILED = 'This page could not be loaded. Check your connection and try again.';

/**
 * What a route shows when its beforeLoad or loader throws: 'Access denied.' (in the public frame for a
 * signed-out visitor, with Sign In; in the app frame otherwise), the session's message, or a retry.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const session = useSession();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  if (error instanceof AccessDeniedError) {
    return session.status === 'signed-in' ? (
      <AppPage>
        <AccessDenied />
      </AppPage>
    ) : (
      <PublicPage>
        <div className="px-4">
          <AccessDenied />
        </div>
      </PublicPage>
    );
  }
  return (
    <AppPage>
      <Alert className="mx-auto max-w-xl">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{error instanceof SessionFailedError && error.message ? error.message : LOAD_FAILED}</span>
          {!(error instanceof SessionFailedError) && (
            <Button variant="secondary" size="sm" onClick={retry}>
              Retry
            </Button>
          )}
        </div>
      </Alert>
    </AppPage>
  );
}
