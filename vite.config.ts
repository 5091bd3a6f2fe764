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
  },
});
