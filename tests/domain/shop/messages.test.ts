import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';

/** Every message of the shop's catalogue is asserted by a behavioural test of the shop domain. */
const sources = readdirSync(__dirname)
  .filter((name) => name.endsWith('.test.ts') && name !== 'messages.test.ts')
  .map((name) => readFileSync(join(__dirname, name), 'utf8'));

describe("the shop's messages", () => {
  it.each(Object.keys(SHOP_MESSAGES))('SHOP_MESSAGES.%s is asserted by a test', (key) => {
    expect(sources.some((text) => new RegExp(`\\bSHOP_MESSAGES\\.${key}\\b`).test(text))).toBe(true);
  });

  it('are sentences: a capital first and a full stop last', () => {
    for (const message of Object.values(SHOP_MESSAGES)) {
      const text = typeof message === 'function' ? message('Ready for Pickup', 'Delivered') : message;
      expect(text).toMatch(/^[A-Z].*\.$/);
    }
  });
});
