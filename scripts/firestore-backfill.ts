import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { BUSINESS_FIELDS, businessKeyOf, storeIdsOf } from '../src/adapters/firebase/firestore-business';
import { COLLECTIONS, repairLookupKey } from '../src/adapters/firebase/firestore-data';
import { storeRefOf } from '../src/domain/shop/repair-store';
import { describeMigrationRun } from '../src/domain/stored/migrations';
import { type PublicProfile, publicProfileOf } from '../src/domain/users/public-profile';
import { parseUserRecord } from '../src/domain/users/user';
import { commitInBatches, readAll } from './firestore-admin';
import { ensureStorageConfig, migrateFirestore } from './firestore-migrations';

/**
 * The one-off migration that brings data the mobile apps wrote before the authorization rules up to
 * what the rules and the web expect (docs/security.md, "Deploying the rules"). Run it once with the
 * Admin SDK, before or right after deploying firestore.rules:
 *  - every repair gets its entry in the existence-only Repair ID index (repairLookup/{key}/refs/{id});
 *  - every business (the owner of a store) gets its public profile (name and number only), made from
 *    its users document as the tracker used to show it;
 *  - every store id a repair names but no store holds (a store deleted before the rules) gets a
 *    tombstone store, owned by the repair's business when businessId names an account, else by nobody,
 *    so that no one can create a store under that id and take those repairs over;
 *  - every store owner's users document lists its stores (storeIds, tombstones included) with its
 *    business key (firestore-business.ts), which the admin's business users query reads and the rules
 *    keep true from then on;
 *  - the retired e-mail index (emailIndex/{key}: uid, email, name, the account directory of issue 15,
 *    finding 6) is deleted, every entry of it: staff now join by invitation (docs/decisions/
 *    0008-staff-join-by-invitation.md) and the rules refuse every read and write of emailIndex.
 * It adds documents, sets those two fields and deletes the e-mail index, nothing else; run it again at
 * will (it skips what is there already).
 */

type Raw = Readonly<Record<string, unknown>>;

/** The retired e-mail index (uid by e-mail): its entries are deleted, and nothing writes it any more. */
const EMAIL_INDEX = 'emailIndex';

export interface BackfillInput {
  readonly users: ReadonlyMap<string, Raw>;
  readonly stores: ReadonlyMap<string, Raw>;
  readonly repairs: ReadonlyMap<string, Raw>;
  readonly publicProfiles: ReadonlySet<string>;
  /** Paths of the index entries that exist (repairLookup/{key}/refs/{id}). */
  readonly refs: ReadonlySet<string>;
  /** Ids of the e-mail index entries that exist (emailIndex/{key}); none when absent. */
  readonly emailIndex?: ReadonlySet<string>;
}

export interface BackfillPlan {
  readonly refs: readonly string[];
  readonly publicProfiles: readonly PublicProfile[];
  readonly tombstones: readonly { readonly id: string; readonly ownerId: string }[];
  /** Owners whose users document gets (or corrects) its store ids and business key. */
  readonly businesses: readonly {
    readonly uid: string;
    readonly storeIds: readonly string[];
    readonly businessKey: string;
  }[];
  /** Ids of the retired e-mail index's entries (emailIndex/{key}), each deleted. */
  readonly retiredEmailIndex: readonly string[];
}

const refPath = (repairId: string, docId: string) =>
  `${COLLECTIONS.repairLookup}/${repairLookupKey(repairId)}/refs/${docId}`;

/** What the migration writes, from what the database holds (pure, so that it can be checked offline). */
export function planBackfill(input: BackfillInput): BackfillPlan {
  const refs: string[] = [];
  const tombstones = new Map<string, string>();
  for (const [id, raw] of input.repairs) {
    if (typeof raw.repairId === 'string' && raw.repairId !== '') {
      const path = refPath(raw.repairId, id);
      if (!input.refs.has(path)) refs.push(path);
    }
    const ref = storeRefOf({
      storeId: typeof raw.storeId === 'string' ? raw.storeId : '',
      store: typeof raw.store === 'string' ? raw.store : '',
    });
    if (ref === '' || input.stores.has(ref) || tombstones.has(ref)) continue;
    const businessId = typeof raw.businessId === 'string' ? raw.businessId : '';
    tombstones.set(ref, input.users.has(businessId) ? businessId : '');
  }
  const owners = new Set<string>();
  const storesOf = new Map<string, string[]>();
  const own = (uid: string, storeId: string) => storesOf.set(uid, [...(storesOf.get(uid) ?? []), storeId]);
  for (const [id, raw] of input.stores)
    if (typeof raw.ownerId === 'string' && raw.ownerId !== '') {
      owners.add(raw.ownerId);
      own(raw.ownerId, id);
    }
  for (const [id, ownerId] of tombstones) if (ownerId !== '') own(ownerId, id);
  const publicProfiles = [...owners]
    .filter((uid) => !input.publicProfiles.has(uid) && input.users.has(uid))
    .map((uid) => publicProfileOf(parseUserRecord(uid, input.users.get(uid))))
    .filter((profile) => profile.businessName !== '' || profile.phone !== '');
  const businesses: BackfillPlan['businesses'][number][] = [];
  for (const [uid, ids] of storesOf) {
    const user = input.users.get(uid);
    if (user === undefined) continue;
    const storeIds = [...new Set([...storeIdsOf(user), ...ids])].sort();
    const businessKey = businessKeyOf(user);
    const listed = [...storeIdsOf(user)].sort();
    if (listed.join('\n') !== storeIds.join('\n') || user[BUSINESS_FIELDS.businessKey] !== businessKey)
      businesses.push({ uid, storeIds, businessKey });
  }
  return {
    refs,
    publicProfiles,
    tombstones: [...tombstones].map(([id, ownerId]) => ({ id, ownerId })),
    businesses,
    retiredEmailIndex: [...(input.emailIndex ?? [])].sort(),
  };
}

/** Reads what the migration needs, writes the plan in batches of 400, and returns it. */
export async function backfillFirestore(db: Firestore, { dryRun = false } = {}): Promise<BackfillPlan> {
  const [users, stores, repairs, profiles, refs, emails] = await Promise.all([
    readAll(db, COLLECTIONS.users),
    readAll(db, COLLECTIONS.stores),
    readAll(db, COLLECTIONS.repairs),
    readAll(db, COLLECTIONS.publicProfiles),
    db.collectionGroup('refs').get(),
    db.collection(EMAIL_INDEX).listDocuments(),
  ]);
  const plan = planBackfill({
    users,
    stores,
    repairs,
    publicProfiles: new Set(profiles.keys()),
    refs: new Set(refs.docs.map((ref) => ref.ref.path)),
    emailIndex: new Set(emails.map((entry) => entry.id)),
  });
  if (dryRun) return plan;
  const writes: [string, Raw][] = [
    ...plan.refs.map((path): [string, Raw] => [path, {}]),
    ...plan.publicProfiles.map(({ uid, ...fields }): [string, Raw] => [
      `${COLLECTIONS.publicProfiles}/${uid}`,
      fields,
    ]),
    ...plan.tombstones.map(({ id, ownerId }): [string, Raw] => [
      `${COLLECTIONS.stores}/${id}`,
      { ownerId, name: '', closed: true, tombstone: true },
    ]),
  ];
  // create(): never overwrite what someone wrote meanwhile.
  await commitInBatches(db, writes, (batch, [path, data]) => batch.create(db.doc(path), data));
  await commitInBatches(db, plan.retiredEmailIndex, (batch, key) =>
    batch.delete(db.doc(`${EMAIL_INDEX}/${key}`)),
  );
  // The owners' two fields, after the tombstones they list; an update never creates a users document.
  await commitInBatches(db, plan.businesses, (batch, { uid, storeIds, businessKey }) =>
    batch.update(db.doc(`${COLLECTIONS.users}/${uid}`), {
      [BUSINESS_FIELDS.storeIds]: storeIds,
      [BUSINESS_FIELDS.businessKey]: businessKey,
    }),
  );
  return plan;
}

/** `npm run backfill:firestore -- --project <id> [--dry-run]`, with Admin SDK credentials in the environment. */
export async function main(argv: readonly string[]): Promise<void> {
  const project = argv[argv.indexOf('--project') + 1];
  if (!argv.includes('--project') || !project) {
    console.error(
      'Usage: npm run backfill -- --project <firebase project id> [--bucket <storage bucket>] [--dry-run]',
    );
    console.error(
      'Credentials: GOOGLE_APPLICATION_CREDENTIALS (a service account), or FIRESTORE_EMULATOR_HOST.',
    );
    process.exitCode = 1;
    return;
  }
  const app = initializeApp({ projectId: project }, `backfill-${Date.now()}`);
  try {
    const plan = await backfillFirestore(getFirestore(app), { dryRun: argv.includes('--dry-run') });
    console.log(
      `${argv.includes('--dry-run') ? 'Would write' : 'Wrote'} ${plan.refs.length} Repair ID index entries, ${plan.publicProfiles.length} public profiles, ${plan.tombstones.length} tombstone stores, the store lists of ${plan.businesses.length} business users, and ${argv.includes('--dry-run') ? 'would delete' : 'deleted'} ${plan.retiredEmailIndex.length} entries of the retired e-mail index.`,
    );
    // Then the ordered migration steps of stored documents (src/domain/stored/migrations.ts).
    const run = await migrateFirestore(getFirestore(app), { dryRun: argv.includes('--dry-run') });
    for (const line of describeMigrationRun(run)) console.log(line);
    // The bucket repair photos' URLs must name (firestore.rules read config/storage).
    const bucketAt = argv.indexOf('--bucket');
    const bucket = bucketAt >= 0 ? (argv[bucketAt + 1] ?? '') : `${project}.firebasestorage.app`;
    const storage = await ensureStorageConfig(getFirestore(app), bucket, {
      dryRun: argv.includes('--dry-run'),
    });
    console.log(`config/storage: ${storage.written ? 'wrote' : 'holds'} bucket ${storage.bucket}`);
  } finally {
    await deleteApp(app);
  }
}
