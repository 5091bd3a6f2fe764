import type { AppConfigRepository } from '../ports/app-config-repository';
import { loadStoreLinks, type StoreLinks } from './config/store-links';
import { type TrackingReadPorts, type TrackingReads, trackingReads } from './shop/tracking-reads';

/*
 * What a visitor who is not signed in reads on the public pages: the landing page's app-store links,
 * and a customer's tracking link (its repair and its invoice). Narrow ports and nothing else imported:
 * the production build runs these over a backend of their own (Firestore's REST API, no SDK), so a
 * visitor downloads no backend until they sign in or send a form (issue 19).
 */

export interface PublicReadPorts extends TrackingReadPorts {
  readonly config: Pick<AppConfigRepository, 'getStoreLinks'>;
}

export interface PublicReads extends TrackingReads {
  /** The app-store links of the landing page (none on failure: never throws). */
  storeLinks(): Promise<StoreLinks>;
}

export function publicReads(ports: PublicReadPorts): PublicReads {
  return { ...trackingReads(ports), storeLinks: () => loadStoreLinks(ports) };
}
