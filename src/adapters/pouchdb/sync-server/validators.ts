import {
  INVOICE_COUNTERS as INVOICE_COUNTERS_SCHEMA,
  INVOICES as INVOICES_SCHEMA,
  PAYMENTS as PAYMENTS_SCHEMA,
  REPAIRS as REPAIRS_SCHEMA,
} from '../../../domain/stored/documents';
import { EDITABLE_PROFILE_FIELDS } from '../../../domain/users/user';
import type { CollectionName } from '../pouchdb-databases';

/**
 * The validate_doc_update functions of the sync server's databases: CouchDB (and pouchdb-server) run
 * them on every write, with the writing device's userCtx, whatever path the write takes. They hold
 * what can be decided from one document and the device's roles; the gateway (writes.ts) adds what
 * needs other documents (a repair's store and its owner, a store id already used by repairs).
 *
 * Devices carry roles (docs/pouchdb.md, "Sync server"): `device` (every device), `sa` (a super admin's
 * device), `uid:<uid>` (it acts for that account), `phone:<E.164>` (a customer's verified number).
 * The server's own administrator (`_admin`) may do anything.
 *
 * Source text (ES5, no dependencies): the database compiles it itself.
 */

/** Shared helpers, prepended to every function. */
const HELPERS = `
  var roles = (userCtx && userCtx.roles) || [];
  function has(role) { return roles.indexOf(role) !== -1; }
  function deny(why) { throw { forbidden: why }; }
  var admin = has('_admin');
  var sa = has('sa');
  function actsFor(uid) { return typeof uid === 'string' && uid !== '' && has('uid:' + uid); }
  function size(doc) { var copy = {}; for (var k in doc) if (k !== '_revisions') copy[k] = doc[k]; return JSON.stringify(copy).length; }
  function text(value, max) { return typeof value === 'string' && value.length <= max; }
  function keysOf(doc) { var out = []; for (var k in doc) if (k.charAt(0) !== '_') out.push(k); return out; }
  function onlyKeys(doc, allowed) {
    var keys = keysOf(doc);
    for (var i = 0; i < keys.length; i++) if (allowed.indexOf(keys[i]) === -1) deny('the field ' + keys[i] + ' is not allowed');
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  if (!admin && newDoc._id.indexOf('_design/') === 0) deny('design documents are the server administrator\\'s');
`;

const fn = (body: string) => `function (newDoc, oldDoc, userCtx, secObj) {${HELPERS}${body}\n}`;

/** A users document's fields its own account may change, with their limits: the domain's, as JSON. */
const EDITABLE = JSON.stringify(EDITABLE_PROFILE_FIELDS);

// Twin: firestore.rules users isNewUser and isSelfEdit; compared by tests/app/twin-rules.test.ts.
const USERS = fn(`
  if (admin) return;
  if (size(newDoc) > 16384) deny('a users document is at most 16 KB');
  var wallet = ['walletBalance', 'walletLedgerPaise', 'walletPending', 'lastRechargeId'];
  if (newDoc._deleted) {
    // Only the settling of conflicting wallet revisions deletes users revisions, on a super admin's device.
    if (!sa) deny('users documents are never deleted');
    return;
  }
  if (!oldDoc || oldDoc._deleted) {
    if (!actsFor(newDoc._id)) deny('a device creates only the users documents of the accounts it acts for');
    if (newDoc.role !== 'user' && newDoc.role !== 'distributor') deny('the role must be user or distributor');
    for (var w = 0; w < wallet.length; w++) if (newDoc[wallet[w]] !== undefined) deny('a new account has no wallet');
    return;
  }
  if (!same(newDoc.role, oldDoc.role)) deny('roles are set by the server administrator');
  var editable = ${EDITABLE};
  var listing = ['storeIds', 'lastStoreId', 'businessKey'];
  var keys = keysOf(newDoc).concat(keysOf(oldDoc));
  for (var i = 0; i < keys.length; i++) {
    var key = keys[i];
    if (same(newDoc[key], oldDoc[key])) continue;
    if (wallet.indexOf(key) !== -1) {
      if (!sa) deny('only a super admin\\'s device changes a wallet');
      continue;
    }
    if (listing.indexOf(key) !== -1) {
      // Twin: firestore.rules isStoreOpening; compared by tests/app/twin-rules.test.ts.
      // ADR 0006 (an owner's stores, createStore): storeIds grows by exactly lastStoreId, the key is
      // text. Whether that store is the account's is the stores database's (its own write); on this
      // backend the admin counts stores by their ownerId, so a forged listing shows nothing.
      if (!actsFor(newDoc._id)) deny('a device lists only the stores of the accounts it acts for');
      var before = Array.isArray(oldDoc.storeIds) ? oldDoc.storeIds : [];
      var after = newDoc.storeIds;
      if (!Array.isArray(after) || after.length !== before.length + 1 || after.length > 50) deny('storeIds grows by one store');
      if (!same(after.slice(0, before.length), before) || after[before.length] !== newDoc.lastStoreId) deny('storeIds grows by lastStoreId');
      if (!text(newDoc.lastStoreId, 128) || newDoc.lastStoreId === '') deny('lastStoreId names a store');
      if (!text(newDoc.businessKey, 200)) deny('businessKey is text of at most 200 characters');
      continue;
    }
    if (!actsFor(newDoc._id)) deny('a device edits only the profiles of the accounts it acts for');
    if (editable[key] === undefined) deny('the field ' + key + ' cannot be changed');
    if (!text(newDoc[key], editable[key])) deny(key + ' must be text of at most ' + editable[key] + ' characters');
  }
`);

// Twin: firestore.rules isOwnProfile; compared by tests/app/twin-rules.test.ts.
const PUBLIC_PROFILES = fn(`
  if (admin) return;
  if (newDoc._deleted) deny('public profiles are never deleted');
  if (!actsFor(newDoc._id)) deny('a device writes only the public profiles of the accounts it acts for');
  onlyKeys(newDoc, ['businessName', 'phone']);
  if (!text(newDoc.businessName || '', 200) || !text(newDoc.phone || '', 30)) deny('a business name (200) and a number (30)');
`);

// Twin: firestore.rules match /stores (the name limit, a fixed owner);
// compared by tests/app/twin-rules.test.ts.
const STORES = fn(`
  if (admin) return;
  if (newDoc._deleted) deny('stores are never deleted, so that no one can take their ids over');
  if (size(newDoc) > 32768) deny('a store is at most 32 KB');
  if (!actsFor(newDoc.ownerId)) deny('a device writes only the stores of the accounts it acts for');
  if (oldDoc && !oldDoc._deleted && oldDoc.ownerId !== newDoc.ownerId) deny('a store never changes owner');
  if (newDoc.name !== undefined && !text(newDoc.name, 200)) deny('a store name is at most 200 characters');
`);

// Twin: firestore.rules isRepairId and canWriteRepair (the store is the gateway's check);
// compared by tests/app/twin-rules.test.ts.
const REPAIRS = fn(`
  if (admin) return;
  // Whose store the repair is in, and that the device works there, is the gateway's check (it reads
  // the store); here: a Repair ID, a store named, and a bounded size.
  if (newDoc._deleted) return;
  if (size(newDoc) > ${REPAIRS_SCHEMA.maxBytes}) deny('a repair is at most ${REPAIRS_SCHEMA.maxBytes / 1024} KB');
  if (typeof newDoc.repairId !== 'string' || newDoc.repairId.length < 1 || newDoc.repairId.length > 64) deny('a Repair ID of 1 to 64 characters');
  var ref = typeof newDoc.storeId === 'string' && newDoc.storeId !== '' ? newDoc.storeId : newDoc.store;
  if (typeof ref !== 'string' || ref === '') deny('a repair names its store');
  if (!has('device')) deny('devices only');
`);

// Twin: firestore.rules isRechargeRecord; compared by tests/app/twin-rules.test.ts.
const TRANSACTIONS = fn(`
  if (admin) return;
  if (!sa) deny('only a super admin\\'s device writes the ledger');
  if (newDoc._deleted) return; // the same idempotency key used on two admin devices: one revision stays
  if (oldDoc && !oldDoc._deleted && !(oldDoc.distributorId === newDoc.distributorId && oldDoc.amount === newDoc.amount)) deny('a ledger entry is never changed');
  if (size(newDoc) > 4096) deny('a ledger entry is at most 4 KB');
  if (newDoc._id.indexOf('recharge-') !== 0) deny('ledger ids are recharge-<idempotency key>');
  if (!actsFor(newDoc.adminId)) deny('a recharge is recorded under the admin of this device');
  if (newDoc.description !== 'Wallet recharge by admin') deny('the description of a recharge');
  var a = newDoc.amount, before = newDoc.previousBalance, after = newDoc.newBalance;
  if (typeof a !== 'number' || typeof before !== 'number' || typeof after !== 'number') deny('amounts are numbers');
  var paise = Math.round(a * 100);
  if (Math.abs(a * 100 - paise) > 1e-6 || paise < 100 || paise > 100000000) deny('an amount of 1 to 10,00,000 rupees in whole paise');
  if (Math.round(after * 100) !== Math.round(before * 100) + paise) deny('the new balance is the previous balance plus the amount');
  if (newDoc.ledgerPaise !== undefined && newDoc.ledgerPaise !== paise) deny('ledgerPaise is the amount in paise');
`);

// Twin: firestore.rules isContact and match /support; compared by tests/app/twin-rules.test.ts.
const SUPPORT = fn(`
  if (admin) return;
  if (newDoc._deleted) {
    // Only the merging of conflicting revisions deletes support revisions, on a super admin's device.
    if (!sa) deny('support issues are never deleted');
    return;
  }
  onlyKeys(newDoc, ['email', 'phone', 'issue', 'status', 'createdAt', 'editedAt']);
  if (size(newDoc) > 8192) deny('a support issue is at most 8 KB');
  if (!text(newDoc.email, 254) || !/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(newDoc.email)) deny('a plausible e-mail');
  if (!text(newDoc.phone, 30) || newDoc.phone === '') deny('a phone number');
  if (!text(newDoc.issue, 2000) || newDoc.issue === '') deny('an issue of at most 2,000 characters');
  if (newDoc.status !== 'active' && newDoc.status !== 'completed') deny('status active or completed');
  if (!oldDoc || oldDoc._deleted) {
    if (newDoc.status !== 'active') deny('a new issue is active');
    return;
  }
  if (!sa) deny('only a super admin\\'s device edits an issue');
  if (!same(newDoc.createdAt, oldDoc.createdAt)) deny('createdAt never changes');
`);

// Twin: firestore.rules match /payments/{paymentId} (isPayment: never edited, in the writer's name);
// compared by tests/app/twin-rules.test.ts.
const PAYMENTS = fn(`
  if (admin) return;
  if (!has('device')) deny('devices only');
  // Who deletes a payment (the store's owner, with its repair) is the gateway's check.
  if (newDoc._deleted) return;
  if (oldDoc && !oldDoc._deleted) {
    var a = {}, b = {}, ka = keysOf(newDoc), kb = keysOf(oldDoc);
    for (var i = 0; i < ka.length; i++) a[ka[i]] = newDoc[ka[i]];
    for (var j = 0; j < kb.length; j++) b[kb[j]] = oldDoc[kb[j]];
    if (!same(a, b)) deny('a payment is never edited');
    return;
  }
  if (size(newDoc) > ${PAYMENTS_SCHEMA.maxBytes}) deny('a payment is at most ${PAYMENTS_SCHEMA.maxBytes} bytes');
  if (newDoc.kind !== 'payment' && newDoc.kind !== 'refund') deny('a payment or a refund');
  var amount = newDoc.amountPaise;
  if (typeof amount !== 'number' || amount % 1 !== 0 || amount < 1 || amount > 100000000) deny('an amount of 1 to 100000000 paise');
  if (!newDoc.by || !actsFor(newDoc.by.uid)) deny('a payment is taken in the name of an account of this device');
  if (typeof newDoc.id !== 'string' || newDoc._id.slice(-(newDoc.id.length + 1)) !== ':' + newDoc.id) deny('the id is {repairDocId}:{paymentId}');
`);

// Twin: firestore.rules match /invoices/{invoiceId} (never edited or deleted); the gateway checks the
// number against its counter (invoice-entries.ts).
const INVOICES = fn(`
  if (admin) return;
  if (!has('device')) deny('devices only');
  if (newDoc._deleted) deny('an invoice is never deleted');
  if (oldDoc && !oldDoc._deleted) {
    var a = {}, b = {}, ka = keysOf(newDoc), kb = keysOf(oldDoc);
    for (var i = 0; i < ka.length; i++) a[ka[i]] = newDoc[ka[i]];
    for (var j = 0; j < kb.length; j++) b[kb[j]] = oldDoc[kb[j]];
    if (!same(a, b)) deny('an invoice is never edited');
    return;
  }
  if (size(newDoc) > ${INVOICES_SCHEMA.maxBytes}) deny('an invoice is at most ${INVOICES_SCHEMA.maxBytes} bytes');
  if (!newDoc.issuedBy || !actsFor(newDoc.issuedBy.uid)) deny('an invoice is issued in the name of an account of this device');
  if (newDoc._id !== newDoc.repairDocId + ':' + newDoc.id) deny('the id is {repairDocId}:{id}');
`);

// Twin: firestore.rules match /invoiceCounters/{counterId} (never deleted, by one); the gateway checks
// the step and the documents it names (invoice-entries.ts).
const INVOICE_COUNTERS = fn(`
  if (admin) return;
  if (!has('device')) deny('devices only');
  if (newDoc._deleted) deny('an invoice counter is never deleted');
  if (size(newDoc) > ${INVOICE_COUNTERS_SCHEMA.maxBytes}) deny('an invoice counter is at most ${INVOICE_COUNTERS_SCHEMA.maxBytes} bytes');
  if (newDoc._id !== newDoc.storeId + '_' + newDoc.series) deny('the id is {storeId}_{series}');
  if (oldDoc && !oldDoc._deleted && (oldDoc.storeId !== newDoc.storeId || oldDoc.series !== newDoc.series || oldDoc.prefix !== newDoc.prefix)) deny('store, series and prefix are fixed');
`);

const CONFIG = fn(`
  if (!admin) deny('the configuration is the server administrator\\'s');
`);

/** The validating design document of each synced database. */
export const VALIDATORS: Readonly<Partial<Record<CollectionName, string>>> = {
  users: USERS,
  publicProfiles: PUBLIC_PROFILES,
  stores: STORES,
  repairs: REPAIRS,
  transactions: TRANSACTIONS,
  support: SUPPORT,
  config: CONFIG,
  payments: PAYMENTS,
  invoices: INVOICES,
  invoiceCounters: INVOICE_COUNTERS,
};

export const VALIDATE_DESIGN_ID = '_design/validate';
