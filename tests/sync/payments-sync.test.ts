import { describe, expect, it } from 'vitest';
import { newPaymentId } from '../../src/domain/shop/payments';
import { newRepair } from '../contract/shop-fixtures';
import { shopWithTwoCounters, syncServerForFile, waitFor } from './sync-helpers';

/**
 * Payments taken offline on two devices for one repair (issue 17, docs/adapters.md "Payments on
 * PouchDB"): each entry is its own document, so both replicate; the repair document comes back from
 * the sync with conflicting revisions, which each device merges (every payment counted once), and the
 * sync gateway takes the merge. Two counters of one shop (the owner's devices) behind the gateway, on
 * pouchdb-server in memory on loopback.
 */

const sync = syncServerForFile();

describe('payments taken offline on two devices for one repair (issue 17)', () => {
  it('both count after sync, once each, on both devices and on the server', {
    timeout: 120_000,
  }, async () => {
    const { a, b, remote } = await shopWithTwoCounters(sync.server(), 'pay', sync.devices);
    // ₹2,800 estimate, ₹500 advance, taken in on counter A; counter B gets it.
    const repair = await a.ports.shopRepairs.create('store-1', newRepair({}, '4821'));
    await waitFor('the repair and its advance on counter B', async () => {
      const there = await b.ports.shopRepairs.get(repair.id).catch(() => null);
      return there !== null && (await b.ports.shopRepairs.listPayments(repair.id)).length === 1;
    });

    // Both counters go offline, and each takes a payment on the repair.
    await Promise.all([a.sync?.stop(), b.sync?.stop()]);
    const onA = {
      id: newPaymentId(),
      kind: 'payment' as const,
      amountPaise: 100_000,
      mode: 'cash' as const,
      note: '',
    };
    const onB = {
      id: newPaymentId(),
      kind: 'payment' as const,
      amountPaise: 30_000,
      mode: 'upi' as const,
      note: '',
    };
    expect((await a.ports.shopRepairs.recordPayment(repair.id, onA)).repair.paidPaise).toBe(150_000);
    expect((await b.ports.shopRepairs.recordPayment(repair.id, onB)).repair.paidPaise).toBe(80_000);

    // Back online: both entries arrive everywhere, and the repair counts both, once.
    a.sync?.start();
    b.sync?.start();
    for (const [name, device] of [
      ['A', a],
      ['B', b],
    ] as const)
      await waitFor(
        `both payments on counter ${name}, the repair without conflicts`,
        async () => {
          const stored = await device.databases.repairs.get(repair.id, { conflicts: true });
          if (stored === null || (stored._conflicts?.length ?? 0) > 0) return false;
          const seen = await device.ports.shopRepairs.get(repair.id);
          const payments = await device.ports.shopRepairs.listPayments(repair.id);
          return seen?.paidPaise === 180_000 && payments.length === 3;
        },
        60_000,
      );
    for (const device of [a, b]) {
      const seen = await device.ports.shopRepairs.get(repair.id);
      expect(seen).toMatchObject({ paidPaise: 180_000, duePaise: 100_000, owing: false });
      const ids = (seen?.history ?? [])
        .filter((entry) => entry.kind === 'payment')
        .map((entry) => entry.paymentId);
      expect(ids.sort()).toEqual([onA.id, onB.id].sort());
      expect(
        (await device.ports.shopRepairs.listPayments(repair.id)).map((p) => p.amountPaise).sort(),
      ).toEqual([100_000, 30_000, 50_000].sort());
    }

    // The server holds the merged repair, and both entries.
    const repairs = remote('repairs');
    const payments = remote('payments');
    const onServer = await waitFor('the merged repair on the server', async () => {
      const doc = (await repairs.get(repair.id).catch(() => null)) as Record<string, unknown> | null;
      return doc?.paidPaise === 180_000 ? doc : null;
    });
    expect(onServer).toMatchObject({ paidPaise: 180_000, duePaise: 100_000, owing: false });
    const named = (onServer.history as { paymentId?: string }[]).flatMap((entry) => entry.paymentId ?? []);
    expect(named.sort()).toEqual([onA.id, onB.id].sort());
    const entries = await payments.allDocs({ startkey: `${repair.id}:`, endkey: `${repair.id}:\uffff` });
    expect(entries.rows.map((row) => row.id).sort()).toEqual(
      [`${repair.id}:${repair.id}-p1`, `${repair.id}:${onA.id}`, `${repair.id}:${onB.id}`].sort(),
    );
    await repairs.close();
    await payments.close();
  });
});
