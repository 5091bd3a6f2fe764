import { cleanup, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_UIDS } from '../../../../src/demo/demo-data';
import { JOB_CARD_DRAFT_TEXTS } from '../../../../src/ui/features/shop/job-card/job-card-draft';
import { jobCardDraftKey } from '../../../../src/ui/features/shop/job-card/job-card-draft-store';
import { DRAFT_SAVE_DELAY_MS } from '../../../../src/ui/features/shop/job-card/use-job-card-draft';
import { setPhotoResizer } from '../../../../src/ui/features/shop/photos/photo-resizer';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';
const STAFF = 'staff@demo.test';
const UNLOCK_CODE = 'PIN-246813';

// jsdom has no canvas and no object URLs: the photo resizer keeps the bytes, object URLs are names.
let restoreResizer: () => void = () => undefined;
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  restoreResizer = setPhotoResizer(
    async (image) => new Blob([await image.arrayBuffer()], { type: 'image/jpeg' }),
  );
  let made = 0;
  URL.createObjectURL = () => `blob:test/${++made}`;
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  restoreResizer();
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

async function openJobCard(account = OWNER, store = 'store-sharma-1'): Promise<RenderedApp> {
  const app = await renderApp({ path: `/shop/repairs/new?store=${store}`, signedInAs: account });
  // The first render loads the whole app: give it longer than a click's answer.
  await screen.findByRole('heading', { level: 1, name: 'New Repair' });
  return app;
}

/** A reload: the page goes (unmounted, as a tab does on reload) and the app starts again on the same storage. */
async function reload(account = OWNER, store = 'store-sharma-1'): Promise<RenderedApp> {
  cleanup();
  return openJobCard(account, store);
}

/** The warm-up hint (src/ui/session.tsx): a flag that an account is signed in here, no data. */
const SESSION_HINT = 'repairmate.session';

/**
 * Everything this browser keeps in localStorage but the warm-up hint, as text (to look for what must
 * never be there).
 */
const storedTexts = () =>
  Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '')
    .filter((key) => key !== SESSION_HINT)
    .map((key) => `${key}=${localStorage.getItem(key)}`);

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function typeHalfACard(app: RenderedApp) {
  await app.user.type(input(/^Customer Name/), 'Half Typed');
  await app.user.type(input(/^Customer Mobile/), '90000 12345');
  await app.user.selectOptions(input(/^Device Type/), 'Tablet');
  await app.user.type(input(/^Brand & Model/), 'iPad 9th gen');
  await app.user.click(checkbox('Charging problem'));
  await app.user.click(checkbox('Other'));
  await app.user.type(input(/^Other accessory/), 'Pencil');
  await app.user.type(input(/^Condition Notes/), 'Dent on the corner');
  await app.user.type(input(/^Unlock Code/), UNLOCK_CODE);
  await app.user.type(input(/^Estimate/), '1800');
}

function expectHalfACard() {
  expect(input(/^Customer Name/).value).toBe('Half Typed');
  expect(input(/^Customer Mobile/).value).toBe('90000 12345');
  expect(input(/^Device Type/).value).toBe('Tablet');
  expect(input(/^Brand & Model/).value).toBe('iPad 9th gen');
  expect(checkbox('Charging problem').checked).toBe(true);
  expect(checkbox('Screen broken').checked).toBe(false);
  expect(checkbox('Other').checked).toBe(true);
  expect(input(/^Other accessory/).value).toBe('Pencil');
  expect(input(/^Condition Notes/).value).toBe('Dent on the corner');
  expect(input(/^Estimate/).value).toBe('1800');
}

function expectEmptyCard() {
  expect(screen.queryByText(JOB_CARD_DRAFT_TEXTS.restored)).toBeNull();
  expect(screen.queryByRole('button', { name: JOB_CARD_DRAFT_TEXTS.discard })).toBeNull();
  expect(input(/^Customer Name/).value).toBe('');
  expect(input(/^Customer Mobile/).value).toBe('');
  expect(input(/^Device Type/).value).toBe('');
  expect(checkbox('Charging problem').checked).toBe(false);
}

describe('/shop/repairs/new keeps a draft of the job card', () => {
  it("survives a crash: what was saved as the person typed opens again with 'Draft restored', without the unlock code", async () => {
    const app = await openJobCard();
    await typeHalfACard(app);
    // Saved after a pause in typing, without the page going anywhere.
    await waitFor(() => expect(storedTexts().join()).toContain('1800'), {
      timeout: DRAFT_SAVE_DELAY_MS + 1000,
    });
    // A crash: the tab dies as it is (no unmount, no pagehide); the storage is what was saved by then.
    const saved = storedTexts();
    expect(saved).toHaveLength(1);
    expect(saved.join()).not.toContain(UNLOCK_CODE);
    const kept = { ...localStorage };
    cleanup();
    localStorage.clear();
    for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);

    await openJobCard();
    const alert = screen.getByText(JOB_CARD_DRAFT_TEXTS.restored).closest('[role="status"]') as HTMLElement;
    expect(alert).toBeTruthy();
    expect(alert.textContent).toContain(JOB_CARD_DRAFT_TEXTS.unlockCodeNotKept);
    expect(within(alert).getByRole('button', { name: JOB_CARD_DRAFT_TEXTS.discard })).toBeTruthy();
    expectHalfACard();
    // The secret is not back: the field is empty and says why.
    expect(input(/^Unlock Code/).value).toBe('');
    expect(screen.getByText(JOB_CARD_DRAFT_TEXTS.unlockCodeHint)).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);

    // Typing on without giving the code again: the next reload still says it is missing.
    await app.user.type(input(/^Brand & Model/), ' (grey)');
    await reload();
    expect(input(/^Brand & Model/).value).toBe('iPad 9th gen (grey)');
    expect(screen.getByText(JOB_CARD_DRAFT_TEXTS.unlockCodeNotKept)).toBeTruthy();
  });

  it('survives a reload straight after the last keystroke (no pause)', async () => {
    const app = await openJobCard();
    await app.user.type(input(/^Customer Name/), 'Quick Typist');
    await app.user.type(input(/^Customer Mobile/), '9000012345');
    await reload();
    expect(screen.getByText(JOB_CARD_DRAFT_TEXTS.restored)).toBeTruthy();
    expect(screen.getByText(JOB_CARD_DRAFT_TEXTS.neverKept)).toBeTruthy();
    expect(input(/^Customer Name/).value).toBe('Quick Typist');
    expect(input(/^Customer Mobile/).value).toBe('9000012345');
  });

  it('says the photos were not kept, and how many to add again', async () => {
    const app = await openJobCard();
    await app.user.type(input(/^Customer Name/), 'With Photos');
    await app.user.upload(screen.getByLabelText('Photos') as HTMLInputElement, [
      new File([new Uint8Array(20).fill(3)], 'front.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array(20).fill(4)], 'back.jpg', { type: 'image/jpeg' }),
    ]);
    await screen.findByRole('button', { name: /Remove photo 2/ });
    await pause(DRAFT_SAVE_DELAY_MS + 100);
    expect(storedTexts().join()).not.toContain('front.jpg');
    await reload();
    expect(input(/^Customer Name/).value).toBe('With Photos');
    expect(screen.getByText(JOB_CARD_DRAFT_TEXTS.photosNotKept(2))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove photo/ })).toBeNull();
    await app.user.type(input(/^Customer Name/), ' Again');
    await reload();
    expect(input(/^Customer Name/).value).toBe('With Photos Again');
    expect(screen.getByText(JOB_CARD_DRAFT_TEXTS.photosNotKept(2))).toBeTruthy();
  });

  it("'Discard draft' empties the job card and forgets the draft", async () => {
    const app = await openJobCard();
    await typeHalfACard(app);
    await reload();
    expectHalfACard();
    await app.user.click(screen.getByRole('button', { name: JOB_CARD_DRAFT_TEXTS.discard }));
    expectEmptyCard();
    expect(input(/^Brand & Model/).value).toBe('');
    expect(screen.queryByLabelText(/^Other accessory/)).toBeNull();
    expect(storedTexts()).toEqual([]);
    await reload();
    expectEmptyCard();
  });

  it("'Create Repair' forgets the draft: the next job card starts empty", async () => {
    const app = await openJobCard();
    await app.user.type(input(/^Customer Name/), 'Created Today');
    await app.user.type(input(/^Customer Mobile/), '9000012345');
    await app.user.selectOptions(input(/^Device Type/), 'Mobile');
    await app.user.type(input(/^Brand & Model/), 'Redmi Note 12');
    await app.user.click(checkbox('Screen broken'));
    // Refused first (a bad IMEI): the draft stays.
    await app.user.type(input(/^IMEI/), '490154203237519');
    await reload();
    expect(input(/^Customer Name/).value).toBe('Created Today');
    await app.user.click(screen.getByRole('button', { name: 'Create Repair' }));
    expect(await screen.findByText(/This IMEI is not valid/)).toBeTruthy();
    await app.user.clear(input(/^IMEI/));
    await app.user.click(screen.getByRole('button', { name: 'Create Repair' }));
    await screen.findByRole('heading', { level: 1, name: /^[A-Z0-9]{2,5}-\d{4,}$/ });
    expect(storedTexts()).toEqual([]);
    await pause(DRAFT_SAVE_DELAY_MS + 100);
    expect(storedTexts()).toEqual([]);
    await screen.findByRole('link', { name: '← Repairs' });
    await reload();
    expectEmptyCard();
  });

  it('never shows one account’s draft to another on the same computer, nor in another store', async () => {
    const owner = await openJobCard(OWNER);
    await typeHalfACard(owner);
    await reload(STAFF);
    expectEmptyCard();
    await reload(OWNER, 'store-sharma-2');
    expectEmptyCard();
    // The owner's draft is still there for the owner.
    await reload(OWNER);
    expectHalfACard();
  });

  it("'Logout' forgets the account's drafts", async () => {
    const app = await openJobCard();
    await typeHalfACard(app);
    await pause(DRAFT_SAVE_DELAY_MS + 100);
    expect(storedTexts()).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(storedTexts()).toEqual([]);
    await reload(OWNER);
    expectEmptyCard();
  });

  it("'Logout' straight after the last keystroke keeps nothing either", async () => {
    const app = await openJobCard();
    await app.user.type(input(/^Customer Name/), 'Last Keystroke');
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await pause(DRAFT_SAVE_DELAY_MS + 100);
    expect(storedTexts()).toEqual([]);
    // Signed out: not even the flag that someone was signed in here is left.
    expect(localStorage.getItem(SESSION_HINT)).toBeNull();
    await reload(OWNER);
    expectEmptyCard();
    // Signed in again in the same tab: the job card keeps drafts again.
    await app.user.type(input(/^Customer Name/), 'Next Day');
    await reload(OWNER);
    expect(input(/^Customer Name/).value).toBe('Next Day');
  });

  it('ignores (and removes) a corrupt, foreign, stale or edited draft; an unlock code put in storage never shows', async () => {
    const key = jobCardDraftKey(DEMO_UIDS.owner(1), 'store-sharma-1');
    const values = { customerName: 'From Storage', deviceType: 'Mobile', problems: [], accessories: [] };
    const draft = (patch: object) =>
      JSON.stringify({
        v: 1,
        savedAt: Date.now(),
        values,
        unlockCodeLeftOut: false,
        photosLeftOut: 0,
        ...patch,
      });
    const corrupt = [
      '{not json',
      'null',
      '[]',
      '"text"',
      draft({ v: 0 }),
      draft({ v: 2 }),
      draft({ savedAt: 'yesterday' }),
      draft({ savedAt: Date.now() - 8 * 24 * 60 * 60 * 1000 }),
      draft({ values: { ...values, customerName: 42 } }),
      draft({ values: { ...values, problems: 'Screen broken' } }),
      draft({ values: { ...values, customerName: 'x'.repeat(6000) } }),
      draft({ photosLeftOut: -1 }),
      draft({ values: { customerName: '' } }),
    ];
    for (const text of corrupt) {
      localStorage.setItem(key, text);
      await reload();
      expectEmptyCard();
      expect(localStorage.getItem(key)).toBeNull();
    }
    // A stored unlock code (an older or tampered draft) is never read back.
    localStorage.setItem(
      key,
      draft({ values: { ...values, unlockCode: UNLOCK_CODE }, unlockCode: UNLOCK_CODE }),
    );
    await reload();
    expect(screen.getByText(JOB_CARD_DRAFT_TEXTS.restored)).toBeTruthy();
    expect(input(/^Customer Name/).value).toBe('From Storage');
    expect(input(/^Unlock Code/).value).toBe('');
  });

  it('says so when the browser refuses to keep the draft (storage full or disabled), and keeps what is typed', async () => {
    const app = await openJobCard();
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await app.user.type(input(/^Customer Name/), 'No Room');
      expect(await screen.findByText(JOB_CARD_DRAFT_TEXTS.notSaved, {}, { timeout: 2000 })).toBeTruthy();
      expect(input(/^Customer Name/).value).toBe('No Room');
    } finally {
      refuse.mockRestore();
    }
    // Room again: the next change is kept, and the warning goes.
    await app.user.type(input(/^Customer Name/), '!');
    await waitFor(() => expect(screen.queryByText(JOB_CARD_DRAFT_TEXTS.notSaved)).toBeNull());
    await reload();
    expect(input(/^Customer Name/).value).toBe('No Room!');
  });
});
