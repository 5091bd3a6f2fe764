import { describe, expect, it } from 'vitest';
import { validateWith } from '../../../src/domain/shared/validation';
import {
  ACCESSORIES,
  ACCESSORY_LABELS,
  checkImeiSerial,
  DEVICE_TYPES,
  emptyJobCard,
  isCalendarDate,
  isValidImei,
  type JobCardInput,
  jobCardSchema,
  localDate,
  luhnValid,
  MAX_PHOTOS,
  validateJobCard,
} from '../../../src/domain/shop/job-card';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import { COMMON_PROBLEMS } from '../../../src/domain/shop/problems';
import { seeded } from './seeded';

/** A job card as the counter fills it in. */
const good: JobCardInput = {
  ...emptyJobCard(),
  customerName: '  Asha Customer ',
  customerMobile: '+91 98765-43210',
  deviceType: 'Mobile',
  brandModel: 'Samsung Galaxy S21',
  imeiSerial: '49-015420-323751-8',
  problems: ['Screen broken', 'Battery problem'],
  otherProblem: 'Speaker crackles',
  accessories: ['charger', 'sim-tray'],
  conditionNotes: 'Scratch on the back',
  unlockCode: ' 1-2-3-6-9',
  estimate: '₹2,800',
  advancePaid: '500',
  promisedDate: '2026-03-12',
};

function errorsOf(input: Partial<JobCardInput>, today: string | null = null) {
  const outcome = validateJobCard({ ...good, ...input }, today);
  return outcome.ok ? {} : (outcome.fieldErrors ?? {});
}

function valid(input: Partial<JobCardInput>) {
  const outcome = validateJobCard({ ...good, ...input });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.fieldErrors));
  return outcome.value;
}

describe('the job card choices', () => {
  it('are word for word the spec’s', () => {
    expect(DEVICE_TYPES).toEqual(['Mobile', 'Tablet', 'Laptop', 'Other']);
    expect(ACCESSORIES.map((key) => ACCESSORY_LABELS[key])).toEqual([
      'SIM tray',
      'Charger',
      'Back cover',
      'Memory card',
      'Other',
    ]);
  });
});

describe('a good job card', () => {
  it('is checked into the stored units: 10-digit mobile, IMEI digits, paise, one problem list', () => {
    expect(validateJobCard(good, '2026-03-10')).toEqual({
      ok: true,
      value: {
        customerName: 'Asha Customer',
        customerMobile: '9876543210',
        deviceType: 'Mobile',
        brandModel: 'Samsung Galaxy S21',
        imeiSerial: '490154203237518',
        problems: ['Screen broken', 'Battery problem', 'Speaker crackles'],
        accessories: ['sim-tray', 'charger'],
        otherAccessory: '',
        conditionNotes: 'Scratch on the back',
        unlockCode: ' 1-2-3-6-9',
        estimatePaise: 280_000,
        advancePaise: 50_000,
        promisedDate: '2026-03-12',
        photos: [],
      },
    });
  });

  it('needs only the name, mobile, device type, brand and model and one problem', () => {
    const minimal: JobCardInput = {
      ...emptyJobCard(),
      customerName: 'Vikram Rao',
      customerMobile: '9000000000',
      deviceType: 'Laptop',
      brandModel: 'Dell Inspiron',
      otherProblem: 'No power',
    };
    expect(validateJobCard(minimal)).toMatchObject({
      ok: true,
      value: {
        imeiSerial: '',
        problems: ['No power'],
        estimatePaise: null,
        advancePaise: 0,
        promisedDate: null,
      },
    });
  });

  it('is also the form resolver’s schema: the same messages through validateWith', () => {
    expect(validateWith(jobCardSchema, { ...good, customerMobile: '12345' })).toEqual({
      ok: false,
      fieldErrors: { customerMobile: SHOP_MESSAGES.customerMobileInvalid },
    });
  });
});

describe('an empty job card', () => {
  it('shows every required field’s message at once', () => {
    expect(validateJobCard(emptyJobCard())).toEqual({
      ok: false,
      fieldErrors: {
        customerName: SHOP_MESSAGES.customerNameRequired,
        customerMobile: SHOP_MESSAGES.customerMobileRequired,
        deviceType: SHOP_MESSAGES.deviceTypeRequired,
        brandModel: SHOP_MESSAGES.brandModelRequired,
        problems: SHOP_MESSAGES.problemsRequired,
      },
    });
  });
});

describe('each field', () => {
  it('Customer Name: required, at most 100 characters', () => {
    expect(errorsOf({ customerName: '   ' })).toEqual({ customerName: SHOP_MESSAGES.customerNameRequired });
    expect(errorsOf({ customerName: 'a'.repeat(101) })).toEqual({
      customerName: SHOP_MESSAGES.customerNameTooLong,
    });
    expect(valid({ customerName: 'a'.repeat(100) }).customerName).toHaveLength(100);
  });

  it.each([
    ['9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['09876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    [' 98765-43210 ', '9876543210'],
    ['6000000000', '6000000000'],
  ])('Customer Mobile: %s is the mobile %s (normalised as the tracker does)', (typed, digits) => {
    expect(valid({ customerMobile: typed }).customerMobile).toBe(digits);
  });

  it.each([
    '5876543210', // Indian mobiles start with 6 to 9
    '987654321', // nine digits
    '98765432101', // eleven
    '+1 415 555 0100',
    '+92 300 1234567',
    'phone',
    '98765O4321',
  ])('Customer Mobile: %s is refused', (typed) => {
    expect(errorsOf({ customerMobile: typed })).toEqual({
      customerMobile: SHOP_MESSAGES.customerMobileInvalid,
    });
  });

  it('Customer Mobile: required', () => {
    expect(errorsOf({ customerMobile: ' ' })).toEqual({
      customerMobile: SHOP_MESSAGES.customerMobileRequired,
    });
  });

  it('Device Type: one of Mobile, Tablet, Laptop, Other', () => {
    for (const type of DEVICE_TYPES) expect(valid({ deviceType: type }).deviceType).toBe(type);
    expect(errorsOf({ deviceType: '' })).toEqual({ deviceType: SHOP_MESSAGES.deviceTypeRequired });
    expect(errorsOf({ deviceType: 'mobile' as never })).toEqual({
      deviceType: SHOP_MESSAGES.deviceTypeRequired,
    });
    expect(errorsOf({ deviceType: 'Phone' as never })).toEqual({
      deviceType: SHOP_MESSAGES.deviceTypeRequired,
    });
  });

  it('Brand & Model: required, at most 100 characters', () => {
    expect(errorsOf({ brandModel: '' })).toEqual({ brandModel: SHOP_MESSAGES.brandModelRequired });
    expect(errorsOf({ brandModel: 'x'.repeat(101) })).toEqual({
      brandModel: SHOP_MESSAGES.brandModelTooLong,
    });
  });

  it('IMEI / Serial: optional; a 15-digit IMEI must pass Luhn; serials are free text within limits', () => {
    expect(valid({ imeiSerial: '' }).imeiSerial).toBe('');
    expect(valid({ imeiSerial: '356938035643809' }).imeiSerial).toBe('356938035643809');
    expect(valid({ imeiSerial: '35 209900 176148 1' }).imeiSerial).toBe('352099001761481');
    expect(errorsOf({ imeiSerial: '356938035643808' })).toEqual({ imeiSerial: SHOP_MESSAGES.imeiInvalid });
    expect(errorsOf({ imeiSerial: '490154203237517' })).toEqual({ imeiSerial: SHOP_MESSAGES.imeiInvalid });
    expect(valid({ imeiSerial: ' f2lxk0abcd12 ' }).imeiSerial).toBe('F2LXK0ABCD12');
    expect(valid({ imeiSerial: 'SN 5CD-123/45' }).imeiSerial).toBe('SN5CD-123/45');
    expect(valid({ imeiSerial: '12345678901234' }).imeiSerial).toBe('12345678901234'); // 14 digits: a serial
    expect(errorsOf({ imeiSerial: 'abc' })).toEqual({ imeiSerial: SHOP_MESSAGES.serialInvalid });
    expect(errorsOf({ imeiSerial: 'A'.repeat(41) })).toEqual({ imeiSerial: SHOP_MESSAGES.serialInvalid });
    expect(errorsOf({ imeiSerial: 'SN#1234' })).toEqual({ imeiSerial: SHOP_MESSAGES.serialInvalid });
  });

  it('Problems: chosen from the common ones and/or free text, at least one, no repeats', () => {
    expect(valid({ problems: [], otherProblem: 'Mic not working' }).problems).toEqual(['Mic not working']);
    expect(valid({ problems: ['Water damage'], otherProblem: '' }).problems).toEqual(['Water damage']);
    expect(valid({ problems: ['Water damage'], otherProblem: 'Water damage' }).problems).toEqual([
      'Water damage',
    ]);
    expect(errorsOf({ problems: [], otherProblem: '  ' })).toEqual({
      problems: SHOP_MESSAGES.problemsRequired,
    });
    expect(errorsOf({ problems: ['Broken everything'] })).toEqual({ problems: SHOP_MESSAGES.problemUnknown });
    expect(errorsOf({ otherProblem: 'x'.repeat(201) })).toEqual({
      otherProblem: SHOP_MESSAGES.problemTooLong,
    });
    expect(errorsOf({ problems: [...COMMON_PROBLEMS], otherProblem: '' })).toEqual({
      problems: SHOP_MESSAGES.tooManyProblems,
    });
    expect(
      valid({ problems: COMMON_PROBLEMS.slice(0, 11), otherProblem: 'Other thing' }).problems,
    ).toHaveLength(12);
  });

  it('Accessories Received: from the list; "other" needs a description', () => {
    expect(valid({ accessories: [...ACCESSORIES], otherAccessory: 'Pouch' })).toMatchObject({
      accessories: ['sim-tray', 'charger', 'back-cover', 'memory-card', 'other'],
      otherAccessory: 'Pouch',
    });
    expect(valid({ accessories: ['charger'], otherAccessory: 'Pouch' }).otherAccessory).toBe('');
    expect(errorsOf({ accessories: ['other'], otherAccessory: ' ' })).toEqual({
      otherAccessory: SHOP_MESSAGES.otherAccessoryRequired,
    });
    expect(errorsOf({ accessories: ['earphones'] })).toEqual({ accessories: SHOP_MESSAGES.accessoryUnknown });
    expect(errorsOf({ accessories: ['other'], otherAccessory: 'x'.repeat(101) })).toEqual({
      otherAccessory: SHOP_MESSAGES.otherAccessoryTooLong,
    });
  });

  it('Condition Notes: optional, at most 500 characters', () => {
    expect(valid({ conditionNotes: '' }).conditionNotes).toBe('');
    expect(errorsOf({ conditionNotes: 'x'.repeat(501) })).toEqual({
      conditionNotes: SHOP_MESSAGES.conditionNotesTooLong,
    });
  });

  it('Unlock Code: optional, kept as typed, at most 64 characters', () => {
    expect(valid({ unlockCode: '' }).unlockCode).toBe('');
    expect(valid({ unlockCode: ' pass word ' }).unlockCode).toBe(' pass word ');
    expect(errorsOf({ unlockCode: 'x'.repeat(65) })).toEqual({ unlockCode: SHOP_MESSAGES.unlockCodeTooLong });
  });

  it.each([
    ['1500', 150_000],
    ['1499.50', 149_950],
    ['1499.5', 149_950],
    ['₹ 2,800', 280_000],
    ['1,00,000', 10_000_000],
    ['100,000', 10_000_000],
    ['Rs. 250', 25_000],
    ['0', 0],
    ['10,00,000', 100_000_000],
  ])('Estimate (₹): %s is %i paise', (typed, paise) => {
    expect(valid({ estimate: typed, advancePaid: '' }).estimatePaise).toBe(paise);
  });

  it.each(['-100', '12.345', 'abc', '1,0,0', '1e5', '₹'])('Estimate (₹): %s is refused', (typed) => {
    expect(errorsOf({ estimate: typed, advancePaid: '' })).toEqual({ estimate: SHOP_MESSAGES.amountInvalid });
  });

  it('Estimate (₹) and Advance Paid (₹): at most ₹10,00,000; blank is none', () => {
    expect(errorsOf({ estimate: '1000001', advancePaid: '' })).toEqual({
      estimate: SHOP_MESSAGES.amountTooLarge,
    });
    expect(errorsOf({ estimate: '99999999999999', advancePaid: '' })).toEqual({
      estimate: SHOP_MESSAGES.amountTooLarge,
    });
    expect(valid({ estimate: '', advancePaid: '' })).toMatchObject({ estimatePaise: null, advancePaise: 0 });
    expect(errorsOf({ advancePaid: 'five hundred' })).toEqual({ advancePaid: SHOP_MESSAGES.amountInvalid });
  });

  it('Advance Paid (₹): not more than the estimate; any amount when there is no estimate', () => {
    expect(errorsOf({ estimate: '2800', advancePaid: '2800.01' })).toEqual({
      advancePaid: SHOP_MESSAGES.advanceAboveEstimate,
    });
    expect(valid({ estimate: '2800', advancePaid: '2800' }).advancePaise).toBe(280_000);
    expect(valid({ estimate: '', advancePaid: '500' }).advancePaise).toBe(50_000);
  });

  it('Promised Date: optional, a real date, not before today', () => {
    expect(valid({ promisedDate: '' }).promisedDate).toBeNull();
    expect(errorsOf({ promisedDate: '2026-02-30' })).toEqual({
      promisedDate: SHOP_MESSAGES.promisedDateInvalid,
    });
    expect(errorsOf({ promisedDate: '12/03/2026' })).toEqual({
      promisedDate: SHOP_MESSAGES.promisedDateInvalid,
    });
    expect(errorsOf({ promisedDate: '2026-03-09' }, '2026-03-10')).toEqual({
      promisedDate: SHOP_MESSAGES.promisedDateInPast,
    });
    expect(errorsOf({ promisedDate: '2026-03-10' }, '2026-03-10')).toEqual({});
    expect(errorsOf({ promisedDate: '2020-01-01' }, null)).toEqual({});
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(localDate(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });

  it('Photos: up to 6 images', () => {
    const photo = { type: 'image/jpeg', name: 'front.jpg', size: 120_000 };
    expect(valid({ photos: Array.from({ length: MAX_PHOTOS }, () => photo) }).photos).toHaveLength(6);
    expect(errorsOf({ photos: Array.from({ length: 7 }, () => photo) })).toEqual({
      photos: SHOP_MESSAGES.tooManyPhotos,
    });
    expect(errorsOf({ photos: [{ type: 'application/pdf', name: 'bill.pdf' }] })).toEqual({
      photos: SHOP_MESSAGES.photoNotImage,
    });
    expect(valid({ photos: [{ type: 'IMAGE/HEIC' }] }).photos).toEqual([{ type: 'IMAGE/HEIC' }]);
  });

  it('Photos: keeps the picked objects as they are (a File goes on to the photo port)', () => {
    const file = new File(['x'], 'back.png', { type: 'image/png' });
    expect(valid({ photos: [file] }).photos[0]).toBe(file);
  });
});

describe('IMEI and the Luhn check', () => {
  it.each(['490154203237518', '356938035643809', '352099001761481'])('%s is a valid IMEI', (imei) => {
    expect(isValidImei(imei)).toBe(true);
    expect(checkImeiSerial(imei)).toEqual({ ok: true, value: imei, kind: 'imei' });
  });

  it.each(['490154203237517', '356938035643808', '353918058381694'])('%s fails the check digit', (imei) => {
    expect(isValidImei(imei)).toBe(false);
  });

  it('is the standard Luhn check', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('0')).toBe(true);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12a4')).toBe(false);
    expect(isValidImei('4901542032375180')).toBe(false);
  });

  it('catches every single-digit typo of an IMEI, and exactly one check digit fits (seeded)', () => {
    const random = seeded(42);
    for (let run = 0; run < 200; run++) {
      const body = random.digits(14);
      const fitting = Array.from({ length: 10 }, (_, d) => `${body}${d}`).filter(isValidImei);
      expect(fitting).toHaveLength(1);
      const imei = fitting[0] as string;
      const position = random.int(0, 14);
      const wrong = (Number(imei[position]) + random.int(1, 9)) % 10;
      const typo = `${imei.slice(0, position)}${wrong}${imei.slice(position + 1)}`;
      expect(isValidImei(typo)).toBe(false);
      expect(checkImeiSerial(typo)).toEqual({ ok: false, message: SHOP_MESSAGES.imeiInvalid });
    }
  });
});
