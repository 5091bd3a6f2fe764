import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
  signIn,
  watchProblems,
} from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('smoke', () => {
  it('serves the app, deep links included, and signs in', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl}/signin`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'smoke-signin-desktop');
    await signIn(page, baseUrl, 'staff@demo.test');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sharma Mobile Care - Bandra' }).isVisible())
      .toBe(true);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('downloads only the backend it runs on: the PouchDB chunk, never Firebase or memory', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/`);
    await signIn(page, baseUrl, 'admin@demo.test');
    await expect
      .poll(() => page.getByRole('heading', { name: 'RepairMate Admin Dashboard' }).isVisible())
      .toBe(true);
    expect(scripts.some((path) => path.includes('pouchdb-container'))).toBe(true);
    expect(scripts.filter((path) => /firebase-container|memory-container/.test(path))).toEqual([]);
    await context.close();
  });
});
