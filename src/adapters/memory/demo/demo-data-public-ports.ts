import type { SeedData } from '../../../demo/seeder';
import { NO_STORE_LINKS, parseStoreLinks } from '../../../domain/config/store-links';
import type { PublicReadPorts } from '../../../domain/public-reads';
import { repairBelongsTo, storeRefOf } from '../../../domain/shop/repair-store';
import { isTrackingToken, trackingViewOfStored } from '../../../domain/shop/tracking';
import type { TrackingResolution } from '../../../ports/shop-tracking';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The public reads' ports (a tracking link's repair and invoice, the landing page's store links)
 * answered straight from a demo data set, as a backend seeded with it would answer them: the offline
 * demo's answer on a phone that holds no demo database yet (containers/demo-public-boot.ts, issue 19).
 * Plain lookups and the domain's schema-free readers (trackingViewOfStored, repairBelongsTo), no
 * backend and no zod: building a memory backend to ask it cost a cheap phone a third of a second
 * before the page could paint. A test holds every link's answer, and the store links, to a seeded
 * memory backend's.
 *
 * The same rules as the backends' resolve: the link must exist, be live, and name a repair that still
 * carries its token and belongs to its store; the shop's name, phone and UPI ID come from the store's
 * profile. A demo data set holds no invoices, so no link has one.
 */
export function demoDataPublicPorts(data: SeedData): Omit<PublicReadPorts, 'logger'> {
  const links = new Map((data.shop?.trackingLinks ?? []).map((link) => [link.token, link]));
  const repairs = new Map(data.repairs.map((repair) => [repair.id, repair]));
  const owners = new Map(data.stores.map((store) => [store.id, store.ownerId]));
  const profiles = new Map((data.shop?.storeProfiles ?? []).map((profile) => [profile.storeId, profile]));

  function resolve(token: string): TrackingResolution {
    if (!isTrackingToken(token)) return { state: 'not-found' };
    const link = links.get(token);
    if (link === undefined) return { state: 'not-found' };
    if (link.revoked === true) return { state: 'revoked' };
    const repair = repairs.get(link.repairDocId);
    if (repair === undefined) return { state: 'not-found' };
    if (repair.trackingToken !== token) return { state: 'revoked' };
    const storeId = storeRefOf({ storeId: text(repair.storeId), store: text(repair.store) });
    if (!repairBelongsTo(repair, storeId, owners.get(storeId) ?? '')) return { state: 'not-found' };
    const view = trackingViewOfStored(repair, profiles.get(storeId));
    return view === null ? { state: 'not-found' } : { state: 'active', view: structuredClone(view) };
  }

  return {
    tracking: { resolve: async (token) => resolve(token) },
    invoices: { invoiceByTrackingToken: async () => null },
    config: {
      getStoreLinks: async () =>
        data.storeLinks === null ? NO_STORE_LINKS : parseStoreLinks(data.storeLinks),
    },
  };
}
