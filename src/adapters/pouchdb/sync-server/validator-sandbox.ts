import { createContext, runInContext, Script } from 'node:vm';
import type { CollectionName } from '../pouchdb-databases';
import type { Doc } from './http';
import type { UserCtx } from './sessions';
import { VALIDATORS } from './validators';

/**
 * The validators (validators.ts), run by the gateway itself on every write, in a sandbox with a time
 * limit. CouchDB runs them too (they are installed there); pouchdb-server cannot be given them: its
 * validation replaces the revision history of a replicated update (new_edits: false) with the stored
 * one's, and the update is then silently dropped, so the gateway is where they hold.
 */

/** Why the collection's validate_doc_update refuses the write, or null (also when it has none). */
export type Validate = (
  collection: CollectionName,
  newDoc: Doc,
  oldDoc: Doc | null,
  userCtx: UserCtx,
) => string | null;

export function compileValidators(): Validate {
  const compiled = new Map<CollectionName, { readonly context: object; readonly call: Script }>();
  for (const [name, source] of Object.entries(VALIDATORS)) {
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
      validator.call.runInContext(validator.context, { timeout: 100 });
      return null;
    } catch (error) {
      const thrown = error as { forbidden?: unknown; unauthorized?: unknown };
      const reason = thrown?.forbidden ?? thrown?.unauthorized;
      return typeof reason === 'string' ? reason : 'the document does not pass validation';
    }
  };
}
