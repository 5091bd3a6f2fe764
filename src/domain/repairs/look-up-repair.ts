import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { done, failed, type Outcome } from '../shared/validation';
import { storeRefOf } from '../shop/repair-store';
import type { UserProfile } from '../users/user';
import { MAX_REPAIR_ID_LENGTH, REPAIR_MESSAGES } from './messages';
import type { Repair } from './repair';

/** The repairs of a Repair ID the viewer may read (shops may reuse an id). */
export interface RepairsFound {
  /** The repair shown first. */
  readonly repair: Repair;
  /** Every repair of the id the viewer may read: the first is `repair`. */
  readonly repairs: readonly Repair[];
}

/** Why a look-up found nothing to show: the tracker tells them apart (a warning for 'not-found'). */
export type RepairLookupFailure = 'invalid' | 'not-found' | 'not-permitted' | 'failed';

export type RepairLookup = Outcome<RepairsFound, never, RepairLookupFailure>;

/**
 * Looks a repair up by its Repair ID (trimmed) for the signed-in `viewer`. The backend answers how many
 * repairs carry the id and hands over only those the viewer may read (the read rule runs on its side,
 * so another customer's repair never reaches this browser): none at all is 'not-found', none readable
 * is 'not-permitted', otherwise the readable ones, the first shown first.
 */
export async function lookUpRepair(
  ports: Pick<Ports, 'repairs' | 'logger'>,
  viewer: UserProfile | null,
  rawRepairId: string,
): Promise<RepairLookup> {
  const repairId = rawRepairId.trim();
  if (repairId === '') return failed(REPAIR_MESSAGES.repairIdRequired, 'invalid');
  if (repairId.length > MAX_REPAIR_ID_LENGTH) return failed(REPAIR_MESSAGES.repairIdTooLong, 'invalid');
  if (viewer === null) return failed(REPAIR_MESSAGES.notAuthorized, 'not-permitted');
  try {
    const { total, readable } = await ports.repairs.findByRepairId(repairId);
    const [first] = readable;
    if (first !== undefined) return done({ repair: first, repairs: readable });
    if (total === 0) return failed(REPAIR_MESSAGES.notFound, 'not-found');
    return failed(REPAIR_MESSAGES.notAuthorized, 'not-permitted');
  } catch (error) {
    if (isPortError(error, 'permission-denied'))
      return failed(REPAIR_MESSAGES.notAuthorized, 'not-permitted');
    ports.logger.error('Repair look-up failed', error);
    return failed(REPAIR_MESSAGES.fetchFailed, 'failed');
  }
}

/**
 * The signed-in customer's own repairs (those booked under her verified number), newest first, for
 * the tracker's list: every one of them, not only the Repair ID she typed. An account without a
 * verified number has none; the backend's read rule decides what is hers.
 */
export async function listMyRepairs(
  ports: Pick<Ports, 'repairs' | 'logger'>,
  viewer: UserProfile | null,
): Promise<Outcome<readonly Repair[], never, 'not-permitted' | 'failed'>> {
  if (viewer === null) return failed(REPAIR_MESSAGES.notAuthorized, 'not-permitted');
  try {
    return done(await ports.repairs.findMine());
  } catch (error) {
    ports.logger.error("Listing the customer's repairs failed", error);
    return failed(REPAIR_MESSAGES.fetchFailed, 'failed');
  }
}

export interface BusinessInfo {
  readonly name: string;
  readonly number: string;
}

/**
 * The business behind a repair, from its public profile (name and number only): the repair's
 * businessId, or the owner of the store it names when it names no business. Null when there is none;
 * 'failed' when it cannot be read (the card says 'Business info not available.' either way).
 */
export async function loadBusinessInfo(
  ports: Pick<Ports, 'users' | 'stores' | 'logger'>,
  repair: Repair,
): Promise<Outcome<BusinessInfo | null, never, 'failed'>> {
  try {
    let businessId = repair.businessId;
    if (businessId === '') {
      const ref = storeRefOf(repair);
      businessId = ref === '' ? '' : ((await ports.stores.get(ref))?.ownerId ?? '');
    }
    if (businessId === '') return done(null);
    const card = await ports.users.getPublicProfile(businessId);
    if (card === null) return done(null);
    const name = card.businessName.trim();
    const number = card.phone.trim();
    return done(name === '' && number === '' ? null : { name, number });
  } catch (error) {
    ports.logger.error(`Business info of repair ${repair.id} could not be read`, error);
    return { ok: false, reason: 'failed' };
  }
}
