/**
 * The tracking link's reads on Firestore without the SDK (issue 19), for the customer's pages:
 *  - resolve reads tracking/{token}, then storeProfiles/{storeId}, and answers the TrackingResolution
 *    FirestoreTrackingLinkRepository.resolve answers with the SDK;
 *  - invoiceByTrackingToken reads tracking/{token}, then its invoice copy
 *    tracking/{token}/invoices/{repairDocId}, as FirestoreShopInvoiceRepository does with the SDK.
 * Plain GETs of the REST API (firestore-rest.ts), signed out: firestore.rules allow `get` of each by id
 * and refuse `list`. The page asks for both at once, so one GET of the link serves both (a request in
 * flight is shared; nothing is cached after it). rotate and revoke are the shop's and stay with the SDK.
 */

import { type Invoice, isVoucherKind } from '../../domain/shop/invoice';
import { parseStoredInvoice } from '../../domain/shop/invoice-record';
import { parseStoreProfile } from '../../domain/shop/store-profile';
import { isTrackingToken, trackingViewOfStored } from '../../domain/shop/tracking';
import type { TrackingReadPorts } from '../../domain/shop/tracking-reads';
import { isPortError } from '../../ports/errors';
import type { TrackingResolution } from '../../ports/shop-tracking';
import { getRestDocument } from './firestore-rest';
import type { FirestoreRestTarget } from './firestore-rest-url';

type Link = Record<string, unknown> | undefined;
type TrackingPort = TrackingReadPorts['tracking'];
type InvoicePort = TrackingReadPorts['invoices'];

/** A document id read from a link: a string that cannot name another path. */
const idOf = (value: unknown): string =>
  typeof value === 'string' && value !== '' && !value.includes('/') ? value : '';

export class RestTrackingReader implements TrackingPort, InvoicePort {
  private readonly links = new Map<string, Promise<Link>>();

  constructor(
    private readonly target: FirestoreRestTarget,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async resolve(token: string): Promise<TrackingResolution> {
    if (!isTrackingToken(token)) return { state: 'not-found' };
    const link = await this.link(token);
    if (link === undefined) return { state: 'not-found' };
    if (link.revoked === true) return { state: 'revoked' };
    const storeId = idOf(link.storeId);
    const profile =
      storeId === ''
        ? undefined
        : await getRestDocument(this.target, ['storeProfiles', storeId], this.fetcher);
    const shop = profile === undefined ? undefined : parseStoreProfile(storeId, profile);
    const view = trackingViewOfStored(
      link.view,
      shop === undefined ? undefined : { name: shop.name, phone: shop.phone, upiId: shop.upiId },
    );
    return view === null ? { state: 'not-found' } : { state: 'active', view };
  }

  async invoiceByTrackingToken(token: string): Promise<Invoice | null> {
    if (!isTrackingToken(token)) return null;
    const link = await this.link(token);
    const repairDocId = idOf(link?.repairDocId);
    if (link === undefined || link.revoked === true || repairDocId === '') return null;
    try {
      const copy = parseStoredInvoice(
        await getRestDocument(this.target, ['tracking', token, 'invoices', repairDocId], this.fetcher),
      );
      return copy !== null && !isVoucherKind(copy.kind) ? copy : null;
    } catch (error) {
      // The link was revoked between the two reads: the rules refuse its copy.
      if (isPortError(error, 'permission-denied')) return null;
      throw error;
    }
  }

  /** tracking/{token}: one GET for the reads asking at the same time. */
  private link(token: string): Promise<Link> {
    let pending = this.links.get(token);
    if (pending === undefined) {
      pending = getRestDocument(this.target, ['tracking', token], this.fetcher).finally(() =>
        this.links.delete(token),
      );
      this.links.set(token, pending);
    }
    return pending;
  }
}
