import { beforeEach, describe, expect, it } from 'vitest';
import {
  countKeyOf,
  displayAmount,
  displayStatus,
  displayUpdatedAt,
  isSafeImageUrl,
  parseRepairRecord,
  type Repair,
} from '../../../src/domain/repairs/repair';
import { formatDateTime } from '../../../src/domain/shared/time';
import { storeRefOf } from '../../../src/domain/shop/repair-store';
import { createWorld, seedCast, signInAs, type World } from '../world';

let world: World;

beforeEach(async () => {
  world = createWorld();
  await seedCast(world);
});

/** Stores a repair in the mobile apps' shape and reads it back through the tracker, as a super admin. */
async function shown(extra: Record<string, unknown>): Promise<Repair> {
  await world.seeder.repair({ id: 'r1', repairId: 'RPR-1', ...extra });
  const result = await world.useCases.repairs.lookUp(await signInAs(world, 'admin'), 'RPR-1');
  if (!result.ok) throw new Error(result.message);
  return result.value.repair;
}

describe('the amount shown', () => {
  it('is the amount, in rupees', async () => {
    expect(displayAmount(await shown({ amount: 2500, estimatedCost: 2800 }))).toBe('₹2500');
  });

  it('falls back to the estimated cost', async () => {
    expect(displayAmount(await shown({ estimatedCost: 1200 }))).toBe('₹1200');
    expect(displayAmount(await shown({ amount: '', estimatedCost: '1200' }))).toBe('₹1200');
  });

  it("is '-' when there is neither", async () => {
    expect(displayAmount(await shown({}))).toBe('-');
    expect(displayAmount(await shown({ amount: 'n/a', estimatedCost: null }))).toBe('-');
  });

  it('keeps a zero amount (a free repair) rather than falling back', async () => {
    expect(displayAmount(await shown({ amount: 0, estimatedCost: 500 }))).toBe('₹0');
  });

  it('shows paise to at most two decimals', () => {
    expect(displayAmount({ amount: 99.5, estimatedCost: null })).toBe('₹99.50');
    expect(displayAmount({ amount: 10.006, estimatedCost: null })).toBe('₹10.01');
  });
});

describe('updated-at as shown', () => {
  it('is text as the app wrote it', async () => {
    const repair = await shown({ updatedAt: 'Delivered on request, collected by customer' });
    expect(displayUpdatedAt(repair)).toBe('Delivered on request, collected by customer');
  });

  it('is a timestamp formatted for India, whether stored as a date, as seconds or as ISO text', async () => {
    const instant = new Date('2026-03-14T09:35:00.000Z');
    const expected = formatDateTime(instant);
    expect(expected).toMatch(/14 Mar 2026.*3:05\s?pm/i);
    expect(displayUpdatedAt(await shown({ updatedAt: instant }))).toBe(expected);
    expect(
      displayUpdatedAt(
        parseRepairRecord('x', { updatedAt: { seconds: instant.getTime() / 1000, nanoseconds: 0 } }),
      ),
    ).toBe(expected);
    expect(displayUpdatedAt(parseRepairRecord('x', { updatedAt: '2026-03-14T09:35:00.000Z' }))).toBe(
      expected,
    );
  });

  it("is '-' when absent", async () => {
    expect(displayUpdatedAt(await shown({}))).toBe('-');
    expect(displayUpdatedAt(parseRepairRecord('x', { updatedAt: '  ' }))).toBe('-');
  });
});

describe('the store a repair belongs to', () => {
  it('is storeId, else the legacy store field; never businessId (an owner, not a store)', () => {
    expect(storeRefOf({ storeId: 's', store: 't' })).toBe('s');
    expect(storeRefOf({ storeId: ' ', store: 't' })).toBe('t');
    expect(storeRefOf({ storeId: '', store: '' })).toBe('');
  });

  it('counts in the report under its store, else under its business', () => {
    expect(countKeyOf({ storeId: 's', businessId: 'b', store: 't' })).toBe('s');
    expect(countKeyOf({ storeId: '', businessId: 'b', store: 't' })).toBe('t');
    expect(countKeyOf({ storeId: '', businessId: 'b', store: '' })).toBe('b');
    expect(countKeyOf({ storeId: '', businessId: '', store: '' })).toBe('');
  });
});

describe('images a repair may show', () => {
  it('are https, inline images, or paths of this site', () => {
    for (const url of ['https://cdn.test/a.jpg', 'data:image/png;base64,AAAA', '/demo/images/a.svg'])
      expect(isSafeImageUrl(url), url).toBe(true);
  });

  it('are never plain http, protocol-relative, or another scheme', () => {
    for (const url of [
      'http://cdn.test/a.jpg',
      '//evil.example/a.jpg',
      '/\\evil.example/a.jpg',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html;base64,AAAA',
      'https://',
    ])
      expect(isSafeImageUrl(url), url).toBe(false);
  });
});

describe('reading a stored repair', () => {
  it('keeps every field the card shows', async () => {
    const repair = await shown({
      customerMobile: 9876543210,
      customerName: 'Asha Customer',
      storeId: 'store-1',
      productName: 'Galaxy S21',
      productType: 'Mobile',
      problems: ['Cracked screen', '', 'Battery'],
      status: 'inprogress',
      amount: '2500',
      deliveryCode: 4821,
      createdAt: { seconds: 1_773_000_000, nanoseconds: 500_000_000 },
      imageUrls: ['https://cdn.test/a.jpg', 'javascript:alert(1)', 42, '/demo/b.svg', 'file:///etc/passwd'],
    });
    expect(repair).toMatchObject({
      id: 'r1',
      repairId: 'RPR-1',
      customerMobile: '9876543210',
      customerName: 'Asha Customer',
      productName: 'Galaxy S21',
      productType: 'Mobile',
      problems: 'Cracked screen, Battery',
      status: 'inprogress',
      amount: 2500,
      estimatedCost: null,
      deliveryCode: '4821',
      createdAt: new Date(1_773_000_000_500),
      imageUrls: ['https://cdn.test/a.jpg', '/demo/b.svg'],
    });
  });

  it('names statuses as people read them', () => {
    // The shop console's labels (owner-console.md): the tracker shows every status the same way.
    expect(displayStatus('sent_to_service_center')).toBe('Sent to Service Center');
    expect(displayStatus('inprogress')).toBe('In Progress');
    expect(displayStatus('delivered')).toBe('Delivered');
    // A value the apps write that the web does not know: as written, never an error.
    expect(displayStatus('waiting_for-parts')).toBe('waiting_for-parts');
    expect(displayStatus('')).toBe('-');
  });
});
