import { describe, expect, it } from 'vitest';
import {
  businessNameOf,
  businessNumberOf,
  isAccountType,
  mobileOf,
  parseUserRecord,
} from '../../../src/domain/users/user';
import { addPerson, createWorld, signInAs } from '../world';

const profile = (raw: Record<string, unknown>) => parseUserRecord('uid-x', raw);

describe('reading a users document', () => {
  it('tolerates a missing document body and missing fields', () => {
    const empty = parseUserRecord('uid-x', undefined);
    expect(empty).toMatchObject({ uid: 'uid-x', email: '', role: null, name: '', walletBalance: 0 });
    expect(empty.acceptedTerms).toBe(false);
  });

  it('reads numbers stored as numbers, and booleans stored as text', () => {
    expect(profile({ mobile: 9876543210, pincode: 560034, acceptedTerms: 'true' })).toMatchObject({
      mobile: '9876543210',
      pincode: '560034',
      acceptedTerms: true,
    });
  });

  it('trims the role, and treats a blank role as none', () => {
    expect(profile({ role: ' sa ' }).role).toBe('sa');
    expect(profile({ role: '  ' }).role).toBeNull();
  });

  it('never reads a wallet balance below 0', () => {
    expect(profile({ walletBalance: -50 }).walletBalance).toBe(0);
    expect(profile({ walletBalance: '120.5' }).walletBalance).toBe(120.5);
    expect(profile({ walletBalance: 'lots' }).walletBalance).toBe(0);
  });

  it('is what the users port returns', async () => {
    const world = createWorld();
    await addPerson(world, 'admin', { role: 'sa' });
    await signInAs(world, 'admin');
    await world.seeder.user('uid-y', { role: 'user', phone: '9811111111' });
    const read = await world.ports.users.get('uid-y');
    expect(read && mobileOf(read)).toBe('9811111111');
    expect(await world.ports.users.get('uid-missing')).toBeNull();
  });
});

describe('mobile fallback: mobile, customerMobile, phone, ownerNumber', () => {
  it.each([
    [{ mobile: '1', customerMobile: '2', phone: '3', ownerNumber: '4' }, '1'],
    [{ mobile: ' ', customerMobile: '2', phone: '3', ownerNumber: '4' }, '2'],
    [{ customerMobile: '', phone: '3', ownerNumber: '4' }, '3'],
    [{ ownerNumber: '4' }, '4'],
    [{}, ''],
  ])('%j reads as %s', (raw, expected) => {
    expect(mobileOf(profile(raw))).toBe(expected);
  });
});

describe('business info fallback', () => {
  it('names the business by businessName, else name', () => {
    expect(businessNameOf(profile({ businessName: 'Sharma Mobile Care', name: 'Rahul' }))).toBe(
      'Sharma Mobile Care',
    );
    expect(businessNameOf(profile({ businessName: '', name: 'Rahul Sharma' }))).toBe('Rahul Sharma');
    expect(businessNameOf(profile({}))).toBe('');
  });

  it.each([
    [{ mobile: '1', phone: '2', ownerNumber: '3', customerMobile: '9' }, '1'],
    [{ phone: '2', ownerNumber: '3', customerMobile: '9' }, '2'],
    [{ ownerNumber: '3', customerMobile: '9' }, '3'],
    [{ customerMobile: '9' }, ''],
  ])('numbers the business %j as %s (never by customerMobile)', (raw, expected) => {
    expect(businessNumberOf(profile(raw))).toBe(expected);
  });
});

describe('account types', () => {
  it('are user and distributor only', () => {
    expect(['user', 'distributor', 'sa', 'staff', '', null].filter(isAccountType)).toEqual([
      'user',
      'distributor',
    ]);
  });
});
