import { describe, expect, it } from 'vitest';
import { newPaymentId } from '../../src/domain/shop/payments';
import { resolveRefusedChange } from '../../src/domain/shop/shop-use-cases';
import { newRepair } from '../contract/shop-fixtures';
import { shopWithTwoCounters, syncServerForFile, waitFor } from './sync-helpers';

/**
 * 'Changed on another device' on PouchDB (issue 20, docs/pouchdb.md "Edits on two devices"): two
 * counters of one shop edit a repair's estimate offline; the first back online is saved, the gateway
 * refuses the second's revision, and the second device settles the conflict replication brings: its
 * edit is kept as a refused change (both values, and the one it started from), its payment taken on
 * the same revision is merged, and the repair has one revision again. The person's choice then lands
 * everywhere as an ordinary edit.
 */

const sync = syncServerForFile();

/** A repair as the sync server holds it (read as its administrator), with its conflicts. */
const remoteRepair = async (remote: (name: string) => PouchDB.Database, id: string) => {
  const repairs = remote('repairs');
  try {
    return (await repairs.get(id, { conflicts: true }).catch(() => null)) as Record<string, unknown> | null;
  } finally {
    await repairs.close();
  }
};

describe('one repair edited offline on two counters (issue 20)', () => {
  it('keeps the second counter’s edit for its person to choose, and lands the choice everywhere', {
    timeout: 120_000,
  }, async () => {
    const { a, b, remote } = await shopWithTwoCounters(sync.server(), 'edit', sync.devices);
    // ₹2,800 estimate; ₹500 advance, taken in on counter A; counter B gets it.
    const repair = await a.ports.shopRepairs.create('store-1', newRepair({}, '4821'));
    expect(repair.estimatePaise).toBe(280_000);
    await waitFor('the repair on counter B', () => b.ports.shopRepairs.get(repair.id).catch(() => null));

    // Both counters lose the network; A changes the estimate to ₹3,000, B to ₹3,200 and the name,
    // and takes a ₹300 payment.
    await Promise.all([a.sync?.stop(), b.sync?.stop()]);
    await a.ports.shopRepairs.update(repair.id, { estimatePaise: 300_000 });
    await b.ports.shopRepairs.update(repair.id, { estimatePaise: 320_000, customerName: 'Asha R.' });
    const onB = {
      id: newPaymentId(),
      kind: 'payment' as const,
      amountPaise: 30_000,
      mode: 'upi' as const,
      note: '',
    };
    await b.ports.shopRepairs.recordPayment(repair.id, onB);

    // A reconnects first: the server takes its estimate.
    a.sync?.start();
    await waitFor('counter A’s estimate on the server', async () => {
      const doc = await remoteRepair(remote, repair.id);
      return doc?.estimatePaise === 300_000;
    });

    // B reconnects: the gateway refuses its revision; B settles the conflict against the server's.
    b.sync?.start();
    const kept = await waitFor(
      'counter B’s edit kept as a refused change, the repair with one revision',
      async () => {
        const stored = await b.databases.repairs.get(repair.id, { conflicts: true });
        if (stored === null || (stored._conflicts?.length ?? 0) > 0) return null;
        const changes = await b.ports.shopRepairs.refusedChanges(repair.id);
        return changes.length === 1 ? changes : null;
      },
      60_000,
    );
    const [change] = kept;
    expect(change).toMatchObject({
      repairDocId: repair.id,
      patch: { estimatePaise: 320_000, customerName: 'Asha R.' },
      base: { estimatePaise: 280_000, customerName: repair.customerName },
    });
    // Nothing of B's waits for the server any more: its edit is a refused change, its payment merged.
    await waitFor(
      'counter B’s outbox empty',
      async () => (await b.ports.shopRepairs.pendingChanges()).length === 0,
    );
    // B shows what is saved (A's estimate, the name unchanged) with its own payment merged in.
    const onCounterB = await b.ports.shopRepairs.get(repair.id);
    expect(onCounterB).toMatchObject({ estimatePaise: 300_000, customerName: repair.customerName });
    expect(onCounterB?.paidPaise).toBe(80_000);
    expect(onCounterB?.history.some((entry) => entry.paymentId === onB.id)).toBe(true);
    await waitFor('the payment merged on the server', async () => {
      const doc = await remoteRepair(remote, repair.id);
      return doc?.paidPaise === 80_000 && doc.estimatePaise === 300_000;
    });

    // The person keeps their estimate and the saved name: the choice lands on the server and on A,
    // whose screens are told it arrived.
    let arrived = 0;
    a.sync?.onArrival(() => {
      arrived += 1;
    });
    const chosen = await resolveRefusedChange(b.ports, repair.id, change?.id ?? '', ['estimatePaise']);
    expect(chosen.ok).toBe(true);
    expect(await b.ports.shopRepairs.refusedChanges(repair.id)).toEqual([]);
    await waitFor('the choice on the server and on counter A', async () => {
      const doc = await remoteRepair(remote, repair.id);
      const onA = await a.ports.shopRepairs.get(repair.id);
      return (
        doc?.estimatePaise === 320_000 &&
        doc.customerName === repair.customerName &&
        doc._conflicts === undefined &&
        onA?.estimatePaise === 320_000 &&
        onA.paidPaise === 80_000
      );
    });
    await waitFor('counter A’s screens told', async () => arrived > 0);
    expect(b.sync?.denied.length).toBeGreaterThan(0);
  });

  it('lists in the outbox what a counter made with the network cut, until the server has it', {
    timeout: 120_000,
  }, async () => {
    const { a, b } = await shopWithTwoCounters(sync.server(), 'outbox', sync.devices);
    const repair = await a.ports.shopRepairs.create('store-1', newRepair({}, '4821'));
    await waitFor('the repair on counter B', () => b.ports.shopRepairs.get(repair.id).catch(() => null));
    await waitFor(
      'nothing of counter A’s waiting',
      async () => (await a.ports.shopRepairs.pendingChanges()).length === 0,
    );

    await b.sync?.stop();
    await b.ports.shopRepairs.update(repair.id, { conditionNotes: 'Back cracked' });
    await b.ports.shopRepairs.changeStatus(repair.id, { to: 'inprogress', expectedStatus: 'received' });
    const waiting = await b.ports.shopRepairs.pendingChanges();
    expect(waiting.map((change) => [change.repairId, change.what])).toEqual([
      [repair.repairId, 'change'],
      [repair.repairId, 'status change'],
    ]);
    // Asked again (the server still lacks them, replication stopped): still listed; gone once it has them.
    expect(await b.ports.shopRepairs.pendingChanges()).toHaveLength(2);
    b.sync?.start();
    await waitFor(
      'counter B’s outbox empty',
      async () => (await b.ports.shopRepairs.pendingChanges()).length === 0,
    );
    await waitFor(
      'the status on counter A',
      async () => (await a.ports.shopRepairs.get(repair.id))?.status === 'inprogress',
    );
  });
});
