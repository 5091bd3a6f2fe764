import { MAX_AMOUNT_PAISE } from '../shop/amounts';
import { HISTORY_KINDS, MAX_NOTE_LENGTH } from '../shop/history';
import { ACCESSORIES, JOB_CARD_LIMITS, MAX_PHOTOS } from '../shop/job-card';
import { FIRST_REPAIR_NUMBER, MAX_REPAIR_NUMBER, REPAIR_ID_PREFIX_PATTERN } from '../shop/repair-id';
import { MAX_REPAIR_ID_BLOCK_SIZE } from '../shop/repair-id-blocks';
import { PAYMENT_MODES } from '../shop/repair-record';
import { MAX_TURNAROUND_MS } from '../shop/report-fields';
import { MAX_JOB_SHEET_TERMS_LENGTH } from '../shop/settings';
import { REPAIR_STATUSES } from '../shop/status-values';
import { MAX_TEMPLATE_LENGTH } from '../shop/templates';
import { MAX_ISSUE_LENGTH } from '../support/support-issue';
import { PUBLIC_PROFILE_LIMITS } from '../users/public-profile';
import { EDITABLE_PROFILE_FIELDS } from '../users/user';
import {
  bool,
  type DocumentSchema,
  documentSchema,
  either,
  type FieldSpec,
  int,
  keyed,
  list,
  map,
  oneOf,
  rupees,
  text,
  timestamp,
} from './schema';

/**
 * The write schema of every document kind a client writes, on every backend (schema.ts says how they
 * are enforced). Limits that the forms also use come from the domain modules; the numbers here are the
 * stored documents' own. Paths are Firestore's; the local backends keep the same documents in their
 * own databases (docs/adapters.md).
 *
 * Changing a stored field: change it here, run `npm run rules:generate`, write the rule that says who
 * may change it (firestore.rules, the local rules, the gateway), and add a migration step when
 * documents already stored must change (src/domain/stored/migrations.ts).
 */

// ---- shared constants of stored documents -----------------------------------------------------

/** Ids of documents (uids, store ids, repair document ids): Firestore's and PouchDB's alike. */
export const ID_MAX = 128;
/** The longest a repair's history may grow (one entry per change; a real repair stays far below). */
export const MAX_HISTORY_ENTRIES = 200;
export const MAX_STORE_IDS = 50;

/** Patterns, written so that JavaScript and RE2 read them alike (schema.ts, TextSpec.pattern). */
export const PATTERNS = {
  /** The Repair ID rule's (shop/repair-id.ts). */
  repairIdPrefix: REPAIR_ID_PREFIX_PATTERN,
  deliveryCode: '[0-9]{4}',
  trackingToken: '[A-Za-z0-9_-]{22,128}',
  calendarDate: '[0-9]{4}-[0-9]{2}-[0-9]{2}',
  /** A stored IMEI (15 digits) or serial (upper case letters, digits, dashes, slashes). */
  imeiSerial: '[A-Z0-9/-]*',
  /** A UPI ID (name@bank, templates.ts isValidUpiId) or nothing. */
  upiId: '([A-Za-z0-9][A-Za-z0-9._-]{1,90}@[A-Za-z][A-Za-z0-9]{1,63})?',
  /** A GSTIN's characters, or nothing (its shape and check character are settings' own check). */
  gstin: '([0-9]{2}[0-9A-Z]{13})?',
  /** A store phone: digits with an optional +, spaces and dashes, or nothing. */
  phone: '[0-9+ -]*',
  /** An e-mail address as stored: lower case, one @, a dot after it. */
  email: '[a-z0-9._%+-]+@[a-z0-9.-]+[.][a-z]{2,}',
  documentId: '[A-Za-z0-9_-]{1,128}',
} as const;

const uid = () => text(ID_MAX, { min: 1 });

/** Who did something, as history and payments name them: their uid and their own profile's name. */
const actor = () =>
  map({
    uid: uid().about("the writer's uid (the signed-in account)"),
    name: text(200).about("the writer's name, as their own users document gives it"),
  });

// ---- users, public profiles ---------------------------------------------------------------------

const profileText = (name: keyof typeof EDITABLE_PROFILE_FIELDS, about: string) =>
  text(EDITABLE_PROFILE_FIELDS[name]).changedBy('self').about(about);

/** The ledger record a PouchDB recharge keeps pending on the users document until it is written. */
const pendingRecharge = map({
  id: text(200).about('the ledger id (recharge-<idempotency key>)'),
  distributorId: uid().optional().about('the distributor'),
  distributorName: text(200).optional().about("the distributor's name"),
  adminId: uid().optional().about('the super admin'),
  adminName: text(200).optional().about("the super admin's name"),
  amount: rupees(0, 1_000_000).optional().about('the recharge, rupees'),
  previousBalance: rupees(-1e12, 1e12).optional().about('the balance before'),
  newBalance: rupees(-1e12, 1e12).optional().about('the balance after'),
  timestamp: timestamp().optional().about('when'),
  description: text(200).optional().about('the description'),
  ledgerPaise: int(0, MAX_AMOUNT_PAISE).optional().about('the amount in paise'),
});

export const USERS = documentSchema({
  kind: 'users',
  path: 'users/{uid}',
  about: 'An account: its role, profile, agreements, the stores it owns and, for a distributor, its wallet.',
  createdBy: 'the account itself, at sign-up, with exactly the sign-up fields and role user or distributor',
  deletedBy: 'nobody',
  maxBytes: 16 * 1024,
  fields: {
    email: text(254).changedBy('self').about("the account's e-mail (only to its own, as its ID token says)"),
    role: oneOf(['user', 'distributor', 'sa', 'business', 'staff'])
      .changedBy('admin')
      .about("the account's role; sign-up gives user or distributor"),
    acceptedTerms: bool(true).about('the terms were accepted at sign-up'),
    acceptedPrivacy: bool(true).about('the privacy policy was accepted at sign-up'),
    acceptedDate: text(40).about('when they were accepted'),
    name: profileText('name', "the person's name"),
    mobile: profileText('mobile', 'the mobile number as typed (proves nothing)'),
    customerMobile: profileText('customerMobile', 'the verified number, as the apps keep it').optional(),
    phone: profileText('phone', "a business's number").optional(),
    ownerNumber: profileText('ownerNumber', "the owner's number (the apps')").optional(),
    address: profileText('address', 'the address'),
    city: profileText('city', 'the city'),
    state: profileText('state', 'the state'),
    pincode: profileText('pincode', 'the pincode'),
    businessName: profileText('businessName', "a business's name"),
    gstNumber: profileText('gstNumber', "a business's GSTIN as typed"),
    panNumber: profileText('panNumber', "a business's PAN"),
    businessAddress: profileText('businessAddress', "a business's address"),
    businessKey: text(200)
      .optional()
      .changedBy('self')
      .about("the admin's sort key: the business name, else the name, in lower case, while it owns stores"),
    storeIds: list(text(ID_MAX, { min: 1 }), MAX_STORE_IDS)
      .optional()
      .changedBy('self')
      .about('the stores it owns; grows only by a store opened in the same write'),
    lastStoreId: text(ID_MAX).optional().changedBy('self').about('the store opened last'),
    walletBalance: rupees(-1e12, 1e12)
      .optional()
      .changedBy('superAdmin')
      .about("a distributor's balance; changes only with its ledger entry"),
    lastRechargeId: text(200)
      .optional()
      .changedBy('superAdmin')
      .about('the ledger entry of the last recharge'),
    walletLedgerPaise: int(0, 1e15)
      .optional()
      .changedBy('superAdmin')
      .about('PouchDB: the sum of the ledger recharges the balance includes'),
    walletPending: pendingRecharge
      .optional()
      .changedBy('superAdmin')
      .about('PouchDB: a recharge committed to the balance, its ledger entry not yet written'),
  },
});

export const PUBLIC_PROFILES = documentSchema({
  kind: 'publicProfiles',
  path: 'publicProfiles/{uid}',
  about: "What every signed-in account may know of a business: its name and number (the tracker's).",
  createdBy: 'the account itself',
  deletedBy: 'nobody',
  maxBytes: 1024,
  fields: {
    businessName: text(PUBLIC_PROFILE_LIMITS.businessName)
      .optional()
      .changedBy('self')
      .about("the business's name"),
    phone: text(PUBLIC_PROFILE_LIMITS.phone).optional().changedBy('self').about("the business's number"),
  },
});

// ---- stores -------------------------------------------------------------------------------------

const TEMPLATE_KEYS = [...REPAIR_STATUSES, 'paymentReminder'] as const;

export const STORES = documentSchema({
  kind: 'stores',
  path: 'stores/{storeId}',
  about: "A shop of a business, with the shop console's settings (owner-console.md, Settings).",
  createdBy: "its owner, under its own uid, with its owner's users document listing it in the same write",
  deletedBy: 'nobody (a closed shop sets closed)',
  maxBytes: 32 * 1024,
  fields: {
    ownerId: uid().about("the owner's uid; never changes"),
    name: text(200).optional().changedBy('owner').about("the store's name"),
    storeName: text(200).optional().changedBy('owner').about("the apps' name for it"),
    phone: text(20, { pattern: PATTERNS.phone, example: '9811111111' })
      .optional()
      .changedBy('owner')
      .about("the store's number"),
    address: text(500).optional().changedBy('owner').about('the address'),
    city: text(100).optional().changedBy('owner').about('the city'),
    state: text(100).optional().changedBy('owner').about('the state or union territory'),
    pincode: text(12).optional().changedBy('owner').about('the pincode'),
    gstin: text(15, { pattern: PATTERNS.gstin, example: '27AAPFS1234C1ZD' })
      .optional()
      .changedBy('owner')
      .about('the GSTIN, or nothing'),
    upiId: text(100, { pattern: PATTERNS.upiId, example: 'sharmamobile@okaxis' })
      .optional()
      .changedBy('owner')
      .about('the UPI ID, or nothing'),
    jobSheetTerms: text(MAX_JOB_SHEET_TERMS_LENGTH)
      .optional()
      .changedBy('owner')
      .about("the job sheet's terms"),
    messageTemplates: keyed(TEMPLATE_KEYS, text(MAX_TEMPLATE_LENGTH))
      .optional()
      .changedBy('owner')
      .about('the customer messages by status, and the payment reminder'),
    repairIdPrefix: text(5, { pattern: PATTERNS.repairIdPrefix, example: 'SMC' })
      .optional()
      .changedBy('owner')
      .about("the Repair ID prefix (the counter's first allocation fixes it)"),
    gstRatePercent: int(0, 28)
      .optional()
      .changedBy('owner')
      .about(
        "the GST rate of its repairs' invoices, percent (one of gst.ts GST_RATES_PERCENT; 18 unless set)",
      ),
    sacCode: text(6, { pattern: '99[0-9]{4}', example: '998716' })
      .optional()
      .changedBy('owner')
      .about('the SAC its invoices print for a repair (998716 unless set)'),
    pricesIncludeTax: bool()
      .optional()
      .changedBy('owner')
      .about("whether a repair's amounts include GST (true unless set false)"),
    closed: bool().optional().changedBy('owner').about('the shop has closed'),
    createdAt: timestamp().optional().about('when it was opened'),
  },
});

export const STORE_PROFILES = documentSchema({
  kind: 'storeProfiles',
  path: 'storeProfiles/{storeId}',
  about:
    "What a customer's tracking page shows of the shop: name, phone, UPI ID. Written by the store's owner only, so no member can redirect a customer's payment.",
  createdBy: "the store's owner",
  deletedBy: 'nobody',
  maxBytes: 2048,
  fields: {
    ownerId: uid().about("the store's owner (stores/{storeId}.ownerId)"),
    name: text(200, { min: 1 }).changedBy('owner').about("the shop's name"),
    phone: text(20, { pattern: PATTERNS.phone, example: '9811111111' })
      .changedBy('owner')
      .about("the shop's number, or nothing"),
    upiId: text(100, { pattern: PATTERNS.upiId, example: 'sharmamobile@okaxis' })
      .changedBy('owner')
      .about('the UPI ID payments go to, or nothing'),
    updatedAt: timestamp({ serverTime: true }).changedBy('server').about('when it was last written'),
  },
});

// ---- repairs ------------------------------------------------------------------------------------

// Twin: firestore.rules isOwnEntry (written out by hand, leaner); compared by tests/app/twin-rules.test.ts.
export const HISTORY_ENTRY = map({
  kind: oneOf(HISTORY_KINDS).about('what happened'),
  status: text(40).about("the repair's status after it"),
  from: text(40).nullable().about('the status before, for a status change, override or reopen'),
  at: timestamp().about("when (the writer's clock, within a day of the server's: lists hold no server time)"),
  by: actor().about('who'),
  note: text(MAX_NOTE_LENGTH).about('what the person wrote'),
  amountPaise: int(1, MAX_AMOUNT_PAISE).nullable().about('a payment or refund: its amount'),
  paymentId: text(ID_MAX)
    .optional()
    .about('a payment or refund: its payments document, written in the same commit'),
});

export const TIMELINE_STEP = map({
  status: text(40).about('the status the repair moved to'),
  at: timestamp().about('when (its history entry’s time)'),
});

const problemText = text(JOB_CARD_LIMITS.problem, {
  min: 1,
  pattern: '[^\\n]+',
  example: 'Screen broken',
}).about('a problem');

export const REPAIRS = documentSchema({
  kind: 'repairs',
  path: 'repairs/{repairDocId}',
  about:
    "A repair, as the apps, the customer tracker, the admin's counts and the shop console read it (web-spec.md section 3, owner-console.md).",
  createdBy:
    'the apps: the owner of the store it names; the shop console: a member of the store, with the Repair ID its counter moves to, its index entry, delivery code and tracking link in the same write',
  deletedBy: "the store's owner, with everything that belongs to it",
  maxBytes: 160 * 1024,
  fields: {
    repairId: text(64, { min: 1 }).about('the Repair ID customers type, e.g. SMC-1042'),
    customerName: text(200).optional().changedBy('member').about("the customer's name"),
    customerNameLower: text(200).optional().changedBy('member').about('the name in lower case, for search'),
    customerMobile: either(text(30), int(0, 99_999_999_999_999))
      .optional()
      .changedBy('member')
      .about("the customer's mobile (the apps may write it as a number)"),
    customerMobileBy: uid()
      .optional()
      .changedBy('member')
      .about('who last wrote customerMobile: that account never reads the repair as its customer'),
    storeId: text(ID_MAX).optional().about('the store it belongs to'),
    store: text(ID_MAX)
      .optional()
      .about("the apps' older store reference (counts only with businessId its owner)"),
    businessId: text(ID_MAX).optional().about("the store's owner"),
    productName: text(200).optional().changedBy('member').about('brand and model'),
    productType: text(50).optional().changedBy('member').about('the device type'),
    problems: either(text(2500), list(problemText, JOB_CARD_LIMITS.problems))
      .optional()
      .changedBy('member')
      .about("the problems as one text (the apps' list form is kept)"),
    status: text(40).optional().changedBy('workflow').about('the status (the apps may write their own)'),
    amount: either(rupees(0, 1_000_000), text(20))
      .optional()
      .changedBy('member')
      .about('the final amount in rupees (an open repair only)'),
    estimatedCost: either(rupees(0, 1_000_000), text(20))
      .optional()
      .changedBy('member')
      .about('the estimate in rupees (an open repair only)'),
    deliveryCode: text(16)
      .optional()
      .about("the apps' delivery code; the shop console keeps its own apart (repairs/{id}/shop/delivery)"),
    createdAt: timestamp({ serverTime: true }).optional().about('when it was created'),
    updatedAt: either(timestamp({ serverTime: true }), text(40))
      .optional()
      .changedBy('server')
      .about('when it last changed'),
    imageUrls: list(text(600), MAX_PHOTOS)
      .optional()
      .changedBy('member')
      .about("photos: this project's bucket, under the repair's own path"),
    problemList: list(problemText, JOB_CARD_LIMITS.problems)
      .optional()
      .changedBy('member')
      .about('the problems, one per item'),
    imeiSerial: text(40, { pattern: PATTERNS.imeiSerial, example: '490154203237518' })
      .optional()
      .changedBy('member')
      .about('IMEI (15 digits) or serial'),
    accessories: list(oneOf(ACCESSORIES), ACCESSORIES.length)
      .optional()
      .changedBy('member')
      .about('accessories received'),
    otherAccessory: text(JOB_CARD_LIMITS.otherAccessory)
      .optional()
      .changedBy('member')
      .about("the 'other' accessory"),
    conditionNotes: text(JOB_CARD_LIMITS.conditionNotes)
      .optional()
      .changedBy('member')
      .about('the condition at the counter'),
    estimatePaise: int(0, MAX_AMOUNT_PAISE)
      .nullable()
      .optional()
      .changedBy('member')
      .about('the estimate in paise (an open repair only)'),
    paidPaise: int(0, MAX_AMOUNT_PAISE)
      .optional()
      .changedBy('payments')
      .about('payments less refunds; moves only with a payment or refund entry of the same amount'),
    duePaise: int(0, MAX_AMOUNT_PAISE)
      .optional()
      .changedBy('dues')
      .about(
        'the amount due for the dues index: max(0, (final amount, else estimate) − paidPaise), written by every shop write (shop/amounts.ts repairDues)',
      ),
    owing: bool()
      .optional()
      .changedBy('dues')
      .about(
        "in the dues khata: status 'ready' or 'delivered' and duePaise above zero, written by every shop write",
      ),
    promisedDate: text(10, { pattern: PATTERNS.calendarDate, example: '2026-11-30' })
      .nullable()
      .optional()
      .changedBy('member')
      .about('the promised date, YYYY-MM-DD'),
    trackingToken: text(128, { pattern: `(${PATTERNS.trackingToken})?`, example: 'AAAAAAAAAAAAAAAAAAAAAA' })
      .optional()
      .changedBy('tracking')
      .about('the live tracking link, or nothing'),
    history: list(HISTORY_ENTRY, MAX_HISTORY_ENTRIES)
      .optional()
      .changedBy('history')
      .about('what happened to it, append-only'),
    timeline: list(TIMELINE_STEP, MAX_HISTORY_ENTRIES)
      .optional()
      .changedBy('workflow')
      .about(
        'the status changes, as the customer sees them; grows with each created/status/override/reopen entry',
      ),
    createdBy: actor().optional().about('who took it in'),
    // Twin: firestore.rules isReportKept and isOtherProblemKept; repair-write-rules.ts
    // reportFieldsProblem (shop/report-fields.ts plans them).
    salePaise: int(0, MAX_AMOUNT_PAISE)
      .nullable()
      .optional()
      .changedBy('workflow')
      .about(
        "what its delivery sold, for the reports' sums: the final amount, else the estimate, else 0, stored with a move to 'delivered', null after any other move",
      ),
    turnaroundMs: int(0, MAX_TURNAROUND_MS)
      .nullable()
      .optional()
      .changedBy('workflow')
      .about(
        "the delivery's time (its history entry's) less createdAt, in ms, for 'Average Turnaround', stored with a move to 'delivered', null after any other move",
      ),
    otherProblem: bool()
      .optional()
      .changedBy('member')
      .about("its problem list names one not in the common list ('Other' of 'Top Problems')"),
    // Twin: firestore.rules isDeliveredAtKept; repair-write-rules.ts deliveredAtProblem.
    deliveredAt: timestamp({ serverTime: true })
      .nullable()
      .optional()
      .changedBy('workflow')
      .about(
        "when it was marked 'delivered' (the server's time of that write; the reports' index), null or absent while it is not delivered",
      ),
    idBlock: int(FIRST_REPAIR_NUMBER, MAX_REPAIR_NUMBER)
      .optional()
      .about(
        "the first number of the Repair ID block (repairIdBlocks) its number came from, when a device numbered it from a block it holds; absent when the store's counter numbered it",
      ),
  },
});

export const REPAIR_LOOKUP_REFS = documentSchema({
  kind: 'repairLookupRefs',
  path: 'repairLookup/{key}/refs/{repairDocId}',
  about: 'The existence-only index of Repair IDs: an empty document per repair, under its id.',
  createdBy: 'with its repair, in the same write',
  deletedBy: 'with its repair, or when its Repair ID changes',
  maxBytes: 64,
  fields: {},
});

export const REPAIR_PRIVATE = documentSchema({
  kind: 'repairPrivate',
  path: 'repairs/{repairDocId}/shop/private',
  about: "The unlock code: the store's members only.",
  createdBy: "a member of the repair's store",
  deletedBy: "the store's owner, with the repair",
  maxBytes: 1024,
  fields: {
    unlockCode: text(JOB_CARD_LIMITS.unlockCode).changedBy('member').about('the PIN, password or pattern'),
    storeId: uid().about("the repair's store"),
  },
});

export const REPAIR_DELIVERY_CODE = documentSchema({
  kind: 'repairDelivery',
  path: 'repairs/{repairDocId}/shop/delivery',
  about:
    "The delivery code of a shop console repair: its owner, the repair's verified customer and a super admin read it; staff never (a delivery is checked against it by the backend).",
  createdBy: "a member of the repair's store, with the repair",
  deletedBy: "the store's owner, with the repair",
  maxBytes: 256,
  fields: {
    code: text(4, { pattern: PATTERNS.deliveryCode, example: '4821' }).about('the four digits'),
    storeId: uid().about("the repair's store"),
  },
});

/** Wrong delivery codes allowed before a pause, and the pause. */
export const DELIVERY_TRIES = { max: 5, pauseMinutes: 15, validMinutes: 2 } as const;

export const REPAIR_DELIVERY_TRIES = documentSchema({
  kind: 'repairDeliveryTries',
  path: 'repairs/{repairDocId}/shop/tries',
  about:
    'The delivery code tries on a repair: each try is written first (refused after 5 in 15 minutes); a delivery counts only with a try of the right code by the same account in the last 2 minutes.',
  createdBy: "a member of the repair's store",
  deletedBy: "the store's owner, with the repair",
  maxBytes: 512,
  fields: {
    tries: int(1, DELIVERY_TRIES.max).changedBy('member').about('tries since firstAt'),
    firstAt: timestamp({ serverTime: true }).changedBy('member').about('the first try of this series'),
    at: timestamp({ serverTime: true }).changedBy('server').about('the last try'),
    code: text(4, { pattern: PATTERNS.deliveryCode, example: '4821' })
      .changedBy('member')
      .about('the code of the last try'),
    by: uid().changedBy('member').about('who tried last'),
  },
});

export const PAYMENTS = documentSchema({
  kind: 'payments',
  path: 'repairs/{repairDocId}/payments/{paymentId}',
  about: 'A payment or refund: a new entry, never edited or deleted (but with its repair).',
  createdBy:
    "a member (refunds: the owner), in the write that moves the repair's paidPaise by its amount and adds its history entry",
  deletedBy: "the store's owner, with the repair",
  maxBytes: 2048,
  fields: {
    id: text(ID_MAX, { min: 1 }).about(
      'its own id (the document id): a retried payment is the same document',
    ),
    kind: oneOf(['payment', 'refund']).about('a payment or a refund'),
    amountPaise: int(1, MAX_AMOUNT_PAISE).about('the amount in paise'),
    mode: oneOf(PAYMENT_MODES).about('how it was paid'),
    at: timestamp({ serverTime: true }).about('when it was recorded'),
    by: actor().about('who took it'),
    note: text(MAX_NOTE_LENGTH).about('a note, or a refund’s reason'),
    upiReference: text(12, { pattern: '([0-9]{12})?', example: '412345678901' })
      .optional()
      .about("a UPI payment's 12-digit UTR, or nothing (only on a 'upi' payment)"),
    storeId: uid().about("the repair's store"),
    seq: int(0, 10_000).optional().about('its place among the repair’s payments'),
  },
});

export const REPAIR_COUNTERS = documentSchema({
  kind: 'repairCounters',
  path: 'repairCounters/{storeId}',
  about:
    "A store's Repair ID counter: moves by one, with the repair it numbers (or past a number a repair holds).",
  createdBy: 'a member of the store, with its first repair',
  deletedBy: 'nobody',
  maxBytes: 512,
  fields: {
    prefix: text(5, { pattern: PATTERNS.repairIdPrefix, example: 'SMC' }).about(
      'the Repair ID prefix, fixed',
    ),
    last: int(FIRST_REPAIR_NUMBER, MAX_REPAIR_NUMBER)
      .changedBy('member')
      .about('the last number handed out; moves by exactly one'),
    lastRepairDocId: text(ID_MAX, { min: 1 })
      .optional()
      .changedBy('member')
      .about(
        'the repair that holds `last` (created in the same write, or already holding it); absent until a repair moves the counter',
      ),
    lastIdBlock: int(FIRST_REPAIR_NUMBER, MAX_REPAIR_NUMBER)
      .optional()
      .changedBy('member')
      .about(
        'the first number of the last block reserved (repairIdBlocks): a reservation moves `last` to that block’s last number',
      ),
  },
});

export const REPAIR_ID_BLOCKS = documentSchema({
  kind: 'repairIdBlocks',
  path: 'repairIdBlocks/{storeId}_{first}',
  about:
    'Repair ID numbers of a store reserved by one member for one device (ADR 0012): its job cards taken offline are numbered from them. Fixed once written.',
  createdBy:
    "a member of the store, for themself, in the write that moves the store's counter past the block",
  deletedBy: 'nobody',
  maxBytes: 512,
  fields: {
    storeId: uid().about('the store'),
    uid: uid().about('the member who reserved it (only they number repairs from it)'),
    prefix: text(5, { pattern: PATTERNS.repairIdPrefix, example: 'SMC' }).about("the counter's prefix"),
    first: int(FIRST_REPAIR_NUMBER, MAX_REPAIR_NUMBER).about('its first number'),
    last: int(FIRST_REPAIR_NUMBER, MAX_REPAIR_NUMBER).about(
      `its last number (at most ${MAX_REPAIR_ID_BLOCK_SIZE} numbers)`,
    ),
    reservedAt: timestamp({ serverTime: true }).about('when it was reserved'),
  },
});

export const REPAIR_ID_CLAIMS = documentSchema({
  kind: 'repairIdClaims',
  path: 'repairIdClaims/{storeId}_{number}',
  about:
    'A Repair ID number of a block, taken: created with the repair it numbers and never changed or deleted, so a number is never used twice (ADR 0012).',
  createdBy: 'a member of the store, with the repair numbered from their block, in the same write',
  deletedBy: 'nobody (kept when its repair is deleted: the number is never handed out again)',
  maxBytes: 256,
  fields: {
    storeId: uid().about('the store'),
    repairDocId: text(ID_MAX, { min: 1 }).about('the repair that took the number'),
  },
});

// Twin: firestore.rules isInvoiceHead (the limits of INVOICES' plain fields, written out by hand within the
// rules' budget); compared by tests/app/twin-rules.test.ts.

/** An invoice number as invoice-number.ts formats it: prefix / financial year / (series mark) serial. */
const INVOICE_NUMBER_PATTERN = '[A-Z0-9-]{1,5}/[0-9]{2}-[0-9]{2}/[RF]?[0-9]{3,9}';

/** Invoice amounts: up to twice a repair's largest amount (a tax-exclusive price plus 28% GST fits). */
const paise = () => int(0, 2 * MAX_AMOUNT_PAISE);

export const INVOICES = documentSchema({
  kind: 'invoices',
  path: 'repairs/{repairDocId}/invoices/{invoiceId}',
  about:
    "A repair's invoice (id: the repair's document id) or voucher (id: its payment's id), as issued: fixed once written (invoice.ts, invoice-build.ts).",
  createdBy:
    "a member of its store, in the write that moves its series' counter by one to its number (invoiceCounters)",
  deletedBy: 'nobody (kept when its repair is deleted: GST records are kept)',
  maxBytes: 8192,
  fields: {
    id: text(ID_MAX, { min: 1 }).about("its own id: the repair's document id, or the voucher's payment id"),
    kind: oneOf(['tax-invoice', 'receipt', 'receipt-voucher', 'refund-voucher']).about('what it is'),
    number: text(16, { min: 1, pattern: INVOICE_NUMBER_PATTERN, example: 'SMC/26-27/0042' }).about(
      "its number, its series counter's",
    ),
    financialYear: int(2000, 2999).about('the financial year of the number (its starting year)'),
    serial: int(1, 999_999_999).about('the serial of the number'),
    storeId: uid().about("the repair's store"),
    repairDocId: text(ID_MAX, { min: 1 }).about('the repair'),
    repairId: text(40).about("the repair's Repair ID"),
    issuedAt: timestamp({ serverTime: true }).about('when it was issued'),
    issuedBy: actor().about('who issued it'),
    seller: map({
      name: text(200).about("the store's name"),
      address: text(500).about("the store's address"),
      city: text(100).about("the store's city"),
      state: text(100).about("the store's state"),
      stateCode: text(2, { pattern: '([0-9]{2})?', example: '27' }).about("the store's GST state code"),
      pincode: text(12).about("the store's pincode"),
      phone: text(20).about("the store's number"),
      gstin: text(15, { pattern: PATTERNS.gstin, example: '27AAPFS1234C1ZD' }).about(
        "the store's GSTIN, or nothing",
      ),
    }).about('the shop as printed'),
    customer: map({
      name: text(JOB_CARD_LIMITS.customerName).about("the customer's name"),
      mobile: text(10).about("the customer's mobile"),
      gstin: text(15, { pattern: PATTERNS.gstin, example: '29AAGCB7383J1Z4' }).about(
        "the customer's GSTIN, or nothing",
      ),
    }).about('the customer as printed'),
    placeOfSupply: text(120).about("the place of supply: 'Maharashtra (27)'"),
    description: text(300).about('the service'),
    sac: text(6, { pattern: '99[0-9]{4}', example: '998716' }).about('the SAC of the service'),
    gst: map({
      ratePercent: int(0, 28).about('the rate, percent (0 on a receipt)'),
      supply: oneOf(['intra-state', 'inter-state']).about('CGST + SGST, or IGST'),
      taxablePaise: paise().about('the taxable value'),
      cgstPaise: paise().about('CGST'),
      sgstPaise: paise().about('SGST'),
      igstPaise: paise().about('IGST'),
      totalPaise: paise().about('the total: taxable + taxes'),
    }).about('the amounts, in paise'),
    taxInclusive: bool().about("whether the repair's price included GST"),
    advanceDeductedPaise: paise().about('the advance deducted'),
    advanceVoucherNumbers: list(text(16), 50).about('the numbers of the vouchers deducted'),
    balancePaise: paise().about('total − advance deducted'),
    amountInWords: text(300).about('the total in words'),
    paymentId: text(ID_MAX, { min: 1 }).nullable().about("a voucher's payment, else null"),
    referenceNumber: text(16).about("a refund voucher's receipt voucher number, else ''"),
  },
});

export const INVOICE_COUNTERS = documentSchema({
  kind: 'invoiceCounters',
  path: 'invoiceCounters/{storeId}_{series}',
  about:
    "A store's invoice series counter (invoice-number.ts): moves by exactly one number, with the invoice or voucher that carries it; never skipped, never back.",
  createdBy: 'a member of the store, with the first invoice of the series',
  deletedBy: 'nobody',
  maxBytes: 1024,
  fields: {
    storeId: uid().about('the store'),
    series: oneOf(['invoice', 'receipt-voucher', 'refund-voucher']).about('the series'),
    prefix: text(5, { pattern: '[A-Z0-9-]{1,5}', example: 'SMC' }).about(
      "the numbers' prefix (the store's Repair ID prefix), fixed",
    ),
    fy: int(2000, 2999).changedBy('member').about('the financial year of the last number'),
    lastSerial: int(1, 999_999_999).changedBy('member').about('the serial of the last number; moves by one'),
    lastInvoiceId: text(ID_MAX, { min: 1 })
      .changedBy('member')
      .about('the invoice or voucher that holds the last number (written in the same commit)'),
    lastRepairDocId: text(ID_MAX, { min: 1 }).changedBy('member').about('its repair'),
  },
});

/** The repair fields a tracking link shows, as the repair stores them (domain trackingProjection). */
export const TRACKING_VIEW_FIELDS = [
  'repairId',
  'status',
  'productType',
  'productName',
  'problems',
  'problemList',
  'promisedDate',
  'estimatePaise',
  'estimatedCost',
  'amount',
  'paidPaise',
  'timeline',
] as const;

const copyOf = (name: (typeof TRACKING_VIEW_FIELDS)[number]): FieldSpec => {
  const spec = REPAIRS.fields[name] as FieldSpec;
  return {
    ...spec,
    isOptional: false,
    isNullable: true,
    changer: 'repair',
    description: `the repair's ${name}`,
  };
};

export const TRACKING = documentSchema({
  kind: 'tracking',
  path: 'tracking/{token}',
  about:
    "A tracking link: its repair's customer-safe fields, checked against the repair in the same write. The shop's name, phone and UPI ID come from storeProfiles, never from here.",
  createdBy: "a member of the repair's store, for a repair carrying this token",
  deletedBy: "the store's owner, with the repair",
  maxBytes: 64 * 1024,
  fields: {
    repairDocId: text(ID_MAX, { min: 1 }).about('the repair'),
    storeId: uid().about("the repair's store"),
    revoked: bool().changedBy('member').about('turned off by the shop; never on again'),
    view: map(Object.fromEntries(TRACKING_VIEW_FIELDS.map((name) => [name, copyOf(name)])))
      .changedBy('repair')
      .about("the repair's customer-safe fields, equal to the repair's"),
  },
});

// ---- people of a store --------------------------------------------------------------------------

export const STORE_MEMBERS = documentSchema({
  kind: 'storeMembers',
  path: 'storeMembers/{storeId}_{uid}',
  about: 'A staff member of a store: made when the invited account accepts its invitation.',
  createdBy: 'the invited account, in the write that removes its invitation',
  deletedBy: "the store's owner (removal), or the member (leaving)",
  maxBytes: 1024,
  fields: {
    storeId: uid().about('the store'),
    uid: uid().about('the staff member'),
    role: oneOf(['staff']).about('their role'),
    email: text(254).about('the verified e-mail the invitation went to'),
    name: text(200).about("the staff member's name"),
    addedAt: timestamp({ serverTime: true }).about('when they joined'),
    addedBy: uid().about('the owner who invited them'),
  },
});

export const INVITATIONS = documentSchema({
  kind: 'invitations',
  path: 'invitations/{storeId}_{emailKey}',
  about:
    'An invitation to work in a store, by e-mail address. Nothing about it says whether the address has an account.',
  createdBy: "the store's owner",
  deletedBy: "the store's owner (cancelled), or the invited account (accepted or declined)",
  maxBytes: 1024,
  fields: {
    storeId: uid().about('the store'),
    storeName: text(200).about("the store's name, for the invitation card"),
    email: text(254, { pattern: PATTERNS.email, example: 'staff@demo.test' }).about(
      'the invited address, lower case',
    ),
    invitedBy: uid().about('the owner who invited'),
    invitedAt: timestamp({ serverTime: true }).about('when'),
  },
});

// ---- wallet, support, configuration ---------------------------------------------------------------

export const RECHARGE_TRANSACTIONS = documentSchema({
  kind: 'rechargeTransactions',
  path: 'rechargeTransactions/{txId}',
  about: "The wallet ledger: one entry per recharge, written with the distributor's balance.",
  createdBy: 'a super admin, with the matching balance change in the same write',
  deletedBy: 'nobody',
  maxBytes: 4096,
  fields: {
    distributorId: uid().about('the distributor'),
    distributorName: text(200).about("the distributor's name"),
    adminId: uid().about('the super admin'),
    adminName: text(200).about("the super admin's name"),
    amount: rupees(1, 1_000_000).about('the recharge in rupees'),
    previousBalance: rupees(-1e12, 1e12).about('the balance before'),
    newBalance: rupees(-1e12, 1e12).about('the balance after'),
    timestamp: timestamp({ serverTime: true }).about('when'),
    description: oneOf(['Wallet recharge by admin']).about('the description'),
    ledgerPaise: int(100, MAX_AMOUNT_PAISE).optional().about('PouchDB: the amount in paise'),
  },
});

export const SUPPORT = documentSchema({
  kind: 'support',
  path: 'support/{issueId}',
  about: 'A support issue from the public form.',
  createdBy: 'anyone, signed out too, always active',
  deletedBy: 'nobody',
  maxBytes: 8192,
  fields: {
    email: text(254, { min: 3, pattern: '[^\\s@]+@[^\\s@]+[.][^\\s@]+', example: 'ravi@example.com' })
      .changedBy('superAdmin')
      .about('who wrote'),
    phone: text(30, { min: 1 }).changedBy('superAdmin').about('their number'),
    issue: text(MAX_ISSUE_LENGTH, { min: 1 }).changedBy('superAdmin').about('the issue'),
    status: oneOf(['active', 'completed']).changedBy('superAdmin').about('active or completed'),
    createdAt: timestamp({ serverTime: true }).about('when it was sent'),
    editedAt: keyed(['email', 'phone', 'issue', 'status'], int(0, 1e14))
      .optional()
      .changedBy('superAdmin')
      .about("PouchDB: each field's last edit, to merge two admins' edits"),
  },
});

export const STORE_LINKS = documentSchema({
  kind: 'Urls',
  path: 'Urls/{docId}',
  about: "The landing page's app store links.",
  createdBy: 'the administrator (console, Admin SDK)',
  deletedBy: 'the administrator',
  maxBytes: 4096,
  fields: {
    android: text(500).optional().changedBy('admin').about('the Google Play link'),
    ios: text(500).optional().changedBy('admin').about('the App Store link'),
  },
});

export const STORAGE_CONFIG = documentSchema({
  kind: 'config',
  path: 'config/storage',
  about: "The project's Cloud Storage bucket, which repair photos' URLs must name (the rules read it).",
  createdBy: 'the administrator (the backfill)',
  deletedBy: 'the administrator',
  maxBytes: 1024,
  fields: {
    bucket: text(222, {
      min: 3,
      pattern: '[a-z0-9][a-z0-9._-]*',
      example: 'demo-repairmate.firebasestorage.app',
    })
      .changedBy('admin')
      .about('the bucket name'),
  },
});

/** Every stored document kind that has a write schema. */
export const WRITE_SCHEMAS: readonly DocumentSchema[] = [
  USERS,
  PUBLIC_PROFILES,
  STORES,
  STORE_PROFILES,
  REPAIRS,
  REPAIR_LOOKUP_REFS,
  REPAIR_PRIVATE,
  REPAIR_DELIVERY_CODE,
  REPAIR_DELIVERY_TRIES,
  PAYMENTS,
  REPAIR_COUNTERS,
  REPAIR_ID_BLOCKS,
  REPAIR_ID_CLAIMS,
  TRACKING,
  INVOICES,
  INVOICE_COUNTERS,
  STORE_MEMBERS,
  INVITATIONS,
  RECHARGE_TRANSACTIONS,
  SUPPORT,
  STORE_LINKS,
  STORAGE_CONFIG,
];
