import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FIRST_REPAIR_NUMBER,
  MAX_REPAIR_NUMBER,
  REPAIR_ID_PREFIX_PATTERN,
} from '../../../src/domain/shop/repair-id';
import { PATTERNS } from '../../../src/domain/stored/documents';

/**
 * The Repair ID rule is written once in the domain (src/domain/shop/repair-id.ts) and once more, by
 * necessity, in firestore.rules (`match /repairCounters`, `isShopCreate`, and the generated
 * repairCountersShape / storesShape). This test compares the twins, so that neither drifts alone.
 */
const RULES = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');

/** The repairCounters section: its header comment and `match /repairCounters/{storeId}` up to `allow`. */
function counterMatch(): string {
  const start = RULES.indexOf('// ---- repairCounters/{storeId} ----');
  expect(start).toBeGreaterThan(0);
  return RULES.slice(start, RULES.indexOf('allow get', start));
}

describe('the Repair ID rule and its twin in firestore.rules', () => {
  it('has one prefix pattern: the stored schema takes the rule’s, and the rules check it on counters and stores', () => {
    expect(PATTERNS.repairIdPrefix).toBe(REPAIR_ID_PREFIX_PATTERN);
    expect(RULES).toContain(`d.prefix.matches('^(?:${REPAIR_ID_PREFIX_PATTERN})$')`);
    expect(RULES).toContain(`d.repairIdPrefix.matches('^(?:${REPAIR_ID_PREFIX_PATTERN})$')`);
  });

  it('has one number range: a counter holds FIRST_REPAIR_NUMBER to MAX_REPAIR_NUMBER', () => {
    expect(RULES).toContain(`d.last >= ${FIRST_REPAIR_NUMBER} && d.last <= ${MAX_REPAIR_NUMBER}`);
  });

  it('moves a counter as the rule does: a new one at FIRST_REPAIR_NUMBER, then by one, its prefix fixed, `{PREFIX}-{n}`', () => {
    const rules = counterMatch();
    expect(rules).toContain(`data.last == ${FIRST_REPAIR_NUMBER}`);
    expect(rules).toContain('data.last == before.last + 1');
    expect(rules).toContain('data.prefix == before.prefix');
    expect(rules).toContain("data.prefix + '-' + string(data.last)");
    expect(RULES).toContain("data.repairId == counter.prefix + '-' + string(counter.last)");
  });

  it('says at each twin where the other lives', () => {
    expect(counterMatch()).toContain('src/domain/shop/repair-id.ts');
    expect(readFileSync(new URL('../../../src/domain/shop/repair-id.ts', import.meta.url), 'utf8')).toContain(
      'firestore.rules',
    );
  });
});
