import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Invoice } from '../../src/domain/shop/invoice';
import { INVOICE_MESSAGES } from '../../src/domain/shop/invoice';
import { financialYearOf, formatInvoiceNumber } from '../../src/domain/shop/invoice-number';
import { newPaymentId } from '../../src/domain/shop/payments';
import type { ShopRepair } from '../../src/domain/shop/repair-record';
import { gstinCheckCharacter } from '../../src/domain/shop/settings';
import { expectPortError } from './expectations';
import { type Cast, seedCast, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { freshToken, newRepair } from './shop-fixtures';

/**
 * ShopInvoiceRepository (issue 18, owner-console.md "Invoice") on every backend: members of the repair's
 * store issue and read; a tax invoice for a store with a GSTIN, a receipt without; IGST for a customer
 * GSTIN of another state; a final amount needed, a cancelled repair refused, and a refused issue takes
 * no number; once per repair, fixed afterwards; 20 concurrent issues in one store take 20 distinct
 * consecutive numbers; receipt and refund vouchers (Rules 50, 51) in their own series, the advance
 * deducted; the tracking link reads the invoice once it exists, signed out.
 */

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
/** Sharma Mobile Care, Maharashtra. */
const STORE_GSTIN = gstin('27AAPFS1234C1Z');
/** A business customer in Karnataka. */
const KARNATAKA_GSTIN = gstin('29AAGCB7383J1Z');

/** The cast; store-1 (Rahul's, GSTIN, prefix SMC) and store-2 (Meera's, no GSTIN); Sam is store-1's staff. */
async function seedInvoiceShop(h: BackendHarness): Promise<Cast> {
  const cast = await seedCast(h);
  await h.seeder.store({
    id: 'store-1',
    ownerId: cast.owner,
    name: 'Sharma Mobile Care',
    address: 'Shop 4, Hill Road, Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
    phone: '9811111111',
    gstin: STORE_GSTIN,
    repairIdPrefix: 'SMC',
  });
  await h.seeder.store({ id: 'store-2', ownerId: cast.rival, name: 'Iyer Electronics', state: 'Kerala' });
  await signInAs(h, 'owner');
  await h.ports.shopMembers.inviteStaff('store-1', 'staff@contract.test');
  await signInAs(h, 'staff');
  await h.ports.shopMembers.acceptInvitation('store-1');
  await h.ports.auth.signOut();
  return cast;
}

export function shopInvoicesContract(makeHarness: HarnessFactory): void {
  describe('ShopInvoiceRepository', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedInvoiceShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    const fy = () => financialYearOf(new Date());
    const invoiceNo = (serial: number) => formatInvoiceNumber('SMC', fy(), serial);

    /** A repair of store-1 (₹500 advance at intake) with a final amount, as the owner (left signed in). */
    const readyRepair = async (
      finalPaise: number | null = 118_000,
      storeId = 'store-1',
    ): Promise<ShopRepair> => {
      await signInAs(h, storeId === 'store-1' ? 'owner' : 'rival');
      const repair = await h.ports.shopRepairs.create(storeId, newRepair());
      return finalPaise === null ? repair : h.ports.shopRepairs.update(repair.id, { finalPaise });
    };

    it('issues a tax invoice for a store with a GSTIN: Rule 46 fields, CGST + SGST, the advance as paid', async () => {
      const repair = await readyRepair(118_000);
      await signInAs(h, 'staff');
      const invoice = await h.ports.invoices.issue(repair.id, { customerGstin: '' });
      expect(invoice).toMatchObject({
        id: repair.id,
        kind: 'tax-invoice',
        number: invoiceNo(1),
        financialYear: fy(),
        serial: 1,
        storeId: 'store-1',
        repairDocId: repair.id,
        repairId: repair.repairId,
        issuedBy: { uid: cast.staff, name: 'Sam Staff' },
        seller: {
          name: 'Sharma Mobile Care',
          gstin: STORE_GSTIN,
          state: 'Maharashtra',
          stateCode: '27',
          city: 'Mumbai',
        },
        customer: { name: 'Cara Customer', mobile: '9876543210', gstin: '' },
        placeOfSupply: 'Maharashtra (27)',
        description: 'Repair of Galaxy S21: Screen broken',
        sac: '998716',
        gst: {
          ratePercent: 18,
          supply: 'intra-state',
          taxablePaise: 100_000,
          cgstPaise: 9_000,
          sgstPaise: 9_000,
          igstPaise: 0,
          totalPaise: 118_000,
        },
        taxInclusive: true,
        // No receipt voucher was issued for the advance: nothing is deducted as an advance.
        advanceDeductedPaise: 0,
        balancePaise: 118_000,
        amountInWords: 'Rupees One Thousand One Hundred Eighty only',
        paymentId: null,
      });
      expect(invoice.issuedAt).toBeInstanceOf(Date);
      expect(await h.ports.invoices.invoiceOf(repair.id)).toEqual(invoice);
    });

    it('issues a receipt for a store without a GSTIN (no tax), deducting what was paid', async () => {
      const repair = await readyRepair(130_000, 'store-2');
      const receipt = await h.ports.invoices.issue(repair.id, { customerGstin: '' });
      expect(receipt).toMatchObject({
        kind: 'receipt',
        seller: { name: 'Iyer Electronics', gstin: '', state: 'Kerala', stateCode: '32' },
        gst: {
          ratePercent: 0,
          taxablePaise: 130_000,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 0,
          totalPaise: 130_000,
        },
        advanceDeductedPaise: 50_000,
        balancePaise: 80_000,
        amountInWords: 'Rupees One Thousand Three Hundred only',
      });
      expect(receipt.number).toMatch(/^[A-Z0-9-]{1,5}\/\d{2}-\d{2}\/0001$/);
    });

    it('charges IGST for a customer GSTIN of another state, and refuses a malformed one', async () => {
      const repair = await readyRepair(118_000);
      const bad = await expectPortError(
        h.ports.invoices.issue(repair.id, { customerGstin: '29AAGCB7383J1ZZ' }),
        'invalid-argument',
      );
      expect(bad.message).toBe(INVOICE_MESSAGES.invalidGstin);
      const invoice = await h.ports.invoices.issue(repair.id, {
        customerGstin: KARNATAKA_GSTIN.toLowerCase(),
      });
      expect(invoice).toMatchObject({
        number: invoiceNo(1),
        customer: { gstin: KARNATAKA_GSTIN },
        placeOfSupply: 'Karnataka (29)',
        gst: { supply: 'inter-state', taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 },
      });
    });

    it('needs a final amount and refuses a cancelled repair, taking no number', async () => {
      const open = await readyRepair(null);
      const none = await expectPortError(
        h.ports.invoices.issue(open.id, { customerGstin: '' }),
        'failed-precondition',
      );
      expect(none.message).toBe(INVOICE_MESSAGES.noFinalAmount);
      const cancelled = await readyRepair(50_000);
      await h.ports.shopRepairs.changeStatus(cancelled.id, { to: 'cancelled', expectedStatus: 'received' });
      const refused = await expectPortError(
        h.ports.invoices.issue(cancelled.id, { customerGstin: '' }),
        'failed-precondition',
      );
      expect(refused.message).toBe(INVOICE_MESSAGES.cancelled);
      expect(await h.ports.invoices.invoiceOf(open.id)).toBeNull();
      const ready = await readyRepair(10_000);
      expect((await h.ports.invoices.issue(ready.id, { customerGstin: '' })).number).toBe(invoiceNo(1));
    });

    it('issues once per repair: a second issue answers the first, unchanged, even at once', async () => {
      const repair = await readyRepair(118_000);
      const [a, b] = await Promise.all([
        h.ports.invoices.issue(repair.id, { customerGstin: '' }),
        h.ports.invoices.issue(repair.id, { customerGstin: KARNATAKA_GSTIN }),
      ]);
      expect(b).toEqual(a);
      const again = await h.ports.invoices.issue(repair.id, { customerGstin: KARNATAKA_GSTIN });
      expect(again).toEqual(a);
      const next = await readyRepair(1_000);
      expect((await h.ports.invoices.issue(next.id, { customerGstin: '' })).serial).toBe(2);
    });

    it('keeps an issued invoice fixed after an edit of the repair and a change of the settings', async () => {
      const repair = await readyRepair(118_000);
      const issued = await h.ports.invoices.issue(repair.id, { customerGstin: '' });
      await h.ports.shopRepairs.update(repair.id, { finalPaise: 200_000, customerName: 'Cara C. Customer' });
      await h.ports.shopMembers.saveSettings('store-1', {
        name: 'Sharma Mobile Care (New)',
        phone: '9811111111',
        address: 'Shop 9, Linking Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400050',
        gstin: '',
        upiId: '',
        jobSheetTerms: '',
        messageTemplates: {},
        gstRatePercent: 28,
        sacCode: '998713',
        pricesIncludeTax: false,
      });
      expect(await h.ports.invoices.invoiceOf(repair.id)).toEqual(issued);
      expect(await h.ports.invoices.issue(repair.id, { customerGstin: '' })).toEqual(issued);
    });

    it('gives 20 concurrent issues on 20 repairs of one store 20 distinct consecutive numbers', async () => {
      await signInAs(h, 'owner');
      const repairs: ShopRepair[] = [];
      for (let i = 0; i < 20; i += 1) {
        const created = await h.ports.shopRepairs.create('store-1', newRepair());
        repairs.push(await h.ports.shopRepairs.update(created.id, { finalPaise: 10_000 + i }));
      }
      const issued = await Promise.all(
        repairs.map((repair) => h.ports.invoices.issue(repair.id, { customerGstin: '' })),
      );
      const serials = issued.map((invoice) => invoice.serial).sort((a, b) => a - b);
      expect(serials).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(20);
      for (const invoice of issued) expect(invoice.number).toBe(invoiceNo(invoice.serial));
      for (const [i, repair] of repairs.entries())
        expect((await h.ports.invoices.invoiceOf(repair.id))?.gst.totalPaise).toBe(10_000 + i);
    });

    it('lets staff issue and read; refuses other stores, customers and the signed out', async () => {
      const repair = await readyRepair(118_000);
      await signInAs(h, 'rival');
      await expectPortError(h.ports.invoices.issue(repair.id, { customerGstin: '' }), 'permission-denied');
      await signInAs(h, 'customer');
      await expectPortError(h.ports.invoices.issue(repair.id, { customerGstin: '' }), 'permission-denied');
      await h.ports.auth.signOut();
      await expectPortError(h.ports.invoices.issue(repair.id, { customerGstin: '' }), 'unauthenticated');
      await signInAs(h, 'staff');
      const issued = await h.ports.invoices.issue(repair.id, { customerGstin: '' });
      for (const key of ['rival', 'customer', 'distributor'] as const) {
        await signInAs(h, key);
        await expectPortError(h.ports.invoices.invoiceOf(repair.id), 'permission-denied');
        await expectPortError(h.ports.invoices.vouchersOf(repair.id), 'permission-denied');
      }
      await h.ports.auth.signOut();
      await expectPortError(h.ports.invoices.invoiceOf(repair.id), 'unauthenticated');
      await signInAs(h, 'owner');
      expect(await h.ports.invoices.invoiceOf(repair.id)).toEqual(issued);
      await expectPortError(h.ports.invoices.issue('no-such-repair', { customerGstin: '' }), 'not-found');
      expect(await h.ports.invoices.invoiceOf('no-such-repair')).toBeNull();
    });

    it('issues a receipt voucher for the advance and a refund voucher for its refund; the invoice deducts them', async () => {
      const repair = await readyRepair(null);
      const [advance] = await h.ports.shopRepairs.listPayments(repair.id);
      if (advance === undefined) throw new Error('the job card took an advance');
      await signInAs(h, 'staff');
      const voucher = await h.ports.invoices.issueVoucher(repair.id, advance.id);
      expect(voucher).toMatchObject({
        id: advance.id,
        kind: 'receipt-voucher',
        number: formatInvoiceNumber('SMC', fy(), 1, 'receipt-voucher'),
        paymentId: advance.id,
        gst: { taxablePaise: 42_373, cgstPaise: 3_814, sgstPaise: 3_813, totalPaise: 50_000 },
        referenceNumber: '',
      });
      expect(await h.ports.invoices.issueVoucher(repair.id, advance.id)).toEqual(voucher);
      await signInAs(h, 'owner');
      const refund = newPaymentId();
      await h.ports.shopRepairs.recordPayment(repair.id, {
        id: refund,
        kind: 'refund',
        amountPaise: 10_000,
        mode: 'cash',
        note: 'Part not needed',
      });
      const refundVoucher = await h.ports.invoices.issueVoucher(repair.id, refund);
      expect(refundVoucher).toMatchObject({
        kind: 'refund-voucher',
        number: formatInvoiceNumber('SMC', fy(), 1, 'refund-voucher'),
        referenceNumber: voucher.number,
        gst: { totalPaise: 10_000 },
      });
      expect((await h.ports.invoices.vouchersOf(repair.id)).map((v: Invoice) => v.number)).toEqual([
        voucher.number,
        refundVoucher.number,
      ]);
      await expectPortError(h.ports.invoices.issueVoucher(repair.id, 'no-such-payment'), 'not-found');
      await h.ports.shopRepairs.update(repair.id, { finalPaise: 118_000 });
      const invoice = await h.ports.invoices.issue(repair.id, { customerGstin: '' });
      expect(invoice).toMatchObject({
        number: invoiceNo(1),
        advanceDeductedPaise: 40_000,
        advanceVoucherNumbers: [voucher.number, refundVoucher.number],
        balancePaise: 78_000,
      });
      // A payment taken after the invoice is no advance.
      const late = newPaymentId();
      await h.ports.shopRepairs.recordPayment(repair.id, {
        id: late,
        kind: 'payment',
        amountPaise: 5_000,
        mode: 'upi',
        note: '',
      });
      const notAdvance = await expectPortError(
        h.ports.invoices.issueVoucher(repair.id, late),
        'failed-precondition',
      );
      expect(notAdvance.message).toBe(INVOICE_MESSAGES.notAnAdvance);
    });

    it('refuses vouchers to a store without a GSTIN', async () => {
      const repair = await readyRepair(null, 'store-2');
      const [advance] = await h.ports.shopRepairs.listPayments(repair.id);
      const refused = await expectPortError(
        h.ports.invoices.issueVoucher(repair.id, advance?.id ?? ''),
        'failed-precondition',
      );
      expect(refused.message).toBe(INVOICE_MESSAGES.noGstin);
    });

    it('keeps an issued invoice when its repair is deleted (GST records are kept): members still read it', async () => {
      const repair = await readyRepair(118_000);
      const issued = await h.ports.invoices.issue(repair.id, { customerGstin: '' });
      await h.ports.shopRepairs.delete(repair.id);
      expect(await h.ports.invoices.invoiceOf(repair.id)).toEqual(issued);
      await signInAs(h, 'staff');
      expect(await h.ports.invoices.invoiceOf(repair.id)).toEqual(issued);
      await signInAs(h, 'rival');
      await expectPortError(h.ports.invoices.invoiceOf(repair.id), 'permission-denied');
      await h.ports.auth.signOut();
      expect(await h.ports.invoices.invoiceByTrackingToken(repair.trackingToken)).toBeNull();
      await signInAs(h, 'owner');
      const next = await readyRepair(1_000);
      expect((await h.ports.invoices.issue(next.id, { customerGstin: '' })).serial).toBe(2);
    });

    it('opens the invoice from the tracking link, signed out, once it exists; never a revoked link', async () => {
      const repair = await readyRepair(118_000);
      await h.ports.auth.signOut();
      expect(await h.ports.invoices.invoiceByTrackingToken(repair.trackingToken)).toBeNull();
      expect(await h.ports.invoices.invoiceByTrackingToken('not a token')).toBeNull();
      await signInAs(h, 'owner');
      const issued = await h.ports.invoices.issue(repair.id, { customerGstin: '' });
      await h.ports.auth.signOut();
      expect(await h.ports.invoices.invoiceByTrackingToken(repair.trackingToken)).toEqual(issued);
      await signInAs(h, 'customer');
      expect(await h.ports.invoices.invoiceByTrackingToken(repair.trackingToken)).toEqual(issued);
      await signInAs(h, 'owner');
      const token = freshToken();
      await h.ports.tracking.rotate(repair.id, token);
      await h.ports.auth.signOut();
      expect(await h.ports.invoices.invoiceByTrackingToken(repair.trackingToken)).toBeNull();
      expect(await h.ports.invoices.invoiceByTrackingToken(token)).toEqual(issued);
    });
  });
}
