import type { Ports } from '../../ports';
import type { TrackingLinkInfo } from '../../ports/shop-tracking';
import { done, type Outcome } from '../shared/validation';
import { SHOP_MESSAGES } from './messages';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';
import { generateTrackingToken, type RandomBytes, trackingPath } from './tracking';

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
