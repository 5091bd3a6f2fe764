import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UIDS } from '../src/demo/demo-data';
import { backend } from './support/backend';
import { launchBrowser, openTab, screenshot, signIn, type Tab } from './support/browser';
import { freePort } from './support/global-setup';
import { conflictingEstimates, detail, keepThisDevicesEstimate, saveEstimate } from './support/shop';

/**
 * 'Changed on another device' on the demo (issue 20, docs/pouchdb.md "Edits on two devices"): two
 * browsers, each a counter of Sharma Mobile Care built with the sync server's address
 * (VITE_POUCHDB_SYNC_URL), sync through `npm run sync:server`. Both change RPR-1001's estimate with
 * the network cut; the first back online is saved; the second's revision is refused by the sync
 * gateway, and its repair page shows both values side by side with a choice. Keeping its own lands it
 * on the server and on the first browser, which shows it without a reload.
 */
const DEVICE = { name: 'sharma-counter', password: 'e2e-sync-device-1' };

let work: string;
let syncServer: ChildProcess | undefined;
let demo: ChildProcess | undefined;
let syncUrl: string;
let baseUrl: string;
let browser: Browser;
let first: Tab;
let second: Tab;

/** Starts `node args…` in its own process group and waits until its output says `ready`. */
async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
  timeoutMs: number,
): Promise<ChildProcess> {
  const child = spawn('node', args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const started = Date.now();
  while (!output.includes(ready)) {
    if (child.exitCode !== null)
      throw new Error(`node ${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() - started > timeoutMs) throw new Error(`node ${args.join(' ')} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return child;
}

function stopProcess(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** RPR-1001 as the sync server holds it (read through the gateway with the counter's account). */
async function onServer(): Promise<{ estimatePaise?: number; _conflicts?: string[] }> {
  const url = new URL(`${syncUrl}/repairmate-repairs/repair-1001?conflicts=true`);
  const response = await fetch(url, {
    headers: {
      authorization: `Basic ${Buffer.from(`${DEVICE.name}:${DEVICE.password}`).toString('base64')}`,
    },
  });
  return response.ok ? ((await response.json()) as { estimatePaise?: number }) : {};
}

/** Opens RPR-1001, once replication has brought Sharma's repairs to this browser. */
async function openRpr1001(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${baseUrl}/shop/repairs/repair-1001`);
        return page
          .getByRole('heading', { level: 1, name: 'RPR-1001' })
          .waitFor({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
}

async function editEstimate(page: Page, rupees: string, shownAfter: string): Promise<void> {
  await saveEstimate(page, rupees);
  await expect.poll(() => detail(page, 'Estimate (₹)').textContent()).toBe(shownAfter);
}

describe.runIf(backend() === 'pouchdb')(
  'two demo counters change one repair offline, syncing through `npm run sync:server`',
  () => {
    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), 'repairmate-sync-e2e-'));
      const devices = join(work, 'devices.json');
      writeFileSync(devices, JSON.stringify([{ ...DEVICE, roles: [`uid:${DEMO_UIDS.owner(1)}`] }]));
      const syncPort = await freePort();
      syncServer = await startProcess(
        ['scripts/sync-server.mjs', '--port', String(syncPort), '--devices', devices],
        {},
        'RepairMate sync server:',
        60_000,
      );
      syncUrl = `http://127.0.0.1:${syncPort}`;
      const port = await freePort();
      const device = new URL(syncUrl);
      device.username = DEVICE.name;
      device.password = DEVICE.password;
      demo = await startProcess(
        ['scripts/start.mjs', '--out-dir', join(work, 'dist')],
        { PORT: String(port), VITE_POUCHDB_SYNC_URL: device.toString().replace(/\/$/, '') },
        'demo ready',
        150_000,
      );
      baseUrl = `http://localhost:${port}`;
      browser = await launchBrowser();
      first = await openTab(browser);
      second = await openTab(browser, 'phone');
    });

    afterAll(async () => {
      await browser?.close();
      stopProcess(demo);
      stopProcess(syncServer);
      if (work) rmSync(work, { recursive: true, force: true });
    });

    it('both open RPR-1001 once synced, then both lose the network and change its estimate', async () => {
      for (const { page } of [first, second]) {
        await signIn(page, baseUrl, 'owner01@demo.test');
        await openRpr1001(page);
        expect(await detail(page, 'Estimate (₹)').textContent()).toBe('₹2,800');
      }
      await first.context.setOffline(true);
      await second.context.setOffline(true);
      await editEstimate(first.page, '3100', '₹3,100');
      await editEstimate(second.page, '3300', '₹3,300');
      // The outbox in the header counts what waits for the sync server (issue 20).
      await first.page.getByRole('button', { name: '1 not yet synced' }).waitFor({ timeout: 10_000 });
    });

    it('saves the first counter’s, which reconnects first', async () => {
      await first.context.setOffline(false);
      await expect.poll(async () => (await onServer()).estimatePaise, { timeout: 30_000 }).toBe(310_000);
      await first.page
        .getByRole('button', { name: '1 not yet synced' })
        .waitFor({ state: 'hidden', timeout: 20_000 });
    });

    it('shows the second, on reconnecting, both values side by side with a choice', async () => {
      const { page, context } = second;
      await context.setOffline(false);
      // Usually shown within seconds, with no reload; a settle that missed its arrival (a known race,
      // issue 20's note) shows on the next read, so the page is read again once before giving up.
      const shownWithin = (ms: number) =>
        conflictingEstimates(page, ms).then(
          (values) => values,
          () => null,
        );
      let estimates = await shownWithin(25_000);
      if (estimates === null) {
        await page.reload();
        estimates = await shownWithin(25_000);
      }
      expect(estimates).toEqual(['₹3,300', '₹3,100']);
      expect(await detail(page, 'Estimate (₹)').textContent()).toBe('₹3,100');
      // The sync server still holds one revision: the second's was refused, not stored beside it.
      expect((await onServer())._conflicts).toBeUndefined();
      await screenshot(page, 'issue20-changed-on-another-device-demo-phone');
    });

    it('keeps the second counter’s value when chosen; the first shows it without a reload', async () => {
      const { page } = second;
      await keepThisDevicesEstimate(page);
      await expect.poll(() => detail(page, 'Estimate (₹)').textContent()).toBe('₹3,300');
      await expect.poll(async () => (await onServer()).estimatePaise, { timeout: 30_000 }).toBe(330_000);
      await expect
        .poll(() => detail(first.page, 'Estimate (₹)').textContent(), { timeout: 30_000 })
        .toBe('₹3,300');
    });
  },
);
