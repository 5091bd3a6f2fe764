import { createContext, runInContext, Script } from 'node:vm';
import type { CollectionName } from '../pouchdb-databases';
import { type Doc, HttpError } from './http';
import type { UserCtx } from './sessions';
import { VALIDATORS } from './validators';

/**
 * The validators (validators.ts), run by the gateway itself on every write, in a sandbox with a time
 * limit. CouchDB runs them too (they are installed there); pouchdb-server cannot be given them: its
 * validation replaces the revision history of a replicated update (new_edits: false) with the stored
 * one's, and the update is then silently dropped, so the gateway is where they hold.
 */

/**
 * How long one validation may run. The validators are a few comparisons (microseconds); the limit only
 * stops a runaway bug. It is generous because a loaded machine can pause any script for tens of
 * milliseconds, and a validation cut short is not a refusal (below).
 */
const VALIDATION_TIME_LIMIT_MS = 1000;

/**
 * Why the collection's validate_doc_update refuses the write, or null (also when it has none). A
 * validation that ran out of time refuses nothing: it throws a 503, which a replication retries, where
 * a refusal would drop the device's change for good.
 */
export type Validate = (
  collection: CollectionName,
  newDoc: Doc,
  oldDoc: Doc | null,
  userCtx: UserCtx,
) => string | null;

export function compileValidators(
  sources: Readonly<Partial<Record<CollectionName, string>>> = VALIDATORS,
  timeLimitMs = VALIDATION_TIME_LIMIT_MS,
): Validate {
  const compiled = new Map<CollectionName, { readonly context: object; readonly call: Script }>();
  for (const [name, source] of Object.entries(sources)) {
    const context = createContext({});
    runInContext(`var validate = (${source});`, context, { timeout: 1000 });
    compiled.set(name as CollectionName, {
      context,
      call: new Script(
        'validate(JSON.parse(args).newDoc, JSON.parse(args).oldDoc, JSON.parse(args).userCtx, {})',
      ),
    });
  }
  return (collection, newDoc, oldDoc, userCtx) => {
    const validator = compiled.get(collection);
    if (validator === undefined) return null;
    Object.assign(validator.context, { args: JSON.stringify({ newDoc, oldDoc, userCtx }) });
    try {
      validator.call.runInContext(validator.context, { timeout: timeLimitMs });
      return null;
    } catch (error) {
      if ((error as { code?: unknown })?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
        throw new HttpError(503, 'service_unavailable', 'The server is busy. Try again.');
      const thrown = error as { forbidden?: unknown; unauthorized?: unknown };
      const reason = thrown?.forbidden ?? thrown?.unauthorized;
      return typeof reason === 'string' ? reason : 'the document does not pass validation';
    }
  };
}
