import { describe, expect, it } from 'vitest';
import {
  gstinCheckCharacter,
  hasGstinShape,
  isGstStateCode,
  isValidGstin,
  parseStoreSettings,
} from '../../../src/domain/shop/settings';

/** The GSTIN rule of the settings (../shared/spec/owner-console.md, Part 2): shape and check character. */
describe('GSTIN', () => {
  it("computes the check character: the demo's 27AAPFS1234C1ZD ends in D, not 5", () => {
    expect(gstinCheckCharacter('27AAPFS1234C1Z')).toBe('D');
    expect(isValidGstin('27AAPFS1234C1ZD')).toBe(true);
    expect(isValidGstin('27AAPFS1234C1Z5')).toBe(false);
  });

  it('takes 27AAPFU0939F1ZV and 29AAACI1681G1ZL, and refuses 27AAPFU0939F1ZO', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAACI1681G1ZL')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZO')).toBe(false);
  });

  it('accepts every check character 0-9 and A-Z where it is right, and refuses the 35 others', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const seen = new Set<string>();
    // Vary the registration's PAN digits until every check character has come up at least once.
    for (let n = 0; n < 10_000 && seen.size < 36; n++) {
      const first14 = `29AAGCB${String(n).padStart(4, '0')}J1Z`;
      const right = gstinCheckCharacter(first14);
      seen.add(right);
      for (const candidate of alphabet)
        expect(isValidGstin(`${first14}${candidate}`)).toBe(candidate === right);
    }
    expect(seen.size).toBe(36);
  });

  it('takes a 14th character other than Z, and the state codes 38 (Ladakh), 97 and 99', () => {
    for (const first14 of ['27AAPFS1234C1C', '38AAPFS1234C1Z', '97AAPFS1234C1Z', '99AAPFS1234C1Z']) {
      expect(isValidGstin(`${first14}${gstinCheckCharacter(first14)}`)).toBe(true);
    }
  });

  it('refuses state codes GST does not use, a bad shape, lower case and spaces', () => {
    for (const code of ['00', '39', '96', '98']) {
      expect(isGstStateCode(code)).toBe(false);
      const first14 = `${code}AAPFS1234C1Z`;
      expect(isValidGstin(`${first14}${gstinCheckCharacter(first14)}`)).toBe(false);
    }
    expect(isGstStateCode('01')).toBe(true);
    expect(isGstStateCode('38')).toBe(true);
    for (const bad of [
      '',
      '27AAPFS1234C1Z',
      '27AAPFS1234C1ZDD',
      '27AAPF51234C1ZD',
      '27AAPFS1234C0ZD',
      '27aapfs1234c1zd',
      '27AAPFS 1234C1ZD',
    ])
      expect(isValidGstin(bad)).toBe(false);
  });

  it('reads a stored GSTIN by its shape (what the shop stored is printed), upper-cased', () => {
    expect(hasGstinShape('27AAPFS1234C1Z5')).toBe(true);
    expect(parseStoreSettings({ gstin: ' 27aapfs1234c1zd ' }).gstin).toBe('27AAPFS1234C1ZD');
    expect(parseStoreSettings({ gstin: 'not a gstin' }).gstin).toBe('');
  });
});
