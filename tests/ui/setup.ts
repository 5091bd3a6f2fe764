import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: the router's scroll restoration calls scrollTo, which jsdom only logs about.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
});
