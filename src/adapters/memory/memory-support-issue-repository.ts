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
import type { MemoryDatabase } from './memory-database';

export class MemorySupportIssueRepository implements SupportIssueRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {}

  async create(issue: NewSupportIssue): Promise<SupportIssue> {
    await this.db.roundTrip();
    const id = this.db.nextId('support-');
    const record = {
      email: issue.email,
      phone: issue.phone,
      issue: issue.issue,
      status: NEW_SUPPORT_STATUS,
      createdAt: this.clock.now(),
    };
    this.db.support.set(id, record);
    return parseSupportRecord(id, record);
  }

  async list(): Promise<SupportIssue[]> {
    await this.db.roundTrip();
    await this.db.requireSuperAdmin();
    return [...this.db.support.entries()]
      .map(([id, raw]) => parseSupportRecord(id, this.db.read(raw)))
      .sort(byNewestFirst);
  }

  async update(id: string, patch: SupportIssuePatch): Promise<SupportIssue> {
    await this.db.roundTrip();
    await this.db.requireSuperAdmin();
    const existing = this.db.support.get(id);
    if (existing === undefined) throw new PortError('not-found', 'No such support issue.');
    const record = {
      ...existing,
      email: patch.email,
      phone: patch.phone,
      issue: patch.issue,
      status: patch.status,
    };
    this.db.support.set(id, record);
    return parseSupportRecord(id, record);
  }
}
