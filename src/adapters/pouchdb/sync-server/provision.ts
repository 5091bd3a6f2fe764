import type { SeedData } from '../../../demo/seeder';
import { seedDocuments } from '../demo/pouchdb-seeder';
import { type CollectionName, SYNCED_COLLECTIONS } from '../pouchdb-databases';
import { VALIDATE_DESIGN_ID, VALIDATORS } from './validators';

/**
 * Setting a sync server up, as its administrator: one shop's databases (`${prefix}-${collection}`)
 * with their members, validators and the gateway's index, and the device accounts.
 */

export interface AdminConnection {
  /** The database server itself (not the gateway), e.g. http://127.0.0.1:5985 */
  readonly url: string;
  readonly username: string;
  readonly password: string;
}

/** A device's account on the sync server; roles as validators.ts lists them (`device` is added). */
export interface DeviceAccount {
  readonly name: string;
  readonly password: string;
  readonly roles: readonly string[];
}

/** The gateway's view of repairs by the store they name (storeId, else store): is a store id in use? */
export const STORE_REFS_VIEW = 'storeRefs';
/** The gateway's view of repairs by [store, Repair ID]: does another repair of the store hold an ID? */
export const REPAIR_IDS_VIEW = 'repairIds';
const GATEWAY_DESIGN = {
  _id: '_design/gateway',
  views: {
    [STORE_REFS_VIEW]: {
      map: "function (doc) { var ref = typeof doc.storeId === 'string' && doc.storeId !== '' ? doc.storeId : doc.store; if (typeof ref === 'string' && ref !== '') emit(ref, null); }",
    },
    [REPAIR_IDS_VIEW]: {
      map: "function (doc) { var ref = typeof doc.storeId === 'string' && doc.storeId !== '' ? doc.storeId : doc.store; if (typeof ref === 'string' && ref !== '' && typeof doc.repairId === 'string') emit([ref, doc.repairId], null); }",
    },
  },
};

async function call(admin: AdminConnection, path: string, method: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${admin.url.replace(/\/+$/, '')}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const parsed = text === '' ? null : (JSON.parse(text) as unknown);
  // 412: the database exists already (provisioning is idempotent).
  if (!response.ok && response.status !== 412)
    throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return parsed;
}

/** Writes a design document, replacing an older version of it. */
async function putDesign(
  admin: AdminConnection,
  db: string,
  design: { _id: string } & Record<string, unknown>,
) {
  const path = `/${encodeURIComponent(db)}/${design._id}`;
  const current = (await fetch(`${admin.url}${path}`, {
    headers: {
      Authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`,
    },
  }).then((r) => (r.ok ? r.json() : null))) as { _rev?: string } | null;
  await call(admin, path, 'PUT', { ...design, ...(current?._rev ? { _rev: current._rev } : {}) });
}

/**
 * Creates (or brings up to date) the databases of one shop: members are devices only (role
 * `device`), the repairs database has the gateway's index, and, on CouchDB, every database has its
 * validator. (pouchdb-server is not given them: its validation drops replicated updates; the gateway
 * runs the same validators on every write, validator-sandbox.ts.)
 */
export async function provisionShop(admin: AdminConnection, prefix: string): Promise<void> {
  const welcome = (await call(admin, '/', 'GET')) as Record<string, unknown> | null;
  const couchdb = welcome !== null && 'couchdb' in welcome && !('express-pouchdb' in welcome);
  for (const collection of SYNCED_COLLECTIONS) {
    const db = `${prefix}-${collection}`;
    await call(admin, `/${encodeURIComponent(db)}`, 'PUT');
    await call(admin, `/${encodeURIComponent(db)}/_security`, 'PUT', {
      admins: { names: [], roles: [] },
      members: { names: [], roles: ['device'] },
    });
    const validate = VALIDATORS[collection as CollectionName];
    if (validate && couchdb)
      await putDesign(admin, db, { _id: VALIDATE_DESIGN_ID, validate_doc_update: validate });
    if (collection === 'repairs') await putDesign(admin, db, GATEWAY_DESIGN);
  }
}

/** Creates or updates a device account (only the server administrator may give roles). */
export async function addDevice(admin: AdminConnection, device: DeviceAccount): Promise<void> {
  const path = `/_users/org.couchdb.user:${encodeURIComponent(device.name)}`;
  const current = (await fetch(`${admin.url}${path}`, {
    headers: {
      Authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`,
    },
  }).then((r) => (r.ok ? r.json() : null))) as { _rev?: string } | null;
  await call(admin, path, 'PUT', {
    _id: `org.couchdb.user:${device.name}`,
    name: device.name,
    type: 'user',
    password: device.password,
    roles: ['device', ...device.roles.filter((role) => role !== 'device')],
    ...(current?._rev ? { _rev: current._rev } : {}),
  });
}

/**
 * Loads a data set into one shop's databases as the administrator (the accounts stay out: they never
 * reach the server). Idempotent: documents already there are replaced.
 */
export async function seedShop(admin: AdminConnection, prefix: string, data: SeedData): Promise<void> {
  for (const [collection, docs] of Object.entries(seedDocuments(data))) {
    if (docs.length === 0) continue;
    const db = `/${encodeURIComponent(`${prefix}-${collection}`)}`;
    const { rows } = (await call(admin, `${db}/_all_docs`, 'POST', { keys: docs.map((doc) => doc._id) })) as {
      rows: { id?: string; value?: { rev: string; deleted?: boolean } }[];
    };
    const revs = new Map(
      rows.flatMap((row) => (row.id && row.value && !row.value.deleted ? [[row.id, row.value.rev]] : [])),
    );
    const results = (await call(admin, `${db}/_bulk_docs`, 'POST', {
      docs: docs.map((doc) => ({ ...doc, ...(revs.has(doc._id) ? { _rev: revs.get(doc._id) } : {}) })),
    })) as { id: string; error?: string; reason?: string }[];
    const failed = results.filter((result) => result.error !== undefined);
    if (failed.length > 0)
      throw new Error(
        `seeding ${collection}: ${failed.length} documents refused (${failed[0]?.error}: ${failed[0]?.reason})`,
      );
  }
}
