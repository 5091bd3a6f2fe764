import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../../src/domain/shop/amount-in-words';

/** An invoice's amount in Indian English words (issue 18, "Tests": 0, 1, 99, 100000, 1234567.89). */
describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero only'],
    [1, 'Rupees Zero and One Paisa only'],
    [50, 'Rupees Zero and Fifty Paise only'],
    [100, 'Rupees One only'],
    [9_900, 'Rupees Ninety-Nine only'],
    [10_100, 'Rupees One Hundred One only'],
    [130_000, 'Rupees One Thousand Three Hundred only'],
    [10_000_000, 'Rupees One Lakh only'],
    [
      123_456_789,
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise only',
    ],
    [1_000_000_000, 'Rupees One Crore only'],
    [1_500_005_011, 'Rupees One Crore Fifty Lakh Fifty and Eleven Paise only'],
    [100_000_000_000, 'Rupees One Hundred Crore only'],
    [
      123_456_789_012,
      'Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Twelve Paise only',
    ],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('refuses a negative or fractional number of paise', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });

  it('always reads as one well-formed line for any amount up to ₹1,000 crore', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (paise) => {
        const words = amountInWords(paise);
        expect(words).toMatch(/^Rupees [A-Z][A-Za-z -]* only$/);
        expect(words).not.toMatch(/ {2}|Zero [A-Z]|undefined/);
        expect(words.includes(' Paise') || words.includes(' Paisa')).toBe(paise % 100 !== 0);
      }),
    );
  });
});
