import {
  arrayUnion,
  doc,
  type Firestore,
  getDoc,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFirebaseBackend, type FirebaseBackend } from '../src/adapters/firebase/firebase-backend';
import { DEMO_UIDS, generateDemoData } from '../src/demo/demo-data';
import { backend, freshData } from './support/backend';
import { launchBrowser, openTab, screenshot, shown } from './support/browser';

/**
 * Issue 15's end-to-end check on the production build (the Firebase emulators and firestore.rules):
 * staff@demo.test, signed in with the real SDK, tries to change what RPR-1001's tracking page shows —
 * the UPI ID payments go to, the shop's phone, the amounts — through every document a staff member can
 * write or might try. Every such write is refused (or changes nothing the page shows), and the page,
 * opened signed out in a fresh browser profile, still shows Sharma Mobile Care's UPI ID
 * sharmamobile@okaxis, its number 9811111111, ₹500 paid and ₹2,000 due.
 */
const baseUrl = inject('baseUrl');
const STAFF_UID = DEMO_UIDS.staff;
const STORE = 'store-sharma-1';
const REPAIR = 'repair-1001';
const THIEF_UPI = 'samstaff@okaxis';
const THIEF_PHONE = '9000000008';

let browser: Browser;
let staff: FirebaseBackend;
let db: Firestore;
let token = '';

/** The outcome of a write: 'allowed', or the SDK's refusal code. */
async function attempt(write: () => Promise<unknown>): Promise<string> {
  return write().then(
    () => 'allowed',
    (error: { code?: string }) => (error.code ?? 'error').replace(/^firestore\//, ''),
  );
}

describe.runIf(backend() === 'firebase')(
  "staff cannot change what a customer's tracking page shows (RPR-1001)",
  () => {
    beforeAll(async () => {
      setLogLevel('silent');
      await freshData();
      const link = generateDemoData(new Date()).shop?.trackingLinks.find((l) => l.repairDocId === REPAIR);
      if (!link) throw new Error('the demo data gives RPR-1001 a tracking link');
      token = link.token;
      const endpoints = inject('firebaseEndpoints');
      if (endpoints === null) throw new Error('the Firebase build runs on the emulators');
      staff = createFirebaseBackend({
        firebase: {
          apiKey: 'demo-api-key',
          authDomain: `${endpoints.authProject}.firebaseapp.com`,
          projectId: endpoints.authProject,
        },
        emulators: {
          authUrl: `http://${endpoints.host}:${endpoints.authPort}`,
          firestoreHost: endpoints.host,
          firestorePort: endpoints.firestorePort,
        },
        appName: 'staff-attacker',
      });
      await staff.ports.auth.signIn('staff@demo.test', 'Demo@1234');
      db = staff.firestore;
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await staff?.dispose();
      await browser?.close();
    });

    it('refuses every write that would put another UPI ID, phone or amount in front of the customer', async () => {
      const link = doc(db, 'tracking', token);
      const repair = doc(db, 'repairs', REPAIR);
      const stored = (await getDoc(repair)).data() ?? {};
      expect(stored.repairId).toBe('RPR-1001');
      const outcomes: Record<string, string> = {
        // The link itself: its view is the repair's own fields, nothing else.
        'tracking: a pay link': await attempt(() =>
          updateDoc(link, { 'view.payLink': `upi://pay?pa=${THIEF_UPI}&am=2000.00` }),
        ),
        'tracking: a shop with another UPI ID and phone': await attempt(() =>
          updateDoc(link, { shop: { name: 'Sharma Mobile Care', phone: THIEF_PHONE, upiId: THIEF_UPI } }),
        ),
        'tracking: paid in full': await attempt(() => updateDoc(link, { 'view.paidPaise': 250_000 })),
        'tracking: a lower estimate': await attempt(() => updateDoc(link, { 'view.estimatePaise': 100 })),
        'tracking: a new link with a forged view': await attempt(() =>
          setDoc(doc(db, 'tracking', 'forged-token-AAAAAAAAAAAAAAAA'), {
            repairDocId: REPAIR,
            storeId: STORE,
            revoked: false,
            view: { repairId: 'RPR-1001', paidPaise: 250_000 },
          }),
        ),
        // The store's public profile, which the page reads for the shop: the owner's alone.
        'storeProfiles: another UPI ID': await attempt(() =>
          updateDoc(doc(db, 'storeProfiles', STORE), { upiId: THIEF_UPI, updatedAt: serverTimestamp() }),
        ),
        'storeProfiles: another phone': await attempt(() =>
          updateDoc(doc(db, 'storeProfiles', STORE), { phone: THIEF_PHONE, updatedAt: serverTimestamp() }),
        ),
        // The store's settings: the owner's alone.
        'stores: another UPI ID and phone': await attempt(() =>
          updateDoc(doc(db, 'stores', STORE), { upiId: THIEF_UPI, phone: THIEF_PHONE }),
        ),
        // The repair: money moves only as payments, with the entry and its payment in one write.
        'repairs: paid without a payment': await attempt(() =>
          updateDoc(repair, {
            paidPaise: 250_000,
            updatedAt: serverTimestamp(),
            history: arrayUnion({
              kind: 'edit',
              status: stored.status,
              from: null,
              at: new Date(),
              by: { uid: STAFF_UID, name: 'Sam Staff' },
              note: 'Changed: paidPaise',
              amountPaise: null,
            }),
          }),
        ),
        'repairs + tracking: a payment entry with no payment document': await attempt(() => {
          const batch = writeBatch(db);
          batch.update(repair, {
            paidPaise: 250_000,
            updatedAt: serverTimestamp(),
            history: arrayUnion({
              kind: 'payment',
              status: stored.status,
              from: null,
              at: new Date(),
              by: { uid: STAFF_UID, name: 'Sam Staff' },
              note: '',
              amountPaise: 200_000,
              paymentId: 'no-such-payment',
            }),
          });
          batch.update(link, { 'view.paidPaise': 250_000 });
          return batch.commit();
        }),
        // Another store's records or the owner's own profile.
        "publicProfiles: the owner's number": await attempt(() =>
          updateDoc(doc(db, 'publicProfiles', DEMO_UIDS.owner(1)), { phone: THIEF_PHONE }),
        ),
      };
      expect(outcomes).toEqual(
        Object.fromEntries(Object.keys(outcomes).map((name) => [name, 'permission-denied'])),
      );
    });

    it('shows the customer, signed out in a fresh browser, the shop’s own UPI ID and number and the true amounts', async () => {
      const tab = await openTab(browser, 'phone');
      try {
        const { page } = tab;
        await page.goto(`${baseUrl}/t/${token}`);
        await shown(page.getByRole('heading', { name: 'RPR-1001' }));
        await shown(page.getByText('Sharma Mobile Care', { exact: false }).first());
        const call = page.getByRole('link', { name: /^Call / });
        expect(await call.getAttribute('href')).toBe('tel:9811111111');
        const pay = page.getByRole('link', { name: /with UPI/ });
        const href = (await pay.getAttribute('href')) ?? '';
        expect(href).toContain('pa=sharmamobile@okaxis');
        expect(href).toContain('am=2000.00');
        expect(href).not.toContain(THIEF_UPI);
        expect(await page.locator('body').textContent()).not.toContain(THIEF_PHONE);
        await expect.poll(() => page.getByText('₹2,000').count()).toBeGreaterThan(0);
        await screenshot(page, 'shop-surface-tracking-after-attacks-phone');
        expect(tab.problems.errors).toEqual([]);
      } finally {
        await tab.context.close();
      }
    });
  },
);
