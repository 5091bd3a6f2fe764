import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { type Failure, failed } from '../shared/validation';
import { SHOP_MESSAGES } from './messages';

/**
 * Why a shop use case failed, for the screens that tell them apart: signed out, not a member of the
 * store (or staff asking for what only an owner may do), the repair is gone, someone changed it
 * meanwhile, or the backend did not answer.
 */
export type ShopFailureReason = 'not-signed-in' | 'not-permitted' | 'not-found' | 'conflict' | 'failed';

/** Where a shop use case keeps the cause of a failure it turns into a message. */
export type ShopLogger = Pick<Ports, 'logger'>;

/**
 * A port's error as an outcome: the expected refusals by their message, anything else (unavailable,
 * unknown, a cursor or value the backend refused) logged and shown as `fallback`. What is not a
 * PortError is a programming error and is thrown again.
 */
export function shopPortFailure(
  ports: ShopLogger,
  what: string,
  error: unknown,
  fallback: string,
): Failure<never, ShopFailureReason> {
  if (isPortError(error, 'unauthenticated')) return failed(SHOP_MESSAGES.signInRequired, 'not-signed-in');
  if (isPortError(error, 'permission-denied')) return failed(SHOP_MESSAGES.notStoreMember, 'not-permitted');
  if (isPortError(error, 'not-found')) return failed(SHOP_MESSAGES.repairNotFound, 'not-found');
  if (isPortError(error, 'conflict')) return failed(SHOP_MESSAGES.statusConflict, 'conflict');
  if (!isPortError(error)) throw error;
  ports.logger.error(`${what} failed`, error);
  return failed(fallback, 'failed');
}
