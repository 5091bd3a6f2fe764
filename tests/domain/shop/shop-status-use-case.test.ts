import { beforeEach, describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import { newPaymentId } from '../../../src/domain/shop/payments';
import type { ShopRepair } from '../../../src/domain/shop/repair-record';
import { PortError } from '../../../src/ports/errors';
import { signInAs, type World } from '../world';
import { createShopWorld, createThroughUseCase } from './shop-world';

let world: World;
let repair: ShopRepair;

beforeEach(async () => {
  ({ world } = await createShopWorld());
  await signInAs(world, 'staff');
  repair = await createThroughUseCase(world);
});

const move = (to: string, expectedStatus: string, extra: Record<string, unknown> = {}) =>
  world.useCases.shop.changeStatus(repair.id, { to, expectedStatus, ...extra });

describe('changeStatus', () => {
  it('takes a repair through the workflow to delivered with the delivery code, as staff', async () => {
    expect(await move('inprogress', 'received', { note: 'Opened it' })).toMatchObject({
      ok: true,
      value: { status: 'inprogress' },
    });
    expect((await move('ready', 'inprogress')).ok).toBe(true);
    // ₹2,300 is still due: delivered on credit, with its note (issue 17).
    const delivered = await move('delivered', 'ready', {
      deliveryCode: repair.deliveryCode,
      creditNote: 'Pays Friday',
    });
    expect(delivered).toMatchObject({ ok: true, value: { status: 'delivered' } });
    if (!delivered.ok) return;
    expect(delivered.value.history.map((entry) => [entry.kind, entry.status, entry.by.uid])).toEqual([
      ['created', 'received', 'uid-staff'],
      ['status', 'inprogress', 'uid-staff'],
      ['status', 'ready', 'uid-staff'],
      ['status', 'delivered', 'uid-staff'],
    ]);
  });

  it('refuses a move the workflow forbids, under the status field, and writes nothing', async () => {
    expect(await move('ready', 'received')).toEqual({
      ok: false,
      reason: 'forbidden-move',
      message: SHOP_MESSAGES.moveForbidden('Received', 'Ready for Pickup'),
      fieldErrors: { to: SHOP_MESSAGES.moveForbidden('Received', 'Ready for Pickup') },
    });
    expect(world.db.repairs.get(repair.id)?.status).toBe('received');
  });

  it("needs the customer's delivery code, and the right one", async () => {
    await move('inprogress', 'received');
    await move('ready', 'inprogress');
    expect(await move('delivered', 'ready')).toMatchObject({
      ok: false,
      reason: 'code-required',
      fieldErrors: { deliveryCode: SHOP_MESSAGES.deliveryCodeRequired },
    });
    const wrong = repair.deliveryCode === '0000' ? '1111' : '0000';
    expect(
      await move('delivered', 'ready', { deliveryCode: wrong, creditNote: 'Pays Friday' }),
    ).toMatchObject({
      ok: false,
      reason: 'wrong-code',
      fieldErrors: { deliveryCode: SHOP_MESSAGES.deliveryCodeWrong },
    });
  });

  it('lets only the owner deliver without the code, with a reason, and reopen', async () => {
    await move('inprogress', 'received');
    await move('ready', 'inprogress');
    const override = { override: { reason: 'Customer lost the SMS' } };
    expect(await move('delivered', 'ready', override)).toMatchObject({
      ok: false,
      reason: 'owner-only',
      message: SHOP_MESSAGES.overrideOwnerOnly,
    });
    await signInAs(world, 'owner');
    // Paid in full first (nothing due, so no credit note: the override's reason is the whole note).
    await world.ports.shopRepairs.recordPayment(repair.id, {
      id: newPaymentId(),
      kind: 'payment',
      amountPaise: repair.duePaise,
      mode: 'cash',
      note: '',
    });
    const delivered = await move('delivered', 'ready', override);
    expect(delivered.ok && delivered.value.history.at(-1)).toMatchObject({
      kind: 'override',
      note: 'Customer lost the SMS',
      by: { uid: 'uid-owner' },
    });
    await signInAs(world, 'staff');
    expect(await move('inprogress', 'delivered', { note: 'Came back' })).toMatchObject({
      ok: false,
      reason: 'owner-only',
      message: SHOP_MESSAGES.finalStatus('Delivered'),
    });
    await signInAs(world, 'owner');
    expect(await move('inprogress', 'delivered')).toMatchObject({
      ok: false,
      reason: 'note-required',
      fieldErrors: { note: SHOP_MESSAGES.reopenNoteRequired },
    });
    expect(await move('inprogress', 'delivered', { note: 'Came back' })).toMatchObject({
      ok: true,
      value: { status: 'inprogress' },
    });
  });

  it('refuses a stale status: someone moved the repair meanwhile', async () => {
    await move('inprogress', 'received');
    expect(await move('cancelled', 'received')).toEqual({
      ok: false,
      message: SHOP_MESSAGES.statusConflict,
      reason: 'conflict',
    });
    expect(world.db.repairs.get(repair.id)?.status).toBe('inprogress');
  });

  it("maps the backend's conflict on a race to the same message", async () => {
    const ports = world.ports;
    const changeStatus = ports.shopRepairs.changeStatus.bind(ports.shopRepairs);
    ports.shopRepairs.changeStatus = async () => {
      throw new PortError('conflict', 'changed meanwhile');
    };
    try {
      expect(await move('inprogress', 'received')).toEqual({
        ok: false,
        message: SHOP_MESSAGES.statusConflict,
        reason: 'conflict',
      });
      ports.shopRepairs.changeStatus = async () => {
        throw new PortError('failed-precondition', 'The rules say no.');
      };
      expect(await move('inprogress', 'received')).toEqual({
        ok: false,
        message: 'The rules say no.',
        reason: 'forbidden-move',
      });
      ports.shopRepairs.changeStatus = async () => {
        throw new PortError('failed-precondition', '');
      };
      expect(await move('inprogress', 'received')).toMatchObject({
        message: SHOP_MESSAGES.statusChangeRefused,
      });
    } finally {
      ports.shopRepairs.changeStatus = changeStatus;
    }
  });

  it('refuses outsiders and a deleted repair; says when it cannot save', async () => {
    await signInAs(world, 'rival');
    expect(await move('inprogress', 'received')).toEqual({
      ok: false,
      message: SHOP_MESSAGES.notStoreMember,
      reason: 'not-permitted',
    });
    await signInAs(world, 'owner');
    world.db.outage = true;
    expect(await move('inprogress', 'received')).toEqual({
      ok: false,
      message: SHOP_MESSAGES.saveFailed,
      reason: 'failed',
    });
    world.db.outage = false;
    await world.useCases.shop.deleteRepair(repair.id);
    expect(await move('inprogress', 'received')).toMatchObject({ ok: false, reason: 'not-found' });
  });
});
