import type { MailMessage, SmsMessage } from '../../demo/outbox';
import { parseUserRecord, type UserProfile } from '../../domain/users/user';
import { PortError } from '../../ports/errors';
import { requireSuperAdmin } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';

export type StoredRecord = Record<string, unknown>;

/** Changes a VersionedMap remembers by key; an index further behind rebuilds instead. */
const CHANGE_LOG_LIMIT = 10_000;

/**
 * A Map that counts its changes and remembers which keys the recent ones touched, so that indexes
 * built over it know when to update, and can update only what changed.
 */
export class VersionedMap<K, V> extends Map<K, V> {
  version = 0;
  /** The key changed by each version after `logStart`. */
  private log: K[] = [];
  private logStart = 0;
  override set(key: K, value: V): this {
    this.changed(key);
    return super.set(key, value);
  }
  override delete(key: K): boolean {
    this.changed(key);
    return super.delete(key);
  }
  override clear(): void {
    this.version += 1;
    this.log = [];
    this.logStart = this.version;
    super.clear();
  }
  /** The keys changed after `version` (repeats included), or null when that is no longer known. */
  changedSince(version: number): K[] | null {
    if (version < this.logStart || version > this.version) return null;
    return this.log.slice(version - this.logStart);
  }
  private changed(key: K): void {
    this.version += 1;
    this.log.push(key);
    if (this.log.length > CHANGE_LOG_LIMIT) {
      const dropped = this.log.length - CHANGE_LOG_LIMIT / 2;
      this.log = this.log.slice(dropped);
      this.logStart += dropped;
    }
  }
}

export interface MemoryAccount {
  readonly uid: string;
  email: string;
  password: string;
  /** The verified mobile number (E.164), set only by a confirmed phone code (or the seeder). */
  phoneNumber: string | null;
  /** Whether the e-mail is verified: seeded accounts are; a sign-up once a password reset proved it. */
  emailVerified: boolean;
}

export interface PhoneCode {
  readonly uid: string;
  readonly phoneNumber: string;
  readonly code: string;
  readonly sentAt: number;
  readonly expiresAt: number;
  attempts: number;
  used: boolean;
}

export interface ResetCode {
  readonly uid: string;
  readonly email: string;
  readonly expiresAt: number;
  used: boolean;
}

/**
 * The whole state of an in-memory backend: collections, accounts and the session, shared by its
 * adapters like one database server. Records are kept in their stored (raw) shape and parsed on read,
 * as the real backends do. Passwords are held as given: this backend only lives in test processes.
 */
export class MemoryDatabase implements LocalSession {
  readonly accounts = new Map<string, MemoryAccount>();
  readonly users = new VersionedMap<string, StoredRecord>();
  readonly stores = new VersionedMap<string, StoredRecord>();
  readonly repairs = new VersionedMap<string, StoredRecord>();
  /** The shop console: storeMembers/{storeId}_{uid} (staff of a store). */
  readonly storeMembers = new VersionedMap<string, StoredRecord>();
  /** The shop console: invitations/{storeId}_{email} (an owner's invitation to an e-mail address). */
  readonly invitations = new VersionedMap<string, StoredRecord>();
  /** The shop console: repairCounters/{storeId} (prefix, last number handed out). */
  readonly repairCounters = new Map<string, StoredRecord>();
  /** The shop console: the shop-only part of each repair (unlock code), by repair document id. */
  readonly repairPrivate = new Map<string, StoredRecord>();
  /** The shop console: payments of each repair, oldest first, by repair document id. */
  readonly payments = new VersionedMap<string, StoredRecord[]>();
  /** Invoices and vouchers: repairs/{repairDocId}/invoices/{id}, by repair document id, then id. */
  readonly invoices = new Map<string, Map<string, StoredRecord>>();
  /** invoiceCounters/{storeId}_{series}: each invoice series' counter. */
  readonly invoiceCounters = new Map<string, StoredRecord>();
  /** The shop console: tracking/{token} (repairDocId, storeId, revoked). */
  readonly trackingLinks = new Map<string, StoredRecord>();
  /** storeProfiles/{storeId}: what the tracking page shows of the shop (its owner writes it). */
  readonly storeProfiles = new Map<string, StoredRecord>();
  /** repairs/{id}/shop/delivery by repair document id: the delivery code, apart from the repair. */
  readonly repairDelivery = new Map<string, StoredRecord>();
  /** repairs/{id}/shop/tries by repair document id: the delivery code tries. */
  readonly deliveryTries = new Map<string, StoredRecord>();
  readonly support = new Map<string, StoredRecord>();
  readonly transactions = new Map<string, StoredRecord>();
  readonly resetCodes = new Map<string, ResetCode>();
  readonly publicProfiles = new Map<string, StoredRecord>();
  /** Pending phone codes by verification id. */
  readonly phoneCodes = new Map<string, PhoneCode>();
  readonly mailbox: MailMessage[] = [];
  readonly sms: SmsMessage[] = [];
  config: StoredRecord | null = null;
  session: MemoryAccount | null = null;
  /** Tests: every data call waits this long, to show busy states. */
  latencyMs = 0;
  /** Tests: while true, every data call fails as if the server were unreachable. */
  outage = false;
  /** Counts documents handed out by the repositories (for benchmarks). */
  documentsRead = 0;
  private sequence = 0;

  currentUid(): string | null {
    return this.session?.uid ?? null;
  }

  currentEmail(): string | null {
    return this.session?.email ?? null;
  }

  currentEmailVerified(): boolean {
    return this.session?.emailVerified === true;
  }

  currentPhone(): string | null {
    return this.session?.phoneNumber ?? null;
  }

  /** Parsed profiles by stored record: a record is replaced, never mutated, so its parse stays valid. */
  private readonly parsedProfiles = new WeakMap<StoredRecord, UserProfile>();

  /** The parsed users document of `uid`, or null. */
  profile(uid: string): UserProfile | null {
    const raw = this.users.get(uid);
    if (raw === undefined) return null;
    let profile = this.parsedProfiles.get(raw);
    if (profile === undefined || profile.uid !== uid) {
      profile = parseUserRecord(uid, raw);
      this.parsedProfiles.set(raw, profile);
    }
    return profile;
  }

  /** What every admin-only call checks first (the local twin of the Firestore rule). */
  async requireSuperAdmin(): Promise<UserProfile> {
    return requireSuperAdmin(this, async (uid) => this.profile(uid));
  }

  nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}${this.sequence.toString().padStart(6, '0')}`;
  }

  /** The round trip every data call makes: latency, then a failure during a simulated outage. */
  async roundTrip(): Promise<void> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    else await Promise.resolve();
    if (this.outage) throw new PortError('unavailable', 'The server cannot be reached.');
  }

  read<T>(record: T): T {
    this.documentsRead += 1;
    return record;
  }

  clear(): void {
    for (const map of [
      this.accounts,
      this.users,
      this.stores,
      this.repairs,
      this.storeMembers,
      this.invitations,
      this.repairCounters,
      this.repairPrivate,
      this.payments,
      this.invoices,
      this.invoiceCounters,
      this.trackingLinks,
      this.storeProfiles,
      this.repairDelivery,
      this.deliveryTries,
      this.support,
      this.transactions,
      this.resetCodes,
      this.publicProfiles,
      this.phoneCodes,
    ]) {
      map.clear();
    }
    this.mailbox.length = 0;
    this.sms.length = 0;
    this.config = null;
    this.session = null;
  }
}
