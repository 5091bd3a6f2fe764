import { describe, expect, it } from 'vitest';
import {
  checkStoreProfile,
  parseStoreProfile,
  STORE_PROFILE_LIMITS,
  STORE_PROFILE_MESSAGES,
  trackingPayLink,
} from '../../../src/domain/shop/store-profile';
import { STORE_PROFILES } from '../../../src/domain/stored/documents';
import { type TextSpec, zodOf } from '../../../src/domain/stored/schema';

const sharma = { name: 'Sharma Mobile Care', phone: '9811111111', upiId: 'sharmamobile@okaxis' };

describe("a store's public profile", () => {
  it('takes the shop’s name, phone and UPI ID, trimmed', () => {
    expect(
      checkStoreProfile({
        name: '  Sharma Mobile Care ',
        phone: ' 9811111111',
        upiId: 'sharmamobile@okaxis  ',
      }),
    ).toEqual({
      ok: true,
      value: sharma,
    });
  });

  it('accepts no phone and no UPI ID (then the page has no Pay button)', () => {
    expect(checkStoreProfile({ name: 'Fixit', phone: '', upiId: '' })).toEqual({
      ok: true,
      value: { name: 'Fixit', phone: '', upiId: '' },
    });
    expect(checkStoreProfile({ name: 'Fixit' })).toMatchObject({ ok: true });
  });

  it('accepts the numbers a shop writes: a mobile, +91 with spaces, a landline with its STD code', () => {
    for (const phone of ['9811111111', '+91 98111 11111', '011-2345 6789', '12345678', '+123456789012345'])
      expect(checkStoreProfile({ ...sharma, phone })).toMatchObject({ ok: true, value: { phone } });
  });

  it('refuses a phone with letters, a + inside, too few or too many digits, or over 20 characters', () => {
    for (const phone of [
      '98111abc11',
      '98+11111111',
      '1234567',
      '1234567890123456',
      '+91 98111 11111 0 0 0 0',
    ])
      expect(checkStoreProfile({ ...sharma, phone })).toEqual({
        ok: false,
        fieldErrors: { phone: STORE_PROFILE_MESSAGES.phoneInvalid },
      });
  });

  it('requires a name of at most 200 characters', () => {
    expect(checkStoreProfile({ ...sharma, name: '   ' })).toEqual({
      ok: false,
      fieldErrors: { name: STORE_PROFILE_MESSAGES.nameRequired },
    });
    expect(checkStoreProfile({ ...sharma, name: 'x'.repeat(200) })).toMatchObject({ ok: true });
    expect(checkStoreProfile({ ...sharma, name: 'x'.repeat(201) })).toEqual({
      ok: false,
      fieldErrors: { name: STORE_PROFILE_MESSAGES.nameTooLong },
    });
  });

  it('refuses a UPI ID that is not name@bank, or longer than the stored limit', () => {
    for (const upiId of ['sharmamobile', 'sharma mobile@okaxis', '@okaxis', 'a@b', 'shop@ok.axis'])
      expect(checkStoreProfile({ ...sharma, upiId })).toEqual({
        ok: false,
        fieldErrors: { upiId: STORE_PROFILE_MESSAGES.upiIdInvalid },
      });
    const long = `${'a'.repeat(95)}@okaxis`;
    expect(checkStoreProfile({ ...sharma, upiId: long })).toEqual({
      ok: false,
      fieldErrors: { upiId: STORE_PROFILE_MESSAGES.upiIdTooLong },
    });
    // 91 characters before the '@' is the stored pattern's limit.
    expect(checkStoreProfile({ ...sharma, upiId: `${'a'.repeat(91)}@okaxis` })).toMatchObject({ ok: true });
    expect(checkStoreProfile({ ...sharma, upiId: `${'a'.repeat(92)}@ok` })).toEqual({
      ok: false,
      fieldErrors: { upiId: STORE_PROFILE_MESSAGES.upiIdInvalid },
    });
  });

  it('names every wrong field at once, and refuses values that are not text', () => {
    expect(checkStoreProfile({ name: 42, phone: ['9811111111'], upiId: {} })).toEqual({
      ok: false,
      fieldErrors: {
        name: STORE_PROFILE_MESSAGES.nameRequired,
        phone: STORE_PROFILE_MESSAGES.phoneInvalid,
        upiId: STORE_PROFILE_MESSAGES.upiIdInvalid,
      },
    });
    expect(checkStoreProfile(null)).toMatchObject({
      ok: false,
      fieldErrors: { name: STORE_PROFILE_MESSAGES.nameRequired },
    });
  });

  it('agrees with STORE_PROFILES: what passes is stored as it is, and the limits are the schema’s', () => {
    expect(STORE_PROFILE_LIMITS).toEqual({
      name: (STORE_PROFILES.fields.name as TextSpec).max,
      phone: (STORE_PROFILES.fields.phone as TextSpec).max,
      upiId: (STORE_PROFILES.fields.upiId as TextSpec).max,
    });
    const stored = zodOf(STORE_PROFILES, 'domain');
    const samples = [
      sharma,
      { name: 'x'.repeat(200), phone: '+91 98111 11111', upiId: `${'a'.repeat(91)}@okaxis` },
      { name: 'Fixit', phone: '', upiId: '' },
    ];
    for (const sample of samples) {
      const checked = checkStoreProfile(sample);
      if (!checked.ok) throw new Error(JSON.stringify(checked.fieldErrors));
      const result = stored.safeParse({ ...checked.value, ownerId: 'owner-1', updatedAt: new Date() });
      expect(result.success).toBe(true);
    }
  });

  it('reads a stored profile tolerantly: a malformed UPI ID reads as none', () => {
    expect(parseStoreProfile('s1', { ...sharma, ownerId: 'o', updatedAt: new Date() })).toEqual({
      storeId: 's1',
      ...sharma,
    });
    expect(parseStoreProfile('s1', { name: 'Fixit', upiId: 'not a upi id', phone: 7 })).toEqual({
      storeId: 's1',
      name: 'Fixit',
      phone: '',
      upiId: '',
    });
    expect(parseStoreProfile('s1', undefined)).toEqual({ storeId: 's1', name: '', phone: '', upiId: '' });
  });
});

describe("the tracking page's Pay link", () => {
  it("pays the profile's UPI ID the amount due, named by the shop and the Repair ID (RPR-1001: ₹2,000)", () => {
    expect(trackingPayLink(sharma, { repairId: 'RPR-1001', duePaise: 200_000 })).toBe(
      'upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care&am=2000.00&cu=INR&tn=RPR-1001',
    );
    expect(trackingPayLink(sharma, { repairId: 'RPR-1001', duePaise: 1 })).toContain('&am=0.01&');
  });

  it('is none without a profile, without a UPI ID, or with nothing due', () => {
    expect(trackingPayLink(null, { repairId: 'RPR-1001', duePaise: 200_000 })).toBeNull();
    expect(trackingPayLink({ ...sharma, upiId: '' }, { repairId: 'RPR-1001', duePaise: 200_000 })).toBeNull();
    expect(trackingPayLink(sharma, { repairId: 'RPR-1001', duePaise: 0 })).toBeNull();
    expect(trackingPayLink(sharma, { repairId: 'RPR-1001', duePaise: -100 })).toBeNull();
  });
});
