import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import type { UserProfile } from '../users/user';
import { MAX_REPAIR_ID_LENGTH, REPAIR_MESSAGES } from './messages';
import { type Repair, storeRefOf } from './repair';

export type RepairLookup =
  | {
      readonly status: 'found';
      /** The repair shown first. */
      readonly repair: Repair;
      /** Every repair of the id the viewer may read (shops may reuse an id): the first is `repair`. */
      readonly repairs: readonly Repair[];
    }
  | { readonly status: 'invalid' | 'not-found' | 'not-permitted' | 'failed'; readonly message: string };

/**
 * Looks a repair up by its Repair ID (trimmed) for the signed-in `viewer`. The backend answers how many
 * repairs carry the id and hands over only those the viewer may read (the read rule runs on its side,
 * so another customer's repair never reaches this browser): none at all is 'not-found', none readable
 * is 'not-permitted', otherwise the readable ones, the first shown first.
 */
export async function lookUpRepair(
  ports: Pick<Ports, 'repairs'>,
  viewer: UserProfile | null,
  rawRepairId: string,
): Promise<RepairLookup> {
  const repairId = rawRepairId.trim();
  if (repairId === '') return { status: 'invalid', message: REPAIR_MESSAGES.repairIdRequired };
  if (repairId.length > MAX_REPAIR_ID_LENGTH)
    return { status: 'invalid', message: REPAIR_MESSAGES.repairIdTooLong };
  if (viewer === null) return { status: 'not-permitted', message: REPAIR_MESSAGES.notAuthorized };
  try {
    const { total, readable } = await ports.repairs.findByRepairId(repairId);
    const [first] = readable;
    if (first !== undefined) return { status: 'found', repair: first, repairs: readable };
    if (total === 0) return { status: 'not-found', message: REPAIR_MESSAGES.notFound };
    return { status: 'not-permitted', message: REPAIR_MESSAGES.notAuthorized };
  } catch (error) {
    if (isPortError(error, 'permission-denied'))
      return { status: 'not-permitted', message: REPAIR_MESSAGES.notAuthorized };
    return { status: 'failed', message: REPAIR_MESSAGES.fetchFailed };
  }
}

export interface BusinessInfo {
  readonly name: string;
  readonly number: string;
}

/**
 * The business behind a repair, from its public profile (name and number only): the repair's
 * businessId, or the owner of the store it names when it names no business. Null when there is none
 * or it cannot be read (the card then says 'Business info not available.').
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
    const card = await ports.users.getPublicProfile(businessId);
    if (card === null) return null;
    const name = card.businessName.trim();
    const number = card.phone.trim();
    return name === '' && number === '' ? null : { name, number };
  } catch {
    return null;
  }
}
