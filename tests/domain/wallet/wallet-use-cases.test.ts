import { beforeEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../src/domain/users/user';
import { filterDistributors } from '../../../src/domain/wallet/distributors';
import {
  DEFAULT_ADMIN_NAME,
  RECHARGE_DESCRIPTION,
  WALLET_MESSAGES,
} from '../../../src/domain/wallet/messages';
import { type RechargeCommand, rechargeFormSchema } from '../../../src/domain/wallet/wallet-use-cases';
import { addPerson, createWorld, NOW, seedCast, signInAs, type World } from '../world';

let world: World;
let admin: UserProfile;

beforeEach(async () => {
  world = createWorld();
  await seedCast(world);
  admin = await signInAs(world, 'admin');
});

const distributors = async () => {
  const result = await world.useCases.wallet.distributors(admin);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};
const dev = async () => (await distributors()).find((d) => d.name === 'Dev Distributor')!;
/** The stored balance, read past the rules (the signed-in account may not read another's profile). */
const balanceOf = async (uid: string) => world.db.profile(uid)?.walletBalance;

let keys = 0;
const command = async (
  amount: string | number,
  distributor?: UserProfile | null,
): Promise<RechargeCommand> => ({
  distributor: distributor === undefined ? await dev() : distributor,
  amount,
  idempotencyKey: `confirmation-${++keys}`,
});

describe('recharging a distributor', () => {
  it('tops the wallet up and says so, word for word', async () => {
    const result = await world.useCases.wallet.recharge(admin, await command('250'));
    expect(result).toMatchObject({ ok: true, message: 'Successfully recharged ₹250 to Dev Distributor' });
    expect(await balanceOf('uid-distributor')).toBe(750);
  });

  it('records the transaction: admin, balances, time and description', async () => {
    const result = await world.useCases.wallet.recharge(admin, await command(' 99.50 '));
    expect(result.ok && result.value).toEqual({
      id: expect.any(String),
      distributorId: 'uid-distributor',
      distributorName: 'Dev Distributor',
      adminId: 'uid-admin',
      adminName: 'Ada Admin',
      amount: 99.5,
      previousBalance: 500,
      newBalance: 599.5,
      timestamp: NOW,
      description: 'Wallet recharge by admin',
    });
    expect(RECHARGE_DESCRIPTION).toBe('Wallet recharge by admin');
    expect(result.ok && result.message).toBe(WALLET_MESSAGES.rechargeSucceeded(99.5, 'Dev Distributor'));
    const recent = await world.useCases.wallet.recentRecharges(admin);
    expect(recent.ok && recent.value).toEqual([result.ok && result.value]);
  });

  it("records the admin as 'Admin' when the admin's profile has no name", async () => {
    await addPerson(world, 'nameless', { role: 'sa', name: '  ' });
    const nameless = await signInAs(world, 'nameless');
    const result = await world.useCases.wallet.recharge(nameless, await command(10));
    expect(result.ok && result.value.adminName).toBe('Admin');
    expect(DEFAULT_ADMIN_NAME).toBe('Admin');
  });

  it('keeps the balance exact over several top-ups', async () => {
    for (const amount of ['1.10', '2.20', '0000003.30'])
      await world.useCases.wallet.recharge(admin, await command(amount));
    expect(await balanceOf('uid-distributor')).toBe(506.6);
  });

  it.each(['0', '-5', 'abc', '12.345', '1000001', '', '0.5'])(
    "refuses the amount %j with 'Please enter a valid amount', changing nothing",
    async (amount) => {
      expect(await world.useCases.wallet.recharge(admin, await command(amount))).toEqual({
        ok: false,
        fieldErrors: { amount: 'Please enter a valid amount' },
      });
      expect(await balanceOf('uid-distributor')).toBe(500);
    },
  );

  it.each(['1', '99.50', ' 250 ', '1000000'])(
    'lets the form send %j, as the use case accepts it',
    (amount) => {
      expect(rechargeFormSchema.safeParse({ amount }).success).toBe(true);
    },
  );

  it.each(['', '0', '-5', 'abc', '12.345', '1000001'])(
    "stops %j in the form with the use case's 'Please enter a valid amount'",
    (amount) => {
      const checked = rechargeFormSchema.safeParse({ amount });
      expect(checked.success).toBe(false);
      expect(checked.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['amount'], WALLET_MESSAGES.invalidAmount],
      ]);
    },
  );

  it('needs a distributor to be chosen', async () => {
    expect(await world.useCases.wallet.recharge(admin, await command('10', null))).toEqual({
      ok: false,
      message: WALLET_MESSAGES.chooseDistributor,
    });
  });

  it("is 'Access denied.' for anyone but a super admin", async () => {
    const target = await dev();
    for (const key of ['customer', 'distributor', 'staff']) {
      const viewer = await signInAs(world, key);
      expect(await world.useCases.wallet.recharge(viewer, await command('10', target))).toEqual({
        ok: false,
        message: WALLET_MESSAGES.accessDenied,
      });
    }
    expect(await world.useCases.wallet.recharge(null, await command('10', target))).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    // The backend refuses a stale admin profile held by another account, too.
    expect(await world.useCases.wallet.recharge(admin, await command('10', target))).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    expect(await balanceOf('uid-distributor')).toBe(500);
  });

  it("says 'Error recharging wallet. Please try again.' when the backend fails", async () => {
    const target = await dev();
    world.db.outage = true;
    expect(await world.useCases.wallet.recharge(admin, await command('10', target))).toEqual({
      ok: false,
      message: 'Error recharging wallet. Please try again.',
    });
    expect(world.logger.at('error')).toEqual([
      {
        level: 'error',
        message: 'Recharge of distributor uid-distributor failed',
        cause: expect.objectContaining({ name: 'PortError', code: 'unavailable' }),
      },
    ]);
    world.db.outage = false;
    expect(await balanceOf('uid-distributor')).toBe(500);
  });

  it('refuses an account that is not (or no longer) a distributor', async () => {
    const target = await dev();
    const customer = (await world.ports.users.get('uid-customer'))!;
    expect(await world.useCases.wallet.recharge(admin, await command('10', customer))).toEqual({
      ok: false,
      message: WALLET_MESSAGES.notADistributor,
    });
    world.db.users.delete(target.uid);
    expect(await world.useCases.wallet.recharge(admin, await command('10', target))).toEqual({
      ok: false,
      message: WALLET_MESSAGES.distributorGone,
    });
  });

  it('applies a retried confirmation once', async () => {
    const once = await command('250');
    const first = await world.useCases.wallet.recharge(admin, once);
    const retry = await world.useCases.wallet.recharge(admin, once);
    expect(retry).toEqual(first);
    expect(await balanceOf('uid-distributor')).toBe(750);
    const recent = await world.useCases.wallet.recentRecharges(admin);
    expect(recent.ok && recent.value).toHaveLength(1);
    // A new confirmation is a new recharge.
    await world.useCases.wallet.recharge(admin, await command('250'));
    expect(await balanceOf('uid-distributor')).toBe(1000);
  });

  it('refuses to reuse a confirmation for another amount', async () => {
    const once = await command('250');
    await world.useCases.wallet.recharge(admin, once);
    expect(await world.useCases.wallet.recharge(admin, { ...once, amount: '300' })).toEqual({
      ok: false,
      message: WALLET_MESSAGES.rechargeFailed,
    });
    expect(await balanceOf('uid-distributor')).toBe(750);
  });
});

describe('the distributor list', () => {
  it('lists every distributor by name, for a super admin', async () => {
    expect((await distributors()).map((d) => [d.name, d.walletBalance])).toEqual([
      ['Dev Distributor', 500],
      ['Priya Traders', 0],
    ]);
  });

  it("is 'Access denied.' for anyone else", async () => {
    expect(await world.useCases.wallet.distributors(null)).toEqual({ ok: false, message: 'Access denied.' });
    const distributor = await signInAs(world, 'distributor');
    expect(await world.useCases.wallet.distributors(distributor)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
  });

  it("says 'Error fetching distributors' when it cannot be loaded", async () => {
    world.db.outage = true;
    expect(await world.useCases.wallet.distributors(admin)).toEqual({
      ok: false,
      message: 'Error fetching distributors',
    });
    expect(world.logger.at('error').map((entry) => entry.message)).toEqual([
      'Distributors could not be loaded',
    ]);
  });

  describe('search', () => {
    const names = async (query: string) => filterDistributors(await distributors(), query).map((d) => d.name);

    it('keeps everyone for a blank query', async () => {
      expect(await names('  ')).toEqual(['Dev Distributor', 'Priya Traders']);
    });

    it('matches a case-insensitive part of the name or e-mail', async () => {
      expect(await names('priya')).toEqual(['Priya Traders']);
      expect(await names('DEV DIS')).toEqual(['Dev Distributor']);
      expect(await names('distributor2@')).toEqual(['Priya Traders']);
      expect(await names('EXAMPLE.TEST')).toEqual(['Dev Distributor', 'Priya Traders']);
    });

    it('matches a part of the mobile number, ignoring spaces', async () => {
      expect(await names('98877')).toEqual(['Priya Traders']);
      expect(await names('4567')).toEqual(['Dev Distributor']);
      expect(await names('91234 5678')).toEqual(['Dev Distributor']);
      expect(await names('9')).toEqual(['Dev Distributor', 'Priya Traders']);
    });

    it('matches a mobile stored in a fallback field', async () => {
      await addPerson(world, 'old', { role: 'distributor', name: 'Old Trader', phone: '9700012345' });
      expect(await names('00012')).toEqual(['Old Trader']);
    });

    it('finds nobody for a query nothing contains', async () => {
      expect(await names('zzz')).toEqual([]);
      expect(await names('1111')).toEqual([]);
    });
  });
});

describe('recent recharges', () => {
  it('are the latest 10, newest first, for a super admin', async () => {
    for (let n = 1; n <= 12; n += 1) {
      await world.useCases.wallet.recharge(admin, await command(n));
      world.clock.advance(1000);
    }
    const recent = await world.useCases.wallet.recentRecharges(admin);
    expect(recent.ok && recent.value.map((t) => t.amount)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it('are none at first (the screen then says so)', async () => {
    expect(await world.useCases.wallet.recentRecharges(admin)).toEqual({ ok: true, value: [] });
    expect(WALLET_MESSAGES.noTransactions).toBe('No recharge transactions yet');
  });

  it("are 'Access denied.' for anyone else, and report a failure to load", async () => {
    expect(await world.useCases.wallet.recentRecharges(null)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    world.db.outage = true;
    expect(await world.useCases.wallet.recentRecharges(admin)).toEqual({
      ok: false,
      message: WALLET_MESSAGES.transactionsFailed,
    });
  });
});

describe("a distributor's own wallet", () => {
  it('shows the fresh balance and the top-ups received', async () => {
    await world.useCases.wallet.recharge(admin, await command('250'));
    const stale = await signInAs(world, 'distributor');
    await signInAs(world, 'admin');
    await world.useCases.wallet.recharge(admin, await command('50', await dev()));
    await signInAs(world, 'distributor');
    const result = await world.useCases.wallet.distributorWallet(stale);
    expect(result.ok && result.value.balance).toBe(800);
    expect(result.ok && result.value.transactions.map((t) => t.amount)).toEqual([50, 250]);
  });

  it('shows only their own top-ups', async () => {
    const priya = (await distributors()).find((d) => d.name === 'Priya Traders')!;
    await world.useCases.wallet.recharge(admin, await command('100', priya));
    await world.useCases.wallet.recharge(admin, await command('25'));
    const own = await signInAs(world, 'distributor2');
    const result = await world.useCases.wallet.distributorWallet(own);
    expect(result.ok && result.value).toMatchObject({ balance: 100, profile: { name: 'Priya Traders' } });
    expect(result.ok && result.value.transactions.map((t) => t.distributorName)).toEqual(['Priya Traders']);
  });

  it("is 'Access denied.' for anyone but a distributor", async () => {
    expect(await world.useCases.wallet.distributorWallet(admin)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
    expect(await world.useCases.wallet.distributorWallet(null)).toEqual({
      ok: false,
      message: 'Access denied.',
    });
  });

  it('reports a failure to load', async () => {
    const own = await signInAs(world, 'distributor');
    world.db.outage = true;
    expect(await world.useCases.wallet.distributorWallet(own)).toEqual({
      ok: false,
      message: WALLET_MESSAGES.walletFailed,
    });
    expect(world.logger.at('error').map((entry) => entry.message)).toEqual([
      'The distributor wallet could not be loaded',
    ]);
  });
});
