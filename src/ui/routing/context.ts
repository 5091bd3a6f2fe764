import type { QueryClient } from '@tanstack/react-query';
import type { ServiceSource } from '../service-source';
import type { SessionStore } from '../session';

/** What every route's beforeLoad and loader receive: the services (loaded on demand), the cache, the session. */
export interface RouterContext {
  readonly services: ServiceSource;
  readonly queryClient: QueryClient;
  readonly session: SessionStore;
}
