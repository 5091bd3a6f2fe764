import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './scripts/service-worker-plugin.js';

const port = Number(process.env.PORT ?? 4173);

export default defineConfig({
  // serviceWorker: /sw.js with the build's precache list (`vite build` only; docs/architecture.md).
  plugins: [react(), tailwindcss(), serviceWorker()],
  server: { port, strictPort: false },
  preview: { port, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // Three chunks of our own instead of a dozen tiny ones (issue 19, docs/performance.md): the
    // domain's basics that most screens share, the public pages' reads (the landing page's store links,
    // the tracking link) and, for the production build, their REST reader. The tracking page downloads
    // 16 files, not 27, and about 3 KB gzip less (a small file compresses alone, adds import lines).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'first-script',
              test: /src\/(ui\/routing\/(screens|warm-up)|ui\/service-source|app\/(settings|early-gets|public-target)|adapters\/firebase\/firestore-rest-url|ports\/errors)\.ts$/,
              priority: 40,
            },
            {
              name: 'app',
              test: /(node_modules\/(react|react-dom|scheduler|@tanstack|use-sync-external-store)\/|src\/ui\/(app|router|session|app-services)\.tsx?$|src\/ui\/routing\/|src\/ui\/features\/[^/]+\/(routes|queries)\.ts$|src\/app\/render-app)/,
              priority: 30,
            },
            {
              name: 'domain-basics',
              test: /src\/(domain\/shared\/(validation|text|time|money)|ports\/errors|domain\/shop\/(amounts|invoice|status-values|upi))\.ts$/,
              priority: 20,
            },
            {
              name: 'public-reads',
              test: /src\/domain\/(public-reads|config\/store-links|shop\/(tracking|tracked-repair|store-profile|tracking-messages|tracking-reads|invoice-record))\.ts$/,
              priority: 10,
            },
            {
              name: 'rest-reads',
              test: /src\/adapters\/(firebase\/(firestore-rest|firestore-rest-tracking|firestore-rest-config)|console-logger)\.ts$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
