/**
 * The secondary indexes: CouchDB-style design documents with map functions and built-in reduces.
 *
 * The map functions are source text (ES5, no dependencies) because PouchDB stores them in the design
 * document and compiles them itself. They repeat the few reading rules of the domain parsers they index
 * by (asText, asInstant, storeRefOf); tests/adapters/pouchdb checks that the counts agree with the
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

/** storeRefOf: storeId, else businessId, else store (the first that is not blank). */
const STORE_REF = [
  'function storeRef(doc) {',
  '  var refs = [text(doc.storeId), text(doc.businessId), text(doc.store)];',
  "  for (var i = 0; i < refs.length; i++) if (refs[i].trim() !== '') return refs[i];",
  "  return '';",
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
     * Key: [store reference, createdAt in epoch ms]; reduce: count. Only the store reference is
     * emitted (storeId, else businessId, else store), so a repair counts once, for one store.
     */
    createdByStore: {
      map: map(
        [TEXT, INSTANT, STORE_REF],
        "var ref = storeRef(doc); var t = instant(doc.createdAt); if (ref !== '' && t !== null) emit([ref, t], null);",
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
     * (0 for seeded or imported history). Reduce: sum, the ledger total of one distributor.
     */
    byDistributor: {
      map: map(
        [TEXT, INSTANT],
        "emit([text(doc.distributorId), instant(doc.timestamp)], typeof doc.ledgerPaise === 'number' && isFinite(doc.ledgerPaise) ? doc.ledgerPaise : 0);",
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
  repairsCreatedByStore: 'repairs/createdByStore',
  ledgerByTime: 'ledger/byTime',
  ledgerByDistributor: 'ledger/byDistributor',
} as const;
