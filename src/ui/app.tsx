import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { type AppServices, AppServicesProvider } from './app-services';
import { type AppRouter, createAppRouter } from './router';
import { SessionProvider } from './session';

/**
 * networkMode 'always': the backends decide what "offline" means (the demo's PouchDB never needs the
 * network, Firestore answers from its cache or fails). React Query's default would pause every query and
 * mutation while the browser reports no connection, leaving the demo spinning forever with no server.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000, networkMode: 'always' },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}

/** The whole UI over a set of services; `router` lets tests pass one with an in-memory history. */
export function App({ services, router }: { services: AppServices; router?: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  const [appRouter] = useState(() => router ?? createAppRouter());
  return (
    <AppServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={appRouter} />
        </SessionProvider>
      </QueryClientProvider>
    </AppServicesProvider>
  );
}
