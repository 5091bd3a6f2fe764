import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECHARGE_DESCRIPTION } from '../../src/domain/wallet/messages';
import type { RechargeRequest } from '../../src/domain/wallet/wallet';
import { expectPortError } from './expectations';
import { type Cast, seedCast, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';

let keySequence = 0;
const freshKey = () => {
  keySequence += 1;
  return `key-${Date.now().toString(36)}-${keySequence}-${Math.random().toString(36).slice(2, 8)}`;
};

export function walletLedgerContract(makeHarness: HarnessFactory): void {
  describe('WalletLedger', () => {
    let h: BackendHarness;
    let cast: Cast;
    let request: (amount: number, overrides?: Partial<RechargeRequest>) => RechargeRequest;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedCast(h);
      request = (amount, overrides = {}) => ({
        distributorId: cast.distributor,
        amount,
        idempotencyKey: freshKey(),
        admin: { id: cast.admin, name: 'Ada Admin' },
        ...overrides,
      });
    });
    afterEach(async () => {
      await h.dispose();
    });

    const balanceOf = async (uid: string) => (await h.ports.users.get(uid))?.walletBalance;

    it('recharges a distributor: balance and ledger together', async () => {
      await signInAs(h, 'admin');
      const transaction = await h.ports.wallet.recharge(request(250));
      expect(transaction).toMatchObject({
        distributorId: cast.distributor,
        distributorName: 'Dev Distributor',
        adminId: cast.admin,
        adminName: 'Ada Admin',
        amount: 250,
        previousBalance: 500,
        newBalance: 750,
        description: RECHARGE_DESCRIPTION,
      });
      expect(transaction.timestamp).toBeInstanceOf(Date);
      expect(Math.abs(transaction.timestamp!.getTime() - Date.now())).toBeLessThan(24 * 3600 * 1000);
      expect(await balanceOf(cast.distributor)).toBe(750);
      expect((await h.ports.wallet.latest(10)).map((item) => item.id)).toEqual([transaction.id]);
    });

    it('adds amounts exactly, paise included', async () => {
      await signInAs(h, 'admin');
      await h.ports.wallet.recharge(request(0.1 + 0.9 + 9.1, { distributorId: cast.otherDistributor }));
      const second = await h.ports.wallet.recharge(request(20.2, { distributorId: cast.otherDistributor }));
      expect(second.previousBalance).toBe(10.1);
      expect(second.newBalance).toBe(30.3);
      expect(await balanceOf(cast.otherDistributor)).toBe(30.3);
    });

    it('applies a retried request (same idempotency key) once', async () => {
      await signInAs(h, 'admin');
      const once = request(100);
      const first = await h.ports.wallet.recharge(once);
      const again = await h.ports.wallet.recharge(once);
      expect(again.id).toBe(first.id);
      expect(again.newBalance).toBe(600);
      expect(await balanceOf(cast.distributor)).toBe(600);
      expect(await h.ports.wallet.latest(10)).toHaveLength(1);
    });

    it('refuses an idempotency key reused for a different recharge', async () => {
      await signInAs(h, 'admin');
      const once = request(100);
      await h.ports.wallet.recharge(once);
      await expectPortError(h.ports.wallet.recharge({ ...once, amount: 200 }), 'conflict');
      await expectPortError(
        h.ports.wallet.recharge({ ...once, distributorId: cast.otherDistributor }),
        'conflict',
      );
      expect(await balanceOf(cast.distributor)).toBe(600);
      expect(await balanceOf(cast.otherDistributor)).toBe(0);
    });

    it('loses no update when recharges run concurrently', async () => {
      await signInAs(h, 'admin');
      const amounts = [10, 20, 30, 40, 50, 60, 70, 80];
      const results = await Promise.all(amounts.map((amount) => h.ports.wallet.recharge(request(amount))));
      expect(await balanceOf(cast.distributor)).toBe(500 + 360);
      const ledger = await h.ports.wallet.latest(20);
      expect(ledger).toHaveLength(amounts.length);
      // The transactions chain: each one's previous balance is another's new balance, or the start.
      const byPrevious = new Map(results.map((t) => [t.previousBalance, t]));
      let balance = 500;
      for (let step = 0; step < amounts.length; step += 1) {
        const next = byPrevious.get(balance);
        expect(next, `a transaction starting at ${balance}`).toBeDefined();
        expect(next!.newBalance).toBe(balance + next!.amount);
        balance = next!.newBalance;
      }
      expect(balance).toBe(860);
    });

    it('refuses anyone but a super admin, changing nothing', async () => {
      for (const who of ['distributor', 'customer', 'staff'] as const) {
        await signInAs(h, who);
        await expectPortError(h.ports.wallet.recharge(request(1000)), 'permission-denied');
        await h.ports.auth.signOut();
      }
      await expectPortError(h.ports.wallet.recharge(request(1000)), 'unauthenticated', 'permission-denied');
      await signInAs(h, 'admin');
      expect(await balanceOf(cast.distributor)).toBe(500);
      expect(await h.ports.wallet.latest(10)).toEqual([]);
    });

    it('records the signed-in admin, not one named in the request', async () => {
      await signInAs(h, 'admin');
      await expectPortError(
        h.ports.wallet.recharge(request(10, { admin: { id: cast.customer, name: 'Someone' } })),
        'permission-denied',
      );
      expect(await balanceOf(cast.distributor)).toBe(500);
    });

    it('refuses a missing distributor or an account that is not a distributor', async () => {
      await signInAs(h, 'admin');
      await expectPortError(
        h.ports.wallet.recharge(request(10, { distributorId: 'uid-nobody' })),
        'not-found',
      );
      await expectPortError(
        h.ports.wallet.recharge(request(10, { distributorId: cast.customer })),
        'failed-precondition',
      );
      expect(await balanceOf(cast.customer)).toBe(0);
    });

    it('refuses an invalid amount or idempotency key', async () => {
      await signInAs(h, 'admin');
      for (const amount of [0, -5, 0.5, Number.NaN, 1.234, 10_000_001]) {
        await expectPortError(h.ports.wallet.recharge(request(amount)), 'invalid-argument');
      }
      await expectPortError(
        h.ports.wallet.recharge(request(10, { idempotencyKey: 'x' })),
        'invalid-argument',
      );
      await expectPortError(
        h.ports.wallet.recharge(request(10, { idempotencyKey: 'has spaces in it' })),
        'invalid-argument',
      );
      expect(await balanceOf(cast.distributor)).toBe(500);
    });

    it('lists the latest transactions newest first, limited', async () => {
      for (let day = 1; day <= 12; day += 1) {
        await h.seeder.rechargeTransaction({
          id: `t-${String(day).padStart(2, '0')}`,
          distributorId: day % 2 === 0 ? cast.distributor : cast.otherDistributor,
          distributorName: day % 2 === 0 ? 'Dev Distributor' : 'Priya Traders',
          adminId: cast.admin,
          adminName: 'Ada Admin',
          amount: day * 10,
          previousBalance: 0,
          newBalance: day * 10,
          timestamp: new Date(2026, 9, day, 12),
          description: RECHARGE_DESCRIPTION,
        });
      }
      await signInAs(h, 'admin');
      const latest = await h.ports.wallet.latest(10);
      expect(latest.map((t) => t.id)).toEqual([
        't-12',
        't-11',
        't-10',
        't-09',
        't-08',
        't-07',
        't-06',
        't-05',
        't-04',
        't-03',
      ]);
      expect(latest[0]).toMatchObject({
        amount: 120,
        distributorName: 'Dev Distributor',
        adminName: 'Ada Admin',
      });
      const mine = await h.ports.wallet.latestFor(cast.distributor, 3);
      expect(mine.map((t) => t.id)).toEqual(['t-12', 't-10', 't-08']);
      await h.ports.auth.signOut();

      await signInAs(h, 'distributor');
      expect((await h.ports.wallet.latestFor(cast.distributor, 10)).map((t) => t.id)).toEqual([
        't-12',
        't-10',
        't-08',
        't-06',
        't-04',
        't-02',
      ]);
      await expectPortError(h.ports.wallet.latestFor(cast.otherDistributor, 10), 'permission-denied');
      await expectPortError(h.ports.wallet.latest(10), 'permission-denied');
    });
  });
}
