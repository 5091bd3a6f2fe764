import { type DocumentData, type DocumentReference, getDocFromCache } from 'firebase/firestore';
import { PortError } from '../../ports/errors';

/**
 * The online-or-queued write of the Firestore shop adapters, written once. Online, a write is a
 * transaction (the server checks it at once); when the client knows it is offline, or the transaction
 * cannot reach the server, the same change is planned against this device's copy and committed as a
 * batch that waits for the network (its answer marked pendingSync). Every write path that may queue
 * goes through writeOnlineOrQueue; isOffline says which failures mean "no server".
 */

/** The SDK's codes for a server it cannot reach (not 'aborted': that is a contended transaction). */
const OFFLINE_CODES: ReadonlySet<string> = new Set(['unavailable', 'deadline-exceeded']);

/** Whether a Firestore failure means the server could not be reached (the write can queue instead). */
export function isOffline(error: unknown): boolean {
  if (error instanceof PortError && !(error.cause instanceof Error)) return false;
  const code = (error instanceof PortError ? error.cause : error) as { code?: unknown } | undefined;
  return typeof code?.code === 'string' && OFFLINE_CODES.has(code.code.replace(/^firestore\//, ''));
}

/** A document from this device's cache, or undefined when it has none (never asks the server). */
export async function cachedData(
  reference: DocumentReference<DocumentData>,
): Promise<DocumentData | undefined> {
  try {
    return (await getDocFromCache(reference)).data();
  } catch {
    return undefined;
  }
}

export interface OnlineOrQueuedWrite<T> {
  /** The client already knows it is offline (its last read came from the cache): queue at once. */
  readonly offline: boolean;
  /** The write as a transaction on the server. */
  readonly online: () => Promise<T>;
  /** The same write planned against this device's copy, as a batch that queues. */
  readonly queued: () => Promise<T>;
  /**
   * What an online failure that is not a network failure becomes (e.g. a refusal the rules give for a
   * wrong delivery code); the failure itself when absent or when it returns undefined.
   */
  readonly refusal?: (error: unknown) => unknown;
}

/** Runs `online` unless offline; queues when offline or when `online` cannot reach the server. */
export async function writeOnlineOrQueue<T>(write: OnlineOrQueuedWrite<T>): Promise<T> {
  if (write.offline) return write.queued();
  try {
    return await write.online();
  } catch (error) {
    if (isOffline(error)) return write.queued();
    throw write.refusal?.(error) ?? error;
  }
}
