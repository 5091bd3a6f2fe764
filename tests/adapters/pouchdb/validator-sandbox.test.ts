import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/adapters/pouchdb/sync-server/http';
import { compileValidators } from '../../../src/adapters/pouchdb/sync-server/validator-sandbox';

/** The sandbox the sync gateway runs validate_doc_update in: refusals are answers, a time-out is not. */
const USER = { name: 'u1', roles: [] };

describe('the validators sandbox', () => {
  it("answers a validator's refusal with its reason, and a pass with null", () => {
    const validate = compileValidators({
      users: "function (newDoc) { if (newDoc.bad) throw { forbidden: 'Bad field.' }; }",
    });
    expect(validate('users', { _id: 'a', bad: true }, null, USER)).toBe('Bad field.');
    expect(validate('users', { _id: 'a' }, null, USER)).toBeNull();
    expect(validate('stores', { _id: 'a', bad: true }, null, USER)).toBeNull();
  });

  it('turns a validation that ran out of time into a 503 a replication retries, never a refusal', () => {
    const validate = compileValidators({ users: 'function () { for (;;) {} }' }, 20);
    let thrown: unknown;
    try {
      validate('users', { _id: 'a' }, null, USER);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).status).toBe(503);
  });
});
