/**
 * The tracking link's read side on Firestore without the SDK (issue 19): resolve reads tracking/{token}
 * and then storeProfiles/{storeId} with plain GETs of the REST API (firestore-rest.ts), signed out, as
 * FirestoreTrackingLinkRepository.resolve does with the SDK, and answers the same TrackingResolution.
 * firestore.rules allow `get` of both by id and refuse `list`. rotate and revoke are the shop's and
 * stay with the SDK adapter (firestore-shop-tracking.ts); this class has only resolve.
 */

import { parseStoreProfile } from '../../domain/shop/store-profile';
import { isTrackingToken } from '../../domain/shop/tracking';
import type { TrackingLinkRepository, TrackingResolution } from '../../ports/shop-tracking';
import { type FirestoreRestTarget, getRestDocument } from './firestore-rest';
import { trackingViewFromPlain } from './firestore-tracking-view';

export class RestTrackingLinkRepository implements Pick<TrackingLinkRepository, 'resolve'> {
  constructor(
    private readonly target: FirestoreRestTarget,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async resolve(token: string): Promise<TrackingResolution> {
    if (!isTrackingToken(token)) return { state: 'not-found' };
    const link = await getRestDocument(this.target, ['tracking', token], this.fetcher);
    if (link === undefined) return { state: 'not-found' };
    if (link.revoked === true) return { state: 'revoked' };
    const storeId = typeof link.storeId === 'string' ? link.storeId : '';
    const profile =
      storeId === '' || storeId.includes('/')
        ? undefined
        : await getRestDocument(this.target, ['storeProfiles', storeId], this.fetcher);
    const shop = profile === undefined ? undefined : parseStoreProfile(storeId, profile);
    const view = trackingViewFromPlain(
      typeof link.repairDocId === 'string' ? link.repairDocId : '',
      link.view,
      shop === undefined ? undefined : { name: shop.name, phone: shop.phone, upiId: shop.upiId },
    );
    return view === null ? { state: 'not-found' } : { state: 'active', view };
  }
}
