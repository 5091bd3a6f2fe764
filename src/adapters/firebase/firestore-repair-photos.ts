import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import {
  arrayRemove,
  arrayUnion,
  doc,
  type Firestore,
  getDoc,
  runTransaction,
  serverTimestamp,
  Timestamp,
} from 'firebase/firestore';
import { getStorage } from 'firebase/storage';
import { historyEntry } from '../../domain/shop/history';
import { SHOP_MESSAGES } from '../../domain/shop/messages';
import { MAX_PHOTOS } from '../../domain/shop/photos';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import { isFinalStatus, statusLabel } from '../../domain/shop/status-values';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import { firestoreCall } from './firebase-errors';
import { FirebaseStoragePhotoStore, type RepairImageList } from './firebase-storage-photos';
import { COLLECTIONS, fromFirestore, plainData } from './firestore-data';

/** storeMembers/{storeId}_{uid}: staff of a store (the owner adds them). */
const STORE_MEMBERS = 'storeMembers';

const urlsOf = (raw: Readonly<Record<string, unknown>>): string[] =>
  Array.isArray(raw.imageUrls) ? raw.imageUrls.filter((url): url is string => typeof url === 'string') : [];

/**
 * The repair's side of a photo on Firestore: membership as the rules decide it (stores/{id}.ownerId,
 * or storeMembers/{storeId}_{uid}), then one transaction on repairs/{id}: imageUrls with arrayUnion /
 * arrayRemove, updatedAt, and one 'photo' entry appended to the history by the writer (the
 * append-only rule on every write of a repair).
 */
export class FirestoreRepairImageList implements RepairImageList {
  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
    private readonly clock: Clock,
  ) {}

  private repairRef(id: string) {
    return doc(this.db, COLLECTIONS.repairs, id);
  }

  /** The signed-in member and the repair as stored; refusals as PortErrors. */
  private async member(repairDocId: string) {
    const uid = this.auth.currentUser?.uid;
    if (uid === undefined) throw new PortError('unauthenticated', 'Sign in first.');
    const raw = plainData(await getDoc(this.repairRef(repairDocId)));
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    const storeId = storeRefOf(parseShopRepair(repairDocId, fromFirestore(raw)));
    const store =
      storeId === '' ? undefined : plainData(await getDoc(doc(this.db, COLLECTIONS.stores, storeId)));
    const isOwner = store !== undefined && store.ownerId === uid;
    const isStaff =
      !isOwner &&
      store !== undefined &&
      plainData(await getDoc(doc(this.db, STORE_MEMBERS, `${storeId}_${uid}`))) !== undefined;
    if (!isOwner && !isStaff)
      throw new PortError('permission-denied', 'Only members of this store may do this.');
    const user = plainData(await getDoc(doc(this.db, COLLECTIONS.users, uid)));
    return { uid, name: typeof user?.name === 'string' ? user.name : '', storeId, raw };
  }

  target(repairDocId: string) {
    return firestoreCall(async () => {
      const { storeId, raw } = await this.member(repairDocId);
      return { storeId, imageUrls: urlsOf(raw) };
    });
  }

  add(repairDocId: string, url: string): Promise<void> {
    return this.write(repairDocId, url, 'add');
  }

  remove(repairDocId: string, url: string): Promise<void> {
    return this.write(repairDocId, url, 'remove');
  }

  private write(repairDocId: string, url: string, change: 'add' | 'remove'): Promise<void> {
    return firestoreCall(async () => {
      const { uid, name } = await this.member(repairDocId);
      await runTransaction(this.db, async (transaction) => {
        const snapshot = await transaction.get(this.repairRef(repairDocId));
        const raw = plainData(snapshot);
        if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
        const urls = urlsOf(raw);
        if (change === 'add' && urls.length >= MAX_PHOTOS)
          throw new PortError('failed-precondition', `A repair has at most ${MAX_PHOTOS} photos.`);
        if (change === 'remove' && !urls.includes(url))
          throw new PortError('not-found', 'This repair has no such photo.');
        const repair = parseShopRepair(repairDocId, fromFirestore(raw));
        // Delivered and cancelled repairs are fixed (firestore.rules refuse the write as well).
        if (isFinalStatus(repair.status))
          throw new PortError(
            'failed-precondition',
            SHOP_MESSAGES.repairFinalFixed(statusLabel(repair.status)),
          );
        const now = this.clock.now();
        const entry = historyEntry(
          'photo',
          repair.status,
          { uid, name },
          now,
          change === 'add' ? 'Photo added' : 'Photo removed',
        );
        transaction.update(this.repairRef(repairDocId), {
          imageUrls: change === 'add' ? arrayUnion(url) : arrayRemove(url),
          // The server's time (firestore.rules: updatedAt == request.time).
          updatedAt: serverTimestamp(),
          history: [
            ...(Array.isArray(raw.history) ? raw.history : []),
            { ...entry, at: Timestamp.fromDate(now) },
          ],
        });
      });
    });
  }
}

/**
 * The PhotoStore of a Firebase app: Storage in the app's bucket (its `storageBucket`, else the
 * project's default `{projectId}.firebasestorage.app`), the URLs on Firestore.
 */
export function firebasePhotoStore(
  app: FirebaseApp,
  db: Firestore,
  auth: Auth,
  clock: Clock,
  logger: Logger,
): FirebaseStoragePhotoStore {
  const bucket = app.options.storageBucket ?? `${app.options.projectId ?? ''}.firebasestorage.app`;
  const storage = getStorage(app, `gs://${bucket}`);
  // The SDK retries a failed upload for up to 10 minutes by default: at the counter, a minute (then the
  // photo waits on the repair page with 'Retry').
  storage.maxUploadRetryTime = 60_000;
  storage.maxOperationRetryTime = 30_000;
  return new FirebaseStoragePhotoStore(storage, new FirestoreRepairImageList(db, auth, clock), logger);
}
