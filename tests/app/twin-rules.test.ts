import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repairWorkflowProblem } from '../../src/adapters/pouchdb/sync-server/repair-workflow';
import { compileValidators } from '../../src/adapters/pouchdb/sync-server/validator-sandbox';
import { MAX_AMOUNT_PAISE, OWING_STATUSES, repairDues } from '../../src/domain/shop/amounts';
import { computeGst, DEFAULT_GST_RATE_PERCENT, GST_RATES_PERCENT } from '../../src/domain/shop/gst';
import { HISTORY_KINDS, MAX_NOTE_LENGTH } from '../../src/domain/shop/history';
import {
  financialYearOf,
  formatInvoiceNumber,
  INVOICE_SERIES,
  MAX_INVOICE_NUMBER_LENGTH,
  SERIES_MARKS,
} from '../../src/domain/shop/invoice-number';
import { COMMON_PROBLEMS } from '../../src/domain/shop/problems';
import { FIRST_REPAIR_NUMBER, MAX_REPAIR_NUMBER } from '../../src/domain/shop/repair-id';
import { reportFieldsAfterMove } from '../../src/domain/shop/report-fields';
import { hasGstinShape } from '../../src/domain/shop/settings';
import { CREDIT_ENTRY_PATTERN, REOPEN_TARGETS, STATUS_MOVES } from '../../src/domain/shop/status';
import { CREDIT_NOTE_PREFIX, FINAL_STATUSES, REPAIR_STATUSES } from '../../src/domain/shop/status-values';
import { mayOpenStore, STORE_OPENING_ROLES } from '../../src/domain/shop/store-setup';
import {
  DELIVERY_TRIES,
  ID_MAX,
  INVOICES,
  MAX_HISTORY_ENTRIES,
  PATTERNS,
  REPAIRS,
  SUPPORT,
} from '../../src/domain/stored/documents';
import type { DocumentSchema, TextSpec } from '../../src/domain/stored/schema';
import { EDITABLE_PROFILE_FIELDS } from '../../src/domain/users/user';
import { MAX_RECHARGE_AMOUNT, MIN_RECHARGE_AMOUNT } from '../../src/domain/wallet/wallet';

/**
 * Rules written twice, compared. Most of firestore.rules is generated from the write schemas
 * (rules-from-schema.test.ts); what is not — the repair workflow (status moves, reopen, history
 * entries, payments, the counter, delivery tries, final repairs, tracking links) and the per-kind
 * checks of users, public profiles, stores, the ledger and support — is written by hand in
 * firestore.rules and again on the sync server: the domain's repair write rule that the gateway runs
 * (repair-workflow.ts) and the databases' validate_doc_update functions (validators.ts, run here as
 * the gateway runs them, validator-sandbox.ts). Each case reads the limit or list out of the rules
 * text, checks it against the domain constant, and runs the sync server's copy at that limit and
 * just past it. Each hand-written rule says where its twin lives (a `Twin:` comment, checked here).
 */

const RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
const TEST_PATH = 'tests/app/twin-rules.test.ts';

/** The text of `function name(…) { … }` in firestore.rules (the first one of that name). */
function rulesFunction(name: string): string {
  const start = RULES.indexOf(`function ${name}(`);
  if (start < 0) throw new Error(`firestore.rules has no function ${name}`);
  let depth = 0;
  for (let i = RULES.indexOf('{', start); i < RULES.length; i += 1) {
    if (RULES[i] === '{') depth += 1;
    if (RULES[i] === '}') depth -= 1;
    if (depth === 0) return RULES.slice(start, i + 1);
  }
  throw new Error(`function ${name} never closes`);
}

/** The `//` comment lines right above `function name(` in firestore.rules. */
function commentAbove(name: string): string {
  const lines = RULES.slice(0, RULES.indexOf(`function ${name}(`)).split('\n');
  lines.pop();
  const comment: string[] = [];
  while (lines.length > 0 && /^\s*\/\//.test(lines[lines.length - 1] as string))
    comment.unshift((lines.pop() as string).trim());
  return comment.join('\n');
}

/** The one match of `pattern` in the rules function's text, as a number (its first group). */
function numberIn(name: string, pattern: RegExp): number {
  const match = pattern.exec(rulesFunction(name));
  if (match === null) throw new Error(`${pattern} not found in function ${name}`);
  return Number(match[1]);
}

/** The items of a rules list literal `['a', 'b']` that follows `prefix` in the function. */
function listIn(name: string, prefix: string): string[] {
  const body = rulesFunction(name);
  const at = body.indexOf(prefix);
  if (at < 0) throw new Error(`${prefix} not found in function ${name}`);
  const list = /\[([^\]]*)\]/.exec(body.slice(at + prefix.length));
  if (list === null) throw new Error(`no list after ${prefix} in function ${name}`);
  return [...(list[1] as string).matchAll(/'([^']*)'/g)].map((m) => m[1] as string);
}

/** A text field's spec in a write schema. */
function textSpec(schema: DocumentSchema, field: string): TextSpec {
  const spec = schema.fields[field];
  if (spec?.kind !== 'text') throw new Error(`${schema.kind}.${field} is not text`);
  return spec;
}

/** The hand-written rules functions and where each one's twin lives (its comment must say so). */
const TWINS: readonly { readonly rule: string; readonly twin: string }[] = [
  { rule: 'statusMoves', twin: 'src/domain/shop/status.ts' },
  { rule: 'isAllowedStatusChange', twin: 'src/domain/shop/repair-write-rules.ts' },
  { rule: 'isOwnEntry', twin: 'src/domain/stored/documents.ts' },
  { rule: 'isRightTry', twin: 'src/domain/shop/delivery-tries.ts' },
  { rule: 'isTry', twin: 'src/domain/shop/delivery-tries.ts' },
  { rule: 'isPaymentMove', twin: 'src/domain/shop/repair-write-rules.ts' },
  { rule: 'isDuesKept', twin: 'src/domain/shop/amounts.ts' },
  { rule: 'isCreditKept', twin: 'src/domain/shop/status.ts' },
  { rule: 'isDeliveredAtKept', twin: 'src/domain/shop/repair-write-rules.ts' },
  { rule: 'isReportKept', twin: 'src/domain/shop/report-fields.ts' },
  { rule: 'isOtherProblemKept', twin: 'src/domain/shop/report-fields.ts' },
  { rule: 'isShopChange', twin: 'src/domain/shop/repair-write-rules.ts' },
  { rule: 'isMemberEdit', twin: 'src/domain/shop/repair-write-rules.ts' },
  { rule: 'isWorkflowChange', twin: 'src/domain/shop/repair-write-rules.ts' },
  { rule: 'isStep', twin: 'src/domain/shop/repair-write-rules.ts' },
  { rule: 'isRepairId', twin: 'src/adapters/pouchdb/sync-server/validators.ts' },
  { rule: 'isSelfEdit', twin: 'src/adapters/pouchdb/sync-server/validators.ts' },
  { rule: 'isOwnProfile', twin: 'src/adapters/pouchdb/sync-server/validators.ts' },
  { rule: 'isRechargeRecord', twin: 'src/adapters/pouchdb/sync-server/validators.ts' },
  { rule: 'isContact', twin: 'src/adapters/pouchdb/sync-server/validators.ts' },
  { rule: 'mayOpenStore', twin: 'src/domain/shop/store-setup.ts' },
  { rule: 'isStoreOpening', twin: 'src/adapters/pouchdb/sync-server/validators.ts' },
  { rule: 'isInvoiceOf', twin: 'src/domain/shop/invoice-build.ts' },
  { rule: 'isVoucherOf', twin: 'src/domain/shop/invoice-build.ts' },
  { rule: 'isGstOf', twin: 'src/domain/shop/gst.ts' },
  { rule: 'isInvoiceHead', twin: 'src/domain/stored/documents.ts' },
  { rule: 'isInvoiceStep', twin: 'src/domain/shop/invoice-number.ts' },
];

describe('every hand-written rule of firestore.rules', () => {
  it.each(TWINS)(
    '$rule says where its twin lives ($twin) and that this test compares them',
    ({ rule, twin }) => {
      const comment = commentAbove(rule);
      expect(comment, `the comment above function ${rule}`).toMatch(/Twin:/);
      expect(comment).toContain(twin);
      expect(comment).toContain(TEST_PATH);
      // …and the twin names it back.
      const other = readFileSync(new URL(`../../${twin}`, import.meta.url), 'utf8');
      expect(other, twin).toMatch(new RegExp(`Twin: firestore\\.rules[^\\n]*\\b${rule}\\b`));
    },
  );

  it('stores: the hand-written name limit and fixed owner say where their twin lives too', () => {
    const stores = RULES.slice(RULES.indexOf('match /stores/{storeId}'));
    expect(stores.slice(0, stores.indexOf('allow create'))).toMatch(
      /Twin\b[^\n]*src\/adapters\/pouchdb\/sync-server\/validators\.ts STORES[^\n]*\n[^\n]*tests\/app\/twin-rules\.test\.ts/,
    );
    expect(
      readFileSync(new URL('../../src/adapters/pouchdb/sync-server/validators.ts', import.meta.url), 'utf8'),
    ).toMatch(/Twin: firestore\.rules match \/stores/);
  });
});

// ---- the repair workflow: firestore.rules and the domain rule the sync gateway runs ------------------

const NOW = new Date('2026-11-26T10:00:00Z');
const at = NOW.toISOString();
const OWNER = { uid: 'uid-owner', name: 'Rahul Sharma' };
const STORE = { id: 'store-1', ownerId: OWNER.uid };
type Pushed = Record<string, unknown> & { readonly _id: string };

const entry = (kind: string, status: string, extra: Record<string, unknown> = {}) => ({
  kind,
  status,
  from: null,
  at,
  by: OWNER,
  note: '',
  amountPaise: null,
  ...extra,
});

const CREATED: Pushed = {
  _id: 'r1',
  repairId: `SMC-${FIRST_REPAIR_NUMBER + 8}`,
  storeId: STORE.id,
  businessId: OWNER.uid,
  status: 'received',
  deliveryCode: '4821',
  createdAt: at,
  updatedAt: at,
  paidPaise: 0,
  duePaise: 0,
  owing: false,
  history: [entry('created', 'received')],
  timeline: [{ status: 'received', at }],
  createdBy: OWNER,
};

/** The repair as the server holds it, at `status`. */
const storedAt = (status: string): Pushed =>
  status === 'received'
    ? CREATED
    : {
        ...CREATED,
        status,
        history: [...(CREATED.history as unknown[]), entry('status', status, { from: 'received' })],
        timeline: [...(CREATED.timeline as unknown[]), { status, at }],
      };

/** The stored repair with one more history entry, of `kind`, moving it to `status`. */
function pushed(stored: Pushed, kind: string, status: string, extra: Record<string, unknown> = {}): Pushed {
  const moved = status !== stored.status;
  return {
    ...stored,
    status,
    history: [
      ...(stored.history as unknown[]),
      entry(kind, status, { from: moved ? stored.status : null, ...extra }),
    ],
    ...(moved
      ? {
          timeline: [...(stored.timeline as unknown[]), { status, at }],
          deliveredAt: status === 'delivered' ? at : null,
          // The reports' sums the move stores (report-fields.ts), as the adapters write them.
          ...reportFieldsAfterMove(status, stored, new Date(at)),
        }
      : {}),
  };
}

/** The sync gateway's verdict on a push (null: taken). */
const gateway = (doc: Pushed, current: Pushed | null, taken = false) =>
  repairWorkflowProblem({
    doc,
    current,
    store: STORE,
    writer: OWNER,
    now: NOW,
    repairIdTaken: async () => taken,
  });

/** statusMoves() of firestore.rules, read as a record. */
function rulesStatusMoves(): Record<string, string[]> {
  const body = rulesFunction('statusMoves');
  const out: Record<string, string[]> = {};
  for (const [, from, to] of body.matchAll(/'(\w+)': \[([^\]]*)\]/g))
    out[from as string] = [...(to as string).matchAll(/'(\w+)'/g)].map((m) => m[1] as string);
  return out;
}

describe('status moves (firestore.rules statusMoves, isAllowedStatusChange; the gateway)', () => {
  const moves = rulesStatusMoves();
  const finals = listIn('isAllowedStatusChange', 'from in ');
  const reopenTargets = listIn('isAllowedStatusChange', 'isStoreOwner(storeId) && to in ');

  it('list the same moves, final statuses and reopen targets as the domain', () => {
    expect(moves).toEqual(STATUS_MOVES);
    expect(finals).toEqual(FINAL_STATUSES);
    expect(reopenTargets).toEqual(REOPEN_TARGETS);
  });

  const pairs = REPAIR_STATUSES.flatMap((from) =>
    REPAIR_STATUSES.filter((to) => to !== from).map((to) => ({ from, to })),
  );

  it.each(pairs)('the gateway takes $from → $to exactly when the rules do', async ({ from, to }) => {
    const stored = storedAt(from);
    const isFinal = finals.includes(from);
    // An ordinary move (a delivery with the stored code: the gateway stands in its try), or an owner's
    // reopen with a note from a final status.
    const doc = isFinal
      ? pushed(stored, 'reopen', to, { note: 'customer came back' })
      : pushed(stored, 'status', to);
    const rulesAllow = isFinal ? reopenTargets.includes(to) : (moves[from] ?? []).includes(to);
    const verdict = await gateway(doc, stored);
    if (rulesAllow) expect(verdict).toBeNull();
    else expect(verdict).not.toBeNull();
  });

  it('a reopen needs a note and an override a reason, in the rules and on the gateway', async () => {
    expect(rulesFunction('isAllowedStatusChange')).toMatch(
      /entry\.kind == 'reopen'\s*&& entry\.note\.size\(\) > 0/,
    );
    expect(rulesFunction('isAllowedStatusChange')).toMatch(
      /isStoreOwner\(storeId\) && entry\.note\.size\(\) > 0/,
    );
    expect(
      await gateway(pushed(storedAt('delivered'), 'reopen', 'inprogress'), storedAt('delivered')),
    ).not.toBeNull();
    expect(
      await gateway(pushed(storedAt('ready'), 'override', 'delivered'), storedAt('ready')),
    ).not.toBeNull();
    expect(
      await gateway(
        pushed(storedAt('ready'), 'override', 'delivered', { note: 'paid in cash' }),
        storedAt('ready'),
      ),
    ).toBeNull();
  });
});

describe('history entries (firestore.rules isOwnEntry, isShopChange; the write schema the gateway runs)', () => {
  it('allow the same kinds and limits', () => {
    expect(listIn('isOwnEntry', 'entry.kind in ')).toEqual([...HISTORY_KINDS]);
    expect(numberIn('isOwnEntry', /entry\.note\.size\(\) <= (\d+)/)).toBe(MAX_NOTE_LENGTH);
    expect(numberIn('isOwnEntry', /entry\.from\.size\(\) <= (\d+)/)).toBe(40);
    expect(numberIn('isOwnEntry', /entry\.amountPaise >= (\d+)/)).toBe(1);
    expect(numberIn('isOwnEntry', /entry\.amountPaise <= (\d+)/)).toBe(MAX_AMOUNT_PAISE);
    expect(numberIn('isOwnEntry', /entry\.paymentId\.size\(\) <= (\d+)/)).toBe(ID_MAX);
    expect(numberIn('isShopChange', /after\.history\.size\(\) <= (\d+)/)).toBe(MAX_HISTORY_ENTRIES);
  });

  it('the gateway takes a note at the rules’ limit and refuses one past it', async () => {
    const limit = numberIn('isOwnEntry', /entry\.note\.size\(\) <= (\d+)/);
    const stored = storedAt('inprogress');
    expect(
      await gateway(pushed(stored, 'note', 'inprogress', { note: 'n'.repeat(limit) }), stored),
    ).toBeNull();
    expect(
      await gateway(pushed(stored, 'note', 'inprogress', { note: 'n'.repeat(limit + 1) }), stored),
    ).toMatch(/history entry/);
  });

  it('the gateway refuses an entry of a kind the rules do not list', async () => {
    const stored = storedAt('inprogress');
    expect(await gateway(pushed(stored, 'gift', 'inprogress'), stored)).toMatch(/history entry/);
  });
});

describe('money (firestore.rules isPaymentMove, isWorkflowChange; the gateway)', () => {
  const stored = { ...storedAt('inprogress'), paidPaise: 1000 };
  const payment = (amount: number, paid: number) => ({
    ...pushed(stored, 'payment', 'inprogress', { amountPaise: amount, paymentId: 'pay-1' }),
    paidPaise: paid,
  });

  it('cap paidPaise where the domain does', () => {
    expect(numberIn('isWorkflowStep', /after\.get\('paidPaise', 0\) <= (\d+)/)).toBe(MAX_AMOUNT_PAISE);
    expect(REPAIRS.fields.paidPaise).toMatchObject({ kind: 'int', max: MAX_AMOUNT_PAISE });
  });

  it('moves paidPaise by exactly the entry’s amount, on both sides', async () => {
    expect(rulesFunction('isPaymentMove')).toMatch(
      /after\.get\('paidPaise', 0\)\s*== before\.get\('paidPaise', 0\) \+ \(entry\.kind == 'refund' \? -entry\.amountPaise : entry\.amountPaise\)/,
    );
    expect(await gateway(payment(500, 1500), stored)).toBeNull();
    expect(await gateway(payment(500, 1501), stored)).not.toBeNull();
    expect(await gateway(payment(500, 1000), stored)).not.toBeNull();
    const refund = {
      ...pushed(stored, 'refund', 'inprogress', { amountPaise: 400, paymentId: 'refund-1' }),
      paidPaise: 600,
    };
    expect(await gateway(refund, stored)).toBeNull();
    expect(await gateway({ ...refund, paidPaise: 1400 }, stored)).not.toBeNull();
  });

  it('money moves on a delivered or cancelled repair too (paid later, or refunded: issue 17); notes do not', async () => {
    expect(rulesFunction('isWorkflowStep')).toMatch(
      /entry\.kind in \['payment', 'refund'\]\s*\? changed\.hasOnly/,
    );
    for (const status of listIn('isWorkflowStep', "before.get('status', '') in ")) {
      const final = { ...storedAt(status), paidPaise: 1000 };
      const paid = {
        ...pushed(final, 'payment', status, { amountPaise: 500, paymentId: 'pay-9' }),
        paidPaise: 1500,
      };
      expect(await gateway(paid, final), status).toBeNull();
      expect(await gateway(pushed(final, 'note', status, { note: 'Called' }), final), status).not.toBeNull();
    }
    expect(listIn('isWorkflowStep', "before.get('status', '') in ")).toEqual(FINAL_STATUSES);
  });

  it('a payment entry names its payment, and a UPI reference is only a UPI payment’s, on both sides', async () => {
    expect(rulesFunction('isPaymentMove')).toMatch(/id\.matches\('\^\[A-Za-z0-9_-\]\{1,128\}\$'\)/);
    const unnamed = { ...pushed(stored, 'payment', 'inprogress', { amountPaise: 500 }), paidPaise: 1500 };
    expect(await gateway(unnamed, stored)).toMatch(/names its payment/);
    expect(rulesFunction('isPaymentMove')).toMatch(
      /get\('upiReference', ''\) == ''\s*\|\| \(entry\.kind == 'payment' && getAfter\(paymentPath\(docId, id\)\)\.data\.mode == 'upi'\)/,
    );
  });
});

describe('edits and photos on a final repair (firestore.rules isMemberEdit; the gateway)', () => {
  it('are refused for the same statuses', async () => {
    const finals = listIn('isMemberEdit', "before.get('status', '') in ");
    expect(finals).toEqual(FINAL_STATUSES);
    for (const status of REPAIR_STATUSES) {
      const stored = storedAt(status);
      const edited = { ...pushed(stored, 'edit', status), productName: 'Redmi Note 12' };
      const verdict = await gateway(edited, stored);
      if (finals.includes(status)) expect(verdict, status).not.toBeNull();
      else expect(verdict, status).toBeNull();
    }
  });
});

describe('tracking links (firestore.rules isWorkflowChange, match /tracking; the gateway)', () => {
  it('use the domain’s token pattern', () => {
    expect(rulesFunction('isWorkflowStep')).toContain(`matches('^(${PATTERNS.trackingToken})?$')`);
    expect(RULES).toContain(`token.matches('^${PATTERNS.trackingToken}$')`);
  });

  it('the gateway takes a token of the pattern, and turning it off, and refuses another', async () => {
    const stored = storedAt('ready');
    const token = (value: string) => ({ ...pushed(stored, 'tracking', 'ready'), trackingToken: value });
    expect(await gateway(token('A'.repeat(22)), stored)).toBeNull();
    expect(await gateway(token(''), stored)).toBeNull();
    expect(await gateway(token('A'.repeat(21)), stored)).not.toBeNull();
    expect(await gateway(token('A'.repeat(22).replace('A', '!')), stored)).not.toBeNull();
  });
});

describe('the Repair ID counter (firestore.rules isStep; the gateway’s stand-in counter)', () => {
  it('starts at the domain’s first number, moves by one, and stops at its last', () => {
    expect(numberIn('isStep', /data\.last == (\d+)/)).toBe(FIRST_REPAIR_NUMBER);
    expect(rulesFunction('isStep')).toContain('data.last == before.last + 1');
    expect(numberIn('repairCountersShape', /d\.last <= (\d+)/)).toBe(MAX_REPAIR_NUMBER);
  });

  it('the gateway takes a store’s first number and the next ones, and refuses below or past them', async () => {
    const create = (n: number) => ({ ...CREATED, repairId: `SMC-${n}` });
    expect(await gateway(create(FIRST_REPAIR_NUMBER), null)).toBeNull();
    expect(await gateway(create(FIRST_REPAIR_NUMBER + 1), null)).toBeNull();
    expect(await gateway(create(MAX_REPAIR_NUMBER), null)).toBeNull();
    expect(await gateway(create(FIRST_REPAIR_NUMBER - 1), null)).not.toBeNull();
    expect(await gateway(create(MAX_REPAIR_NUMBER + 1), null)).not.toBeNull();
  });
});

describe('delivery tries (firestore.rules isRightTry, isTry; the domain the local backends run)', () => {
  it('count within the same minutes', () => {
    expect(numberIn('isRightTry', /duration\.value\((\d+), 'm'\)/)).toBe(DELIVERY_TRIES.validMinutes);
    expect(numberIn('isTry', /duration\.value\((\d+), 'm'\)/)).toBe(DELIVERY_TRIES.pauseMinutes);
    expect(numberIn('repairDeliveryTriesShape', /d\.tries <= (\d+)/)).toBe(DELIVERY_TRIES.max);
  });

  it('a delivery without the stored code (no try to stand in) is refused by the gateway', async () => {
    const { deliveryCode: _code, ...withoutCode } = storedAt('ready');
    const stored = withoutCode as Pushed;
    expect(await gateway(pushed(stored, 'status', 'delivered'), stored)).not.toBeNull();
    expect(await gateway(pushed(storedAt('ready'), 'status', 'delivered'), storedAt('ready'))).toBeNull();
  });
});

// ---- validate_doc_update (validators.ts) and the per-kind rules of firestore.rules ------------------

const validate = compileValidators();
const device = (uid: string, ...more: string[]) => ({
  name: `device-${uid}`,
  roles: ['device', `uid:${uid}`, ...more],
});

describe('Repair IDs (firestore.rules isRepairId; the repairs validator)', () => {
  it('are 1 to 64 characters on both, as the schema says', () => {
    const min = numberIn('isRepairId', /value\.size\(\) >= (\d+)/);
    const max = numberIn('isRepairId', /value\.size\(\) <= (\d+)/);
    expect([min, max]).toEqual([1, 64]);
    expect([textSpec(REPAIRS, 'repairId').min, textSpec(REPAIRS, 'repairId').max]).toEqual([min, max]);
    const repair = (repairId: string) => ({ _id: 'r1', repairId, storeId: STORE.id });
    expect(validate('repairs', repair('R'.repeat(max)), null, device(OWNER.uid))).toBeNull();
    expect(validate('repairs', repair('R'.repeat(max + 1)), null, device(OWNER.uid))).toMatch(/Repair ID/);
    expect(validate('repairs', repair('R'.repeat(min - 1)), null, device(OWNER.uid))).toMatch(/Repair ID/);
  });
});

describe("a profile's own edits (firestore.rules isSelfEdit; the users validator)", () => {
  /** isText(data.<field>, <limit>) of isSelfEdit, by field. */
  const rulesLimits = Object.fromEntries(
    [...rulesFunction('isSelfEdit').matchAll(/isText\(data\.(\w+), (\d+)\)/g)].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  );
  const stored = { _id: 'uid-1', role: 'user', name: 'Asha' };

  it('list the domain’s editable fields with its limits', () => {
    expect(rulesLimits).toEqual(EDITABLE_PROFILE_FIELDS);
  });

  it.each(Object.entries(EDITABLE_PROFILE_FIELDS))(
    '%s: the validator takes %i characters, not one more',
    (field, limit) => {
      const who = device('uid-1');
      expect(validate('users', { ...stored, [field]: 'x'.repeat(limit) }, stored, who)).toBeNull();
      expect(validate('users', { ...stored, [field]: 'x'.repeat(limit + 1) }, stored, who)).toMatch(
        new RegExp(`${field} must be text of at most ${limit}`),
      );
    },
  );

  it('and neither lets an account change its role', () => {
    expect(rulesFunction('isSelfEdit')).not.toMatch(/'role'/);
    expect(validate('users', { ...stored, role: 'distributor' }, stored, device('uid-1'))).toMatch(/roles/);
  });
});

describe('opening a store (firestore.rules mayOpenStore, isStoreOpening; the domain, the users validator)', () => {
  it('lets the same roles open a first store, and any owner add one', () => {
    expect(listIn('mayOpenStore', "get('role', '') in ")).toEqual([...STORE_OPENING_ROLES]);
    expect(rulesFunction('mayOpenStore')).toMatch(/get\('storeIds', \[\]\)\.size\(\) > 0/);
    for (const role of ['user', 'business', 'distributor', 'sa', 'staff'])
      expect(mayOpenStore(role, 0), role).toBe(STORE_OPENING_ROLES.includes(role));
    expect(mayOpenStore('distributor', 1)).toBe(true);
  });

  it('grow storeIds by exactly lastStoreId, on both sides', () => {
    expect(rulesFunction('isStoreOpening')).toContain(
      "data.get('storeIds', []) == resource.data.get('storeIds', []).concat([storeId])",
    );
    const stored = {
      _id: 'uid-1',
      role: 'user',
      name: 'Asha',
      storeIds: ['s1'],
      lastStoreId: 's1',
      businessKey: 'asha',
    };
    const who = device('uid-1');
    const grown = { ...stored, storeIds: ['s1', 's2'], lastStoreId: 's2' };
    expect(validate('users', grown, stored, who)).toBeNull();
    expect(validate('users', { ...grown, lastStoreId: 's3' }, stored, who)).toMatch(/lastStoreId/);
    expect(validate('users', { ...stored, storeIds: ['s2'], lastStoreId: 's2' }, stored, who)).not.toBeNull();
    expect(validate('users', { ...grown, storeIds: ['s1', 's2', 's3'] }, stored, who)).not.toBeNull();
    expect(validate('users', grown, stored, device('uid-2'))).not.toBeNull();
  });
});

describe('public profiles (firestore.rules isOwnProfile; the publicProfiles validator)', () => {
  it('allow the same two fields within the same limits', () => {
    const fields = listIn('isOwnProfile', 'keys().hasOnly(');
    const limits = Object.fromEntries(
      [...rulesFunction('isOwnProfile').matchAll(/get\('(\w+)', ''\), (\d+)\)/g)].map((m) => [
        m[1],
        Number(m[2]),
      ]),
    );
    expect(Object.keys(limits).sort()).toEqual([...fields].sort());
    const who = device('uid-1');
    const profile = (extra: Record<string, unknown>) => ({ _id: 'uid-1', ...extra });
    for (const [field, limit] of Object.entries(limits) as [string, number][]) {
      expect(
        validate('publicProfiles', profile({ [field]: 'x'.repeat(limit) }), null, who),
        field,
      ).toBeNull();
      expect(
        validate('publicProfiles', profile({ [field]: 'x'.repeat(limit + 1) }), null, who),
        field,
      ).not.toBeNull();
    }
    expect(validate('publicProfiles', profile({ city: 'Pune' }), null, who)).toMatch(/city is not allowed/);
    expect(validate('publicProfiles', profile({ phone: '1' }), null, device('uid-2'))).not.toBeNull();
  });
});

describe('stores (firestore.rules match /stores; the stores validator)', () => {
  it('cap the name and never change the owner', () => {
    const stores = RULES.slice(
      RULES.indexOf('match /stores/{storeId}'),
      RULES.indexOf('match /storeProfiles/'),
    );
    const limit = Number(/isText\(request\.resource\.data\.get\('name', ''\), (\d+)\)/.exec(stores)?.[1]);
    expect(stores).toContain('request.resource.data.ownerId == resource.data.ownerId');
    const who = device(OWNER.uid);
    const store = { _id: STORE.id, ownerId: OWNER.uid };
    expect(validate('stores', { ...store, name: 'x'.repeat(limit) }, null, who)).toBeNull();
    expect(validate('stores', { ...store, name: 'x'.repeat(limit + 1) }, null, who)).toMatch(/200/);
    expect(
      validate('stores', { ...store, ownerId: 'uid-other' }, store, device(OWNER.uid, 'uid:uid-other')),
    ).toMatch(/never changes owner/);
  });
});

describe('recharges (firestore.rules isRechargeRecord; the transactions validator)', () => {
  const min = numberIn('isRechargeRecord', /tx\.amount >= (\d+)/);
  const max = numberIn('isRechargeRecord', /tx\.amount <= (\d+)/);
  const description = /tx\.description == '([^']+)'/.exec(rulesFunction('isRechargeRecord'))?.[1];
  const admin = { name: 'admin-device', roles: ['device', 'sa', 'uid:uid-admin'] };
  const recharge = (amount: number) => ({
    _id: 'recharge-abcdefgh',
    distributorId: 'uid-d',
    adminId: 'uid-admin',
    amount,
    previousBalance: 100,
    newBalance: Math.round((100 + amount) * 100) / 100,
    description,
  });

  it('take the wallet’s amounts, in whole paise, with its description', () => {
    expect([min, max]).toEqual([MIN_RECHARGE_AMOUNT, MAX_RECHARGE_AMOUNT]);
    expect(rulesFunction('isRechargeRecord')).toContain('isRupees(tx.amount)');
    for (const amount of [min, max, 12.5])
      expect(validate('transactions', recharge(amount), null, admin), String(amount)).toBeNull();
    for (const amount of [min - 0.01, max + 0.01, 12.345])
      expect(validate('transactions', recharge(amount), null, admin), String(amount)).toMatch(/amount/);
    expect(validate('transactions', { ...recharge(5), description: 'gift' }, null, admin)).toMatch(
      /description/,
    );
  });
});

describe('support issues (firestore.rules isContact and match /support; the support validator)', () => {
  const body = rulesFunction('isContact');
  const limits = {
    email: numberIn('isContact', /data\.email\.size\(\) <= (\d+)/),
    phone: numberIn('isContact', /data\.phone\.size\(\) <= (\d+)/),
    issue: numberIn('isContact', /data\.issue\.size\(\) <= (\d+)/),
  };
  const issue = (extra: Record<string, unknown> = {}) => ({
    _id: 'issue-1',
    email: 'ravi@example.com',
    phone: '98',
    issue: 'The app is slow',
    status: 'active',
    createdAt: at,
    ...extra,
  });
  const anyone = { name: 'device-x', roles: ['device'] };

  it('have the schema’s limits and e-mail pattern', () => {
    expect(limits).toEqual({
      email: textSpec(SUPPORT, 'email').max,
      phone: textSpec(SUPPORT, 'phone').max,
      issue: textSpec(SUPPORT, 'issue').max,
    });
    // The rules' string literal doubles each backslash.
    expect(body).toContain(
      `data.email.matches('${textSpec(SUPPORT, 'email').pattern?.replace(/\\/g, '\\\\')}')`,
    );
    expect(numberIn('isContact', /data\.phone\.size\(\) >= (\d+)/)).toBe(1);
    expect(numberIn('isContact', /data\.issue\.size\(\) >= (\d+)/)).toBe(1);
  });

  it('the validator takes each field at the rules’ limit and refuses it past it or empty', () => {
    expect(validate('support', issue(), null, anyone)).toBeNull();
    expect(validate('support', issue({ phone: '9'.repeat(limits.phone) }), null, anyone)).toBeNull();
    expect(validate('support', issue({ phone: '9'.repeat(limits.phone + 1) }), null, anyone)).not.toBeNull();
    expect(validate('support', issue({ phone: '' }), null, anyone)).not.toBeNull();
    expect(validate('support', issue({ issue: 'i'.repeat(limits.issue) }), null, anyone)).toBeNull();
    expect(validate('support', issue({ issue: 'i'.repeat(limits.issue + 1) }), null, anyone)).not.toBeNull();
    expect(validate('support', issue({ issue: '' }), null, anyone)).not.toBeNull();
    const longEmail = `${'a'.repeat(limits.email - '@example.com'.length)}@example.com`;
    expect(validate('support', issue({ email: longEmail }), null, anyone)).toBeNull();
    expect(validate('support', issue({ email: `a${longEmail}` }), null, anyone)).not.toBeNull();
    expect(validate('support', issue({ email: 'ravi@example' }), null, anyone)).not.toBeNull();
  });

  it('a new issue is active, and an edit keeps active or completed', () => {
    const support = RULES.slice(RULES.indexOf('match /support/{issueId}'));
    expect(support).toContain("request.resource.data.status == 'active'");
    expect(support).toContain("request.resource.data.status in ['active', 'completed']");
    expect(validate('support', issue({ status: 'completed' }), null, anyone)).toMatch(/active/);
    const sa = { name: 'sa-device', roles: ['device', 'sa'] };
    expect(validate('support', issue({ status: 'completed' }), issue(), sa)).toBeNull();
    expect(validate('support', issue({ status: 'closed' }), issue(), sa)).not.toBeNull();
  });
});

// ---- the dues index and 'Deliver on Credit' (issue 17) -----------------------------------------------

describe('the dues fields (firestore.rules isDuesKept, chargeOf; amounts.ts repairDues; the gateway)', () => {
  it('owe in the same statuses, and take the final amount, else the estimate, less what was paid', () => {
    expect(listIn('isDueOf', "d.get('status', '') in ")).toEqual([...OWING_STATUSES]);
    const charge = rulesFunction('chargeOf');
    expect(charge).toMatch(/paiseOf\(d\.get\('amount', null\)\)/);
    expect(charge).toMatch(
      /d\.get\('estimatePaise', null\) is int \? d\.estimatePaise : paiseOf\(d\.get\('estimatedCost', null\)\)/,
    );
    expect(rulesFunction('isDuesKept')).toContain("isDueOf(d, chargeOf(d) - d.get('paidPaise', 0))");
    expect(rulesFunction('isDueOf')).toMatch(/due > 0 \? due : 0/);
    expect(rulesFunction('isWorkflowChange')).toContain('isDuesKept(after)');
    expect(listIn('isMemberEdit', '!changed.hasAny(')).toEqual(expect.arrayContaining(['duePaise', 'owing']));
    expect(rulesFunction('isNewRepairDues')).toContain('isDuesKept(d)');
  });

  const ready = { ...storedAt('ready'), estimatePaise: 2000, paidPaise: 500, duePaise: 1500, owing: true };
  const inprogress = {
    ...storedAt('inprogress'),
    estimatePaise: 2000,
    paidPaise: 500,
    duePaise: 1500,
    owing: false,
  };

  it('are recomputed on every write the gateway takes, and a forged one is refused', async () => {
    const moved = { ...pushed(inprogress, 'status', 'ready'), duePaise: 1500, owing: true };
    expect(await gateway(moved, inprogress)).toBeNull();
    expect(await gateway({ ...moved, owing: false }, inprogress)).toMatch(/duePaise and owing/);
    expect(await gateway({ ...moved, duePaise: 0 }, inprogress)).toMatch(/duePaise and owing/);
    const paid = {
      ...pushed(ready, 'payment', 'ready', { amountPaise: 1500, paymentId: 'pay-1' }),
      paidPaise: 2000,
      duePaise: 0,
      owing: false,
    };
    expect(await gateway(paid, ready)).toBeNull();
    expect(await gateway({ ...paid, owing: true }, ready)).toMatch(/duePaise and owing/);
    // A final amount set: the edit leaves the dues fields (as firestore.rules isMemberEdit), the note
    // after it stores them (the final amount, in rupees, takes over from the estimate).
    const edited = { ...pushed(ready, 'edit', 'ready'), amount: 30 };
    expect(await gateway({ ...edited, duePaise: 2500 }, ready)).toMatch(/duePaise cannot change/);
    expect(await gateway(edited, ready)).toBeNull();
    const noted = {
      ...pushed(edited, 'note', 'ready', { note: 'Amount due: ₹25.' }),
      duePaise: 2500,
      owing: true,
    };
    expect(await gateway(noted, edited)).toBeNull();
    expect(await gateway({ ...noted, duePaise: 2000 }, edited)).toMatch(/duePaise and owing/);
    expect(repairDues('ready', 3000, 2000, 500)).toEqual({ duePaise: 2500, owing: true });
  });
});

describe("'Deliver on Credit' (firestore.rules isCreditKept; status.ts; the gateway)", () => {
  it('needs the credit note at the start of the entry’s note when money is due, on both sides', async () => {
    const rule = rulesFunction('isCreditKept');
    const pattern = /entry\.note\.matches\('([^']*)'\)/.exec(rule)?.[1]?.replaceAll('\\\\', '\\');
    expect(pattern).toBeDefined();
    const rules = new RegExp(pattern as string);
    for (const note of ['Delivered on credit: pays Friday', 'Delivered on credit:  x', 'Pays Friday', ''])
      expect(rules.test(note), note).toBe(CREDIT_ENTRY_PATTERN.test(note));
    expect(rulesFunction('isWorkflowStep')).toContain('isCreditKept(after, entry)');
    const ready = { ...storedAt('ready'), estimatePaise: 2000, paidPaise: 500, duePaise: 1500, owing: true };
    const delivered = (note: string) => ({ ...pushed(ready, 'status', 'delivered', { note }), owing: true });
    expect(await gateway(delivered(`${CREDIT_NOTE_PREFIX}pays Friday`), ready)).toBeNull();
    expect(await gateway(delivered('pays Friday'), ready)).toMatch(/Amount due: ₹15/);
    const paidUp = { ...ready, paidPaise: 2000, duePaise: 0, owing: false };
    expect(await gateway({ ...pushed(paidUp, 'status', 'delivered'), owing: false }, paidUp)).toBeNull();
  });
});

describe("the reports' deliveredAt (firestore.rules isDeliveredAtKept; repair-write-rules.ts; the gateway)", () => {
  it("is the write's time on a move to 'delivered', cleared by a reopen, changed by nothing else", async () => {
    const rule = rulesFunction('isDeliveredAtKept');
    expect(rule).toContain("after.status == 'delivered' ? request.time : null");
    expect(rulesFunction('isWorkflowStep')).toContain('isDeliveredAtKept(after)');
    expect(listIn('isMemberEdit', '!changed.hasAny(')).toContain('deliveredAt');
    expect(listIn('isAppWrite', '!changed.hasAny(')).toContain('deliveredAt');
    // A new repair's: by the rule of its index entry, with the reports' sums (the 1,000 expressions).
    expect(rulesFunction('isNewRepairReport')).toContain("d.get('deliveredAt', null) == null");
    const ready = { ...storedAt('ready'), estimatePaise: 2000, paidPaise: 2000, duePaise: 0, owing: false };
    const delivered: Pushed = { ...pushed(ready, 'status', 'delivered'), owing: false };
    expect(delivered.deliveredAt).toBe(at);
    expect(await gateway(delivered, ready)).toBeNull();
    expect(await gateway({ ...delivered, deliveredAt: null }, ready)).toMatch(/deliveredAt/);
    const { deliveredAt: _, ...without } = delivered;
    expect(await gateway(without, ready)).toMatch(/deliveredAt/);
    // Older than the gateway's tolerance for a device's clock: refused.
    expect(await gateway({ ...delivered, deliveredAt: '2020-01-01T00:00:00.000Z' }, ready)).toMatch(
      /deliveredAt/,
    );
    // A reopen clears it; keeping it is refused.
    const reopened = pushed(delivered, 'reopen', 'inprogress', { note: 'Screen flickers again' });
    expect(reopened.deliveredAt).toBeNull();
    expect(await gateway({ ...reopened, owing: false }, delivered)).toBeNull();
    expect(
      await gateway({ ...reopened, owing: false, deliveredAt: delivered.deliveredAt }, delivered),
    ).toMatch(/deliveredAt/);
    // An edit or a note never sets it.
    const edited = pushed(ready, 'edit', 'ready');
    expect(await gateway({ ...edited, deliveredAt: at }, ready)).toMatch(/deliveredAt cannot change/);
  });
});

describe("the reports' sums (firestore.rules isReportKept, isOtherProblemKept; report-fields.ts; the gateway)", () => {
  it('name the common problems of the job card, and are stored and cleared by the moves alone', () => {
    const pattern = /matches\('\^\(\(([^)]*)\)/.exec(rulesFunction('isCommonOnly'));
    expect(pattern?.[1]?.split('|')).toEqual([...COMMON_PROBLEMS]);
    expect(rulesFunction('isReportKept')).toContain("after.get('salePaise', null) == chargeOf(after)");
    expect(rulesFunction('isReportKept')).toContain("turnaroundOf(before.get('createdAt', null), entry.at)");
    expect(rulesFunction('isWorkflowStep')).toContain('isReportKept(before, after, entry)');
    // Not on a member's edit (its budget): the adapters write it, the domain rule and the gateway check it.
    expect(rulesFunction('isMemberEdit')).not.toContain('isOtherProblemKept');
    // A new repair's: by the rule of its index entry (the 1,000 expressions of its own rule).
    expect(rulesFunction('isNewRepairReport')).toContain('isOtherProblemKept(d)');
    expect(RULES).toContain('isNewRepairReport(getAfter(repairPath()).data)');
    for (const field of ['salePaise', 'turnaroundMs']) {
      expect(listIn('isMemberEdit', '!changed.hasAny(')).toContain(field);
      expect(rulesFunction('isNewRepairReport')).toContain(`d.get('${field}', null) == null`);
    }
    expect(listIn('isAppWrite', '!changed.hasAny(')).toEqual(
      expect.arrayContaining(['salePaise', 'turnaroundMs', 'otherProblem']),
    );
  });

  it('the gateway takes a delivery with the sums the move gives, and refuses others', async () => {
    const ready = { ...storedAt('ready'), estimatePaise: 2000, paidPaise: 2000, duePaise: 0, owing: false };
    const delivered: Pushed = { ...pushed(ready, 'status', 'delivered'), owing: false };
    expect(delivered).toMatchObject({ salePaise: 2000, turnaroundMs: 0 });
    expect(await gateway(delivered, ready)).toBeNull();
    expect(await gateway({ ...delivered, salePaise: 1999 }, ready)).toMatch(/salePaise/);
    expect(await gateway({ ...delivered, turnaroundMs: 5 }, ready)).toMatch(/turnaroundMs/);
    const { salePaise: _, ...without } = delivered;
    expect(await gateway(without, ready)).toMatch(/salePaise/);
    const reopened = pushed(delivered, 'reopen', 'inprogress', { note: 'Screen flickers again' });
    expect(reopened).toMatchObject({ salePaise: null, turnaroundMs: null });
    expect(await gateway({ ...reopened, owing: false }, delivered)).toBeNull();
    expect(await gateway({ ...reopened, owing: false, salePaise: 2000 }, delivered)).toMatch(/salePaise/);
  });
});

// ---- GST invoices (issue 18): firestore.rules and the domain every other backend runs ---------------

describe('GST invoices (firestore.rules isInvoiceHead, isGstOf, isInvoiceOf, isVoucherOf, isInvoiceStep)', () => {
  it('isInvoiceHead: the limits of INVOICES’ plain fields', () => {
    for (const field of [
      'number',
      'repairId',
      'placeOfSupply',
      'description',
      'amountInWords',
      'referenceNumber',
    ])
      expect(numberIn('isInvoiceHead', new RegExp(`d\\.${field}\\.size\\(\\) <= (\\d+)`)), field).toBe(
        textSpec(INVOICES, field).max,
      );
    expect(textSpec(INVOICES, 'number').max).toBe(MAX_INVOICE_NUMBER_LENGTH);
    expect(rulesFunction('isInvoiceHead')).toContain(
      `d.sac.matches('^${textSpec(INVOICES, 'sac').pattern}$')`,
    );
  });

  it('isGstOf, gstRateOf, isGstStore: the domain’s slabs, default rate, rounding and GSTIN shape', () => {
    const slabs = (name: string) =>
      (/in \[([0-9, ]+)\]/.exec(rulesFunction(name))?.[1] ?? '').split(',').map(Number);
    expect(slabs('isGstOf')).toEqual(GST_RATES_PERCENT);
    expect(slabs('gstRateOf')).toEqual(GST_RATES_PERCENT);
    expect(numberIn('gstRateOf', /: (\d+);/)).toBe(DEFAULT_GST_RATE_PERCENT);
    expect(rulesFunction('roundHalfUp')).toContain('math.floor((2 * a + b) / (2 * b))');
    // The rules' check run in JavaScript on the domain's figures: every slab, both pricings, both supplies.
    const roundHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));
    for (const ratePercent of GST_RATES_PERCENT)
      for (const taxInclusive of [true, false])
        for (const supply of ['intra-state', 'inter-state'] as const)
          for (const amountPaise of [0, 1, 99, 118_000, 123_457, 99_999_999]) {
            const g = computeGst({ amountPaise, ratePercent, taxInclusive, supply });
            const tax = g.totalPaise - g.taxablePaise;
            expect(
              taxInclusive
                ? g.taxablePaise === roundHalfUp(g.totalPaise * 100, 100 + ratePercent)
                : g.totalPaise === g.taxablePaise + roundHalfUp(g.taxablePaise * ratePercent, 100),
            ).toBe(true);
            if (supply === 'intra-state') {
              expect(g.igstPaise + g.cgstPaise + g.sgstPaise).toBe(tax);
              expect([0, 1]).toContain(g.cgstPaise - g.sgstPaise);
            } else expect([g.cgstPaise, g.sgstPaise, g.igstPaise]).toEqual([0, 0, tax]);
          }
    const shape = /matches\('\^([^']+)\$'\)/.exec(rulesFunction('isGstStore'))?.[1] ?? '';
    for (const gstin of [
      '27AAPFU0939F1ZV',
      '27AAPFU0939F1Z',
      '27aapfu0939f1zv',
      '2XAAPFU0939F1ZV',
      '27AAPFU0939F0ZV',
      '',
    ])
      expect(new RegExp(`^${shape}$`).test(gstin), gstin).toBe(hasGstinShape(gstin));
  });

  it('isInvoiceStep: serial 1 first, one step, the server’s financial year in IST, the number as formatted', () => {
    const step = rulesFunction('isInvoiceStepOf');
    expect(step).toContain('d.lastSerial == 1');
    expect(step).toContain('d.lastSerial == before.lastSerial + 1');
    expect(rulesFunction('financialYearNow')).toContain("request.time + duration.value(330, 'm')");
    expect(rulesFunction('financialYearAt')).toContain('ist.month() >= 4 ? ist.year() : ist.year() - 1');
    // 330 minutes and April: the domain's year changes at 1 April 00:00 IST, 31 March 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe(2026);
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe(2027);
    // invoiceNumberOf, run in JavaScript as the rules write it, against formatInvoiceNumber.
    const marks = rulesFunction('invoiceNumberOf');
    for (const series of INVOICE_SERIES) {
      if (SERIES_MARKS[series] !== '')
        expect(marks).toContain(`series == '${series}' ? '${SERIES_MARKS[series]}'`);
    }
    const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
    const rulesNumber = (prefix: string, fy: number, serial: number, mark: string) => {
      const digits = String(serial);
      const pad = mark.length + digits.length < 4 ? '000'.slice(0, 4 - mark.length - digits.length) : '';
      return `${prefix}/${two(fy % 100)}-${two((fy + 1) % 100)}/${mark}${pad}${digits}`;
    };
    for (const series of INVOICE_SERIES)
      for (const [prefix, fy, serial] of [
        ['SMC', 2026, 1],
        ['SHARM', 2099, 42],
        ['AB', 2030, 9999],
        ['X', 2009, 123],
      ] as const)
        expect(rulesNumber(prefix, fy, serial, SERIES_MARKS[series])).toBe(
          formatInvoiceNumber(prefix, fy, serial, series),
        );
    expect(rulesFunction('serialText')).toContain("'000'[0:4 - mark.size() - digits.size()]");
  });
});
