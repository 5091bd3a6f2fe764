/**
 * Reads one Firestore document over the REST API with a plain `fetch`, without the Firebase SDK (issue
 * 19: the customer's tracking page must not download the Firestore SDK to read a document or two).
 *
 *   GET https://firestore.googleapis.com/v1/projects/{project}/databases/(default)/documents/{path}
 *   (on the emulator: http://{host}:{port}/v1/projects/…, the host and port firebase-backend.ts gives
 *   connectFirestoreEmulator)
 *
 * The answer is `{ name, fields, createTime, updateTime }`, each field a typed value ({ stringValue },
 * { integerValue: "12" }, { timestampValue }, { mapValue: { fields } }, …); decodeFields turns them
 * into the plain values the SDK's adapters hand the domain (numbers, strings, Dates, objects, lists),
 * as plainData does for a snapshot. Requests go signed out: firestore.rules decide, as for the SDK.
 * Imports nothing from firebase/*: keep it so, the tracking page's bundle depends on it.
 */
import { PortError } from '../../ports/errors';
import { documentUrl, type FirestoreRestTarget } from './firestore-rest-url';

/** One value as Firestore's REST API writes it (google.firestore.v1.Value). */
export type FirestoreRestValue =
  | { readonly nullValue: null | 'NULL_VALUE' }
  | { readonly booleanValue: boolean }
  /** int64 as a decimal string. */
  | { readonly integerValue: string | number }
  /** A double; 'NaN', 'Infinity' and '-Infinity' come as strings. */
  | { readonly doubleValue: number | string }
  /** RFC 3339, e.g. 2026-11-26T10:15:30.123456Z. */
  | { readonly timestampValue: string }
  | { readonly stringValue: string }
  /** base64. */
  | { readonly bytesValue: string }
  /** projects/{p}/databases/{d}/documents/{path} */
  | { readonly referenceValue: string }
  | { readonly geoPointValue: { readonly latitude?: number; readonly longitude?: number } }
  | { readonly arrayValue: { readonly values?: readonly FirestoreRestValue[] } }
  | { readonly mapValue: { readonly fields?: Readonly<Record<string, FirestoreRestValue>> } };

/** A document as the REST API answers a GET. */
export interface FirestoreRestDocument {
  readonly name: string;
  readonly fields?: Readonly<Record<string, FirestoreRestValue>>;
  readonly createTime?: string;
  readonly updateTime?: string;
}

const malformed = (what: string): PortError =>
  new PortError('unknown', `Firestore answered a value this app cannot read (${what}).`);

const DOUBLE_WORDS: Readonly<Record<string, number>> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

/**
 * A typed value as a plain one: integers and doubles as numbers, timestamps as Dates, bytes as a
 * Uint8Array, references as their document path (after `/documents/`), geo points as
 * { latitude, longitude }, maps and arrays decoded inside. An integer beyond 2^53 loses precision as
 * the SDK's numbers do not (none of the documents read this way hold one); a shape that is none of
 * these is refused (PortError 'unknown'), never guessed.
 */
export function decodeValue(value: FirestoreRestValue): unknown {
  if (typeof value !== 'object' || value === null) throw malformed('not a typed value');
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) {
    if (typeof value.booleanValue !== 'boolean') throw malformed('booleanValue');
    return value.booleanValue;
  }
  if ('integerValue' in value) {
    const number = Number(value.integerValue);
    if (!Number.isInteger(number) || String(value.integerValue).trim() === '')
      throw malformed('integerValue');
    return number;
  }
  if ('doubleValue' in value) {
    const raw = value.doubleValue;
    if (typeof raw === 'number') return raw;
    const word = DOUBLE_WORDS[raw];
    if (word === undefined) throw malformed('doubleValue');
    return word;
  }
  if ('timestampValue' in value) {
    const at = new Date(value.timestampValue);
    if (typeof value.timestampValue !== 'string' || Number.isNaN(at.getTime()))
      throw malformed('timestampValue');
    return at;
  }
  if ('stringValue' in value) {
    if (typeof value.stringValue !== 'string') throw malformed('stringValue');
    return value.stringValue;
  }
  if ('bytesValue' in value) return base64Bytes(value.bytesValue);
  if ('referenceValue' in value) {
    const marker = '/documents/';
    const at = value.referenceValue.indexOf(marker);
    if (at < 0) throw malformed('referenceValue');
    return value.referenceValue.slice(at + marker.length);
  }
  if ('geoPointValue' in value)
    return { latitude: value.geoPointValue.latitude ?? 0, longitude: value.geoPointValue.longitude ?? 0 };
  if ('arrayValue' in value) {
    const values = value.arrayValue.values ?? [];
    if (!Array.isArray(values)) throw malformed('arrayValue');
    return values.map(decodeValue);
  }
  if ('mapValue' in value) return decodeFields(value.mapValue.fields);
  throw malformed(`unknown kind ${Object.keys(value).join(', ') || 'empty'}`);
}

/** A document's (or a map's) fields as a plain object; an absent `fields` is an empty document. */
export function decodeFields(
  fields: Readonly<Record<string, FirestoreRestValue>> | undefined,
): Record<string, unknown> {
  if (fields === undefined) return {};
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw malformed('fields');
  return Object.fromEntries(Object.entries(fields).map(([key, item]) => [key, decodeValue(item)]));
}

function base64Bytes(text: string): Uint8Array {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw malformed('bytesValue');
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** The PortError for a refused REST call, from its HTTP status (Firestore's google.rpc codes). */
export function restError(status: number, message: string | undefined): PortError {
  const text = message ?? `Firestore answered HTTP ${status}.`;
  if (status === 403) return new PortError('permission-denied', text);
  if (status === 401) return new PortError('unauthenticated', text);
  if (status === 404) return new PortError('not-found', text);
  if (status === 400) return new PortError('invalid-argument', text);
  if (status === 409) return new PortError('conflict', text);
  if (status === 429) return new PortError('resource-exhausted', text);
  if (status === 503 || status === 504) return new PortError('unavailable', text);
  return new PortError('unknown', text);
}

/**
 * GETs a REST address signed out: the JSON body, or undefined for HTTP 404. A refusal by the rules is
 * 'permission-denied'; no network is 'unavailable'; a success whose body is not JSON 'unknown'.
 */
async function restGet(url: string, fetcher: typeof fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetcher(url, { headers: { Accept: 'application/json' } });
  } catch (cause) {
    throw new PortError('unavailable', 'Firestore could not be reached.', { cause });
  }
  if (response.status === 404) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (body as { error?: { message?: unknown } } | undefined)?.error;
    throw restError(response.status, typeof error?.message === 'string' ? error.message : undefined);
  }
  // A success that is no JSON (a proxy's page) is garbled, never a missing document or an empty list.
  if (body === undefined) throw malformed('not JSON');
  return body;
}

/** A document's decoded fields, after checking the answer is one. */
function documentFields(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || typeof (body as { name?: unknown }).name !== 'string')
    throw malformed('not a document');
  return decodeFields((body as FirestoreRestDocument).fields);
}

/**
 * Reads the document at `path`, signed out: its fields decoded, or undefined when it does not exist.
 * A refusal by the rules is 'permission-denied'; no network is 'unavailable'.
 */
export async function getRestDocument(
  target: FirestoreRestTarget,
  path: readonly string[],
  fetcher: typeof fetch = fetch,
): Promise<Record<string, unknown> | undefined> {
  const body = await restGet(documentUrl(target, path), fetcher);
  return body === undefined ? undefined : documentFields(body);
}

/**
 * The first `pageSize` documents of a top-level collection in the order of their ids (a list, which
 * the rules must allow), signed out: each document's fields decoded. An empty collection is [].
 */
export async function listRestDocuments(
  target: FirestoreRestTarget,
  collection: string,
  pageSize: number,
  fetcher: typeof fetch = fetch,
): Promise<Record<string, unknown>[]> {
  if (collection === '' || collection.includes('/'))
    throw new PortError('invalid-argument', 'A top-level collection is one path segment.');
  const base = documentUrl(target, [collection, 'x']).replace(/\/x$/, '');
  const body = await restGet(`${base}?pageSize=${pageSize}&orderBy=__name__`, fetcher);
  if (body !== undefined && (typeof body !== 'object' || body === null)) throw malformed('not a list');
  const documents = (body as { documents?: unknown } | undefined)?.documents ?? [];
  if (!Array.isArray(documents)) throw malformed('documents');
  return documents.map(documentFields);
}
