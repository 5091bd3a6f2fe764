import { useCallback, useRef, useState } from 'react';
import { failed } from '../../../domain/shared/validation';
import type { UseCases } from '../../../domain/use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { WALLET_MESSAGES } from '../../../domain/wallet/messages';
import type { RechargeCommand, RechargeOutcome } from '../../../domain/wallet/wallet-use-cases';
import { newIdempotencyKey } from './idempotency-key';

/** One confirmation: retried with the same key until it succeeds or its target changes. */
export interface RechargeAttempt {
  readonly distributorId: string;
  readonly amount: number;
  readonly idempotencyKey: string;
}

/** What the admin confirmed: a distributor and a checked amount. */
export interface RechargeRequest {
  readonly distributor: UserProfile;
  readonly amount: number;
}

/**
 * The attempt a confirmation belongs to. The same distributor and amount as an unconfirmed attempt is a
 * retry, so the same key (the backend then applies it at most once, even when an answer was lost);
 * anything else is a new attempt with a new key.
 */
export function attemptFor(
  unconfirmed: RechargeAttempt | null,
  request: RechargeRequest,
  newKey: () => string,
): RechargeAttempt {
  if (
    unconfirmed !== null &&
    unconfirmed.distributorId === request.distributor.uid &&
    unconfirmed.amount === request.amount
  )
    return unconfirmed;
  return { distributorId: request.distributor.uid, amount: request.amount, idempotencyKey: newKey() };
}

export interface UseRechargeOptions {
  /** The use case, bound to the signed-in admin. */
  readonly recharge: (command: RechargeCommand) => Promise<RechargeOutcome>;
  /** Keeps the cause of a recharge that threw instead of answering. */
  readonly log: UseCases['log'];
  /** A fresh idempotency key (tests pass a predictable one). */
  readonly newKey?: () => string;
}

export interface RechargeFlow {
  /** The last answer, to show (OutcomeAlert); null before any, and after `dismiss`. */
  readonly outcome: RechargeOutcome | null;
  /** The attempt not confirmed yet (sent and failed, or on its way), if any. */
  readonly unconfirmed: RechargeAttempt | null;
  /** Sends a confirmation: a retry of the unconfirmed attempt, or a new one. Never throws. */
  send(request: RechargeRequest): Promise<RechargeOutcome>;
  /** Forgets the answer shown (another distributor chosen, the form cancelled); keeps the attempt. */
  dismiss(): void;
}

/**
 * The recharge retry state machine, apart from the view: idle → sending → succeeded (the attempt is
 * done, the next confirmation gets a new key) or failed (the attempt stays unconfirmed: confirming the
 * same distributor and amount again retries it with its key). A recharge that throws reads as the
 * catalogue's 'Error recharging wallet. Please try again.' and its cause is logged.
 */
export function useRecharge({ recharge, log, newKey = newIdempotencyKey }: UseRechargeOptions): RechargeFlow {
  // The ref answers a confirmation at once (two quick clicks see the same attempt); the state renders.
  const attemptRef = useRef<RechargeAttempt | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<RechargeAttempt | null>(null);
  const [outcome, setOutcome] = useState<RechargeOutcome | null>(null);

  const send = useCallback(
    async (request: RechargeRequest): Promise<RechargeOutcome> => {
      const attempt = attemptFor(attemptRef.current, request, newKey);
      attemptRef.current = attempt;
      setUnconfirmed(attempt);
      setOutcome(null);
      let result: RechargeOutcome;
      try {
        result = await recharge({
          distributor: request.distributor,
          amount: attempt.amount,
          idempotencyKey: attempt.idempotencyKey,
        });
      } catch (error) {
        log.error('A recharge threw instead of answering', error);
        result = failed(WALLET_MESSAGES.rechargeFailed);
      }
      if (result.ok && attemptRef.current === attempt) {
        attemptRef.current = null;
        setUnconfirmed(null);
      }
      setOutcome(result);
      return result;
    },
    [recharge, log, newKey],
  );

  const dismiss = useCallback(() => setOutcome(null), []);

  return { outcome, unconfirmed, send, dismiss };
}
