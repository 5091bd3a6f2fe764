import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: real Chromium (Debian's, driven by playwright-core), every file against the built
 * offline demo served by `npm start` itself, and the flows that touch a backend (accounts, every
 * dashboard, support, recharge, the phone check) again against the production build on the Firebase
 * emulators, served by `npm run start:firebase`. One file at a time: the machine has two cores and
 * Chromium wants both.
 */
const FIREBASE_FLOWS = [
  'e2e/auth.e2e.ts',
  'e2e/dashboards.e2e.ts',
  'e2e/support.e2e.ts',
  'e2e/recharge.e2e.ts',
  'e2e/security.e2e.ts',
  'e2e/shop-counter.e2e.ts',
  // Firestore's persistent cache: a status change queued offline, kept over a reload, then synced.
  'e2e/shop-offline-firebase.e2e.ts',
  // Issue 20: job cards taken with the network cut get their final IDs from the device's Repair ID
  // block, and land on another browser's board with them.
  'e2e/shop-offline-job-cards-firebase.e2e.ts',
  // Issue 20: two browsers change one repair's estimate offline; the second sees 'Changed on another
  // device' and chooses.
  'e2e/shop-conflicts-firebase.e2e.ts',
  // Staff try to change what RPR-1001's tracking page shows: it still shows the shop's own profile.
  'e2e/shop-surface.e2e.ts',
  // Issue 19: a visitor downloads their page only (no SDK, 130 KB on a tracking link, 200 KB on /).
  'e2e/public-light.e2e.ts',
  // Issue 17's journeys: a new owner's shop, a payment, 'Deliver on Credit', 'Dues' and its UPI QR, and
  // staff invited, accepted, removed and refused.
  'e2e/shop-money.e2e.ts',
  // Issue 18's Reports: the demo owner's month (figures from the seed) and both CSV files parsed back.
  'e2e/shop-reports.e2e.ts',
  // Issue 18's GST invoices: issued once, printed to PDF on A4, A5 and 80 mm, a receipt voucher
  // deducted, the customer's view from the tracking link, and a store without a GSTIN's 'Receipt'.
  'e2e/shop-invoice.e2e.ts',
  // The service worker on the production build: a page load with the network cut.
  'e2e/offline.e2e.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    retry: 0,
    // A page that has not shown something yet is waited for, not failed at once: expect.poll's default
    // second is too short for a first load (the demo data set is written to IndexedDB) on a busy machine.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    projects: [
      {
        extends: true,
        test: { name: 'e2e', include: ['e2e/**/*.e2e.ts'], globalSetup: ['e2e/support/global-setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'e2e-firebase',
          include: FIREBASE_FLOWS,
          globalSetup: ['e2e/support/global-setup-firebase.ts'],
        },
      },
    ],
  },
});
