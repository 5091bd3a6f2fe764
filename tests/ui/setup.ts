import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen that has not shown something yet is waited for, not failed at once: Testing Library's
// default second was too short for a dashboard's first paint when the two cores are shared with other
// test runs (the admin dashboard and the shop's repair page failed so, under load only). The same policy
// as the e2e tests' expect.poll (vitest.e2e.config.ts); what must not show is still checked at once.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: the router's scroll restoration calls scrollTo, which jsdom only logs about.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // What a page keeps in the browser (the job card's draft, saved as the page unmounts) must not leak
  // from one test into the next: cleared after the cleanup.
  localStorage.clear();
  sessionStorage.clear();
});
