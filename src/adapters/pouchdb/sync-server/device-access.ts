import { canReadRepair, isCustomerOf } from '../../../domain/repairs/access';
import { parseRepairRecord } from '../../../domain/repairs/repair';
import { storeRefOf } from '../../../domain/shop/repair-store';
import { isStoreMember, type Store } from '../../../domain/stores/store';
import type { CollectionName } from '../pouchdb-databases';
import type { RepairReading } from './synced-documents';

/**
 * What a device may read and write on the sync server, from the roles of its account (validators.ts
 * lists them). The rules are the domain's (domain/repairs/access.ts, stores' membership): a device acts
 * for the accounts of its `uid:` roles, for the customers of its `phone:` roles, and as a super admin
 * with `sa`.
 */
export interface Principals {
  readonly name: string;
  /** The server's own administrator. */
  readonly admin: boolean;
  readonly superAdmin: boolean;
  readonly uids: readonly string[];
  readonly phones: readonly string[];
}

export function principalsOf(userCtx: { name?: unknown; roles?: unknown }): Principals {
  const roles = Array.isArray(userCtx.roles)
    ? userCtx.roles.filter((r): r is string => typeof r === 'string')
    : [];
  const tagged = (prefix: string) =>
    roles
      .filter((role) => role.startsWith(prefix) && role.length > prefix.length)
      .map((role) => role.slice(prefix.length));
  return {
    name: typeof userCtx.name === 'string' ? userCtx.name : '',
    admin: roles.includes('_admin'),
    superAdmin: roles.includes('sa'),
    uids: tagged('uid:'),
    phones: tagged('phone:'),
  };
}

/** The databases whose documents not every device may read; the others (stores, public profiles, config) are open to all. */
export const FILTERED_COLLECTIONS: ReadonlySet<CollectionName> = new Set([
  'users',
  'repairs',
  'payments',
  'invoices',
  'invoiceCounters',
  'transactions',
  'support',
]);

export type StoreLookup = (storeId: string) => Promise<Store | null>;

type Doc = Readonly<Record<string, unknown>> & { readonly _id: string };

/**
 * How the device reads this document of `collection` (synced-documents.ts, RepairReading): 'full' for
 * every readable document but repairs, whose customer reads the customer-safe projection; null when it
 * may not read it at all.
 */
export async function readingOf(
  collection: CollectionName,
  doc: Doc,
  device: Principals,
  storeOf: StoreLookup,
): Promise<RepairReading | null> {
  if (device.admin || device.superAdmin || !FILTERED_COLLECTIONS.has(collection)) return 'full';
  switch (collection) {
    case 'users':
      return device.uids.includes(doc._id) ? 'full' : null;
    case 'transactions':
      return typeof doc.distributorId === 'string' && device.uids.includes(doc.distributorId) ? 'full' : null;
    case 'repairs': {
      const repair = parseRepairRecord(doc._id, doc);
      if (device.uids.length > 0) {
        const ref = storeRefOf(repair);
        const store = ref === '' ? null : await storeOf(ref);
        // Members of the store (on the sync server: its owner; staff do not sync yet) and, for a repair
        // that names no store, its business read it whole.
        if (device.uids.some((uid) => canReadRepair({ uid, role: null, verifiedPhone: null }, repair, store)))
          return 'full';
      }
      return device.phones.some((phone) => isCustomerOf(phone, repair)) ? 'customer' : null;
    }
    case 'payments':
    case 'invoices':
    case 'invoiceCounters': {
      // A payment entry, an invoice or an invoice counter: the members of the store it names (on the sync
      // server, its owner), as firestore.rules let members read repairs/{id}/payments and invoices;
      // never its customer (who reads the invoice through the tracking link).
      const ref = typeof doc.storeId === 'string' ? doc.storeId : '';
      const store = ref === '' ? null : await storeOf(ref);
      return store !== null && device.uids.some((uid) => isStoreMember(store, uid)) ? 'full' : null;
    }
    default:
      return null;
  }
}

/**
 * Why the device may not write this repair (the gateway's half of the rule; validators.ts has the
 * rest), or null. The repair must name an existing store the device works in (a member, through one
 * of its accounts); and the version on the server, if any, must be in a store the device works in too
 * (no moving another shop's repair). businessId must be that store's owner as firestore.rules ask it:
 * on a new repair, on the apps' repairs (no history: canWriteRepair) and on one naming its store only
 * by `store` (which alone grants nothing). A console repair's edit (storeId and a history) keeps the
 * businessId it has, as its workflow's fixed fields say (repair-workflow.ts), even none: the demo's
 * repairs, like the apps' older ones, were stored without it.
 */
export async function repairWriteProblem(
  incoming: Doc,
  current: Doc | null,
  device: Principals,
  storeOf: StoreLookup,
): Promise<string | null> {
  if (device.admin) return null;
  const versions = [
    ...(incoming._deleted === true ? [] : [{ doc: incoming, written: true }]),
    ...(current === null || current._deleted === true ? [] : [{ doc: current, written: false }]),
  ];
  for (const { doc, written } of versions) {
    const repair = parseRepairRecord(doc._id, doc);
    const ref = storeRefOf(repair);
    if (ref === '') return 'a repair names its store';
    const store = await storeOf(ref);
    if (store === null) return `the store ${ref} does not exist on the server`;
    if (!device.uids.some((uid) => isStoreMember(store, uid)))
      return `this device does not work in the store ${ref}`;
    const ownerAsked =
      current === null ||
      current._deleted === true ||
      doc.history === undefined ||
      typeof doc.storeId !== 'string' ||
      doc.storeId === '';
    if (written && ownerAsked && repair.businessId !== store.ownerId)
      return "businessId must be the store's owner";
  }
  return null;
}

/**
 * Why the device may not write this store, beyond validators.ts, or null: a new store may not take an
 * id that repairs already name (a store deleted before the rules, or never created), which would hand
 * those repairs to its creator.
 */
export async function storeWriteProblem(
  incoming: Doc,
  current: Doc | null,
  device: Principals,
  isReferenced: (storeId: string) => Promise<boolean>,
): Promise<string | null> {
  if (device.admin) return null;
  if ((current === null || current._deleted === true) && (await isReferenced(incoming._id)))
    return 'repairs already name this store id; a new store takes a new id';
  return null;
}
