import type {
  SeedAccount,
  SeedData,
  Seeder,
  SeedPublicProfile,
  SeedRepairRecord,
  SeedShopData,
  SeedStoreRecord,
  SeedSupportRecord,
  SeedTransactionRecord,
  SeedUserRecord,
} from '../../../demo/seeder';
import { invitationKey } from '../../../domain/shop/membership';
import type { MemoryDatabase } from '../memory-database';
import { memberKey } from '../memory-shop-membership';

/** Privileged writes into a memory backend (bypassing its rules), for tests and demos. */
export class MemorySeeder implements Seeder {
  constructor(private readonly db: MemoryDatabase) {}

  async account(account: SeedAccount): Promise<string> {
    const uid = account.uid ?? this.db.nextId('uid-');
    this.db.accounts.set(uid, {
      uid,
      email: account.email,
      password: account.password,
      phoneNumber: account.phoneNumber ?? null,
      emailVerified: account.emailVerified ?? true,
    });
    return uid;
  }

  async user(uid: string, record: SeedUserRecord): Promise<void> {
    this.db.users.set(uid, { ...record });
  }

  async store(record: SeedStoreRecord): Promise<void> {
    const { id, ...data } = record;
    this.db.stores.set(id, data);
  }

  async repair(record: SeedRepairRecord): Promise<void> {
    const { id, ...data } = record;
    this.db.repairs.set(id, data);
  }

  async supportIssue(record: SeedSupportRecord): Promise<string> {
    const { id = this.db.nextId('support-'), ...data } = record;
    this.db.support.set(id, data);
    return id;
  }

  async rechargeTransaction(record: SeedTransactionRecord): Promise<string> {
    const { id = this.db.nextId('recharge-seed-'), ...data } = record;
    this.db.transactions.set(id, { ...data });
    return id;
  }

  async storeLinks(links: { android?: string; ios?: string }): Promise<void> {
    this.db.config = { ...links };
  }

  async publicProfile({ uid, ...fields }: SeedPublicProfile): Promise<void> {
    this.db.publicProfiles.set(uid, { ...fields });
  }

  async shop(data: SeedShopData): Promise<void> {
    for (const member of data.members)
      this.db.storeMembers.set(memberKey(member.storeId, member.uid), { ...member, role: 'staff' });
    for (const invitation of data.invitations ?? [])
      this.db.invitations.set(invitationKey(invitation.storeId, invitation.email), { ...invitation });
    for (const { token, repairDocId, storeId, revoked = false } of data.trackingLinks)
      this.db.trackingLinks.set(token, { repairDocId, storeId, revoked });
    const bySeq = [...data.payments].sort((a, b) => a.seq - b.seq);
    // Stored as the shop's writes store them (documents.ts PAYMENTS: with the repair's storeId).
    for (const { repairDocId, seq: _seq, ...payment } of bySeq)
      this.db.payments.set(repairDocId, [...(this.db.payments.get(repairDocId) ?? []), { ...payment }]);
    for (const { storeId, prefix, last, lastRepairDocId = '' } of data.counters)
      this.db.repairCounters.set(storeId, { prefix, last, lastRepairDocId });
    for (const { storeId, ...profile } of data.storeProfiles ?? [])
      this.db.storeProfiles.set(storeId, { ...profile, updatedAt: new Date() });
    for (const { repairDocId, unlockCode } of data.shopOnly)
      this.db.repairPrivate.set(repairDocId, { unlockCode });
  }

  async load(data: SeedData): Promise<void> {
    for (const account of data.accounts) await this.account(account);
    for (const { uid, record } of data.users) await this.user(uid, record);
    for (const store of data.stores) await this.store(store);
    for (const profile of data.publicProfiles) await this.publicProfile(profile);
    for (const repair of data.repairs) await this.repair(repair);
    for (const issue of data.supportIssues) await this.supportIssue(issue);
    for (const transaction of data.transactions) await this.rechargeTransaction(transaction);
    if (data.storeLinks !== null) await this.storeLinks(data.storeLinks);
    if (data.shop !== undefined) await this.shop(data.shop);
  }
}
