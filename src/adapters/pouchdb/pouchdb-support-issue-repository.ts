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
import { requireSuperAdmin } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import {
  backoff,
  fieldsOf,
  guarded,
  MAX_WRITE_ATTEMPTS,
  type NewDoc,
  type PouchCollection,
  type StoredDoc,
} from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { randomId } from './pouchdb-password';
import type { UserDocs } from './pouchdb-user-docs';

/** The fields an edit may change; each carries the time of its last edit in `editedAt`. */
const EDITABLE = ['email', 'phone', 'issue', 'status'] as const;
type Editable = (typeof EDITABLE)[number];

function editedAtOf(doc: StoredDoc, field: Editable): number {
  const stamps = doc.editedAt;
  if (typeof stamps !== 'object' || stamps === null) return -1;
  const value = (stamps as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : -1;
}

/**
 * Merges conflicting revisions of a support issue (two admins editing offline, then syncing), field by
 * field: each editable field takes the value of the revision that edited it last (its editedAt stamp);
 * on a tie the revision PouchDB chose as winner keeps it, then the lower revision id. Deterministic, so
 * that every device merging the same revisions writes the same document.
 */
export function mergeSupportRevisions(winner: StoredDoc, losers: readonly StoredDoc[]): NewDoc {
  const ordered = [winner, ...[...losers].sort((a, b) => String(a._rev).localeCompare(String(b._rev)))];
  const merged: Record<string, unknown> = { ...fieldsOf(winner) };
  const stamps: Record<string, number> = {};
  for (const field of EDITABLE) {
    let source = winner;
    for (const candidate of ordered)
      if (editedAtOf(candidate, field) > editedAtOf(source, field)) source = candidate;
    if (source[field] !== undefined) merged[field] = source[field];
    const stamp = editedAtOf(source, field);
    if (stamp >= 0) stamps[field] = stamp;
  }
  if (Object.keys(stamps).length > 0) merged.editedAt = stamps;
  return { ...merged, _id: winner._id, ...(winner._rev ? { _rev: winner._rev } : {}) };
}

/**
 * The support collection. Security as in memory: anyone may create (always 'active'), only a super
 * admin lists or edits. Listing reads every issue, which is what the admin screen shows.
 */
export class PouchSupportIssueRepository implements SupportIssueRepository {
  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
    private readonly clock: Clock,
  ) {}

  private requireAdmin() {
    return requireSuperAdmin(this.session, (uid) => this.users.profile(uid));
  }

  create(issue: NewSupportIssue): Promise<SupportIssue> {
    return guarded(async () => {
      const now = this.clock.now();
      const id = `support-${now.getTime().toString(36)}-${randomId(10)}`;
      const record = {
        email: issue.email,
        phone: issue.phone,
        issue: issue.issue,
        status: NEW_SUPPORT_STATUS,
        createdAt: now.toISOString(),
      };
      if ((await this.dbs.support.put({ _id: id, ...record })) === null)
        throw new PortError('unavailable', 'The issue could not be saved; try again.');
      return parseSupportRecord(id, record);
    });
  }

  list(): Promise<SupportIssue[]> {
    return guarded(async () => {
      await this.requireAdmin();
      const rows = await this.dbs.support.allDocs({ include_docs: true, conflicts: true });
      const issues: SupportIssue[] = [];
      for (const row of rows) {
        const doc = row.doc;
        if (!doc || doc._id.startsWith('_')) continue;
        const settled = (doc._conflicts?.length ?? 0) > 0 ? await this.resolve(doc._id) : doc;
        if (settled !== null) issues.push(parseSupportRecord(settled._id, settled));
      }
      return issues.sort(byNewestFirst);
    });
  }

  update(id: string, patch: SupportIssuePatch): Promise<SupportIssue> {
    return guarded(async () => {
      await this.requireAdmin();
      const now = this.clock.now().getTime();
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
        const state = await this.current(id);
        if (state === null) throw new PortError('not-found', 'No such support issue.');
        const { merged, losers } = state;
        const stamps = { ...((merged.editedAt as Record<string, number> | undefined) ?? {}) };
        const next: NewDoc = { ...merged };
        for (const field of EDITABLE) {
          if (merged[field] === patch[field]) continue;
          (next as Record<string, unknown>)[field] = patch[field];
          stamps[field] = now;
        }
        const written = { ...next, editedAt: stamps };
        if (await this.write(written, losers)) return parseSupportRecord(id, written);
        await backoff(attempt);
      }
      throw new PortError('unavailable', 'This issue is being edited elsewhere; try again.');
    });
  }

  /** The issue with its conflicting revisions merged (not yet written), or null. */
  private async current(id: string): Promise<{ merged: NewDoc; losers: StoredDoc[] } | null> {
    if (id === '' || id.startsWith('_')) return null;
    const doc = await this.dbs.support.get(id, { conflicts: true });
    if (doc === null) return null;
    const losers = await losersOf(this.dbs.support, doc);
    return { merged: mergeSupportRevisions(doc, losers), losers };
  }

  /** Writes the merged document over the winner and deletes the losing revisions. */
  private async write(doc: NewDoc, losers: readonly StoredDoc[]): Promise<boolean> {
    if ((await this.dbs.support.put(doc)) === null) return false;
    for (const loser of losers) {
      if (loser._rev) await this.dbs.support.put({ _id: doc._id, _rev: loser._rev, _deleted: true });
    }
    return true;
  }

  /** Merges a conflicted issue now (on read, and when sync brings a conflict). */
  async resolve(id: string): Promise<StoredDoc | null> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const state = await this.current(id);
      if (state === null) return null;
      if (state.losers.length === 0) return state.merged as StoredDoc;
      if (await this.write(state.merged, state.losers)) return state.merged as StoredDoc;
      await backoff(attempt);
    }
    throw new PortError('unavailable', 'This issue is being edited elsewhere; try again.');
  }
}

export async function losersOf(collection: PouchCollection, doc: StoredDoc): Promise<StoredDoc[]> {
  const losers = await Promise.all((doc._conflicts ?? []).map((rev) => collection.get(doc._id, { rev })));
  return losers.filter((loser): loser is StoredDoc => loser !== null && loser._deleted !== true);
}
