import type { ShopOnlyRecord, ShopRepair } from '../../domain/shop/repair-record';
import type { StoreSettings } from '../../domain/shop/settings';
import { PortError } from '../../ports/errors';
import type { ShopMembership, ShopMembershipRepository, StaffMember } from '../../ports/shop-membership';
import type {
  ShopPayment,
  ShopRepairPage,
  ShopRepairRepository,
  ShopStatusCounts,
} from '../../ports/shop-repairs';
import type { TrackingLinkInfo, TrackingLinkRepository, TrackingResolution } from '../../ports/shop-tracking';

/**
 * The shop console's ports on a backend that does not implement them yet (Firebase, until its
 * adapters, rules and indexes land: docs/adapters.md, "The shop console"). Every call rejects with 'unavailable'; nothing
 * pretends to work.
 */
export const SHOP_UNAVAILABLE_MESSAGE = 'The shop console is not available on this backend yet.';

function unavailable(): Promise<never> {
  return Promise.reject(new PortError('unavailable', SHOP_UNAVAILABLE_MESSAGE));
}

export class ShopMembershipNotYetAvailable implements ShopMembershipRepository {
  myStores(): Promise<ShopMembership[]> {
    return unavailable();
  }
  roleIn(_storeId: string): Promise<ShopMembership | null> {
    return unavailable();
  }
  settings(_storeId: string): Promise<StoreSettings> {
    return unavailable();
  }
  listStaff(_storeId: string): Promise<StaffMember[]> {
    return unavailable();
  }
  addStaffByEmail(_storeId: string, _email: string): Promise<StaffMember> {
    return unavailable();
  }
  removeStaff(_storeId: string, _uid: string): Promise<void> {
    return unavailable();
  }
}

export class ShopRepairsNotYetAvailable implements ShopRepairRepository {
  create(): Promise<ShopRepair> {
    return unavailable();
  }
  get(): Promise<ShopRepair | null> {
    return unavailable();
  }
  getShopOnly(): Promise<ShopOnlyRecord | null> {
    return unavailable();
  }
  listPayments(): Promise<ShopPayment[]> {
    return unavailable();
  }
  page(): Promise<ShopRepairPage> {
    return unavailable();
  }
  search(): Promise<ShopRepair[]> {
    return unavailable();
  }
  countByStatus(): Promise<ShopStatusCounts> {
    return unavailable();
  }
  changeStatus(): Promise<ShopRepair> {
    return unavailable();
  }
  update(): Promise<ShopRepair> {
    return unavailable();
  }
  delete(): Promise<void> {
    return unavailable();
  }
}

export class TrackingLinksNotYetAvailable implements TrackingLinkRepository {
  resolve(): Promise<TrackingResolution> {
    return unavailable();
  }
  rotate(): Promise<TrackingLinkInfo> {
    return unavailable();
  }
  revoke(): Promise<void> {
    return unavailable();
  }
}

/** The three shop ports of a backend that has none yet. */
export function shopPortsNotYetAvailable() {
  return {
    shopMembers: new ShopMembershipNotYetAvailable(),
    shopRepairs: new ShopRepairsNotYetAvailable(),
    tracking: new TrackingLinksNotYetAvailable(),
  };
}
