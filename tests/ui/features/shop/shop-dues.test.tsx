import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed } from '../../../../src/domain/shared/validation';
import { formatPaise } from '../../../../src/domain/shop/amounts';
import { groupDues } from '../../../../src/domain/shop/dues';
import { DUES_PAGE_SIZE } from '../../../../src/domain/shop/dues-use-cases';
import { SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import { DUES_TEXTS } from '../../../../src/ui/features/shop/shop-texts';
import { seriousA11yViolations } from '../../axe-check';
import { decodeQrSvg } from '../../qr-decode';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

/** /shop/dues, the dues khata, on the demo data (three customers owe Sharma Mobile Care - Bandra). */

const OWNER = 'owner01@demo.test';
const STORE = 'store-sharma-1';

/** The khata as the demo data makes it, read past the UI. */
async function expectedKhata(app: RenderedApp, storeId = STORE) {
  const page = await app.backend.ports.shopRepairs.dues(storeId, { limit: 200 });
  return groupDues(page.items);
}

const customerList = () => screen.getByRole('list', { name: DUES_TEXTS.customers });
const rows = () =>
  within(customerList())
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === customerList());

/** Seeds `count` owing repairs of ₹100 in the store, one customer each, oldest first from 2025. */
async function seedOwing(app: RenderedApp, count: number): Promise<void> {
  const base = Date.UTC(2025, 0, 1);
  for (let n = 0; n < count; n += 1)
    await app.backend.seeder.repair({
      id: `bulk-${n}`,
      repairId: `RPR-${5000 + n}`,
      storeId: STORE,
      customerName: `Bulk ${n}`,
      customerMobile: `91${String(n).padStart(8, '0')}`,
      productName: 'Redmi Note 10',
      status: 'delivered',
      estimatePaise: 10_000,
      paidPaise: 0,
      duePaise: 10_000,
      owing: true,
      createdAt: new Date(base + n * 60_000),
    });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the dues khata (/shop/dues)', () => {
  it('shows the total and one row per customer, oldest first, with their repairs and amounts', async () => {
    const app = await renderApp({ path: `/shop/dues?store=${STORE}`, signedInAs: OWNER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dues' })).toBeTruthy();
    const khata = await expectedKhata(app);
    expect(khata.customers).toHaveLength(3);
    expect(screen.getByText(`Total due: ${formatPaise(khata.totalPaise)} from 3 customers`)).toBeTruthy();
    const shown = rows();
    expect(shown).toHaveLength(3);
    khata.customers.forEach((customer, i) => {
      const row = within(shown[i] as HTMLElement);
      expect(row.getByRole('heading', { level: 2, name: customer.name })).toBeTruthy();
      expect(row.getByText(customer.mobile)).toBeTruthy();
      for (const repair of customer.repairs) {
        expect(row.getByRole('link', { name: repair.repairId })).toBeTruthy();
        expect(row.getAllByText(formatPaise(repair.duePaise)).length).toBeGreaterThan(0);
      }
      const reminder = row.getByRole('link', { name: DUES_TEXTS.sendReminder });
      const href = reminder.getAttribute('href') ?? '';
      expect(href.startsWith(`https://wa.me/91${customer.mobile}?text=`)).toBe(true);
      const text = decodeURIComponent(href.slice(href.indexOf('?text=') + 6));
      expect(text).toContain(formatPaise(customer.totalPaise));
      expect(text).toContain(`/t/${customer.repairs[0]?.trackingToken}`);
    });
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it("'Show UPI QR' draws the exact UPI link for the customer's amount, the amount under it and the link beside", async () => {
    const app = await renderApp({ path: `/shop/dues?store=${STORE}`, signedInAs: OWNER });
    await screen.findByRole('heading', { level: 1, name: 'Dues' });
    const [first] = (await expectedKhata(app)).customers;
    if (first === undefined) throw new Error('no customer owes');
    await app.user.click(
      within(rows()[0] as HTMLElement).getByRole('button', { name: DUES_TEXTS.showUpiQr }),
    );
    const dialog = await screen.findByRole('dialog');
    const qr = within(dialog).getByRole('img', { name: /UPI QR code/ }) as unknown as SVGElement;
    const rupees = (first.totalPaise / 100).toFixed(2);
    const expected = `upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care%20-%20Bandra&am=${rupees}&cu=INR&tn=${first.repairs[0]?.repairId}`;
    expect(decodeQrSvg(qr)).toBe(expected);
    expect(within(dialog).getByTestId('upi-amount').textContent).toBe(formatPaise(first.totalPaise));
    expect(within(dialog).getByRole('link', { name: DUES_TEXTS.openLink }).getAttribute('href')).toBe(
      expected,
    );
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('is open to staff of the store, with the same customers and QR codes', async () => {
    await renderApp({ path: `/shop/dues?store=${STORE}`, signedInAs: 'staff@demo.test' });
    expect(await screen.findByText(/Total due: ₹[\d,]+ from 3 customers/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: DUES_TEXTS.showUpiQr })).toHaveLength(3);
  });

  it('tells a store without a UPI ID to add one in settings, and says when nothing is due', async () => {
    const app = await renderApp({ path: '/shop/dues', signedInAs: 'owner02@demo.test' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dues' })).toBeTruthy();
    expect(screen.getByText('Total due: ₹0 from 0 customers')).toBeTruthy();
    expect(screen.getByText(DUES_TEXTS.none)).toBeTruthy();
    expect(screen.getByText(new RegExp(DUES_TEXTS.addUpiId))).toBeTruthy();
    expect(screen.getByRole('link', { name: DUES_TEXTS.settings }).getAttribute('href')).toMatch(
      /^\/shop\/settings\?store=/,
    );
    expect(screen.queryByRole('button', { name: DUES_TEXTS.showUpiQr })).toBeNull();
    await app.user.click(screen.getByRole('link', { name: DUES_TEXTS.settings }));
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
  });

  it("reads more with 'Load more', joining a customer's later repairs to their row", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const base = Date.UTC(2025, 0, 1);
    for (let n = 0; n < DUES_PAGE_SIZE + 5; n += 1)
      await app.backend.seeder.repair({
        id: `bulk-${n}`,
        repairId: `RPR-${5000 + n}`,
        storeId: STORE,
        customerName: n === DUES_PAGE_SIZE + 4 ? 'Bulk 0' : `Bulk ${n}`,
        customerMobile: n === DUES_PAGE_SIZE + 4 ? '9100000000' : `91${String(n).padStart(8, '0')}`,
        productName: 'Redmi Note 10',
        status: 'delivered',
        estimatePaise: 10_000,
        paidPaise: 0,
        duePaise: 10_000,
        owing: true,
        createdAt: new Date(base + n * 60_000),
      });
    await app.router.navigate({ to: '/shop/dues', search: { store: STORE } });
    expect(
      await screen.findByText(
        `Total due: ${formatPaise(DUES_PAGE_SIZE * 10_000)} from ${DUES_PAGE_SIZE} customers`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(DUES_TEXTS.moreToLoad)).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: DUES_TEXTS.loadMore }));
    const total = formatPaise(
      (DUES_PAGE_SIZE + 5) * 10_000 +
        (await expectedKhata(app)).customers
          .filter((customer) => !customer.key.startsWith('mobile:91'))
          .reduce((sum, customer) => sum + customer.totalPaise, 0),
    );
    expect(
      await screen.findByText(`Total due: ${total} from ${DUES_PAGE_SIZE + 4 + 3} customers`),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: DUES_TEXTS.loadMore })).toBeNull());
    const bulk0 = within(rows()[0] as HTMLElement);
    expect(bulk0.getByRole('link', { name: 'RPR-5000' })).toBeTruthy();
    expect(bulk0.getByRole('link', { name: `RPR-${5000 + DUES_PAGE_SIZE + 4}` })).toBeTruthy();
    expect(pathOf(app)).toBe('/shop/dues');
  });

  it("says so when 'Load more' fails, keeps what is shown, and reads the page on the next try", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await seedOwing(app, DUES_PAGE_SIZE + 1);
    await app.router.navigate({ to: '/shop/dues', search: { store: STORE } });
    expect(
      await screen.findByText(
        `Total due: ${formatPaise(DUES_PAGE_SIZE * 10_000)} from ${DUES_PAGE_SIZE} customers`,
      ),
    ).toBeTruthy();
    const page = vi
      .spyOn(app.services.useCases.shop, 'duesPage')
      .mockResolvedValueOnce(failed(SHOP_MESSAGES.loadFailed, 'failed'));
    await app.user.click(screen.getByRole('button', { name: DUES_TEXTS.loadMore }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(SHOP_MESSAGES.loadFailed),
    );
    expect(rows()).toHaveLength(DUES_PAGE_SIZE);
    page.mockRestore();
    await app.user.click(screen.getByRole('button', { name: DUES_TEXTS.loadMore }));
    expect(await screen.findByText(/Total due: ₹[\d,]+ from 54 customers/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("says the route's failure with Retry when the khata cannot be read", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const page = vi
      .spyOn(app.services.useCases.shop, 'duesPage')
      .mockResolvedValue(failed(SHOP_MESSAGES.loadFailed, 'failed'));
    await app.router.navigate({ to: '/shop/dues', search: { store: STORE } });
    expect(await screen.findByText(SHOP_MESSAGES.loadFailed)).toBeTruthy();
    page.mockRestore();
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dues' })).toBeTruthy();
  });

  it('opens on the store last chosen on this browser, and remembers a store picked here', async () => {
    const app = await renderApp({ path: `/shop?store=${STORE}`, signedInAs: OWNER });
    await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' });
    await app.router.navigate({ to: '/shop/dues' });
    expect(await screen.findByText(/from 3 customers/)).toBeTruthy();
    expect(app.router.state.location.search).toEqual({ store: STORE });
    await app.user.selectOptions(screen.getByLabelText('Store'), 'store-sharma-2');
    expect(await screen.findByText('Total due: ₹0 from 0 customers')).toBeTruthy();
    await app.router.navigate({ to: '/shop' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Andheri' }),
    ).toBeTruthy();
  });

  it("is a link from the board, beside the console's other buttons", async () => {
    const app = await renderApp({ path: `/shop?store=${STORE}`, signedInAs: 'staff@demo.test' });
    await app.user.click(await screen.findByRole('link', { name: 'Dues' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dues' })).toBeTruthy();
    expect(pathOf(app)).toBe('/shop/dues');
  });
});
