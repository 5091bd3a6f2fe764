import { beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '../../../src/domain/shop/invoice';
import {
  issueAdvanceVouchers,
  issueInvoice,
  issueVoucher,
  loadInvoice,
} from '../../../src/domain/shop/invoice-use-cases';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import type { ShopRepair } from '../../../src/domain/shop/repair-record';
import { gstinCheckCharacter } from '../../../src/domain/shop/settings';
import { loadInvoiceByTrackingToken } from '../../../src/domain/shop/tracking-reads';
import { PortError } from '../../../src/ports/errors';
import { signInAs } from '../world';
import { createShopWorld, createThroughUseCase, type ShopWorld } from './shop-world';

/*
 * The invoice page's use cases (src/domain/shop/invoice-use-cases.ts) on the memory backend: Rahul owns
 * store-1 (here with a GSTIN and the prefix SMC), Sam is its staff, Meera owns store-2; the world's clock
 * starts on 15 March 2026 (financial year 2025-26).
 */

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const STORE_GSTIN = gstin('27AAPFS1234C1Z');

describe('invoice use cases', () => {
  let shop: ShopWorld;
  const ports = () => ({ invoices: shop.world.ports.invoices, logger: shop.world.logger });
  const ready = async (finalPaise = 118_000): Promise<ShopRepair> => {
    await signInAs(shop.world, 'owner');
    const repair = await createThroughUseCase(shop.world);
    return shop.world.ports.shopRepairs.update(repair.id, { finalPaise });
  };

  beforeEach(async () => {
    shop = await createShopWorld();
    await shop.world.seeder.store({
      id: 'store-1',
      ownerId: shop.cast.owner,
      name: 'Sharma Mobile Care',
      state: 'Maharashtra',
      gstin: STORE_GSTIN,
      repairIdPrefix: 'SMC',
    });
  });

  it('issues the invoice with a message, and loads it with its vouchers', async () => {
    const repair = await ready();
    await signInAs(shop.world, 'staff');
    const issued = await issueInvoice(ports(), repair.id, { customerGstin: '' });
    expect(issued).toMatchObject({
      ok: true,
      message: 'Tax Invoice SMC/25-26/0001 issued.',
      value: { kind: 'tax-invoice', number: 'SMC/25-26/0001' },
    });
    const loaded = await loadInvoice(ports(), repair.id);
    expect(loaded).toEqual({ ok: true, value: { invoice: issued.ok ? issued.value : null, vouchers: [] } });
  });

  it('says what is wrong: the GSTIN under its field, no final amount, cancelled, not a member, signed out', async () => {
    const repair = await ready();
    expect(await issueInvoice(ports(), repair.id, { customerGstin: '29ABC' })).toEqual({
      ok: false,
      reason: 'invalid-gstin',
      message: INVOICE_MESSAGES.invalidGstin,
      fieldErrors: { customerGstin: INVOICE_MESSAGES.invalidGstin },
    });
    const open = await createThroughUseCase(shop.world);
    expect(await issueInvoice(ports(), open.id, { customerGstin: '' })).toMatchObject({
      ok: false,
      reason: 'no-final-amount',
      message: INVOICE_MESSAGES.noFinalAmount,
    });
    await shop.world.ports.shopRepairs.changeStatus(open.id, { to: 'cancelled', expectedStatus: 'received' });
    expect(await issueInvoice(ports(), open.id, { customerGstin: '' })).toMatchObject({
      reason: 'cancelled',
      message: INVOICE_MESSAGES.cancelled,
    });
    await signInAs(shop.world, 'rival');
    expect(await issueInvoice(ports(), repair.id, { customerGstin: '' })).toMatchObject({
      reason: 'not-permitted',
      message: SHOP_MESSAGES.notStoreMember,
    });
    expect(await loadInvoice(ports(), repair.id)).toMatchObject({ ok: false, reason: 'not-permitted' });
    await shop.world.ports.auth.signOut();
    expect(await issueInvoice(ports(), repair.id, { customerGstin: '' })).toMatchObject({
      reason: 'not-signed-in',
    });
  });

  it('says an offline issue needs the network, and keeps the cause', async () => {
    const repair = await ready();
    const offline = {
      invoices: {
        ...shop.world.ports.invoices,
        issue: () => Promise.reject(new PortError('unavailable', 'The server cannot be reached.')),
      },
      logger: shop.world.logger,
    };
    expect(await issueInvoice(offline, repair.id, { customerGstin: '' })).toEqual({
      ok: false,
      reason: 'offline',
      message: INVOICE_MESSAGES.needsNetwork,
    });
    expect(shop.world.logger.entries.at(-1)?.message).toMatch(/Issuing the invoice/);
  });

  it('issues vouchers for an advance and its refund, and refuses them without a GSTIN', async () => {
    const repair = await ready();
    const [advance] = await shop.world.ports.shopRepairs.listPayments(repair.id);
    const voucher = await issueVoucher(ports(), repair.id, advance?.id ?? '');
    expect(voucher).toMatchObject({
      ok: true,
      message: 'Receipt Voucher SMC/25-26/R001 issued.',
      value: { kind: 'receipt-voucher', gst: { totalPaise: 50_000 } },
    });
    expect(await issueVoucher(ports(), repair.id, 'no-such-payment')).toMatchObject({ reason: 'not-found' });
    expect(await issueVoucher(ports(), repair.id, advance?.id ?? '')).toEqual(voucher);
    await shop.world.seeder.store({ id: 'store-1', ownerId: shop.cast.owner, name: 'Sharma Mobile Care' });
    const other = await ready();
    const [otherAdvance] = await shop.world.ports.shopRepairs.listPayments(other.id);
    expect(await issueVoucher(ports(), other.id, otherAdvance?.id ?? '')).toMatchObject({
      ok: false,
      reason: 'no-gstin',
      message: INVOICE_MESSAGES.noGstin,
    });
  });

  it('issues the vouchers a repair’s advance and its refund need, each once; none without a GSTIN', async () => {
    const repair = await ready();
    const withRepairs = { ...ports(), shopRepairs: shop.world.ports.shopRepairs };
    const first = await issueAdvanceVouchers(withRepairs, repair.id);
    expect(first.ok && first.value.map((v) => [v.kind, v.number, v.gst.totalPaise])).toEqual([
      ['receipt-voucher', 'SMC/25-26/R001', 50_000],
    ]);
    await shop.world.ports.shopRepairs.recordPayment(repair.id, {
      id: 'refund-1',
      kind: 'refund',
      amountPaise: 20_000,
      mode: 'cash',
      note: 'Part not needed',
    });
    const second = await issueAdvanceVouchers(withRepairs, repair.id);
    expect(second.ok && second.value.map((v) => [v.kind, v.number, v.referenceNumber])).toEqual([
      ['receipt-voucher', 'SMC/25-26/R001', ''],
      ['refund-voucher', 'SMC/25-26/F001', 'SMC/25-26/R001'],
    ]);
    expect(await issueAdvanceVouchers(withRepairs, repair.id)).toEqual(second);
    // After the invoice, a new payment is no advance: it gets no voucher.
    await issueInvoice(ports(), repair.id, { customerGstin: '' });
    shop.world.clock.advance(60_000);
    await shop.world.ports.shopRepairs.recordPayment(repair.id, {
      id: 'late-1',
      kind: 'payment',
      amountPaise: 10_000,
      mode: 'cash',
      note: '',
    });
    expect(await issueAdvanceVouchers(withRepairs, repair.id)).toEqual(second);
    await shop.world.seeder.store({ id: 'store-1', ownerId: shop.cast.owner, name: 'Sharma Mobile Care' });
    const plain = await ready();
    expect(await issueAdvanceVouchers(withRepairs, plain.id)).toEqual({ ok: true, value: [] });
  });

  it('opens the invoice from the tracking link only once it is issued', async () => {
    const repair = await ready();
    await shop.world.ports.auth.signOut();
    expect(await loadInvoiceByTrackingToken(ports(), repair.trackingToken)).toEqual({
      ok: false,
      reason: 'not-found',
      message: INVOICE_MESSAGES.notFound,
    });
    await signInAs(shop.world, 'owner');
    const issued = await issueInvoice(ports(), repair.id, { customerGstin: '' });
    await shop.world.ports.auth.signOut();
    expect(await loadInvoiceByTrackingToken(ports(), repair.trackingToken)).toEqual({
      ok: true,
      value: issued.ok ? issued.value : null,
    });
  });

  it('numbers across 31 March / 1 April IST: SMC/25-26/0007, then SMC/26-27/0001', async () => {
    const seen: string[] = [];
    shop.world.clock.set(new Date('2026-03-31T18:00:00Z')); // 31 March, 23:30 IST
    for (let i = 0; i < 7; i += 1) {
      const outcome = await issueInvoice(ports(), (await ready(10_000 + i)).id, { customerGstin: '' });
      if (outcome.ok) seen.push(outcome.value.number);
    }
    shop.world.clock.set(new Date('2026-03-31T18:31:00Z')); // 1 April, 00:01 IST (31 March in UTC)
    for (let i = 0; i < 2; i += 1) {
      const outcome = await issueInvoice(ports(), (await ready(20_000 + i)).id, { customerGstin: '' });
      if (outcome.ok) seen.push(outcome.value.number);
    }
    expect(seen).toEqual([
      'SMC/25-26/0001',
      'SMC/25-26/0002',
      'SMC/25-26/0003',
      'SMC/25-26/0004',
      'SMC/25-26/0005',
      'SMC/25-26/0006',
      'SMC/25-26/0007',
      'SMC/26-27/0001',
      'SMC/26-27/0002',
    ]);
  });
});
