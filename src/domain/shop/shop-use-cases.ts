import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import type { ShopMembership } from '../../ports/shop-membership';
import type {
  PageOfShopRepairs,
  ShopPayment,
  ShopRepairPatch,
  ShopSearchField,
  ShopStatusChange,
  ShopStatusCounts,
} from '../../ports/shop-repairs';
import { indianMobileDigits } from '../shared/phone';
import { done, type FieldErrors, failed, invalid, type Outcome } from '../shared/validation';
import { parseRupeesInput, type RepairAmounts, repairAmounts } from './amounts';
import { emptyJobCard, type JobCardField, type JobCardInput, localDate, validateJobCard } from './job-card';
import { SHOP_MESSAGES } from './messages';
import type { PendingChange } from './pending-changes';
import { type PhotoUploadReport, uploadPhotos, uploadReportMessage } from './photos';
import {
  baseOf,
  conflictsOf,
  type EditedField,
  type FieldConflict,
  keptPatch,
  type RefusedMove,
  refusedMovesOf,
} from './refused-changes';
import { FALLBACK_PREFIX, formatRepairId, MAX_REPAIR_NUMBER, parseRepairId } from './repair-id';
import type { ShopRepair } from './repair-record';
import { storeRefOf } from './repair-store';
import { type ShopContact, type StoreSettings, shopContact } from './settings';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';
import {
  DELIVERY_CODE_PATTERN,
  type NextStep,
  nextSteps,
  planStatusChange,
  type ShopRole,
  type StatusChangeField,
  type StatusChangeReason,
} from './status';
import { isFinalStatus, statusLabel } from './status-values';
import { fillTemplate, smsLink, templateFor, templateValues, whatsAppLink } from './templates';
import {
  generateDeliveryCode,
  generateTrackingToken,
  type RandomBytes,
  trackingLink,
  trackingPath,
} from './tracking';

/**
 * The repair desk's use cases (../shared/spec/owner-console.md): the board, search, the job card, the
 * repair page, status changes, edits and deletion. Every backend checks membership and the workflow
 * again on its side; the use cases check first to show the right message early.
 */

/** What the shop use cases need: the shop ports, the session, and a source of random bytes. */
export type ShopPorts = Pick<
  Ports,
  'auth' | 'users' | 'shopMembers' | 'shopRepairs' | 'photos' | 'logger' | 'clock'
> & {
  /** Cryptographically random bytes (the app passes crypto.getRandomValues; tests a seeded source). */
  readonly random: RandomBytes;
};

/** Repairs on one page of the board. */
export const BOARD_PAGE_SIZE = 20;
/** Repairs a search shows at most. */
export const SEARCH_LIMIT = 20;

// ───────────────────────────── stores and board ─────────────────────────────

/** The stores the signed-in account works in, each with its role (owned first, then staffed). */
export async function myStores(
  ports: Pick<ShopPorts, 'shopMembers' | 'logger'>,
): Promise<Outcome<readonly ShopMembership[], never, ShopFailureReason>> {
  try {
    return done(await ports.shopMembers.myStores());
  } catch (error) {
    return shopPortFailure(ports, 'Loading my stores', error, SHOP_MESSAGES.loadFailed);
  }
}

/** The board's filters (in the URL). */
export interface BoardFilter {
  /** One stored status, or all. */
  readonly status?: string;
  /** Created within [from, to). */
  readonly from?: Date;
  readonly to?: Date;
  /** The `next` of the page before. */
  readonly cursor?: string | null;
}

export interface StoreBoard {
  readonly store: ShopMembership;
  readonly counts: ShopStatusCounts;
  readonly page: PageOfShopRepairs;
}

/** A store's board: counts per status, and one page (BOARD_PAGE_SIZE) of its repairs, newest first. */
export async function storeBoard(
  ports: Pick<ShopPorts, 'shopMembers' | 'shopRepairs' | 'logger'>,
  storeId: string,
  filter: BoardFilter = {},
): Promise<Outcome<StoreBoard, 'to', ShopFailureReason>> {
  if (filter.from !== undefined && filter.to !== undefined && filter.to.getTime() <= filter.from.getTime())
    return invalid({ to: SHOP_MESSAGES.dateRangeInvalid });
  try {
    const store = await ports.shopMembers.roleIn(storeId);
    if (store === null) return failed(SHOP_MESSAGES.notStoreMember, 'not-permitted');
    const status = filter.status?.trim();
    const [counts, page] = await Promise.all([
      ports.shopRepairs.countByStatus(storeId),
      ports.shopRepairs.page(storeId, {
        limit: BOARD_PAGE_SIZE,
        ...(status ? { status } : {}),
        ...(filter.from ? { from: filter.from } : {}),
        ...(filter.to ? { to: filter.to } : {}),
        ...(filter.cursor ? { cursor: filter.cursor } : {}),
      }),
    ]);
    return done({ store, counts, page });
  } catch (error) {
    return shopPortFailure(ports, `Loading the board of store ${storeId}`, error, SHOP_MESSAGES.loadFailed);
  }
}

/** What a search looks for, read from what was typed. */
export interface ShopSearchPlan {
  readonly field: ShopSearchField;
  /** The value the port matches: a canonical Repair ID, 10 digits, an upper-case prefix, a lower-case prefix. */
  readonly text: string;
}

/**
 * Picks the field from the text: a Repair ID's shape ('smc 1042' → SMC-1042) is a Repair ID; an Indian
 * mobile (10 digits, +91, 0, spaces, dashes) a mobile; other digits (an IMEI or its first digits) or
 * a word of letters and digits with at least one digit (a serial) an IMEI/serial prefix; anything
 * else a name prefix. Null for blank text.
 */
export function planShopSearch(raw: string): ShopSearchPlan | null {
  const text = raw.trim();
  if (text === '') return null;
  const parsed = parseRepairId(text);
  if (parsed !== null) return { field: 'repairId', text: parsed.repairId };
  const mobile = indianMobileDigits(text);
  if (mobile !== null) return { field: 'mobile', text: mobile };
  const digits = text.replace(/[\s\-/]/g, '');
  if (/^\d+$/.test(digits)) return { field: 'imeiSerial', text: digits };
  if (/^[A-Za-z0-9\-/]{4,40}$/.test(text) && /\d/.test(text))
    return { field: 'imeiSerial', text: text.toUpperCase() };
  return { field: 'name', text: text.replace(/\s+/g, ' ').toLowerCase() };
}

/**
 * One search the board runs in each of the caller's stores: a field and its value, or a bare Repair ID
 * number ('1005'), which each store reads as its own prefix and the mobile apps' (RPR) before it.
 */
export type ShopSearchStep = ShopSearchPlan | { readonly field: 'repairNumber'; readonly number: number };

/** The fewest digits read as the start of a mobile number ('98' would match half the customers). */
export const MOBILE_PREFIX_MIN_DIGITS = 3;

/**
 * Every reading of what was typed, the most specific first (planShopSearch's is among them): a Repair
 * ID; a whole mobile; for other digits, a Repair ID's number (1 to 7 digits), the start of a mobile
 * (3 to 9 digits starting 6-9) and the start of an IMEI; a serial; else the start of a name. Empty for
 * blank text.
 */
export function planShopSearches(raw: string): readonly ShopSearchStep[] {
  const plan = planShopSearch(raw);
  if (plan === null) return [];
  if (plan.field !== 'imeiSerial' || !/^\d+$/.test(plan.text)) return [plan];
  const digits = plan.text;
  const steps: ShopSearchStep[] = [];
  const number = Number(digits);
  if (digits.length <= 7 && number >= 1 && number <= MAX_REPAIR_NUMBER)
    steps.push({ field: 'repairNumber', number });
  if (/^[6-9]\d*$/.test(digits) && digits.length >= MOBILE_PREFIX_MIN_DIGITS && digits.length < 10)
    steps.push({ field: 'mobilePrefix', text: digits });
  steps.push(plan);
  return steps;
}

/** A repair a search found, with the store it belongs to (an owner's search covers all of its stores). */
export type FoundRepair = ShopRepair & { readonly storeId: string; readonly storeName: string };

export interface ShopSearchResult {
  /** The field of the most specific reading of the text; null when nothing was typed. */
  readonly field: ShopSearchField | null;
  /** At most SEARCH_LIMIT, each once: the most specific reading's first, newest first within one. */
  readonly repairs: readonly FoundRepair[];
}

/** The prefixes a bare number is tried with in a store: its own, and the mobile apps' (RPR-1001). */
async function numberPrefixes(ports: Pick<ShopPorts, 'shopRepairs'>, storeId: string): Promise<string[]> {
  const own = await ports.shopRepairs.repairIdPrefix(storeId);
  return own === FALLBACK_PREFIX ? [own] : [own, FALLBACK_PREFIX];
}

/** One step in one store. */
async function searchStep(
  ports: Pick<ShopPorts, 'shopRepairs'>,
  storeId: string,
  step: ShopSearchStep,
): Promise<ShopRepair[]> {
  if (step.field !== 'repairNumber')
    return ports.shopRepairs.search(storeId, { field: step.field, text: step.text, limit: SEARCH_LIMIT });
  const prefixes = await numberPrefixes(ports, storeId);
  const found = await Promise.all(
    prefixes.map((prefix) =>
      ports.shopRepairs.search(storeId, {
        field: 'repairId',
        text: formatRepairId(prefix, step.number),
        limit: SEARCH_LIMIT,
      }),
    ),
  );
  return found.flat();
}

const newestFirst = (a: ShopRepair, b: ShopRepair) =>
  (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0);

/**
 * Searches the repairs of every store in `stores` (the caller's: an owner's search covers all of its
 * stores, staff search theirs) by each reading of the text (planShopSearches), and merges what they
 * find: each repair once, named with its store, the most specific reading's first, at most
 * SEARCH_LIMIT. Every backend answers each store's search from an index and checks membership.
 */
export async function searchRepairs(
  ports: Pick<ShopPorts, 'shopRepairs' | 'logger'>,
  stores: readonly Pick<ShopMembership, 'storeId' | 'storeName'>[],
  text: string,
): Promise<Outcome<ShopSearchResult, never, ShopFailureReason>> {
  const steps = planShopSearches(text);
  const head = steps[0];
  const field = head === undefined ? null : head.field === 'repairNumber' ? 'repairId' : head.field;
  if (steps.length === 0 || stores.length === 0) return done({ field, repairs: [] });
  try {
    const perStep = await Promise.all(
      steps.map(async (step) => {
        const perStore = await Promise.all(
          stores.map(async (store) =>
            (await searchStep(ports, store.storeId, step)).map(
              (repair): FoundRepair => ({ ...repair, storeId: store.storeId, storeName: store.storeName }),
            ),
          ),
        );
        return perStore.flat().sort(newestFirst);
      }),
    );
    const seen = new Set<string>();
    const repairs: FoundRepair[] = [];
    for (const repair of perStep.flat()) {
      if (seen.has(repair.id)) continue;
      seen.add(repair.id);
      repairs.push(repair);
      if (repairs.length === SEARCH_LIMIT) break;
    }
    return done({ field, repairs });
  } catch (error) {
    const where = stores.map((store) => store.storeId).join(', ');
    return shopPortFailure(ports, `Searching stores ${where}`, error, SHOP_MESSAGES.loadFailed);
  }
}

/** Earlier repairs of a number a look-up for its customer's name reads at most. */
export const EARLIER_CUSTOMER_SEARCH_LIMIT = 20;
/** Names an earlier-customer look-up offers at most. */
export const EARLIER_CUSTOMER_NAMES = 3;

export interface EarlierCustomers {
  /** The number looked up, as its 10 digits; null when what was typed is not an Indian mobile. */
  readonly mobile: string | null;
  /** The names on the store's earlier repairs for that number: newest first, each once (case and spaces ignored). */
  readonly names: readonly string[];
}

/**
 * The job card's "earlier customer": the names the store's earlier repairs give for a mobile number
 * (normalised like the job card: +91, 0, spaces, dashes), newest first and distinct, for the counter
 * to fill 'Customer Name' with. What is not an Indian mobile finds nobody without asking the backend.
 * Members of the store.
 */
export async function findEarlierCustomer(
  ports: Pick<ShopPorts, 'shopRepairs' | 'logger'>,
  storeId: string,
  mobile: string,
): Promise<Outcome<EarlierCustomers, never, ShopFailureReason>> {
  const digits = indianMobileDigits(mobile);
  if (digits === null) return done({ mobile: null, names: [] });
  try {
    const repairs = await ports.shopRepairs.search(storeId, {
      field: 'mobile',
      text: digits,
      limit: EARLIER_CUSTOMER_SEARCH_LIMIT,
    });
    const newestFirst = [...repairs].sort(
      (a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0),
    );
    const seen = new Set<string>();
    const names: string[] = [];
    for (const repair of newestFirst) {
      const name = repair.customerName.replace(/\s+/g, ' ').trim();
      const key = name.toLowerCase();
      if (name === '' || seen.has(key)) continue;
      seen.add(key);
      names.push(name);
      if (names.length === EARLIER_CUSTOMER_NAMES) break;
    }
    return done({ mobile: digits, names });
  } catch (error) {
    return shopPortFailure(
      ports,
      `Looking up earlier customers of store ${storeId}`,
      error,
      SHOP_MESSAGES.earlierCustomerFailed,
    );
  }
}

/**
 * Why the repair page offers no edit of a repair's fields, or null when it does: a delivered or
 * cancelled repair (final) is kept as it was handed over, until an owner reopens it.
 */
export function repairEditRefusal(status: string): string | null {
  return isFinalStatus(status) ? SHOP_MESSAGES.repairFinalReadOnly(statusLabel(status)) : null;
}

// ───────────────────────────── create ─────────────────────────────

export interface CreatedRepair {
  readonly repair: ShopRepair;
  /** '/t/…', the tracking page of the new repair. */
  readonly trackingPath: string;
  /**
   * The job card's photos, uploaded once the repair existed: those stored (their URLs in
   * `repair.imageUrls`) and those that failed, with their images, for the repair page to retry.
   */
  readonly photos: PhotoUploadReport;
}

/**
 * Takes a job card at the counter: checks it (a promised date not before `now`'s local date), draws
 * the delivery code and the tracking token from the injected random source, and creates the repair
 * (the backend allocates its Repair ID). Members of the store.
 */
export async function createRepair(
  ports: Pick<ShopPorts, 'shopRepairs' | 'photos' | 'logger' | 'random'>,
  storeId: string,
  input: JobCardInput,
  now: Date,
): Promise<Outcome<CreatedRepair, JobCardField, ShopFailureReason | 'ids-used-up'>> {
  const checked = validateJobCard(input, localDate(now));
  if (!checked.ok) return checked;
  const deliveryCode = generateDeliveryCode(ports.random);
  const trackingToken = generateTrackingToken(ports.random);
  let repair: ShopRepair;
  try {
    repair = await ports.shopRepairs.create(storeId, {
      card: checked.value,
      deliveryCode,
      trackingToken,
    });
  } catch (error) {
    // Every Repair ID number of the store is used, or its counter is damaged: said as it is.
    if (isPortError(error, 'resource-exhausted')) return failed(SHOP_MESSAGES.repairIdsUsedUp, 'ids-used-up');
    if (isPortError(error, 'failed-precondition') && error.message === SHOP_MESSAGES.repairCounterInvalid) {
      ports.logger.error(`The Repair ID counter of store ${storeId} is damaged`, error);
      return failed(SHOP_MESSAGES.repairCounterInvalid, 'failed');
    }
    return shopPortFailure(
      ports,
      `Creating a repair in store ${storeId}`,
      error,
      // Offline on Firebase: the Repair ID needs the server's counter (docs/adapters.md).
      isPortError(error, 'unavailable') ? SHOP_MESSAGES.createNeedsNetwork : SHOP_MESSAGES.createFailed,
    );
  }
  // The photos go once the repair exists: a failed upload never loses the repair, and is reported
  // with its image (the outcome's message says how many), for the repair page to retry.
  const drafts = checked.value.photos;
  const uploads = await uploadPhotos(ports, repair.id, drafts.filter(isBlob));
  const report: PhotoUploadReport = {
    uploaded: uploads.uploaded,
    failed: [
      ...uploads.failed.map((failure) => ({ ...failure, index: drafts.indexOf(failure.image) })),
      // A picked object that is not a Blob has no bytes to store (the caller's mistake, not the person's).
      ...drafts.flatMap((draft, index) =>
        isBlob(draft)
          ? []
          : [{ image: new Blob([]), index, message: SHOP_MESSAGES.photoUnreadable, retryable: false }],
      ),
    ],
  };
  const created: CreatedRepair = {
    repair: { ...repair, imageUrls: [...repair.imageUrls, ...report.uploaded.map((photo) => photo.url)] },
    trackingPath: trackingPath(repair.trackingToken),
    photos: report,
  };
  // A number this device held may have gone: it tops its Repair IDs up while the network is here.
  void prepareOfflineJobCards(ports, storeId);
  const message = uploadReportMessage(report);
  return message === '' ? done(created) : done(created, message);
}

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

/**
 * Readies this device to take job cards with the network cut in `storeId` (ShopRepairRepository
 * prepareOffline: on Firebase it reserves a block of Repair IDs while online, ADR 0012), and says how
 * many it can take: null where the backend numbers job cards on the device without limit. Never fails:
 * a failure is logged and answered as null (nothing to say), and the job card still works online.
 */
export async function prepareOfflineJobCards(
  ports: Pick<ShopPorts, 'shopRepairs' | 'logger'>,
  storeId: string,
): Promise<number | null> {
  try {
    return (await ports.shopRepairs.prepareOffline(storeId)).repairIdsHeld;
  } catch (error) {
    ports.logger.error(`Readying store ${storeId}'s job cards for the network cut`, error);
    return null;
  }
}

/**
 * The outbox: the signed-in account's changes made on this device that the server does not have yet
 * (Firebase: writes queued offline), oldest first. Never fails: signed out, or unreadable, it is empty
 * (the latter logged).
 */
export async function pendingChanges(
  ports: Pick<ShopPorts, 'shopRepairs' | 'logger'>,
): Promise<readonly PendingChange[]> {
  try {
    return await ports.shopRepairs.pendingChanges();
  } catch (error) {
    if (!isPortError(error, 'unauthenticated'))
      ports.logger.error('Reading the changes not yet synced', error);
    return [];
  }
}

// ───────────────────────────── a repair's dossier ─────────────────────────────

export type { ShopContact } from './settings';

/**
 * A repair's dossier: the repair with everything a member reads beside it (the viewer's role, the
 * unlock code, payments, amounts due, the next steps offered, the tracking link, the shop's contact,
 * whether they may delete). The repair page and the job sheet show it.
 */
export interface RepairDossier {
  readonly repair: ShopRepair;
  readonly store: ShopMembership;
  /** The viewer's role in the repair's store. */
  readonly role: ShopRole;
  /** Shop-only: the unlock code ('' when none), handed out to the store's members only. */
  readonly unlockCode: string;
  readonly payments: readonly ShopPayment[];
  readonly amounts: RepairAmounts;
  /** The statuses the page offers this viewer. */
  readonly nextSteps: readonly NextStep[];
  /** The repair's tracking link, or null when it has none (revoked, or an app's repair). */
  readonly tracking: { readonly token: string; readonly path: string } | null;
  /** Name (the store's) and phone (its owner's public profile) for messages. */
  readonly shop: ShopContact;
  /** The store's settings as its members read them (the invoice page's preview builds from them). */
  readonly settings: StoreSettings;
  /** Only the owner may delete. */
  readonly canDelete: boolean;
  /**
   * 'Changed on another device' (issue 20): the fields of this device's edits that the server refused
   * on arrival, each with this device's value and the one saved now, for the person to choose.
   */
  readonly conflicts: readonly FieldConflict[];
  /** This device's status moves refused for the same reason, whose status is not the one saved now. */
  readonly refusedMoves: readonly RefusedMove[];
}

/** Reads a repair and the viewer's membership of its store; failures as outcomes. */
export async function repairAndRole(
  ports: Pick<ShopPorts, 'shopMembers' | 'shopRepairs'>,
  id: string,
): Promise<Outcome<{ repair: ShopRepair; store: ShopMembership }, never, ShopFailureReason>> {
  const repair = await ports.shopRepairs.get(id);
  if (repair === null) return failed(SHOP_MESSAGES.repairNotFound, 'not-found');
  const store = await ports.shopMembers.roleIn(storeRefOf(repair));
  if (store === null) return failed(SHOP_MESSAGES.notStoreMember, 'not-permitted');
  return done({ repair, store });
}

/** A repair's dossier, for a member of the repair's store. */
export async function loadRepairDossier(
  ports: Pick<ShopPorts, 'shopMembers' | 'shopRepairs' | 'users' | 'logger'>,
  id: string,
): Promise<Outcome<RepairDossier, never, ShopFailureReason>> {
  try {
    const found = await repairAndRole(ports, id);
    if (!found.ok) return found;
    const { repair, store } = found.value;
    const [shopOnly, payments, settings, owner, refused] = await Promise.all([
      ports.shopRepairs.getShopOnly(id),
      ports.shopRepairs.listPayments(id),
      ports.shopMembers.settings(store.storeId),
      ports.users.getPublicProfile(store.ownerId).catch((error: unknown) => {
        ports.logger.warn(`The public profile of store ${store.storeId}'s owner could not be read`, error);
        return null;
      }),
      ports.shopRepairs.refusedChanges(id).catch((error: unknown) => {
        ports.logger.warn(`The changes of repair ${id} this device kept could not be read`, error);
        return [];
      }),
    ]);
    return done({
      repair,
      store,
      role: store.role,
      unlockCode: shopOnly?.unlockCode ?? '',
      payments,
      amounts: repairAmounts(repair.finalPaise, repair.estimatePaise, payments),
      nextSteps: nextSteps(repair.status, store.role),
      tracking:
        repair.trackingToken === ''
          ? null
          : { token: repair.trackingToken, path: trackingPath(repair.trackingToken) },
      shop: shopContact(store, settings, owner),
      settings,
      canDelete: store.role === 'owner',
      conflicts: conflictsOf(repair, shopOnly?.unlockCode ?? '', refused),
      refusedMoves: refusedMovesOf(repair, refused),
    });
  } catch (error) {
    return shopPortFailure(ports, `Loading repair ${id}`, error, SHOP_MESSAGES.loadFailed);
  }
}

// ───────────────────────────── status ─────────────────────────────

export type ChangeStatusOutcome = Outcome<
  ShopRepair,
  StatusChangeField,
  StatusChangeReason | ShopFailureReason
>;

/**
 * Moves a repair to another status. `change.expectedStatus` is the status the person saw: when the
 * stored one is another, the move is refused ('conflict') and the page shows the repair again. The
 * workflow (planStatusChange) is checked against the stored repair and the viewer's role first, so
 * its message goes under the right field; the backend checks it again and refuses a stale write.
 */
export async function changeRepairStatus(
  ports: Pick<ShopPorts, 'shopMembers' | 'shopRepairs' | 'auth' | 'clock' | 'logger'>,
  id: string,
  change: ShopStatusChange,
): Promise<ChangeStatusOutcome> {
  try {
    const found = await repairAndRole(ports, id);
    if (!found.ok) return found;
    const { repair, store } = found.value;
    if (repair.status !== change.expectedStatus) return failed(SHOP_MESSAGES.statusConflict, 'conflict');
    const actor = { uid: ports.auth.currentUser()?.uid ?? '', name: '', role: store.role };
    // Staff never read the delivery code: the backend judges it. Here the typed code stands in for
    // the hidden one, so only its presence and shape are checked first.
    const typed = (change.deliveryCode ?? '').replace(/\s/g, '');
    const stored =
      repair.deliveryCode !== '' ? repair.deliveryCode : DELIVERY_CODE_PATTERN.test(typed) ? typed : '0000';
    const plan = planStatusChange(
      { status: repair.status, deliveryCode: stored, duePaise: repair.duePaise },
      change,
      actor,
      ports.clock.now(),
    );
    if (!plan.ok) return plan;
    return done(await ports.shopRepairs.changeStatus(id, change));
  } catch (error) {
    // The delivery code, judged by the backend: a wrong code, or tries paused, under the code field.
    if (isPortError(error, 'resource-exhausted'))
      return {
        ok: false,
        reason: 'tries-paused',
        message: SHOP_MESSAGES.deliveryPaused,
        fieldErrors: { deliveryCode: SHOP_MESSAGES.deliveryPaused },
      };
    if (isPortError(error, 'failed-precondition') && error.message === SHOP_MESSAGES.deliveryCodeWrong)
      return {
        ok: false,
        reason: 'wrong-code',
        message: SHOP_MESSAGES.deliveryCodeWrong,
        fieldErrors: { deliveryCode: SHOP_MESSAGES.deliveryCodeWrong },
      };
    // The backend refused a move the use case's own check let through (its rules moved on).
    if (isPortError(error, 'failed-precondition'))
      return failed(error.message || SHOP_MESSAGES.statusChangeRefused, 'forbidden-move');
    return shopPortFailure(ports, `Changing the status of repair ${id}`, error, SHOP_MESSAGES.saveFailed);
  }
}

// ───────────────────────────── edit and delete ─────────────────────────────

/** What the repair page's edit form sends: the job card's fields as typed, and the final amount. */
export interface RepairEditInput {
  readonly customerName?: string;
  readonly customerMobile?: string;
  readonly deviceType?: JobCardInput['deviceType'];
  readonly brandModel?: string;
  readonly imeiSerial?: string;
  /** With otherProblem: the whole new list (the one left out counts as empty). */
  readonly problems?: readonly string[];
  readonly otherProblem?: string;
  /** With otherAccessory when 'other' is ticked. */
  readonly accessories?: readonly string[];
  readonly otherAccessory?: string;
  readonly conditionNotes?: string;
  readonly unlockCode?: string;
  /** Rupees as typed; blank clears it. */
  readonly estimate?: string;
  /** The final amount in rupees as typed; blank clears it. */
  readonly finalAmount?: string;
  /** 'YYYY-MM-DD' or '' to clear. */
  readonly promisedDate?: string;
}

export type RepairEditField = keyof RepairEditInput;

/** A job card every field of which passes, for checking only the edited ones. */
const VALID_BASE: JobCardInput = {
  ...emptyJobCard(),
  customerName: 'x',
  customerMobile: '9999999999',
  deviceType: 'Other',
  brandModel: 'x',
  problems: [],
  otherProblem: 'x',
};

/** The job card fields an edit field is checked as. */
const CARD_FIELD: Partial<Record<RepairEditField, JobCardField>> = {
  customerName: 'customerName',
  customerMobile: 'customerMobile',
  deviceType: 'deviceType',
  brandModel: 'brandModel',
  imeiSerial: 'imeiSerial',
  problems: 'problems',
  otherProblem: 'otherProblem',
  accessories: 'accessories',
  otherAccessory: 'otherAccessory',
  conditionNotes: 'conditionNotes',
  unlockCode: 'unlockCode',
  estimate: 'estimate',
  promisedDate: 'promisedDate',
};

/**
 * Checks an edit with the job card's own rules (each edited field as the job card would take it; a
 * promised date not before `today`) and turns it into the port's patch.
 */
export function checkRepairEdit(
  edit: RepairEditInput,
  today: string | null,
): Outcome<ShopRepairPatch, RepairEditField> {
  const editsProblems = edit.problems !== undefined || edit.otherProblem !== undefined;
  const card: JobCardInput = {
    ...VALID_BASE,
    ...Object.fromEntries(
      Object.entries(edit).filter(
        ([field, value]) => value !== undefined && CARD_FIELD[field as RepairEditField],
      ),
    ),
    ...(editsProblems ? { problems: edit.problems ?? [], otherProblem: edit.otherProblem ?? '' } : {}),
  };
  const checked = validateJobCard(card, today);
  const fieldErrors: FieldErrors<RepairEditField> = {};
  if (!checked.ok)
    for (const [field, message] of Object.entries(checked.fieldErrors ?? {}) as [JobCardField, string][]) {
      // A message of a field the edit left alone is the stand-in's, not the person's; the
      // cross-field ones (no problem left, 'other' ticked without saying what) count when a field
      // they depend on was edited.
      const edited =
        edit[field as RepairEditField] !== undefined ||
        (field === 'problems' && editsProblems) ||
        (field === 'otherAccessory' && edit.accessories !== undefined);
      if (edited) fieldErrors[field as RepairEditField] ??= message;
    }
  let finalPaise: number | null | undefined;
  if (edit.finalAmount !== undefined) {
    const parsed = parseRupeesInput(edit.finalAmount);
    if (parsed.ok) finalPaise = parsed.paise;
    else
      fieldErrors.finalAmount =
        parsed.reason === 'too-large' ? SHOP_MESSAGES.amountTooLarge : SHOP_MESSAGES.amountInvalid;
  }
  if (Object.keys(fieldErrors).length > 0 || !checked.ok) return invalid(fieldErrors);
  const value = checked.value;
  const patch: Record<string, unknown> = {};
  if (edit.customerName !== undefined) patch.customerName = value.customerName;
  if (edit.customerMobile !== undefined) patch.customerMobile = value.customerMobile;
  if (edit.deviceType !== undefined) patch.productType = value.deviceType;
  if (edit.brandModel !== undefined) patch.productName = value.brandModel;
  if (edit.imeiSerial !== undefined) patch.imeiSerial = value.imeiSerial;
  if (editsProblems) patch.problemList = value.problems;
  if (edit.accessories !== undefined) patch.accessories = value.accessories;
  if (edit.otherAccessory !== undefined || edit.accessories !== undefined)
    patch.otherAccessory = value.otherAccessory;
  if (edit.conditionNotes !== undefined) patch.conditionNotes = value.conditionNotes;
  if (edit.unlockCode !== undefined) patch.unlockCode = value.unlockCode;
  if (edit.estimate !== undefined) patch.estimatePaise = value.estimatePaise;
  if (finalPaise !== undefined) patch.finalPaise = finalPaise;
  if (edit.promisedDate !== undefined) patch.promisedDate = value.promisedDate;
  return done(patch as ShopRepairPatch);
}

/** The repair as the edit form showed it: what an edit is based on. */
export interface ShownRepair {
  readonly repair: ShopRepair;
  /** The unlock code shown ('' for none). */
  readonly unlockCode: string;
}

/**
 * Edits a repair's fields (members of its store), checked like the job card. With `shown`, the edit is
 * based on what the form showed: when another device has changed one of its fields since, nothing is
 * written over theirs, and the repair page asks the person field by field ('conflict',
 * SHOP_MESSAGES.editChangedElsewhere; the change is kept, ShopRepairRepository.update).
 */
export async function updateRepair(
  ports: Pick<ShopPorts, 'shopRepairs' | 'clock' | 'logger'>,
  id: string,
  edit: RepairEditInput,
  shown?: ShownRepair,
): Promise<Outcome<ShopRepair, RepairEditField, ShopFailureReason>> {
  const checked = checkRepairEdit(edit, edit.promisedDate ? localDate(ports.clock.now()) : null);
  if (!checked.ok) return checked;
  try {
    const basis = shown === undefined ? undefined : baseOf(shown.repair, shown.unlockCode, checked.value);
    return done(await ports.shopRepairs.update(id, checked.value, basis));
  } catch (error) {
    if (isPortError(error, 'conflict')) return failed(SHOP_MESSAGES.editChangedElsewhere, 'conflict');
    return shopPortFailure(ports, `Editing repair ${id}`, error, SHOP_MESSAGES.saveFailed);
  }
}

/**
 * 'Changed on another device': the person's choice for a refused change of this device. The fields
 * they keep as theirs are saved again as a new edit (the workflow's checks as any edit); the others
 * keep the saved value. Then the refused change is forgotten. Nothing is forgotten when the edit fails.
 */
export async function resolveRefusedChange(
  ports: Pick<ShopPorts, 'shopRepairs' | 'logger'>,
  repairDocId: string,
  changeId: string,
  keepMine: readonly EditedField[],
): Promise<Outcome<void, never, ShopFailureReason>> {
  try {
    const change = (await ports.shopRepairs.refusedChanges(repairDocId)).find((kept) => kept.id === changeId);
    if (change !== undefined) {
      const patch = keptPatch(change, keepMine);
      if (Object.keys(patch).length > 0) await ports.shopRepairs.update(repairDocId, patch);
    }
    await ports.shopRepairs.dismissRefusedChange(changeId);
    return done();
  } catch (error) {
    return shopPortFailure(
      ports,
      `Saving the choice for repair ${repairDocId}`,
      error,
      SHOP_MESSAGES.saveFailed,
    );
  }
}

/** Deletes a repair: the store's owner only (staff are told so before anything is sent). */
export async function deleteRepair(
  ports: Pick<ShopPorts, 'shopMembers' | 'shopRepairs' | 'logger'>,
  id: string,
): Promise<Outcome<void, never, ShopFailureReason>> {
  try {
    const found = await repairAndRole(ports, id);
    if (!found.ok) return found;
    if (found.value.store.role !== 'owner') return failed(SHOP_MESSAGES.deleteOwnerOnly, 'not-permitted');
    await ports.shopRepairs.delete(id);
    return done();
  } catch (error) {
    return shopPortFailure(ports, `Deleting repair ${id}`, error, SHOP_MESSAGES.deleteFailed);
  }
}

// ───────────────────────────── telling the customer ─────────────────────────────

export interface CustomerMessage {
  readonly text: string;
  /** https://wa.me/91…?text=… */
  readonly whatsAppLink: string;
  /** sms:+91…?body=… */
  readonly smsLink: string;
  /** The full tracking link in the message ('' when the repair has none). */
  readonly trackingLink: string;
}

/**
 * The shop's message for `status` about a repair, filled in (the amount due from the repair's
 * payments so far), with its WhatsApp and SMS links. `origin` is the site's, for the tracking link.
 */
export function customerMessage(
  repair: ShopRepair,
  status: string,
  shop: ShopContact,
  origin: string,
): Outcome<CustomerMessage, never, 'no-mobile'> {
  const mobile = indianMobileDigits(repair.customerMobile);
  if (mobile === null) return failed(SHOP_MESSAGES.customerMobileUnusable, 'no-mobile');
  const link = repair.trackingToken === '' ? '' : trackingLink(origin, repair.trackingToken);
  const due = repairAmounts(repair.finalPaise, repair.estimatePaise, [
    { kind: 'payment', amountPaise: repair.paidPaise },
  ]).duePaise;
  const text = fillTemplate(
    templateFor(shop.templates, status),
    templateValues({
      customerName: repair.customerName,
      repairId: repair.repairId,
      status,
      duePaise: due,
      trackingLink: link,
      shopName: shop.name,
      shopPhone: shop.phone,
    }),
  );
  return done({
    text,
    whatsAppLink: whatsAppLink(mobile, text) ?? '',
    smsLink: smsLink(mobile, text) ?? '',
    trackingLink: link,
  });
}
