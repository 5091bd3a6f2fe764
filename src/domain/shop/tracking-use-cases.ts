import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import type { TrackingLinkInfo } from '../../ports/shop-tracking';
import { done, failed, type Outcome } from '../shared/validation';
import { SHOP_MESSAGES } from './messages';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';
import {
  generateTrackingToken,
  isTrackingToken,
  type RandomBytes,
  type TrackingView,
  trackingPath,
} from './tracking';

/** Why a tracking link shows no repair: the page says which. */
export type TrackingFailureReason = 'revoked' | 'not-found' | 'failed';

/**
 * The tracking page (`/t/$token`), signed out: the customer-safe view, or why not ('revoked': the shop
 * turned the link off; 'not-found': no such link, or its repair was deleted).
 */
export async function resolveTracking(
  ports: Pick<Ports, 'tracking' | 'logger'>,
  token: string,
): Promise<Outcome<TrackingView, never, TrackingFailureReason>> {
  const trimmed = token.trim();
  if (!isTrackingToken(trimmed)) return failed(SHOP_MESSAGES.trackingNotFound, 'not-found');
  try {
    const resolution = await ports.tracking.resolve(trimmed);
    if (resolution.state === 'active') return done(resolution.view);
    if (resolution.state === 'revoked') return failed(SHOP_MESSAGES.trackingRevoked, 'revoked');
    return failed(SHOP_MESSAGES.trackingNotFound, 'not-found');
  } catch (error) {
    if (!isPortError(error)) throw error;
    ports.logger.error('Resolving a tracking link failed', error);
    return failed(SHOP_MESSAGES.trackingFailed, 'failed');
  }
}

/** Turns a repair's tracking link off (members of its store). */
export async function revokeTracking(
  ports: Pick<Ports, 'tracking' | 'logger'>,
  repairDocId: string,
): Promise<Outcome<void, never, ShopFailureReason>> {
  try {
    await ports.tracking.revoke(repairDocId);
    return done();
  } catch (error) {
    return shopPortFailure(
      ports,
      `Revoking the tracking link of repair ${repairDocId}`,
      error,
      SHOP_MESSAGES.trackingChangeFailed,
    );
  }
}

export interface RotatedTracking extends TrackingLinkInfo {
  /** '/t/…'. */
  readonly path: string;
}

/** Gives a repair a new tracking link (the old one stops working). Members of its store. */
export async function rotateTracking(
  ports: Pick<Ports, 'tracking' | 'logger'> & { readonly random: RandomBytes },
  repairDocId: string,
): Promise<Outcome<RotatedTracking, never, ShopFailureReason>> {
  try {
    const info = await ports.tracking.rotate(repairDocId, generateTrackingToken(ports.random));
    return done({ ...info, path: trackingPath(info.token) });
  } catch (error) {
    return shopPortFailure(
      ports,
      `Rotating the tracking link of repair ${repairDocId}`,
      error,
      SHOP_MESSAGES.trackingChangeFailed,
    );
  }
}
