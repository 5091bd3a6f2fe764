import { describe, expect, it } from 'vitest';
import { formatPaise } from '../../../src/domain/shop/amounts';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import { REPAIR_STATUSES } from '../../../src/domain/shop/status-values';
import {
  DEFAULT_OTHER_STATUS_TEMPLATE,
  DEFAULT_TEMPLATES,
  fillTemplate,
  messageTemplateSchema,
  smsLink,
  TEMPLATE_PLACEHOLDERS,
  type TemplateValues,
  templateFor,
  templateValues,
  unknownPlaceholders,
  upiIdSchema,
  whatsAppLink,
} from '../../../src/domain/shop/templates';
import { isValidUpiId, upiLink } from '../../../src/domain/shop/upi';

const values: TemplateValues = templateValues({
  customerName: 'Asha Customer',
  repairId: 'RPR-1001',
  status: 'ready',
  duePaise: 200_000,
  trackingLink: 'https://repairmate.app/t/AbCdEfGhIjKlMnOpQrStUv',
  shopName: 'Sharma Mobile Care',
  shopPhone: '9811111111',
});

describe('the placeholders', () => {
  it('are the spec’s seven', () => {
    expect(TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`)).toEqual([
      '{customerName}',
      '{repairId}',
      '{status}',
      '{amountDue}',
      '{trackingLink}',
      '{shopName}',
      '{shopPhone}',
    ]);
  });

  it('take the status by its label and the amount due in rupees', () => {
    expect(values).toMatchObject({ status: 'Ready for Pickup', amountDue: '₹2,000' });
  });
});

describe('fillTemplate', () => {
  it('fills every placeholder, as often as it appears', () => {
    expect(fillTemplate('{customerName}: {repairId} is {status}. Due {amountDue}. {repairId}', values)).toBe(
      'Asha Customer: RPR-1001 is Ready for Pickup. Due ₹2,000. RPR-1001',
    );
  });

  it('leaves placeholders it does not know as written', () => {
    expect(fillTemplate('Hi {customerName}, {otp} {CustomerName} {repair_id} {} {{repairId}}', values)).toBe(
      'Hi Asha Customer, {otp} {CustomerName} {repair_id} {} {RPR-1001}',
    );
    expect(unknownPlaceholders('Hi {customerName}, {otp} {otp} {Foo}')).toEqual(['{otp}', '{Foo}']);
    expect(unknownPlaceholders(DEFAULT_OTHER_STATUS_TEMPLATE)).toEqual([]);
  });

  it('does not fill a value twice (a name containing a placeholder stays as typed)', () => {
    expect(fillTemplate('{customerName} / {repairId}', { ...values, customerName: '{repairId}' })).toBe(
      '{repairId} / RPR-1001',
    );
  });
});

describe('a repair without a tracking link', () => {
  const noLink = { ...values, trackingLink: '' };

  it('drops the clause that offers the link instead of sending an empty one', () => {
    expect(fillTemplate(DEFAULT_TEMPLATES.sent_to_service_center, noLink)).toBe(
      `Dear Asha Customer, your device (RPR-1001) has been sent to the service center. We will inform you when it is back. - ${noLink.shopName}, ${noLink.shopPhone}`,
    );
    expect(fillTemplate(DEFAULT_TEMPLATES.ready, noLink)).toBe(
      `Dear Asha Customer, good news! Your device (RPR-1001) is ready for pickup. Amount due: ₹2,000. Please bring your delivery code. - ${noLink.shopName}, ${noLink.shopPhone}`,
    );
  });

  it('keeps every template free of a dangling "here:" for each status', () => {
    for (const status of REPAIR_STATUSES) {
      const text = fillTemplate(DEFAULT_TEMPLATES[status], noLink);
      expect(text).not.toMatch(/here:|Details:|\{trackingLink\}|\s{2}/);
      expect(text).toContain('RPR-1001');
    }
  });
});

describe('the default templates', () => {
  it.each(REPAIR_STATUSES)(
    '%s: uses only our placeholders, names the customer, the repair and the shop',
    (status) => {
      const template = DEFAULT_TEMPLATES[status];
      expect(unknownPlaceholders(template)).toEqual([]);
      expect(template).toContain('{customerName}');
      expect(template).toContain('{repairId}');
      expect(template).toContain('{shopName}');
      const filled = fillTemplate(template, values);
      expect(filled).not.toMatch(/\{[A-Za-z]+\}/);
      expect(filled.length).toBeLessThan(320);
    },
  );

  it('put the tracking link in every message of a repair still at the shop, and the amount due in "ready"', () => {
    for (const status of [
      'received',
      'inprogress',
      'sent_to_service_center',
      'waiting_for_parts',
      'ready',
    ] as const)
      expect(DEFAULT_TEMPLATES[status]).toContain('{trackingLink}');
    expect(DEFAULT_TEMPLATES.ready).toContain('{amountDue}');
    expect(fillTemplate(DEFAULT_TEMPLATES.ready, values)).toBe(
      'Dear Asha Customer, good news! Your device (RPR-1001) is ready for pickup. Amount due: ₹2,000. Please bring your delivery code. Details: https://repairmate.app/t/AbCdEfGhIjKlMnOpQrStUv - Sharma Mobile Care, 9811111111',
    );
  });

  it("are used for a status the shop has not written one for; the shop's own wins", () => {
    expect(templateFor(null, 'ready')).toBe(DEFAULT_TEMPLATES.ready);
    expect(templateFor({ ready: 'Come get it, {customerName}' }, 'ready')).toBe(
      'Come get it, {customerName}',
    );
    expect(templateFor({ ready: '   ' }, 'ready')).toBe(DEFAULT_TEMPLATES.ready);
    expect(templateFor({ ready: 'x' }, 'pending_approval')).toBe(DEFAULT_OTHER_STATUS_TEMPLATE);
    expect(
      fillTemplate(templateFor(null, 'pending_approval'), { ...values, status: 'pending_approval' }),
    ).toContain('is now: pending_approval');
  });

  it('are checked in settings: not blank, at most 1000 characters', () => {
    expect(messageTemplateSchema.safeParse('  ').error?.issues[0]?.message).toBe(
      SHOP_MESSAGES.templateRequired,
    );
    expect(messageTemplateSchema.safeParse('x'.repeat(1001)).error?.issues[0]?.message).toBe(
      SHOP_MESSAGES.templateTooLong,
    );
    expect(messageTemplateSchema.parse(' Hi {customerName} ')).toBe('Hi {customerName}');
  });
});

describe('WhatsApp and SMS links', () => {
  const text = 'Dear Asha & family, ₹2,000 due? 50% off #1 + more\nLine 2 = "done"';
  const encoded =
    'Dear%20Asha%20%26%20family%2C%20%E2%82%B92%2C000%20due%3F%2050%25%20off%20%231%20%2B%20more%0ALine%202%20%3D%20%22done%22';

  it('open WhatsApp on +91 and the number, with the text encoded', () => {
    expect(whatsAppLink('+91 98765-43210', text)).toBe(`https://wa.me/919876543210?text=${encoded}`);
    expect(whatsAppLink('09876543210', 'Hi')).toBe('https://wa.me/919876543210?text=Hi');
  });

  it('open the SMS app on +91 and the number, with the body encoded', () => {
    expect(smsLink('9876543210', text)).toBe(`sms:+919876543210?body=${encoded}`);
  });

  it('decode back to the very text', () => {
    const link = new URL(whatsAppLink('9876543210', text) as string);
    expect(link.searchParams.get('text')).toBe(text);
    expect(decodeURIComponent((smsLink('9876543210', text) as string).split('?body=')[1] as string)).toBe(
      text,
    );
  });

  it('are not made for a number that is not an Indian mobile', () => {
    expect(whatsAppLink('12345', 'Hi')).toBeNull();
    expect(smsLink('+1 415 555 0100', 'Hi')).toBeNull();
  });
});

describe('the UPI link', () => {
  it('is the spec’s upi://pay with the amount due in rupees and two decimals', () => {
    expect(
      upiLink({
        upiId: 'sharmamobile@okaxis',
        shopName: 'Sharma Mobile Care',
        duePaise: 200_000,
        repairId: 'RPR-1001',
      }),
    ).toBe('upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care&am=2000.00&cu=INR&tn=RPR-1001');
    expect(
      upiLink({ upiId: 'a.b-c@ybl', shopName: 'A&B Mobiles', duePaise: 149_950, repairId: 'AB-7' }),
    ).toBe('upi://pay?pa=a.b-c@ybl&pn=A%26B%20Mobiles&am=1499.50&cu=INR&tn=AB-7');
  });

  it('is not made when nothing is due or the UPI ID is not valid', () => {
    const facts = { upiId: 'sharmamobile@okaxis', shopName: 'S', duePaise: 0, repairId: 'SMC-1' };
    expect(upiLink(facts)).toBeNull();
    expect(upiLink({ ...facts, duePaise: -100 })).toBeNull();
    expect(upiLink({ ...facts, duePaise: 100, upiId: '' })).toBeNull();
    expect(upiLink({ ...facts, duePaise: 100, upiId: 'not a vpa' })).toBeNull();
  });

  it('checks UPI IDs', () => {
    for (const id of ['sharmamobile@okaxis', '9811111111@paytm', 'a.b_c-d@ybl'])
      expect(isValidUpiId(id)).toBe(true);
    for (const id of ['sharmamobile', '@okaxis', 'a@b', 'x y@okaxis', 'a@@okaxis', 'a@ok.axis'])
      expect(isValidUpiId(id)).toBe(false);
    expect(upiIdSchema.safeParse('nope').error?.issues[0]?.message).toBe(SHOP_MESSAGES.upiIdInvalid);
  });
});

describe('amounts in messages', () => {
  it.each([
    [0, '₹0'],
    [50, '₹0.50'],
    [200_000, '₹2,000'],
    [149_950, '₹1,499.50'],
    [10_000_000, '₹1,00,000'],
    [123_456_700, '₹12,34,567'],
    [-50_000, '-₹500'],
  ])('%i paise reads %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });
});
