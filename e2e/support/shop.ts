import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { shown } from './browser';

/**
 * The shop console as a person at the counter uses it: the job card, the repair page's next statuses,
 * the delivery code as the shop reads it (the customer's copy of the job sheet), the history, the
 * customer messages and the tracking link. Shared by shop-counter.e2e.ts and shop-offline.e2e.ts.
 */

export const heading = (page: Page, name: string | RegExp, level = 1) =>
  shown(page.getByRole('heading', { level, name }));

/** A Luhn-valid 15-digit IMEI (the textbook example), and the same with its check digit off by one. */
export const VALID_IMEI = '490154203237518';
export const INVALID_IMEI = '490154203237519';

/** The spec's messages as the pages show them (src/domain/shop/messages.ts). */
export const MESSAGES = {
  imeiInvalid: 'This IMEI is not valid. Please check the 15 digits (dial *#06# on the phone).',
  deliveryCodeWrong: 'This delivery code does not match. Please ask the customer for the code again.',
} as const;

export interface JobCard {
  readonly customerName: string;
  /** As typed at the counter (the page stores the 10 digits). */
  readonly customerMobile: string;
  readonly deviceType: 'Mobile' | 'Tablet' | 'Laptop' | 'Other';
  readonly brandModel: string;
  readonly imeiSerial: string;
  /** Labels of the common problems to tick. */
  readonly problems: readonly string[];
  /** Labels of the accessories to tick. */
  readonly accessories: readonly string[];
  /** Rupees as typed. */
  readonly estimate: string;
  readonly advancePaid: string;
  /** YYYY-MM-DD. */
  readonly promisedDate: string;
}

/** A day from now in the browser's time zone, as YYYY-MM-DD (the job card refuses a past date). */
export const tomorrowInBrowser = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  });

/** A job card field by its label (the required ones carry a hidden '*'). */
export const field = (page: Page, label: string): Locator =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

/** Fills the job card of /shop/repairs/new with the spec's labels. */
export async function fillJobCard(page: Page, card: JobCard): Promise<void> {
  await field(page, 'Customer Name').fill(card.customerName);
  await field(page, 'Customer Mobile').fill(card.customerMobile);
  await field(page, 'Device Type').selectOption(card.deviceType);
  await field(page, 'Brand & Model').fill(card.brandModel);
  await field(page, 'IMEI / Serial').fill(card.imeiSerial);
  const problems = page.getByRole('group', { name: /^Problems/ });
  for (const problem of card.problems) await problems.getByRole('checkbox', { name: problem }).check();
  const accessories = page.getByRole('group', { name: 'Accessories Received' });
  for (const accessory of card.accessories)
    await accessories.getByRole('checkbox', { name: accessory, exact: true }).check();
  await field(page, 'Estimate (₹)').fill(card.estimate);
  await field(page, 'Advance Paid (₹)').fill(card.advancePaid);
  await field(page, 'Promised Date').fill(card.promisedDate);
}

/** What the job card's fields hold now (to check that nothing typed was lost). */
export async function jobCardValues(page: Page) {
  const ticked = async (group: string | RegExp) => {
    const boxes = page.getByRole('group', { name: group }).getByRole('checkbox');
    const labels: string[] = [];
    for (const box of await boxes.all()) {
      if (await box.isChecked()) {
        labels.push((await box.evaluate((element) => element.closest('label')?.textContent ?? '')).trim());
      }
    }
    return labels;
  };
  return {
    customerName: await field(page, 'Customer Name').inputValue(),
    customerMobile: await field(page, 'Customer Mobile').inputValue(),
    deviceType: await field(page, 'Device Type').inputValue(),
    brandModel: await field(page, 'Brand & Model').inputValue(),
    imeiSerial: await field(page, 'IMEI / Serial').inputValue(),
    problems: await ticked(/^Problems/),
    accessories: await ticked('Accessories Received'),
    estimate: await field(page, 'Estimate (₹)').inputValue(),
    advancePaid: await field(page, 'Advance Paid (₹)').inputValue(),
    promisedDate: await field(page, 'Promised Date').inputValue(),
  };
}

/** The Repair ID shape of the console: a 2–5 character prefix, a dash, a number. */
export const REPAIR_ID = /^[A-Z0-9]{2,5}-\d{4,}$/;

/** On the repair page: its Repair ID (the h1), once the page shows one. */
export async function repairIdShown(page: Page): Promise<string> {
  const title = await heading(page, REPAIR_ID);
  return ((await title.textContent()) ?? '').trim();
}

/** The value under a label of the repair page's 'Details'. */
export const detail = (page: Page, label: string): Locator =>
  page
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The repair page's 'Payments' section (its card, found by its heading). */
export const paymentsSection = (page: Page): Locator =>
  page
    .getByRole('heading', { level: 2, name: 'Payments', exact: true })
    .locator('xpath=ancestor::div[contains(@class, "rounded-2xl")][1]');

/** A figure of the 'Payments' summary ('Total', 'Paid', 'Due'), as the page writes it ('₹1,000'). */
export const paymentFigure = (page: Page, label: 'Total' | 'Paid' | 'Due'): Promise<string> =>
  paymentsSection(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .textContent()
    .then((text) => (text ?? '').trim());

/**
 * Takes the amount due at the counter in cash: 'Take Payment' (in the 'Payments' section, or in the
 * delivery dialog when `from` is that dialog), which fills in the amount due (`due`, as typed: '1000'),
 * then 'Save Payment'. Waits until the payment's dialog has closed.
 */
export async function takePaymentOfDue(page: Page, due: string, from?: Locator): Promise<void> {
  await (from ?? paymentsSection(page)).getByRole('button', { name: 'Take Payment', exact: true }).click();
  const dialog = await shown(page.getByRole('dialog', { name: 'Take Payment' }));
  expect(await dialog.getByLabel(/^Amount \(₹\)/).inputValue()).toBe(due);
  // 'Mode' is three labelled buttons (the radios themselves are visually hidden): the label is tapped.
  await dialog.locator('label', { hasText: /^Cash$/ }).click();
  expect(await dialog.getByRole('radio', { name: 'Cash' }).isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The next statuses the repair page offers, as their buttons read. */
export const nextSteps = (page: Page): Promise<string[]> =>
  page
    .getByRole('group', { name: 'Next status' })
    .getByRole('button')
    .allTextContents()
    .then((labels) => labels.map((label) => label.trim()));

/** The repair page's status line ('Now: In Progress'). */
export const statusNow = (page: Page): Locator => page.getByText(/^Now: /);

/**
 * Moves the repair on with one of the offered buttons and the dialog it opens; `deliveryCode` is typed
 * when the dialog asks for it. Waits until the page says the new status.
 */
export async function moveTo(page: Page, label: string, deliveryCode?: string): Promise<void> {
  await page
    .getByRole('group', { name: 'Next status' })
    .getByRole('button', { name: label, exact: true })
    .click();
  const dialog = await shown(page.getByRole('dialog', { name: `Mark as ${label}` }));
  if (deliveryCode !== undefined) await dialog.getByLabel(/^Delivery Code/).fill(deliveryCode);
  await dialog.getByRole('button', { name: `Mark as ${label}` }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => statusNow(page).textContent()).toBe(`Now: ${label}`);
}

/** The history as the page lists it, oldest first: each entry's headline ('Received → In Progress'). */
export async function historyHeadlines(page: Page): Promise<string[]> {
  const entries = page.getByRole('list', { name: 'History' }).getByRole('listitem');
  const headlines = await entries.locator('span.font-medium').allTextContents();
  return headlines.map((headline) => headline.trim()).reverse();
}

/**
 * The delivery code where the shop sees it: the customer's copy of the job sheet ('Print Job Sheet' on
 * the repair page). Comes back to the repair page afterwards.
 */
export async function deliveryCodeFromJobSheet(page: Page, repairId: string): Promise<string> {
  await page.getByRole('link', { name: 'Print Job Sheet' }).click();
  const sheet = await shown(page.getByRole('article', { name: `Job sheet ${repairId}` }));
  const text = (await sheet.textContent()) ?? '';
  const code = /Delivery Code:\s*(\d{4})/.exec(text)?.[1];
  if (code === undefined) throw new Error(`the job sheet shows no delivery code:\n${text}`);
  await page.getByRole('link', { name: `← ${repairId}` }).click();
  await heading(page, repairId);
  return code;
}

/** A 4-digit code that is not `code`. */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** The repair page's tracking link, as its 'Tracking link' card shows it (origin + /t/token). */
export async function trackingLinkShown(page: Page): Promise<string> {
  const code = await shown(page.locator('code', { hasText: '/t/' }).first());
  return ((await code.textContent()) ?? '').trim();
}

/** The customer message's 'Send on WhatsApp' and 'Send SMS' links, decoded. */
export async function messageLinks(page: Page): Promise<{ whatsApp: URL; sms: string; smsBody: string }> {
  const whatsApp = await shown(page.getByRole('link', { name: 'Send on WhatsApp' }));
  const sms = await shown(page.getByRole('link', { name: 'Send SMS' }));
  const whatsAppHref = (await whatsApp.getAttribute('href')) ?? '';
  const smsHref = (await sms.getAttribute('href')) ?? '';
  const body = smsHref.includes('?body=') ? decodeURIComponent(smsHref.split('?body=')[1] ?? '') : '';
  return { whatsApp: new URL(whatsAppHref), sms: smsHref, smsBody: body };
}

/**
 * The page's visible text without dates and times, the Repair ID and the tracking token, so that a
 * 4-digit secret can be looked for without matching a year or the repair's number.
 */
export async function textWithoutDates(page: Page, repairId: string): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: what the page shows, with line breaks between blocks (textContent runs digits of neighbouring blocks together)
  const text = await page.locator('body').innerText();
  return text
    .replaceAll(repairId, ' ')
    .replace(/\b\d{1,2}[ /-]\w{3,9}[ /,-]*\d{4}\b/g, ' ')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ')
    .replace(/\b\d{1,2}:\d{2}\b/g, ' ');
}

/** The repair page's 'Changed on another device' panel (issue 20). */
export const conflictPanel = (page: Page): Locator =>
  page.getByRole('region', { name: 'Changed on another device' });

/** Changes the estimate in the repair page's 'Edit details' form and saves (what follows is the caller's). */
export async function saveEstimate(page: Page, rupees: string): Promise<void> {
  const details = page
    .getByRole('heading', { level: 2, name: 'Details' })
    .locator('xpath=ancestor::div[contains(@class, "rounded-2xl")][1]');
  await details.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit details' });
  await form.waitFor({ state: 'visible' });
  await form.getByLabel(/^Estimate/).fill(rupees);
  await form.getByRole('button', { name: 'Save' }).click();
}

/** The estimate's two values in the conflict panel, once it shows: [this device's, the saved one]. */
export async function conflictingEstimates(
  page: Page,
  timeout: number,
): Promise<[string | null, string | null]> {
  const panel = conflictPanel(page);
  await panel.waitFor({ state: 'visible', timeout });
  const estimate = panel.getByRole('group', { name: 'Estimate (₹)' });
  return [
    await estimate.getByTestId('mine-estimatePaise').textContent(),
    await estimate.getByTestId('saved-estimatePaise').textContent(),
  ];
}

/** Keeps this device's estimate in the conflict panel, saves the choice and waits for the panel to go. */
export async function keepThisDevicesEstimate(page: Page): Promise<void> {
  const panel = conflictPanel(page);
  await panel.getByRole('radio', { name: 'Estimate (₹): Keep this device’s' }).check();
  await panel.getByRole('button', { name: 'Save choice' }).click();
  await panel.waitFor({ state: 'hidden', timeout: 30_000 });
}
