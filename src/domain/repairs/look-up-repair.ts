import type { Ports } from '../../ports';
import { businessNameOf, businessNumberOf, type UserProfile } from '../users/user';
import { canViewRepair } from './access';
import { MAX_REPAIR_ID_LENGTH, REPAIR_MESSAGES } from './messages';
import { type Repair, storeRefOf } from './repair';

export type RepairLookup =
  | { readonly status: 'found'; readonly repair: Repair }
  | { readonly status: 'invalid' | 'not-found' | 'not-permitted' | 'failed'; readonly message: string };

type LookupPorts = Pick<Ports, 'repairs' | 'stores'>;

async function storeOwnerOf(ports: LookupPorts, repair: Repair): Promise<string | null> {
  const ref = storeRefOf(repair);
  if (ref === '') return null;
  const store = await ports.stores.get(ref);
  return store?.ownerId ?? null;
}

/**
 * Looks a repair up by its Repair ID (trimmed) for `viewer`. When several shops used the same id, the
 * first repair the viewer may see is shown; when none may be seen, the answer is 'not-permitted'.
 */
export async function lookUpRepair(
  ports: LookupPorts,
  viewer: UserProfile | null,
  rawRepairId: string,
): Promise<RepairLookup> {
  const repairId = rawRepairId.trim();
  if (repairId === '') return { status: 'invalid', message: REPAIR_MESSAGES.repairIdRequired };
  if (repairId.length > MAX_REPAIR_ID_LENGTH)
    return { status: 'invalid', message: REPAIR_MESSAGES.repairIdTooLong };
  try {
    const candidates = await ports.repairs.findByRepairId(repairId);
    if (candidates.length === 0) return { status: 'not-found', message: REPAIR_MESSAGES.notFound };
    for (const repair of candidates) {
      const quick = canViewRepair(viewer, repair, null);
      if (quick || canViewRepair(viewer, repair, await storeOwnerOf(ports, repair)))
        return { status: 'found', repair };
    }
    return { status: 'not-permitted', message: REPAIR_MESSAGES.notAuthorized };
  } catch {
    return { status: 'failed', message: REPAIR_MESSAGES.fetchFailed };
  }
}

export interface BusinessInfo {
  readonly name: string;
  readonly number: string;
}

/**
 * The business behind a repair: users/{businessId}, or the owner of the repair's store when the repair
 * names no business. Null when no such user exists or it cannot be read (the card then says
 * 'Business info not available.').
 */
export async function loadBusinessInfo(
  ports: Pick<Ports, 'users' | 'stores'>,
  repair: Repair,
): Promise<BusinessInfo | null> {
  try {
    let businessId = repair.businessId;
    if (businessId === '') {
      const ref = storeRefOf(repair);
      businessId = ref === '' ? '' : ((await ports.stores.get(ref))?.ownerId ?? '');
    }
    if (businessId === '') return null;
    const owner = await ports.users.get(businessId);
    if (owner === null) return null;
    const name = businessNameOf(owner);
    return name === '' && businessNumberOf(owner) === '' ? null : { name, number: businessNumberOf(owner) };
  } catch {
    return null;
  }
}
