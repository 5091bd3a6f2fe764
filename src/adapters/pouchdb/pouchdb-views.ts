/**
 * The secondary indexes: CouchDB-style design documents with map functions and built-in reduces.
 *
 * The map functions are source text (ES5, no dependencies) because PouchDB stores them in the design
 * document and compiles them itself. They repeat the few reading rules of the domain parsers they index
 * by (asText, asInstant, countKeyOf); tests/adapters/pouchdb checks that the counts agree with the
 * memory adapter, which uses the parsers directly. Every document read through a view is still parsed
 * with the domain parsers.
 */

/** asText: strings as they are, finite numbers as digits, anything else ''. */
const TEXT =
  "function text(v) { return typeof v === 'string' ? v : (typeof v === 'number' && isFinite(v) ? String(v) : ''); }";

/** asInstant, as epoch milliseconds: numbers, date text, {seconds, nanoseconds} (Firestore). Else null. */
const INSTANT = [
  'function instant(v) {',
  '  var t = null;',
  "  if (typeof v === 'number') { t = isFinite(v) ? new Date(v).getTime() : null; }",
  "  else if (typeof v === 'string') { t = v.trim() === '' ? null : new Date(v).getTime(); }",
  "  else if (v && typeof v === 'object') {",
  "    var s = typeof v.seconds === 'number' ? v.seconds : v._seconds;",
  "    if (typeof s === 'number' && isFinite(s)) {",
  "      var n = typeof v.nanoseconds === 'number' ? v.nanoseconds : 0;",
  '      t = new Date(s * 1000 + Math.floor(n / 1e6)).getTime();',
  '    }',
  '  }',
  '  return t === null || isNaN(t) ? null : t;',
  '}',
].join('\n');

/** countKeyOf: the store (storeId, else store), else the business (businessId); the first not blank. */
const COUNT_KEY = [
  'function countKey(doc) {',
  '  var refs = [text(doc.storeId), text(doc.store), text(doc.businessId)];',
  "  for (var i = 0; i < refs.length; i++) if (refs[i].trim() !== '') return refs[i];",
  "  return '';",
  '}',
].join('\n');

/**
 * A ledger entry this adapter counts into a balance, checked as firestore.rules checks a recharge
 * record, whatever device or sync peer wrote it: a recharge-… id, the description, an amount of
 * ₹1–₹10,00,000 in whole paise equal to ledgerPaise, and newBalance = previousBalance + amount.
 * Anything else counts 0. (That its adminId is a super admin is checked when summing.)
 */
const LEDGER_PAISE = [
  'function ledgerPaise(doc) {',
  '  var p = doc.ledgerPaise, a = doc.amount, before = doc.previousBalance, after = doc.newBalance;',
  "  if (typeof p !== 'number' || !isFinite(p) || Math.floor(p) !== p) return 0;",
  "  if (typeof a !== 'number' || typeof before !== 'number' || typeof after !== 'number') return 0;",
  "  if (doc._id.indexOf('recharge-') !== 0 || doc.description !== 'Wallet recharge by admin') return 0;",
  "  if (typeof doc.adminId !== 'string' || doc.adminId === '') return 0;",
  '  if (p < 100 || p > 100000000 || Math.round(a * 100) !== p) return 0;',
  '  if (Math.round(after * 100) !== Math.round(before * 100) + p) return 0;',
  '  return p;',
  '}',
].join('\n');

const map = (helpers: readonly string[], body: string) =>
  `function (doc) {\n${[...helpers, body].join('\n')}\n}`;

export interface ViewDefinition {
  readonly map: string;
  readonly reduce?: '_count' | '_sum';
}

export interface DesignDoc {
  readonly _id: string;
  readonly views: Readonly<Record<string, ViewDefinition>>;
}

export const USERS_DESIGN: DesignDoc = {
  _id: '_design/users',
  views: {
    /** Key: the role as stored (null when none). Reduce: the number of users (all, or of a role). */
    byRole: {
      map: map([], "emit(typeof doc.role === 'string' ? doc.role : null, null);"),
      reduce: '_count',
    },
    /**
     * Key: the uid; value: what the business table sorts and searches by. Queried with the owners'
     * uids, it gives the business users' names and e-mails without reading their documents.
     */
    businessKeys: {
      map: map([], 'emit(doc._id, { businessName: doc.businessName, name: doc.name, email: doc.email });'),
    },
    /** Users documents holding a recharge whose ledger write is not confirmed (normally none). */
    walletPending: {
      map: map([], 'if (doc.walletPending) emit(doc._id, null);'),
    },
  },
};

export const STORES_DESIGN: DesignDoc = {
  _id: '_design/stores',
  views: {
    /** Key: ownerId. Grouped, it lists the owners (and their store counts) without reading stores. */
    byOwner: {
      map: map([TEXT], 'emit(text(doc.ownerId), null);'),
      reduce: '_count',
    },
  },
};

export const REPAIRS_DESIGN: DesignDoc = {
  _id: '_design/repairs',
  views: {
    /** Key: the human-entered Repair ID, exactly as stored (text only). */
    byRepairId: {
      map: map([], "if (typeof doc.repairId === 'string') emit(doc.repairId, null);"),
    },
    /**
     * Key: [count key, createdAt in epoch ms]; reduce: count. One key per repair (its store, else its
     * business), so a repair counts once.
     */
    createdByKey: {
      map: map(
        [TEXT, INSTANT, COUNT_KEY],
        "var key = countKey(doc); var t = instant(doc.createdAt); if (key !== '' && t !== null) emit([key, t], null);",
      ),
      reduce: '_count',
    },
  },
};

export const LEDGER_DESIGN: DesignDoc = {
  _id: '_design/ledger',
  views: {
    /** Key: timestamp in epoch ms (null when undated): the latest transactions, newest first. */
    byTime: {
      map: map([INSTANT], 'emit(instant(doc.timestamp), null);'),
    },
    /**
     * Key: [distributorId, timestamp ms]; value: the paise this adapter counted into the balance
     * (0 for seeded or imported history, and for entries that fail the checks of LEDGER_PAISE).
     * Reduce: sum.
     */
    byDistributor: {
      map: map(
        [TEXT, INSTANT, LEDGER_PAISE],
        'emit([text(doc.distributorId), instant(doc.timestamp)], ledgerPaise(doc));',
      ),
      reduce: '_sum',
    },
    /**
     * Key: [distributorId, adminId]; value: checked paise; reduce: sum. Grouped, the paise each admin
     * credited to a distributor, so that only entries written by super admins are counted.
     */
    byDistributorAdmin: {
      map: map(
        [TEXT, LEDGER_PAISE],
        'var p = ledgerPaise(doc); if (p > 0) emit([text(doc.distributorId), doc.adminId], p);',
      ),
      reduce: '_sum',
    },
  },
};

export const VIEWS = {
  usersByRole: 'users/byRole',
  usersBusinessKeys: 'users/businessKeys',
  usersWalletPending: 'users/walletPending',
  storesByOwner: 'stores/byOwner',
  repairsByRepairId: 'repairs/byRepairId',
  repairsCreatedByKey: 'repairs/createdByKey',
  ledgerByTime: 'ledger/byTime',
  ledgerByDistributor: 'ledger/byDistributor',
  ledgerByDistributorAdmin: 'ledger/byDistributorAdmin',
} as const;
