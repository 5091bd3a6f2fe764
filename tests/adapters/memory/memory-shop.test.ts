import { describe, expect, it } from 'vitest';
import { checkShopRepairUpdate, type ShopAccess } from '../../../src/adapters/local/local-rules';
import { createMemoryBackend } from '../../../src/adapters/memory/memory-backend';
import { ManualClock } from '../../../src/demo/manual-clock';
import { historyEntry } from '../../../src/domain/shop/history';
import type { ShopRepair } from '../../../src/domain/shop/repair-record';
import { isPortError } from '../../../src/ports/errors';
import { newRepair } from '../../contract/shop-fixtures';

async function shopWithRepairs(count: number) {
  const clock = new ManualClock(new Date('2026-11-10T10:00:00Z'));
  const backend = createMemoryBackend({ clock });
  const { seeder, ports, db } = backend;
  await seeder.account({ uid: 'owner', email: 'owner@x.test', password: 'Secret#123' });
  await seeder.user('owner', { role: 'business', name: 'Rahul' });
  await seeder.store({ id: 'store-1', ownerId: 'owner', name: 'Sharma Mobile Care' });
  for (let i = 0; i < 200; i++)
    await seeder.repair({ id: `other-${i}`, repairId: `X-${i}`, storeId: 'store-9', createdAt: new Date() });
  await ports.auth.signIn('owner@x.test', 'Secret#123');
  for (let i = 0; i < count; i++) {
    await ports.shopRepairs.create('store-1', newRepair({ customerName: `Name ${i}` }));
    clock.advance(1000);
  }
  return { ports, db };
}

describe('memory shop repairs: documents read', () => {
  it('a page reads its items only, a count reads none, a search reads its hits', async () => {
    const { ports, db } = await shopWithRepairs(30);
    db.documentsRead = 0;
    const page = await ports.shopRepairs.page('store-1', { limit: 10 });
    expect(page.items).toHaveLength(10);
    expect(db.documentsRead).toBe(10);
    db.documentsRead = 0;
    await ports.shopRepairs.page('store-1', { limit: 10, cursor: page.next });
    expect(db.documentsRead).toBe(10);
    db.documentsRead = 0;
    expect((await ports.shopRepairs.countByStatus('store-1')).total).toBe(30);
    expect(db.documentsRead).toBe(0);
    db.documentsRead = 0;
    expect(
      await ports.shopRepairs.search('store-1', { field: 'name', text: 'name 1', limit: 50 }),
    ).toHaveLength(11);
    expect(db.documentsRead).toBe(11);
  });
});

describe('local rule: checkShopRepairUpdate', () => {
  const at = new Date('2026-11-10T10:00:00Z');
  const owner: ShopAccess = { uid: 'u1', role: 'owner', store: { id: 's', ownerId: 'u1', name: 'S' } };
  const staff: ShopAccess = { uid: 'u2', role: 'staff', store: owner.store };
  const base = {
    repairId: 'S-1001',
    storeId: 's',
    businessId: 'u1',
    store: '',
    deliveryCode: '4821',
    createdAt: at,
    trackingToken: 'tok',
    status: 'inprogress',
    history: [historyEntry('created', 'received', { uid: 'u1', name: 'R' }, at)],
  } as unknown as ShopRepair;
  const move = (to: string, by = staff, kind: 'status' | 'reopen' | 'override' = 'status', note = '') =>
    ({
      ...base,
      status: to,
      history: [...base.history, historyEntry(kind, to, { uid: by.uid, name: '' }, at, note, base.status)],
    }) as ShopRepair;
  const refused = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      return isPortError(error, 'permission-denied');
    }
    return false;
  };

  it('allows a move of the workflow with one entry by the writer', () => {
    expect(() => checkShopRepairUpdate(base, move('ready'), staff, 'status')).not.toThrow();
  });

  it('refuses forbidden moves, rewritten or doubled history, entries in another name, fixed fields', () => {
    expect(refused(() => checkShopRepairUpdate(base, move('received'), staff, 'status'))).toBe(true);
    expect(refused(() => checkShopRepairUpdate(base, move('delivered'), staff, 'status'))).toBe(true);
    expect(refused(() => checkShopRepairUpdate(base, move('ready', owner), staff, 'status'))).toBe(true);
    const doubled = move('ready');
    expect(
      refused(() =>
        checkShopRepairUpdate(
          base,
          { ...doubled, history: [...doubled.history, ...doubled.history.slice(1)] },
          staff,
          'status',
        ),
      ),
    ).toBe(true);
    expect(
      refused(() =>
        checkShopRepairUpdate(
          base,
          { ...move('ready'), history: move('ready').history.slice(1) },
          staff,
          'status',
        ),
      ),
    ).toBe(true);
    expect(
      refused(() => checkShopRepairUpdate(base, { ...move('ready'), deliveryCode: '0000' }, staff, 'status')),
    ).toBe(true);
    expect(
      refused(() => checkShopRepairUpdate(base, { ...move('ready'), storeId: 'other' }, staff, 'status')),
    ).toBe(true);
    expect(refused(() => checkShopRepairUpdate(base, move('ready'), staff, 'edit'))).toBe(true);
  });

  it('delivers only with the stored code presented, or an owner override with a reason', () => {
    const ready = { ...base, status: 'ready' } as ShopRepair;
    const deliver = (by: ShopAccess, kind: 'status' | 'override') =>
      ({
        ...ready,
        status: 'delivered',
        history: [
          ...ready.history,
          historyEntry(kind, 'delivered', { uid: by.uid, name: '' }, at, '', 'ready'),
        ],
      }) as ShopRepair;
    expect(refused(() => checkShopRepairUpdate(ready, deliver(staff, 'status'), staff, 'status', {}))).toBe(
      true,
    );
    expect(() =>
      checkShopRepairUpdate(ready, deliver(staff, 'status'), staff, 'status', { deliveryCode: '4821' }),
    ).not.toThrow();
    expect(
      refused(() =>
        checkShopRepairUpdate(ready, deliver(staff, 'override'), staff, 'status', {
          override: { reason: 'x' },
        }),
      ),
    ).toBe(true);
    expect(() =>
      checkShopRepairUpdate(ready, deliver(owner, 'override'), owner, 'status', {
        override: { reason: 'x' },
      }),
    ).not.toThrow();
  });
});
