import { beforeEach, describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import type { ShopRepair } from '../../../src/domain/shop/repair-record';
import { signInAs, type World } from '../world';
import { createShopWorld, createThroughUseCase } from './shop-world';

let world: World;
let repair: ShopRepair;

const ORIGIN = 'https://repairmate.test';
const SHOP = { name: 'Sharma Mobile Care', phone: '9811111111', upiId: '' };

beforeEach(async () => {
  ({ world } = await createShopWorld());
  await signInAs(world, 'staff');
  repair = await createThroughUseCase(world);
});

describe('resolveTracking (no sign-in)', () => {
  it('shows the customer-safe view of an active link, signed out, with the shop from its profile', async () => {
    await signInAs(world, 'owner');
    await world.ports.storeProfiles.save(repair.storeId, {
      name: 'Sharma Mobile Care - Bandra',
      phone: '9811111111',
      upiId: '',
    });
    await world.ports.auth.signOut();
    const result = await world.useCases.shop.resolveTracking(repair.trackingToken);
    expect(result).toMatchObject({
      ok: true,
      value: {
        repairId: 'SMCB-1001',
        statusLabel: 'Received',
        shop: { name: 'Sharma Mobile Care - Bandra', phone: '9811111111' },
        duePaise: 230000,
      },
    });
    const shown = JSON.stringify(result);
    for (const secret of ['deliveryCode', 'unlockCode', 'customerMobile', '9876543210']) {
      expect(shown).not.toContain(secret);
    }
  });

  it('says when the shop revoked the link, and when there is no such link', async () => {
    expect(await world.useCases.shop.revokeTracking(repair.id)).toEqual({ ok: true, value: undefined });
    await world.ports.auth.signOut();
    expect(await world.useCases.shop.resolveTracking(repair.trackingToken)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.trackingRevoked,
      reason: 'revoked',
    });
    expect(await world.useCases.shop.resolveTracking('A'.repeat(22))).toEqual({
      ok: false,
      message: SHOP_MESSAGES.trackingNotFound,
      reason: 'not-found',
    });
    expect(await world.useCases.shop.resolveTracking('not a token')).toMatchObject({ reason: 'not-found' });
  });

  it('says when it cannot load, and keeps the cause', async () => {
    world.db.outage = true;
    expect(await world.useCases.shop.resolveTracking(repair.trackingToken)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.trackingFailed,
      reason: 'failed',
    });
    expect(world.logger.at('error')).toHaveLength(1);
  });
});

describe('rotate and revoke', () => {
  it('gives a new link that works while the old one says revoked', async () => {
    const rotated = await world.useCases.shop.rotateTracking(repair.id);
    if (!rotated.ok) throw new Error(rotated.message);
    expect(rotated.value).toMatchObject({ repairDocId: repair.id, revoked: false });
    expect(rotated.value.path).toBe(`/t/${rotated.value.token}`);
    expect(rotated.value.token).not.toBe(repair.trackingToken);
    await world.ports.auth.signOut();
    expect((await world.useCases.shop.resolveTracking(rotated.value.token)).ok).toBe(true);
    expect(await world.useCases.shop.resolveTracking(repair.trackingToken)).toMatchObject({
      reason: 'revoked',
    });
  });

  it('refuses outsiders; says when it cannot change the link', async () => {
    await signInAs(world, 'rival');
    expect(await world.useCases.shop.revokeTracking(repair.id)).toMatchObject({ reason: 'not-permitted' });
    expect(await world.useCases.shop.rotateTracking(repair.id)).toMatchObject({ reason: 'not-permitted' });
    await signInAs(world, 'owner');
    world.db.outage = true;
    expect(await world.useCases.shop.rotateTracking(repair.id)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.trackingChangeFailed,
      reason: 'failed',
    });
  });
});

describe('customerMessage', () => {
  it("fills the status's template with the tracking link and the amount due, as WhatsApp and SMS links", async () => {
    const result = await world.useCases.shop.customerMessage(repair, 'ready', SHOP, ORIGIN);
    if (!result.ok) throw new Error(result.message);
    const link = `${ORIGIN}/t/${repair.trackingToken}`;
    expect(result.value.trackingLink).toBe(link);
    expect(result.value.text).toBe(
      `Dear Cara Customer, good news! Your device (SMCB-1001) is ready for pickup. Amount due: ₹2,300. Please bring your delivery code. Details: ${link} - Sharma Mobile Care, 9811111111`,
    );
    expect(result.value.whatsAppLink).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(result.value.text)}`,
    );
    expect(result.value.smsLink).toBe(`sms:+919876543210?body=${encodeURIComponent(result.value.text)}`);
  });

  it("uses the shop's own template when it has one", async () => {
    const result = await world.useCases.shop.customerMessage(
      repair,
      'inprogress',
      { ...SHOP, templates: { inprogress: '{repairId} is {status}.' } },
      ORIGIN,
    );
    expect(result.ok && result.value.text).toBe('SMCB-1001 is In Progress.');
  });

  it('says when the customer has no usable mobile number', async () => {
    expect(
      await world.useCases.shop.customerMessage(
        { ...repair, customerMobile: '12345' },
        'ready',
        SHOP,
        ORIGIN,
      ),
    ).toEqual({ ok: false, message: SHOP_MESSAGES.customerMobileUnusable, reason: 'no-mobile' });
  });
});

describe('a repair created at the counter, elsewhere in the product', () => {
  it('is found by the customer tracker for the customer whose verified mobile matches', async () => {
    const customer = await signInAs(world, 'customer');
    const found = await world.useCases.repairs.lookUp(customer, repair.repairId);
    expect(found).toMatchObject({
      ok: true,
      value: { repair: { id: repair.id, repairId: 'SMCB-1001', status: 'received' } },
    });
  });

  it("is counted in the admin's monthly business performance table", async () => {
    const admin = await signInAs(world, 'admin');
    const table = await world.useCases.admin.businessPerformance(admin, {
      year: 2026,
      month: 3,
      search: 'sharma',
      page: 1,
    });
    expect(table.ok && table.value.rows).toEqual([
      expect.objectContaining({ uid: 'uid-owner', storeCount: 1, repairs: 1 }),
    ]);
  });
});
