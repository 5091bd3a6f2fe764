import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: the router's scroll restoration calls scrollTo, which jsdom only logs about.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // What a page keeps in the browser (the job card's draft, saved as the page unmounts) must not leak
  // from one test into the next: cleared after the cleanup.
  localStorage.clear();
  sessionStorage.clear();
});
