import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRules } from '../../scripts/firebase-emulator-rest';
import { INVITATIONS, STORE_MEMBERS } from '../../src/domain/stored/documents';
import { type DocumentSchema, fieldsOf, oversizeValue, wrongTypeValue } from '../../src/domain/stored/schema';
import { emulatorEndpoints } from '../firebase/firebase-harness';

/**
 * Issue 15, finding 6 ("staff lookup by e-mail is an account directory"), tried against firestore.rules
 * on the Firestore emulator with the ID tokens an attacker could hold: an account of their own, with
 * its e-mail verified or not. Staff join only by invitation (docs/decisions/
 * 0008-staff-join-by-invitation.md); nothing answers a uid for an e-mail. Its own project, so that it
 * runs beside firebase.security.test.ts without clearing its data.
 */
const PROJECT = 'demo-repairmate-invitations';
let env: RulesTestEnvironment;

const OWNER = 'uid-owner';
const RIVAL = 'uid-rival';
const ASHA = 'uid-asha';
const ADMIN = 'uid-admin';
const MALLORY = 'uid-mallory';
const ASHA_INVITE = 'store-1_asha@attack.test';

/** Each account's ID token: its e-mail, verified unless said otherwise. */
const TOKENS: Record<string, { email: string; verified: boolean }> = {
  [OWNER]: { email: 'rahul@attack.test', verified: true },
  [RIVAL]: { email: 'meera@attack.test', verified: true },
  [ASHA]: { email: 'asha@attack.test', verified: true },
  [ADMIN]: { email: 'admin@attack.test', verified: true },
  [MALLORY]: { email: 'mallory@attack.test', verified: true },
  /** Mallory again, having signed up with Asha's address, which she cannot verify. */
  'uid-squatter': { email: 'asha@attack.test', verified: false },
};

function as(uid: string | null): Firestore {
  if (uid === null) return env.unauthenticatedContext().firestore() as unknown as Firestore;
  const token = TOKENS[uid];
  return env
    .authenticatedContext(uid, token ? { email: token.email, email_verified: token.verified } : {})
    .firestore() as unknown as Firestore;
}

const invitation = (email: string, overrides: Record<string, unknown> = {}) => ({
  storeId: 'store-1',
  storeName: 'Sharma Mobile Care',
  email,
  invitedBy: OWNER,
  invitedAt: serverTimestamp(),
  ...overrides,
});

const membership = (uid: string, email: string, name: string, overrides: Record<string, unknown> = {}) => ({
  storeId: 'store-1',
  uid,
  role: 'staff',
  email,
  name,
  addedAt: serverTimestamp(),
  addedBy: OWNER,
  ...overrides,
});

/** An accept as the adapter commits it: the membership and the invitation's delete together. */
function accept(db: Firestore, uid: string, record: Record<string, unknown>, inviteId: string) {
  const batch = writeBatch(db);
  batch.set(doc(db, 'storeMembers', `store-1_${uid}`), record);
  batch.delete(doc(db, 'invitations', inviteId));
  return batch.commit();
}

async function stored(path: string): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore() as unknown as Firestore, path))).data();
  });
  return data;
}

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: { host, port: firestorePort, rules: readRules() },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    batch.set(doc(db, 'users', OWNER), { email: 'rahul@attack.test', name: 'Rahul', storeIds: ['store-1'] });
    batch.set(doc(db, 'users', RIVAL), { email: 'meera@attack.test', name: 'Meera', storeIds: ['store-2'] });
    batch.set(doc(db, 'users', ASHA), { email: 'asha@attack.test', role: 'user', name: 'Asha' });
    batch.set(doc(db, 'users', ADMIN), { email: 'admin@attack.test', role: 'sa', name: 'Ada' });
    batch.set(doc(db, 'users', MALLORY), { email: 'mallory@attack.test', role: 'user', name: 'Mallory' });
    batch.set(doc(db, 'users', 'uid-squatter'), { email: 'asha@attack.test', role: 'user', name: 'Asha' });
    batch.set(doc(db, 'stores', 'store-1'), { ownerId: OWNER, name: 'Sharma Mobile Care' });
    batch.set(doc(db, 'stores', 'store-2'), { ownerId: RIVAL, name: 'Iyer Electronics' });
    batch.set(doc(db, 'repairs', 'r1'), { repairId: 'RPR-1001', storeId: 'store-1', businessId: OWNER });
    batch.set(doc(db, 'repairs', 'r1', 'shop', 'private'), { unlockCode: '1234', storeId: 'store-1' });
    // What the retired e-mail index still held before the backfill deletes it.
    batch.set(doc(db, 'emailIndex', 'e-asha@attack.test'), {
      uid: ASHA,
      email: 'asha@attack.test',
      name: 'Asha',
    });
    // Rahul invited Asha.
    batch.set(
      doc(db, 'invitations', ASHA_INVITE),
      invitation('asha@attack.test', { invitedAt: Timestamp.now() }),
    );
    await batch.commit();
  });
});

describe('issue 15, finding 6: staff join by invitation, and no account directory', () => {
  it('attack 15.6.1: nobody looks up a uid by e-mail: the index, the users, staff and invitations answer nothing', async () => {
    for (const uid of [OWNER, RIVAL, MALLORY, ADMIN, null]) {
      const db = as(uid);
      await assertFails(getDoc(doc(db, 'emailIndex', 'e-asha@attack.test')));
      await assertFails(getDocs(collection(db, 'emailIndex')));
      // The super admin lists users by design (the spec's admin screens); nobody else does.
      if (uid !== ADMIN)
        await assertFails(getDocs(query(collection(db, 'users'), where('email', '==', 'asha@attack.test'))));
    }
    // A store owner's own staff and invitations hold e-mails, never another store's or an unknown uid.
    await assertFails(
      getDocs(query(collection(as(RIVAL), 'storeMembers'), where('email', '==', 'asha@attack.test'))),
    );
    await assertFails(
      getDocs(query(collection(as(RIVAL), 'invitations'), where('email', '==', 'asha@attack.test'))),
    );
    // Whom a store invited is not probed either: a get of a missing invitation under another address.
    await assertFails(getDoc(doc(as(MALLORY), 'invitations', 'store-2_asha@attack.test')));
    await assertFails(getDoc(doc(as(MALLORY), 'invitations', ASHA_INVITE)));
  });

  it('attack 15.6.2: an owner cannot add a uid without its consent, invited or not', async () => {
    const owner = as(OWNER);
    await assertFails(
      setDoc(doc(owner, 'storeMembers', `store-1_${ASHA}`), membership(ASHA, 'asha@attack.test', 'Asha')),
    );
    // Not even in the commit that deletes the invitation (the owner may delete it, as a cancel).
    await assertFails(accept(owner, ASHA, membership(ASHA, 'asha@attack.test', 'Asha'), ASHA_INVITE));
    // Staff never add staff; another owner never adds to this store.
    await assertFails(
      setDoc(
        doc(as(RIVAL), 'storeMembers', `store-1_${MALLORY}`),
        membership(MALLORY, 'mallory@attack.test', 'Mallory'),
      ),
    );
    expect(await stored(`storeMembers/store-1_${ASHA}`)).toBeUndefined();
    await assertFails(getDoc(doc(as(ASHA), 'repairs', 'r1', 'shop', 'private')));
  });

  it('attack 15.6.3: an account whose address is not verified cannot read or accept the invitation to it', async () => {
    const squatter = as('uid-squatter');
    await assertFails(getDoc(doc(squatter, 'invitations', ASHA_INVITE)));
    await assertFails(
      getDocs(query(collection(squatter, 'invitations'), where('email', '==', 'asha@attack.test'))),
    );
    await assertFails(
      accept(squatter, 'uid-squatter', membership('uid-squatter', 'asha@attack.test', 'Asha'), ASHA_INVITE),
    );
    await assertFails(deleteDoc(doc(squatter, 'invitations', ASHA_INVITE)));
    expect(await stored(`invitations/${ASHA_INVITE}`)).toBeDefined();
  });

  it("attack 15.6.4: another address's invitation is neither accepted, declined nor redirected", async () => {
    const mallory = as(MALLORY);
    // With Asha's address on the record, or her own: there is no invitation to Mallory's address.
    await assertFails(
      accept(mallory, MALLORY, membership(MALLORY, 'asha@attack.test', 'Mallory'), ASHA_INVITE),
    );
    await assertFails(
      accept(mallory, MALLORY, membership(MALLORY, 'mallory@attack.test', 'Mallory'), ASHA_INVITE),
    );
    await assertFails(
      accept(
        mallory,
        MALLORY,
        membership(MALLORY, 'mallory@attack.test', 'Mallory'),
        'store-1_mallory@attack.test',
      ),
    );
    await assertFails(deleteDoc(doc(mallory, 'invitations', ASHA_INVITE)));
    await assertFails(updateDoc(doc(mallory, 'invitations', ASHA_INVITE), { email: 'mallory@attack.test' }));
    // Asha's own accept may not name someone else, nor a name that is not her profile's.
    await assertFails(
      accept(as(ASHA), MALLORY, membership(MALLORY, 'asha@attack.test', 'Asha'), ASHA_INVITE),
    );
    await assertFails(
      accept(as(ASHA), ASHA, membership(ASHA, 'asha@attack.test', 'Rahul Sharma'), ASHA_INVITE),
    );
    await assertFails(
      accept(as(ASHA), ASHA, membership(ASHA, 'asha@attack.test', 'Asha', { addedBy: MALLORY }), ASHA_INVITE),
    );
    expect(await stored(`invitations/${ASHA_INVITE}`)).toBeDefined();
    expect(await stored(`storeMembers/store-1_${MALLORY}`)).toBeUndefined();
  });

  it('attack 15.6.5: customers and admins are not indexed: no account writes an entry for itself or another', async () => {
    for (const [uid, email] of [
      [ASHA, 'asha@attack.test'],
      [ADMIN, 'admin@attack.test'],
      [MALLORY, 'mallory@attack.test'],
    ] as const) {
      await assertFails(setDoc(doc(as(uid), 'emailIndex', `e-${email}`), { uid, email, name: 'x' }));
    }
    // Pre-claiming an address: an entry for Asha's address naming Mallory's uid.
    await assertFails(
      setDoc(doc(as('uid-squatter'), 'emailIndex', 'e-asha@attack.test'), {
        uid: 'uid-squatter',
        email: 'asha@attack.test',
        name: 'Asha',
      }),
    );
  });

  it('attack 15.6.6: invitations are written only by the owner, as it is, with the server’s time, never edited', async () => {
    await assertFails(
      setDoc(
        doc(as(RIVAL), 'invitations', 'store-1_mallory@attack.test'),
        invitation('mallory@attack.test', { invitedBy: RIVAL }),
      ),
    );
    await assertFails(
      setDoc(
        doc(as(MALLORY), 'invitations', 'store-1_mallory@attack.test'),
        invitation('mallory@attack.test', { invitedBy: MALLORY }),
      ),
    );
    const owner = as(OWNER);
    await assertFails(
      setDoc(
        doc(owner, 'invitations', 'store-1_x@attack.test'),
        invitation('x@attack.test', { invitedBy: RIVAL }),
      ),
    );
    await assertFails(
      setDoc(
        doc(owner, 'invitations', 'store-1_x@attack.test'),
        invitation('x@attack.test', { invitedAt: Timestamp.fromMillis(0) }),
      ),
    );
    await assertFails(
      setDoc(doc(owner, 'invitations', 'store-1_x@attack.test'), invitation('x@attack.test', { uid: ASHA })),
    );
    await assertFails(
      setDoc(
        doc(owner, 'invitations', 'store-2_x@attack.test'),
        invitation('x@attack.test', { storeId: 'store-2' }),
      ),
    );
    await assertFails(updateDoc(doc(owner, 'invitations', ASHA_INVITE), { email: 'mallory@attack.test' }));
  });

  it('allowed: the owner invites, the verified invitee reads and accepts in one commit, leaves; the owner cancels and removes', async () => {
    const owner = as(OWNER);
    await assertSucceeds(
      setDoc(doc(owner, 'invitations', 'store-1_mallory@attack.test'), invitation('mallory@attack.test')),
    );
    await assertSucceeds(getDocs(query(collection(owner, 'invitations'), where('storeId', '==', 'store-1'))));
    const asha = as(ASHA);
    await assertSucceeds(
      getDocs(query(collection(asha, 'invitations'), where('email', '==', 'asha@attack.test'))),
    );
    await assertSucceeds(getDoc(doc(asha, 'invitations', ASHA_INVITE)));
    // A get of a missing invitation under her own address answers "none".
    await assertSucceeds(getDoc(doc(asha, 'invitations', 'store-2_asha@attack.test')));
    await assertSucceeds(accept(asha, ASHA, membership(ASHA, 'asha@attack.test', 'Asha'), ASHA_INVITE));
    expect(await stored(`invitations/${ASHA_INVITE}`)).toBeUndefined();
    await assertSucceeds(getDoc(doc(asha, 'repairs', 'r1', 'shop', 'private')));
    await assertSucceeds(deleteDoc(doc(asha, 'storeMembers', `store-1_${ASHA}`)));
    await assertFails(getDoc(doc(asha, 'repairs', 'r1', 'shop', 'private')));
    // Mallory declines hers; the owner cancels one and removes a member.
    await assertSucceeds(deleteDoc(doc(as(MALLORY), 'invitations', 'store-1_mallory@attack.test')));
    await assertSucceeds(setDoc(doc(owner, 'invitations', ASHA_INVITE), invitation('asha@attack.test')));
    await assertSucceeds(deleteDoc(doc(owner, 'invitations', ASHA_INVITE)));
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await setDoc(
        doc(db, 'storeMembers', `store-1_${MALLORY}`),
        membership(MALLORY, 'mallory@attack.test', 'Mallory', { addedAt: Timestamp.now() }),
      );
    });
    await assertSucceeds(deleteDoc(doc(owner, 'storeMembers', `store-1_${MALLORY}`)));
  });
});

/**
 * The schema walk (issue 15, "Tests") on the two documents of staff joining, against the rules: from a
 * write the rules allow, every field with a wrong type, every sized field one over its limit, and an
 * unknown extra field; each must be refused, and the starting write itself allowed.
 */
describe('issue 15: the schema walk on invitations and storeMembers (firestore.rules)', () => {
  const walk = (schema: DocumentSchema, base: Record<string, unknown>) => {
    const cases: { what: string; doc: Record<string, unknown> }[] = [
      { what: 'an extra field', doc: { ...base, zzExtra: 'x' } },
    ];
    for (const { path, spec } of fieldsOf(schema)) {
      const field = path.join('.');
      cases.push({ what: `${field}: wrong type`, doc: { ...base, [field]: wrongTypeValue(spec) } });
      const oversize = oversizeValue(spec);
      if (oversize !== null) cases.push({ what: `${field}: oversize`, doc: { ...base, [field]: oversize } });
    }
    return cases;
  };

  it('attack 15.schema.invitations: every field of an invitation, wrong type, oversize and an extra field, is refused', async () => {
    const base = invitation('walker@attack.test');
    const cases = walk(INVITATIONS, base);
    expect(cases.length).toBeGreaterThan(fieldsOf(INVITATIONS).length);
    for (const { what, doc: data } of cases) {
      const email = typeof data.email === 'string' ? data.email : 'walker@attack.test';
      const outcome = await setDoc(doc(as(OWNER), 'invitations', `store-1_${email}`), data).then(
        () => 'allowed',
        () => 'refused',
      );
      expect(outcome, what).toBe('refused');
    }
    await assertSucceeds(setDoc(doc(as(OWNER), 'invitations', 'store-1_walker@attack.test'), base));
  });

  it('attack 15.schema.storeMembers: every field of a membership, wrong type, oversize and an extra field, is refused', async () => {
    const base = membership(ASHA, 'asha@attack.test', 'Asha');
    const cases = walk(STORE_MEMBERS, base);
    expect(cases.length).toBeGreaterThan(fieldsOf(STORE_MEMBERS).length);
    for (const { what, doc: data } of cases) {
      const outcome = await accept(as(ASHA), ASHA, data, ASHA_INVITE).then(
        () => 'allowed',
        () => 'refused',
      );
      expect(outcome, what).toBe('refused');
    }
    expect(await stored(`invitations/${ASHA_INVITE}`)).toBeDefined();
    await assertSucceeds(accept(as(ASHA), ASHA, base, ASHA_INVITE));
  });
});
