import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryLogger } from '../../../../src/demo/memory-logger';
import { done, failed } from '../../../../src/domain/shared/validation';
import { parseUserRecord } from '../../../../src/domain/users/user';
import { WALLET_MESSAGES } from '../../../../src/domain/wallet/messages';
import type { RechargeTransaction } from '../../../../src/domain/wallet/wallet';
import type { RechargeCommand, RechargeOutcome } from '../../../../src/domain/wallet/wallet-use-cases';
import { attemptFor, useRecharge } from '../../../../src/ui/features/wallet/use-recharge';

const dev = parseUserRecord('uid-dev', { role: 'distributor', name: 'Dev Distributor', walletBalance: 500 });
const priya = parseUserRecord('uid-priya', { role: 'distributor', name: 'Priya Traders' });

const transaction = (command: RechargeCommand): RechargeTransaction => ({
  id: `recharge-${command.idempotencyKey}`,
  distributorId: command.distributor?.uid ?? '',
  distributorName: command.distributor?.name ?? '',
  adminId: 'uid-admin',
  adminName: 'Ada Admin',
  amount: Number(command.amount),
  previousBalance: 500,
  newBalance: 500 + Number(command.amount),
  timestamp: null,
  description: 'Wallet recharge by admin',
});

const succeeded = (command: RechargeCommand): RechargeOutcome =>
  done(transaction(command), WALLET_MESSAGES.rechargeSucceeded(Number(command.amount), 'Dev Distributor'));
const lost: RechargeOutcome = failed(WALLET_MESSAGES.rechargeFailed);

/** The hook over a scripted backend: each call answers the next outcome (or throws it). */
function setUp(...answers: (RechargeOutcome | Error)[]) {
  let keys = 0;
  const logger = new MemoryLogger();
  const recharge = vi.fn(async (command: RechargeCommand) => {
    const answer = answers.shift() ?? succeeded(command);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const hook = renderHook(() => useRecharge({ recharge, log: logger, newKey: () => `key-${++keys}` }));
  const keyOf = (call: number) => recharge.mock.calls[call]![0].idempotencyKey;
  const send = (distributor = dev, amount = 250) =>
    act(() => hook.result.current.send({ distributor, amount }).then(() => undefined));
  return { hook, recharge, logger, keyOf, send };
}

describe('useRecharge, the recharge retry state machine', () => {
  it('starts idle: nothing to show, no attempt', () => {
    const { hook } = setUp();
    expect(hook.result.current.outcome).toBeNull();
    expect(hook.result.current.unconfirmed).toBeNull();
  });

  it('sends the distributor and amount with a fresh key, and shows the success', async () => {
    const { hook, recharge, send } = setUp();
    await send();
    expect(recharge).toHaveBeenCalledWith({ distributor: dev, amount: 250, idempotencyKey: 'key-1' });
    expect(hook.result.current.outcome).toMatchObject({
      ok: true,
      message: 'Successfully recharged ₹250 to Dev Distributor',
    });
    expect(hook.result.current.unconfirmed).toBeNull();
  });

  it('keeps a failed attempt unconfirmed, and retries it with the same key', async () => {
    const { hook, keyOf, send } = setUp(lost);
    await send();
    expect(hook.result.current.outcome).toEqual(lost);
    expect(hook.result.current.unconfirmed).toEqual({
      distributorId: 'uid-dev',
      amount: 250,
      idempotencyKey: 'key-1',
    });
    await send();
    expect(keyOf(1)).toBe(keyOf(0));
    expect(hook.result.current.outcome?.ok).toBe(true);
    expect(hook.result.current.unconfirmed).toBeNull();
  });

  it('uses a new key after a success, and for another amount or distributor', async () => {
    const { keyOf, send } = setUp();
    await send();
    await send();
    expect(keyOf(1)).not.toBe(keyOf(0));
    const failing = setUp(lost, lost, lost);
    await failing.send(dev, 100);
    await failing.send(dev, 120);
    await failing.send(priya, 120);
    expect(new Set([failing.keyOf(0), failing.keyOf(1), failing.keyOf(2)]).size).toBe(3);
  });

  it('reads a recharge that throws as the catalogue failure, logs the cause, and lets it be retried', async () => {
    const { hook, logger, keyOf, send } = setUp(new Error('socket hang up'));
    await send();
    expect(hook.result.current.outcome).toEqual({
      ok: false,
      message: 'Error recharging wallet. Please try again.',
    });
    expect(logger.at('error').map((entry) => [entry.message, String(entry.cause)])).toEqual([
      ['A recharge threw instead of answering', 'Error: socket hang up'],
    ]);
    await send();
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('forgets the answer shown on dismiss, but not the unconfirmed attempt', async () => {
    const { hook, keyOf, send } = setUp(lost);
    await send();
    act(() => hook.result.current.dismiss());
    expect(hook.result.current.outcome).toBeNull();
    await send();
    expect(keyOf(1)).toBe(keyOf(0));
  });
});

describe('attemptFor', () => {
  const newKey = () => 'new';
  it('is the unconfirmed attempt for the same distributor and amount, a new one otherwise', () => {
    const unconfirmed = { distributorId: 'uid-dev', amount: 250, idempotencyKey: 'old' };
    expect(attemptFor(unconfirmed, { distributor: dev, amount: 250 }, newKey)).toBe(unconfirmed);
    expect(attemptFor(unconfirmed, { distributor: dev, amount: 251 }, newKey).idempotencyKey).toBe('new');
    expect(attemptFor(unconfirmed, { distributor: priya, amount: 250 }, newKey).idempotencyKey).toBe('new');
    expect(attemptFor(null, { distributor: dev, amount: 250 }, newKey)).toEqual({
      distributorId: 'uid-dev',
      amount: 250,
      idempotencyKey: 'new',
    });
  });
});
