import { describe, expect, it } from 'vitest';
import { normalisePhone, storedFormsOf } from '../../src/domain/shared/phone';

describe('the stored forms of a mobile number', () => {
  it('are at most 30, all the same number once normalised, and include the common ways of writing it', () => {
    const forms = storedFormsOf('+919876543210');
    expect(forms.length).toBeLessThanOrEqual(30);
    for (const form of forms) expect(normalisePhone(String(form))).toBe('9876543210');
    for (const common of [
      '9876543210',
      '98765 43210',
      '+91 98765 43210',
      '+919876543210',
      '09876543210',
      9876543210,
    ])
      expect(forms).toContain(common);
  });
});
