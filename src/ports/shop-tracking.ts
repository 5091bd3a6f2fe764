import type { TrackingView } from '../domain/shop/tracking';

/** What a tracking link shows: the customer-safe view, or why not. */
export type TrackingResolution =
  | { readonly state: 'active'; readonly view: TrackingView }
  /** The shop revoked this link (the page says so, and to ask the shop for a new one). */
  | { readonly state: 'revoked' }
  /** No such link (never made, or its repair was deleted). */
  | { readonly state: 'not-found' };

/** A repair's tracking link as the shop sees it. */
export interface TrackingLinkInfo {
  readonly token: string;
  readonly repairDocId: string;
  readonly revoked: boolean;
}

/**
 * The tracking links (`/t/$token`): a secret token per repair, created with it (NewShopRepair), that
 * opens a customer-safe view without sign-in. Suggested home: `tracking/{token}` holding the repair's
 * id, its store, `revoked`, and, on Firestore, the view itself (domain trackingView), rewritten in the
 * same batch as every write to the repair, so the page reads one document by its id and nothing else.
 *
 * Security (every backend, enforced in the family):
 *  - resolve: anyone, signed out included, by the exact token only (no listing); it returns
 *    trackingView's allow list and nothing more (never the delivery code, the unlock code, notes,
 *    names of who did what, the customer's mobile, or another repair);
 *  - rotate, revoke: members of the repair's store (owner, staff); 'not-found' when the repair does
 *    not exist, 'permission-denied' for anyone else, 'unauthenticated' signed out.
 */
export interface TrackingLinkRepository {
  resolve(token: string): Promise<TrackingResolution>;
  /**
   * Gives the repair a new link: the old one (if any) is revoked and `token` (generateTrackingToken)
   * becomes the repair's trackingToken. 'invalid-argument' for a token of the wrong shape, 'conflict'
   * when it is already in use.
   */
  rotate(repairDocId: string, token: string): Promise<TrackingLinkInfo>;
  /** Revokes the repair's current link; the repair keeps no active link until rotated. */
  revoke(repairDocId: string): Promise<void>;
}
