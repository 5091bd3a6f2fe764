import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../ui/app';
import type { ServiceSource } from '../ui/service-source';

/**
 * React, the router and the whole UI: the first dynamic import of main.tsx, downloaded beside the
 * current page's screen and (on a tracking link) its reads, then rendered into #root.
 */
export function renderApp(source: ServiceSource, offlineCache: () => Promise<boolean>): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App source={source} offlineCache={offlineCache} />
    </StrictMode>,
  );
}
