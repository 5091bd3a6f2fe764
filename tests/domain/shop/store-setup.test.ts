import { describe, expect, it } from 'vitest';
import {
  checkStoreDetails,
  checkStoreSettings,
  INDIAN_STATES,
  isValidPincode,
  mayOpenStore,
  prefixOfStoreRecord,
  STORE_SETUP_MESSAGES,
  storeOpeningFields,
  suggestPrefix,
} from '../../../src/domain/shop/store-setup';
import { DEFAULT_PAYMENT_REMINDER, templateFor } from '../../../src/domain/shop/templates';

/** Opening a shop and its settings: the checks every backend runs again (store-setup.ts). */

const typed = {
  name: '  Nisha   Mobiles ',
  phone: '+91 98200-12345',
  address: 'Shop 7, Station Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411 001',
  gstin: '27aapfu0939f1zv',
  upiId: '9820012345@ybl',
  repairIdPrefix: ' nm ',
};

describe('checkStoreDetails', () => {
  it('trims, normalises the phone, upper-cases the GSTIN and the prefix', () => {
    expect(checkStoreDetails(typed)).toEqual({
      ok: true,
      value: {
        name: 'Nisha Mobiles',
        phone: '9820012345',
        address: 'Shop 7, Station Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
        gstin: '27AAPFU0939F1ZV',
        upiId: '9820012345@ybl',
        repairIdPrefix: 'NM',
      },
    });
  });

  it('gives each wrong field its own message', () => {
    const outcome = checkStoreDetails({
      ...typed,
      name: '',
      phone: '12',
      state: 'Bombay',
      pincode: '011001',
      gstin: '27AAPFU0939F1ZO',
      upiId: 'nisha',
      repairIdPrefix: 'N1',
    });
    expect(outcome).toEqual({
      ok: false,
      fieldErrors: {
        name: STORE_SETUP_MESSAGES.nameRequired,
        phone: STORE_SETUP_MESSAGES.phoneInvalid,
        state: STORE_SETUP_MESSAGES.stateRequired,
        pincode: STORE_SETUP_MESSAGES.pincodeInvalid,
        gstin: STORE_SETUP_MESSAGES.gstinInvalid,
        upiId: STORE_SETUP_MESSAGES.upiIdInvalid,
        repairIdPrefix: STORE_SETUP_MESSAGES.prefixInvalid,
      },
    });
  });

  it("takes a GSTIN and a UPI ID as optional, and refuses a prefix another of the owner's stores has", () => {
    expect(checkStoreDetails({ ...typed, gstin: '', upiId: '' }).ok).toBe(true);
    expect(checkStoreDetails(typed, ['NM'])).toEqual({
      ok: false,
      fieldErrors: { repairIdPrefix: STORE_SETUP_MESSAGES.prefixTaken },
    });
  });
});

describe('the rest', () => {
  it("lists India's 28 states and 8 union territories", () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES).toContain('Ladakh');
  });

  it('checks pincodes: 6 digits, not starting with 0', () => {
    expect(isValidPincode('400050')).toBe(true);
    expect(isValidPincode('040005')).toBe(false);
    expect(isValidPincode('40005')).toBe(false);
  });

  it('suggests a prefix of letters from the name, and a free one when it is taken', () => {
    expect(suggestPrefix('Sharma Mobile Care')).toBe('SMC');
    expect(suggestPrefix('Fixit')).toBe('FIX');
    expect(suggestPrefix('24x7 Mobile Care')).toBe('MC');
    expect(suggestPrefix('मोबाइल')).toBe('RPR');
    expect(suggestPrefix('Sharma Mobile Care', ['SMC', 'SMCA'])).toBe('SMCB');
  });

  it("reads an owned store's prefix: its own, else its name's", () => {
    expect(prefixOfStoreRecord({ name: 'Iyer Electronics' })).toBe('IE');
    expect(prefixOfStoreRecord({ storeName: 'Iyer Electronics', repairIdPrefix: 'IYR' })).toBe('IYR');
  });

  it('lets users and business accounts open a first store, and any owner add one', () => {
    expect(mayOpenStore('user', 0)).toBe(true);
    expect(mayOpenStore('business', 0)).toBe(true);
    expect(mayOpenStore('distributor', 0)).toBe(false);
    expect(mayOpenStore('sa', 0)).toBe(false);
    expect(mayOpenStore(undefined, 2)).toBe(true);
  });

  it("writes ADR 0006's fields: storeIds grows by the store, and the business key", () => {
    expect(storeOpeningFields({ name: 'Nisha K', storeIds: ['a'] }, 'b')).toEqual({
      storeIds: ['a', 'b'],
      lastStoreId: 'b',
      businessKey: 'nisha k',
    });
    expect(storeOpeningFields({ name: 'Nisha', businessName: 'Nisha Mobiles' }, 'a').businessKey).toBe(
      'nisha mobiles',
    );
  });

  it('checks settings: templates by key (blank means the default), and the terms', () => {
    const outcome = checkStoreSettings({
      ...typed,
      jobSheetTerms: ' Collect in 15 days. ',
      messageTemplates: { ready: ' Ready {repairId} ', delivered: '  ', paymentReminder: 'Pay {amountDue}' },
    });
    expect(outcome.ok && outcome.value.messageTemplates).toEqual({
      ready: 'Ready {repairId}',
      paymentReminder: 'Pay {amountDue}',
    });
    expect(outcome.ok && outcome.value.jobSheetTerms).toBe('Collect in 15 days.');
    const long = checkStoreSettings({
      ...typed,
      jobSheetTerms: 'x'.repeat(2001),
      messageTemplates: { ready: 'y'.repeat(1001) },
    });
    expect(long).toEqual({
      ok: false,
      fieldErrors: {
        jobSheetTerms: STORE_SETUP_MESSAGES.termsTooLong,
        ready: STORE_SETUP_MESSAGES.templateTooLong,
      },
    });
  });

  it('checks the invoice settings: a GST slab, a SAC code from 99, and prices with GST unless said', () => {
    const defaults = checkStoreSettings({ ...typed, jobSheetTerms: '', messageTemplates: {} });
    expect(defaults.ok && defaults.value).toMatchObject({
      gstRatePercent: 18,
      sacCode: '998716',
      pricesIncludeTax: true,
    });
    const chosen = checkStoreSettings({
      ...typed,
      gstRatePercent: '12',
      sacCode: ' 998 713 ',
      pricesIncludeTax: false,
    });
    expect(chosen.ok && chosen.value).toMatchObject({
      gstRatePercent: 12,
      sacCode: '998713',
      pricesIncludeTax: false,
    });
    expect(checkStoreSettings({ ...typed, gstRatePercent: 15, sacCode: '123456' })).toEqual({
      ok: false,
      fieldErrors: {
        gstRatePercent: STORE_SETUP_MESSAGES.gstRateInvalid,
        sacCode: STORE_SETUP_MESSAGES.sacCodeInvalid,
      },
    });
  });

  it("gives the 'Payment Reminder' a default template", () => {
    expect(templateFor({}, 'paymentReminder')).toBe(DEFAULT_PAYMENT_REMINDER);
    expect(templateFor({ paymentReminder: 'Pay now' }, 'paymentReminder')).toBe('Pay now');
  });
});
