import { waitFor, within } from '@testing-library/react';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPaise } from '../../../../src/domain/shop/amounts';
import { istEndOfDay, istStartOfDay } from '../../../../src/domain/shop/report-search';
import { REPORT_USE_CASE_MESSAGES } from '../../../../src/domain/shop/report-use-cases';
import type { MonthReport } from '../../../../src/domain/shop/reports';
import { PortError } from '../../../../src/ports/errors';
import { rememberStore } from '../../../../src/ui/features/shop/board/remembered-store';
import { REPORTS_TEXTS } from '../../../../src/ui/features/shop/reports/reports-texts';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

/*
 * /shop/reports (owner-console.md "Reports") on the demo data, today 21 Nov 2026: the owner's cards,
 * 'Top Problems', the chart and its table read as the report port answers (read past the UI); the
 * 'Month' and store pickers in the URL; staff refused with no link to it; and 'Download CSV' of
 * repairs (a Blob download where the browser has no save picker) and of payments (streamed into the
 * file the save picker gives), each file parsed back with csv-parse and compared with the data.
 */

const OWNER = 'owner01@demo.test';
const STORE = 'store-sharma-1';

function parseCsv(text: string): string[][] {
  return parse(text, { bom: true }) as string[][];
}

async function report(app: RenderedApp, month: string, storeId = STORE): Promise<MonthReport> {
  return app.backend.ports.reports.monthReport(storeId, month);
}

/** The figure under a card's label. */
function figure(label: string): string {
  const cards = screen.getByRole('region', { name: REPORTS_TEXTS.cards });
  const term = within(cards).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function openReports(month?: string): Promise<RenderedApp> {
  const app = await renderApp({
    path: `/shop/reports?store=${STORE}${month ? `&period=${month}` : ''}`,
    signedInAs: OWNER,
  });
  await screen.findByRole('heading', { level: 1, name: /Sharma Mobile Care/ });
  return app;
}

async function expectCards(expected: MonthReport): Promise<void> {
  await waitFor(() => expect(figure(REPORTS_TEXTS.received)).toBe(String(expected.received)));
  expect(figure(REPORTS_TEXTS.delivered)).toBe(String(expected.delivered));
  const cards = screen.getByRole('region', { name: REPORTS_TEXTS.cards });
  expect(within(cards).getByText(REPORTS_TEXTS.sales(formatPaise(expected.salesPaise)))).toBeTruthy();
  expect(figure(REPORTS_TEXTS.collected)).toBe(formatPaise(expected.collected.netPaise));
  expect(figure(REPORTS_TEXTS.due)).toBe(formatPaise(expected.duePaise));
  expect(figure(REPORTS_TEXTS.averageTurnaround)).toBe(
    expected.averageTurnaroundDays === null ? '—' : REPORTS_TEXTS.days(expected.averageTurnaroundDays),
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Reports screen (/shop/reports)', () => {
  it("opens on this month in India and shows the report's cards, 'Top Problems' and the chart", async () => {
    const app = await openReports();
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ period: '2026-11' }));
    const expected = await report(app, '2026-11');
    expect(expected.received).toBeGreaterThan(0);
    expect(expected.collected.netPaise).toBeGreaterThan(0);
    await expectCards(expected);
    const collected = within(screen.getByRole('region', { name: REPORTS_TEXTS.cards }));
    expect(collected.getByText(REPORTS_TEXTS.cash).nextElementSibling?.textContent).toBe(
      formatPaise(expected.collected.cashPaise),
    );
    expect(collected.getByText(REPORTS_TEXTS.upi).nextElementSibling?.textContent).toBe(
      formatPaise(expected.collected.upiPaise),
    );
    expect((screen.getByLabelText(REPORTS_TEXTS.month) as HTMLSelectElement).value).toBe('2026-11');
    // 'Top Problems', most frequent first.
    expect(expected.topProblems.length).toBeGreaterThan(0);
    const problems = within(screen.getByRole('list', { name: REPORTS_TEXTS.topProblems })).getAllByRole(
      'listitem',
    );
    expect(problems.map((item) => item.textContent)).toEqual(
      expected.topProblems.map(
        (problem) => `${problem.problem}${REPORTS_TEXTS.repairCount(problem.repairs)}`,
      ),
    );
    // The chart, and its table: one row per day of the month.
    expect(screen.getByRole('img', { name: `${REPORTS_TEXTS.chart}, November 2026` })).toBeTruthy();
    const table = screen.getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1);
    expect(rows).toHaveLength(30);
    expect(expected.daily).toHaveLength(30);
    for (const [index, day] of expected.daily.entries())
      expect(rows[index]?.textContent).toContain(formatPaise(day.netPaise));
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it("'Month' and the store are chosen in the URL, and the cards follow", async () => {
    const app = await openReports('2026-11');
    await app.user.selectOptions(screen.getByLabelText(REPORTS_TEXTS.month), '2026-10');
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ period: '2026-10' }));
    const october = await report(app, '2026-10');
    expect(october.delivered).toBeGreaterThan(0);
    await expectCards(october);
    await app.user.selectOptions(screen.getByLabelText(REPORTS_TEXTS.store), 'store-sharma-2');
    await waitFor(() =>
      expect(app.router.state.location.search).toEqual({ store: 'store-sharma-2', period: '2026-10' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: /Andheri/ })).toBeTruthy();
    await expectCards(await report(app, '2026-10', 'store-sharma-2'));
  });

  it('opens on the store last chosen on this browser, as the board does', async () => {
    rememberStore('demo-owner01', 'store-sharma-2');
    const app = await renderApp({ path: '/shop/reports', signedInAs: OWNER });
    expect(await screen.findByRole('heading', { level: 1, name: /Andheri/ })).toBeTruthy();
    expect(app.router.state.location.search).toEqual({ store: 'store-sharma-2', period: '2026-11' });
  });

  it("is linked from the owner's board", async () => {
    const app = await renderApp({ path: `/shop?store=${STORE}`, signedInAs: OWNER });
    await app.user.click(await screen.findByRole('link', { name: REPORTS_TEXTS.title }));
    await waitFor(() => expect(pathOf(app)).toBe('/shop/reports'));
    expect(await screen.findByText(REPORTS_TEXTS.received)).toBeTruthy();
    expect(app.router.state.location.search).toEqual({ store: STORE, period: '2026-11' });
  });

  it("is linked from the dashboard's shop card of a customer who opened a shop", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: 'customer@demo.test' });
    const uid = app.backend.ports.auth.currentUser()?.uid ?? '';
    await app.backend.seeder.store({ id: 'store-asha', ownerId: uid, name: 'Asha Mobile Point' });
    await app.router.navigate({ to: '/dashboard' });
    const aside = await screen.findByRole('complementary', { name: 'Your shop' });
    await app.user.click(await within(aside).findByRole('link', { name: REPORTS_TEXTS.title }));
    await waitFor(() => expect(pathOf(app)).toBe('/shop/reports'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Mobile Point' })).toBeTruthy();
    expect(app.router.state.location.search).toEqual({ store: 'store-asha', period: '2026-11' });
    expect(figure(REPORTS_TEXTS.received)).toBe('0');
    expect(screen.getByText(REPORTS_TEXTS.noProblems)).toBeTruthy();
    expect(figure(REPORTS_TEXTS.averageTurnaround)).toBe('—');
  });

  it('is refused to staff, who get no link to it', async () => {
    const staff = await renderApp({ path: `/shop?store=${STORE}`, signedInAs: 'staff@demo.test' });
    await screen.findAllByRole('link', { name: 'Dues' });
    expect(screen.queryByRole('link', { name: REPORTS_TEXTS.title })).toBeNull();
    await staff.router.navigate({ to: '/shop/reports', search: { store: STORE } });
    expect(await screen.findByText(REPORT_USE_CASE_MESSAGES.ownerOnly)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: REPORTS_TEXTS.title })).toBeTruthy();
    expect(screen.queryByText(REPORTS_TEXTS.received)).toBeNull();
    expect(screen.queryByRole('button', { name: REPORTS_TEXTS.repairsCsv })).toBeNull();
  });
});

describe('a report that cannot be read', () => {
  it("says so with 'Retry', which shows the report once the backend answers", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const read = vi
      .spyOn(app.backend.ports.reports, 'monthReport')
      .mockRejectedValueOnce(new PortError('unavailable', 'offline'));
    await app.router.navigate({ to: '/shop/reports', search: { store: STORE, period: '2026-11' } });
    expect(await screen.findByText(REPORT_USE_CASE_MESSAGES.loadFailed)).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    await expectCards(await report(app, '2026-11'));
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe("'Download CSV'", () => {
  it('downloads the repairs received between From and To as a Blob where there is no save picker', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const app = await openReports('2026-10');
    const from = screen.getByLabelText(REPORTS_TEXTS.from) as HTMLInputElement;
    const to = screen.getByLabelText(REPORTS_TEXTS.to) as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-10-01', '2026-10-31']);
    await app.user.clear(from);
    await app.user.type(from, '2025-01-01');
    await app.user.click(screen.getByRole('button', { name: REPORTS_TEXTS.repairsCsv }));
    expect(
      await screen.findByText(REPORTS_TEXTS.downloaded('repairs-2025-01-01-to-2026-10-31.csv')),
    ).toBeTruthy();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(blobs).toHaveLength(1);
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
    expect(header?.[0]).toBe('Repair ID');
    const page = await app.backend.ports.shopRepairs.page(STORE, {
      from: istStartOfDay('2025-01-01'),
      to: istEndOfDay('2026-10-31'),
      limit: 50,
    });
    expect(page.next).toBeNull();
    expect(rows.map((row) => row[0])).toEqual(page.items.map((repair) => repair.repairId));
    expect(rows.map((row) => row[3])).toEqual(page.items.map((repair) => repair.customerMobile));
  });

  it('streams the payments into the file the save picker gives', async () => {
    const written: string[] = [];
    const writable = {
      write: vi.fn(async (chunk: string) => {
        written.push(chunk);
      }),
      close: vi.fn(async () => undefined),
      abort: vi.fn(async () => undefined),
    };
    const picker = vi.fn(async () => ({ createWritable: async () => writable }));
    vi.stubGlobal('showSaveFilePicker', picker);
    const app = await openReports('2026-10');
    await app.user.click(screen.getByRole('button', { name: REPORTS_TEXTS.paymentsCsv }));
    expect(
      await screen.findByText(REPORTS_TEXTS.downloaded('payments-2026-10-01-to-2026-10-31.csv')),
    ).toBeTruthy();
    expect(picker).toHaveBeenCalledWith(
      expect.objectContaining({ suggestedName: 'payments-2026-10-01-to-2026-10-31.csv' }),
    );
    expect(writable.close).toHaveBeenCalledTimes(1);
    expect(writable.abort).not.toHaveBeenCalled();
    const [header, ...rows] = parseCsv(written.join(''));
    expect(header).toEqual([
      'Date',
      'Repair ID',
      'Customer',
      'Kind',
      'Mode',
      'Amount',
      'UPI Reference',
      'Taken by',
      'Note',
    ]);
    const page = await app.backend.ports.reports.paymentsPage(STORE, {
      from: istStartOfDay('2026-10-01'),
      to: istEndOfDay('2026-10-31'),
      limit: 500,
    });
    expect(rows.map((row) => row[1])).toEqual(page.items.map((payment) => payment.repairId));
    const sum = rows.reduce((total, row) => total + Math.round(Number(row[5]) * 100), 0);
    const expected = await report(app, '2026-10');
    expect(sum).toBe(expected.collected.netPaise);
  });

  it('says what failed, drops the half-written file and keeps the dates as typed', async () => {
    const writable = {
      write: vi.fn(async () => undefined),
      close: vi.fn(async () => undefined),
      abort: vi.fn(async () => undefined),
    };
    vi.stubGlobal('showSaveFilePicker', async () => ({ createWritable: async () => writable }));
    const app = await openReports('2026-10');
    vi.spyOn(app.backend.ports.reports, 'paymentsPage').mockRejectedValue(
      new PortError('unavailable', 'down'),
    );
    const to = screen.getByLabelText(REPORTS_TEXTS.to) as HTMLInputElement;
    await app.user.clear(to);
    await app.user.type(to, '2026-10-15');
    await app.user.click(screen.getByRole('button', { name: REPORTS_TEXTS.paymentsCsv }));
    expect(await screen.findByText(REPORT_USE_CASE_MESSAGES.exportFailed)).toBeTruthy();
    expect(writable.abort).toHaveBeenCalledTimes(1);
    expect(writable.close).not.toHaveBeenCalled();
    expect(to.value).toBe('2026-10-15');
  });

  it('does nothing more when the save picker is cancelled', async () => {
    vi.stubGlobal('showSaveFilePicker', async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    const app = await openReports('2026-10');
    const page = vi.spyOn(app.backend.ports.shopRepairs, 'page');
    await app.user.click(screen.getByRole('button', { name: REPORTS_TEXTS.repairsCsv }));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: REPORTS_TEXTS.repairsCsv }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(page).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/^Saved /)).toBeNull();
  });

  it("says under 'To' when it is before 'From', and asks for no file", async () => {
    const picker = vi.fn();
    vi.stubGlobal('showSaveFilePicker', picker);
    const app = await openReports('2026-10');
    const to = screen.getByLabelText(REPORTS_TEXTS.to) as HTMLInputElement;
    await app.user.clear(to);
    await app.user.type(to, '2026-09-30');
    await app.user.click(screen.getByRole('button', { name: REPORTS_TEXTS.repairsCsv }));
    expect(await screen.findByText(REPORT_USE_CASE_MESSAGES.rangeBackwards)).toBeTruthy();
    expect(picker).not.toHaveBeenCalled();
    expect(to.getAttribute('aria-invalid')).toBe('true');
  });
});
