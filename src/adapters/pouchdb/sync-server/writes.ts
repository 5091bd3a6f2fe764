import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseRepairRecord } from '../../../domain/repairs/repair';
import { storeRefOf } from '../../../domain/shop/repair-store';
import { mayOpenStore, STORE_SETUP_MESSAGES } from '../../../domain/shop/store-setup';
import { isStoreMember } from '../../../domain/stores/store';
import type { CollectionName } from '../pouchdb-databases';
import { type Principals, repairWriteProblem, type StoreLookup, storeWriteProblem } from './device-access';
import { type Doc, deviceHeaders, HttpError, type Json, parseJson, send, type Upstream } from './http';
import { invoiceCounterProblem, invoiceDocumentProblem, isStaleWrite, siblingDb } from './invoice-entries';
import { paymentEntryProblem } from './payment-entries';
import { REPAIR_IDS_VIEW, STORE_REFS_VIEW } from './provision';
import { repairWorkflowProblem } from './repair-workflow';
import { currentDocs, type StoreLookupOf } from './server-lookups';
import type { Who } from './sessions';
import { envelopeProblem, shapeProblem } from './synced-documents';
import type { Validate } from './validator-sandbox';

/**
 * The sync gateway's writes: a document posted, put or deleted, and `_bulk_docs` (how replication
 * pushes). Every written document, deleted ones too, is judged here before it goes on with the
 * device's own credentials (so the database's validators see who writes): its size and PouchDB fields,
 * its shape by its kind's write schema (synced-documents.ts), its validator (validators.ts, run in
 * validator-sandbox.ts), the checks that need other documents (device-access.ts: a repair's store and
 * owner, a store id already used by repairs) and, for repairs, the shop's workflow (repair-workflow.ts).
 * A bulk write passes the documents allowed and answers the refused ones as `forbidden` rows.
 */

export interface Writes {
  /** POST /{db}: a new document with its _id in the body. */
  postDoc(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    who: Who,
    path: string,
  ): Promise<void>;
  /** PUT or DELETE /{db}/{docId}. */
  putDoc(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    who: Who,
    docId: string,
    path: string,
  ): Promise<void>;
  /** POST /{db}/_bulk_docs. */
  bulkDocs(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    who: Who,
  ): Promise<void>;
}

export function writesOf(upstream: Upstream, storeLookup: StoreLookupOf, validate: Validate): Writes {
  const { asAdmin, readBody, proxy } = upstream;

  /**
   * Why the device may not write `doc`, or null. In this order: its size and PouchDB fields, deleted
   * documents included, and attachments (synced-documents.ts, envelopeProblem); its shape by the write
   * schema of its kind (shapeProblem); its validator; the checks that need other documents.
   */
  async function writeProblem(
    collection: CollectionName,
    db: string,
    who: Who,
    doc: Doc,
    current: Doc | null,
    stores: StoreLookup,
  ): Promise<string | null> {
    const envelope = envelopeProblem(collection, doc);
    if (envelope !== null) return envelope;
    if (!who.principals.admin) {
      const shape = shapeProblem(collection, doc, current, new Date());
      if (shape !== null) return shape;
    }
    const invalid = validate(
      collection,
      doc,
      current === null || current._deleted === true ? null : current,
      who.userCtx,
    );
    if (invalid !== null) return invalid;
    const device = who.principals;
    if (collection === 'repairs') {
      const access = await repairWriteProblem(doc, current, device, stores);
      if (access !== null || device.admin) return access;
      return workflowProblem(db, device, doc, current, stores);
    }
    if (collection === 'payments') return paymentProblem(db, device, doc, current, stores);
    if (collection === 'invoices' || collection === 'invoiceCounters') {
      const one = async (name: string, id: string) =>
        (await currentDocs(upstream, siblingDb(db, name), [id])).get(id) ?? null;
      const write = {
        doc,
        current,
        device,
        stores,
        repairOf: (id: string) => one('repairs', id),
        invoiceOf: (id: string) => one('invoices', id),
        counterOf: (id: string) => one('invoiceCounters', id),
      };
      return collection === 'invoices' ? invoiceDocumentProblem(write) : invoiceCounterProblem(write);
    }
    if (collection === 'stores') {
      const repairsDb = db.replace(/-stores$/, '-repairs');
      const opening = await storeOpeningProblem(db, device, doc, current);
      if (opening !== null) return opening;
      return storeWriteProblem(doc, current, device, async (storeId) => {
        const { body } = await asAdmin(
          `/${encodeURIComponent(repairsDb)}/_design/gateway/_view/${STORE_REFS_VIEW}?limit=1&key=${encodeURIComponent(JSON.stringify(storeId))}`,
        );
        return ((body as { rows?: unknown[] })?.rows?.length ?? 0) > 0;
      });
    }
    return null;
  }

  /** A payment entry (payment-entries.ts), with the repair and its entries as the server has them. */
  async function paymentProblem(
    db: string,
    device: Principals,
    doc: Doc,
    current: Doc | null,
    stores: StoreLookup,
  ): Promise<string | null> {
    const repairsDb = db.replace(/-payments$/, '-repairs');
    return paymentEntryProblem({
      doc,
      current,
      device,
      stores,
      now: new Date(),
      repairOf: async (repairDocId) =>
        (await currentDocs(upstream, repairsDb, [repairDocId])).get(repairDocId) ?? null,
      entriesOf: async (repairDocId) => {
        const range = `startkey=${encodeURIComponent(JSON.stringify(`${repairDocId}:`))}&endkey=${encodeURIComponent(JSON.stringify(`${repairDocId}:\uffff`))}`;
        const { body } = await asAdmin(`/${encodeURIComponent(db)}/_all_docs?include_docs=true&${range}`);
        return ((body as { rows?: { doc?: Doc | null }[] })?.rows ?? []).flatMap((row) =>
          row.doc ? [row.doc] : [],
        );
      },
    });
  }

  /**
   * A new store: its owner's users document on the server must allow opening one (the domain's
   * mayOpenStore: role user or business, or stores listed already; firestore.rules mayOpenStore says the
   * same). The device acting for that owner is the validator's check.
   */
  async function storeOpeningProblem(
    db: string,
    device: Principals,
    doc: Doc,
    current: Doc | null,
  ): Promise<string | null> {
    if (device.admin || doc._deleted === true || (current !== null && current._deleted !== true)) return null;
    const ownerId = typeof doc.ownerId === 'string' ? doc.ownerId : '';
    const usersDb = db.replace(/-stores$/, '-users');
    const { status, body } = await asAdmin(`/${encodeURIComponent(usersDb)}/${encodeURIComponent(ownerId)}`);
    const user = status === 200 ? (body as Json) : null;
    const listed = Array.isArray(user?.storeIds) ? user.storeIds.length : 0;
    const role = typeof user?.role === 'string' ? user.role : undefined;
    return mayOpenStore(role, listed) ? null : STORE_SETUP_MESSAGES.notAllowed;
  }

  /**
   * The shop's workflow on a pushed repair (repair-workflow.ts): judged for the device's account that
   * owns the repair's store (device-access.ts made sure there is one), in its users document's name.
   */
  async function workflowProblem(
    db: string,
    device: Principals,
    doc: Doc,
    current: Doc | null,
    stores: StoreLookup,
  ): Promise<string | null> {
    if (doc._deleted === true) return null;
    const stored = current === null || current._deleted === true ? null : current;
    const ref = storeRefOf(parseRepairRecord(doc._id, stored ?? doc));
    const store = await stores(ref);
    if (store === null) return `the store ${ref} does not exist on the server`;
    const uid = device.uids.find((candidate) => isStoreMember(store, candidate));
    if (uid === undefined) return `this device does not work in the store ${ref}`;
    const usersDb = db.replace(/-repairs$/, '-users');
    const { status, body } = await asAdmin(`/${encodeURIComponent(usersDb)}/${encodeURIComponent(uid)}`);
    const name =
      status === 200 && typeof (body as Json).name === 'string' ? ((body as Json).name as string) : '';
    return repairWorkflowProblem({
      doc,
      current: stored,
      store: { id: store.id, ownerId: store.ownerId },
      writer: { uid, name },
      now: new Date(),
      repairIdTaken: async (repairId) => {
        const key = encodeURIComponent(JSON.stringify([ref, repairId]));
        const { body: rows } = await asAdmin(
          `/${encodeURIComponent(db)}/_design/gateway/_view/${REPAIR_IDS_VIEW}?key=${key}&limit=2`,
        );
        return ((rows as { rows?: { id?: string }[] })?.rows ?? []).some((row) => row.id !== doc._id);
      },
    });
  }

  /** Judges one document against its current version; 403 with the reason when refused. */
  async function mustBeWritable(collection: CollectionName, db: string, who: Who, doc: Doc): Promise<void> {
    const current = (await currentDocs(upstream, db, [doc._id])).get(doc._id) ?? null;
    // A counter written at a revision that is no longer the server's: the database's 409, at once.
    if (collection === 'invoiceCounters' && !who.principals.admin && isStaleWrite(doc, current))
      throw new HttpError(409, 'conflict', 'Document update conflict.');
    const problem = await writeProblem(collection, db, who, doc, current, storeLookup(db, true));
    if (problem !== null) throw new HttpError(403, 'forbidden', problem);
  }

  return {
    async postDoc(req, res, db, collection, who, path) {
      const raw = await readBody(req);
      const doc = parseJson(raw) as Json;
      const id = typeof doc._id === 'string' ? doc._id : '';
      if (id === '') throw new HttpError(400, 'bad_request', 'Give the document an _id.');
      await mustBeWritable(collection, db, who, doc as Doc);
      return proxy(req, res, path, deviceHeaders(req), raw);
    },

    async putDoc(req, res, db, collection, who, docId, path) {
      const method = req.method ?? 'GET';
      const raw = await readBody(req);
      const incoming: Doc =
        method === 'DELETE' ? { _id: docId, _deleted: true } : { ...(parseJson(raw) as Json), _id: docId };
      await mustBeWritable(collection, db, who, incoming);
      await proxy(req, res, path, deviceHeaders(req), raw);
    },

    async bulkDocs(req, res, db, collection, who) {
      const body = parseJson(await readBody(req)) as { docs?: unknown; new_edits?: unknown };
      if (!Array.isArray(body.docs)) throw new HttpError(400, 'bad_request', 'docs must be a list.');
      const refused: { id: string; error: string; reason: string }[] = [];
      const docs: Doc[] = [];
      for (const doc of body.docs as unknown[]) {
        if (typeof doc === 'object' && doc !== null && typeof (doc as Doc)._id === 'string')
          docs.push(doc as Doc);
        else refused.push({ id: '', error: 'bad_request', reason: 'every document needs an _id (text)' });
      }
      const current = await currentDocs(
        upstream,
        db,
        docs.map((d) => d._id),
      );
      const allowed: Doc[] = [];
      const stores = storeLookup(db, true);
      for (const doc of docs) {
        const problem = await writeProblem(collection, db, who, doc, current.get(doc._id) ?? null, stores);
        if (problem === null) allowed.push(doc);
        else refused.push({ id: doc._id, error: 'forbidden', reason: problem });
      }
      let results: unknown[] = [];
      if (allowed.length > 0) {
        const response = await fetch(`${upstream.url}/${encodeURIComponent(db)}/_bulk_docs`, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...deviceHeaders(req) },
          body: JSON.stringify({ ...body, docs: allowed }),
        });
        const answer = (await response.json().catch(() => null)) as unknown;
        if (!response.ok || !Array.isArray(answer)) {
          send(res, response.status, answer ?? { error: 'unknown_error' });
          return;
        }
        results = answer;
      }
      send(res, 201, [...results, ...refused]);
    },
  };
}
