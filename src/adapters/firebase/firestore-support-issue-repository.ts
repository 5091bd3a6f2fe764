import { addDoc, collection, doc, type Firestore, runTransaction, serverTimestamp } from 'firebase/firestore';
import {
  byNewestFirst,
  NEW_SUPPORT_STATUS,
  type NewSupportIssue,
  parseSupportRecord,
  type SupportIssue,
  type SupportIssuePatch,
} from '../../domain/support/support-issue';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { SupportIssueRepository } from '../../ports/support-issue-repository';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, plainData } from './firestore-data';
import { getDocs, transactionGet } from './firestore-reads';

/**
 * support/{id} on Firestore. The public form creates issues (even signed out) with the server's time;
 * the rules let only a super admin read and edit them.
 */
export class FirestoreSupportIssueRepository implements SupportIssueRepository {
  constructor(
    private readonly db: Firestore,
    private readonly clock: Clock,
  ) {}

  private issues() {
    return collection(this.db, COLLECTIONS.support);
  }

  create(issue: NewSupportIssue): Promise<SupportIssue> {
    return firestoreCall(async () => {
      const ref = await addDoc(this.issues(), {
        email: issue.email,
        phone: issue.phone,
        issue: issue.issue,
        status: NEW_SUPPORT_STATUS,
        createdAt: serverTimestamp(),
      });
      // The author may not read the issue back; the server's time is within moments of ours.
      return parseSupportRecord(ref.id, {
        email: issue.email,
        phone: issue.phone,
        issue: issue.issue,
        status: NEW_SUPPORT_STATUS,
        createdAt: this.clock.now(),
      });
    });
  }

  /** Every issue (the admin's list has no paging in the spec), newest first, undated last. */
  list(): Promise<SupportIssue[]> {
    return firestoreCall(async () => {
      const snapshot = await getDocs(this.issues());
      return snapshot.docs
        .map((document) => parseSupportRecord(document.id, plainData(document)))
        .sort(byNewestFirst);
    });
  }

  update(id: string, patch: SupportIssuePatch): Promise<SupportIssue> {
    return firestoreCall(() =>
      runTransaction(this.db, async (transaction) => {
        const ref = doc(this.db, COLLECTIONS.support, id);
        const snapshot = await transactionGet(transaction, ref);
        const existing = plainData(snapshot);
        if (existing === undefined) throw new PortError('not-found', 'No such support issue.');
        const changes = { email: patch.email, phone: patch.phone, issue: patch.issue, status: patch.status };
        transaction.update(ref, changes);
        return parseSupportRecord(id, { ...existing, ...changes });
      }),
    );
  }
}
