import type { HarnessFactory } from './harness';
import { repairIdAllocationContract } from './repair-id-allocation.contract';
import { shopDuesContract } from './shop-dues.contract';
import { shopMembershipContract } from './shop-membership.contract';
import { shopPaymentsContract } from './shop-payments.contract';
import { shopRepairsContract } from './shop-repairs.contract';
import { shopSurfaceContract } from './shop-surface.contract';
import { shopTrackingContract } from './shop-tracking.contract';
import { storeProfilesContract } from './store-profiles.contract';
import { storeSetupContract } from './store-setup.contract';

/**
 * The shop console's ports, for one backend. Run on memory (memory.test.ts) and PouchDB
 * (pouchdb.test.ts); tests/firebase/contract.test.ts calls it once that family implements the ports (docs/adapters.md, "The shop console").
 */
export function shopContracts(makeHarness: HarnessFactory): void {
  shopMembershipContract(makeHarness);
  shopRepairsContract(makeHarness);
  shopDuesContract(makeHarness);
  shopPaymentsContract(makeHarness);
  shopTrackingContract(makeHarness);
  repairIdAllocationContract(makeHarness);
  storeProfilesContract(makeHarness);
  shopSurfaceContract(makeHarness);
  storeSetupContract(makeHarness);
}
