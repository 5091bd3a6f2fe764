import type { AuthGateway, AuthUser, Unsubscribe } from '../../ports/auth-gateway';
import type { Clock } from '../../ports/clock';
import { AuthError } from '../../ports/errors';
import { AuthStateListeners } from '../local/auth-state';
import {
  authErrors,
  checkEmail,
  checkNewPassword,
  checkPhoneNumber,
  MAX_PHONE_CODE_ATTEMPTS,
  MAX_PHONE_CODES_PER_WINDOW,
  normaliseAccountEmail,
  PHONE_CODE_TTL_MS,
  RESET_CODE_TTL_MS,
  randomCode,
  randomPhoneCode,
} from '../local/local-auth';
import type { LocalSession } from '../local/local-session';
import { phoneCodeText, resetLink, resetMail } from '../shared/demo-messages';
import { backoff, MAX_WRITE_ATTEMPTS, type StoredDoc } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import {
  hashPassword,
  needsRehash,
  randomId,
  sha256Hex,
  verifyPassword,
  wasteVerification,
} from './pouchdb-password';

/** Account documents are keyed by the normalised e-mail, so that the database itself keeps it unique. */
export const accountDocId = (email: string) => `account:${normaliseAccountEmail(email)}`;
/** Reset codes are stored by their SHA-256 digest; the code itself exists only in the e-mail. */
const resetDocId = async (code: string) => `reset:${await sha256Hex(code)}`;
/** Phone verifications, by the digest of their id; the code itself only by its digest too. */
const phoneVerificationDocId = async (id: string) => `phone-verification:${await sha256Hex(id)}`;
/** One document per verified number, naming its account: a number is verified on one account at most. */
export const phoneClaimDocId = (phoneNumber: string) => `phone:${phoneNumber}`;
const SESSION_DOC = 'session';

interface Account {
  readonly uid: string;
  readonly email: string;
  readonly phoneNumber: string | null;
  /** Seeded accounts are verified; a sign-up once a password reset's link proved its mailbox. */
  readonly emailVerified: boolean;
}

function accountOf(doc: StoredDoc | null): Account | null {
  if (doc === null || typeof doc.uid !== 'string' || typeof doc.email !== 'string') return null;
  const phone = doc.phoneNumber;
  return {
    uid: doc.uid,
    email: doc.email,
    phoneNumber: typeof phone === 'string' && phone !== '' ? phone : null,
    // An account document written by the seeder before the field existed (no createdAt: sign-ups set
    // it) is a demo account, and demo accounts are verified; an older sign-up is not.
    emailVerified:
      doc.emailVerified === true || (doc.emailVerified === undefined && doc.createdAt === undefined),
  };
}

/** The account as the AuthGateway port shows it. */
const userOf = (account: Account): AuthUser => ({
  uid: account.uid,
  email: account.email,
  phoneNumber: account.phoneNumber,
});

/** Bumped when the password changes: reset codes sent before then are spent with it. */
const credentialsVersionOf = (doc: StoredDoc): number =>
  typeof doc.credentialsVersion === 'number' ? doc.credentialsVersion : 0;

let outboxSequence = 0;
/** Outbox ids (`mail-…`, `sms-…`) sort by the time sent, then by the order sent within a millisecond. */
export function outboxId(kind: 'mail' | 'sms', sentAt: Date): string {
  outboxSequence += 1;
  return `${kind}-${String(sentAt.getTime()).padStart(15, '0')}-${String(outboxSequence).padStart(9, '0')}-${randomId(6)}`;
}

/**
 * Local authentication on PouchDB, for the offline demo: accounts with salted PBKDF2 hashes, a session
 * that survives a reload (a `_local/` document, which never replicates), Firebase's error codes, and
 * password-reset e-mails delivered to the demo mailbox. Also the LocalSession the repositories'
 * security rules consult.
 */
export class PouchAuthGateway implements AuthGateway, LocalSession {
  private readonly listeners = new AuthStateListeners(() => this.currentUser());
  private session: Account | null = null;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly clock: Clock,
    private readonly iterations: number,
    private readonly productName = 'RepairMate',
  ) {}

  /** Restores the session saved by an earlier page load, if its account still exists. */
  async restore(): Promise<void> {
    const saved = accountOf(await this.dbs.accounts.getLocal(SESSION_DOC));
    if (saved === null) return;
    const account = accountOf(await this.dbs.accounts.get(accountDocId(saved.email)));
    if (account !== null && account.uid === saved.uid) this.session = account;
    else await this.dbs.accounts.setLocal(SESSION_DOC, null);
  }

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

  currentUser(): AuthUser | null {
    return this.session ? userOf(this.session) : null;
  }

  onAuthStateChanged(listener: (user: AuthUser | null) => void): Unsubscribe {
    return this.listeners.subscribe(listener);
  }

  private setSession(account: Account | null): void {
    this.session = account;
    this.listeners.notify();
  }

  private async saveSession(account: Account | null): Promise<void> {
    await this.dbs.accounts.setLocal(
      SESSION_DOC,
      account === null ? null : { uid: account.uid, email: account.email },
    );
    this.setSession(account);
  }

  private async guard<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof AuthError) throw error;
      throw new AuthError('unknown', 'The local account store could not be read or written.', [], {
        cause: error,
      });
    }
  }

  signIn(email: string, password: string): Promise<AuthUser> {
    return this.guard(async () => {
      checkEmail(email);
      if (password === '') throw authErrors.missingPassword();
      const doc = await this.dbs.accounts.get(accountDocId(email));
      const account = accountOf(doc);
      if (account === null || doc === null) {
        await wasteVerification(password, this.iterations);
        throw authErrors.invalidCredential();
      }
      if (!(await verifyPassword(password, doc.password))) throw authErrors.invalidCredential();
      await this.saveSession(account);
      if (needsRehash(doc.password, this.iterations)) await this.upgradeHash(doc, password);
      return userOf(account);
    });
  }

  /** Re-hashes with the configured iteration count; best effort (a lost race keeps the old hash). */
  private async upgradeHash(doc: StoredDoc, password: string): Promise<void> {
    await this.dbs.accounts.put({ ...doc, password: await hashPassword(password, this.iterations) });
  }

  signUp(email: string, password: string): Promise<AuthUser> {
    return this.guard(async () => {
      checkEmail(email);
      checkNewPassword(password);
      const account: Account = {
        uid: randomId(),
        email: email.trim(),
        phoneNumber: null,
        emailVerified: false,
      };
      const rev = await this.dbs.accounts.put({
        _id: accountDocId(email),
        uid: account.uid,
        email: account.email,
        emailVerified: false,
        password: await hashPassword(password, this.iterations),
        createdAt: this.clock.now().toISOString(),
      });
      if (rev === null) throw authErrors.emailInUse();
      await this.saveSession(account);
      return userOf(account);
    });
  }

  deleteCurrentUser(): Promise<void> {
    return this.guard(async () => {
      const account = this.session;
      if (!account) throw authErrors.requiresLogin();
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
        const doc = await this.dbs.accounts.get(accountDocId(account.email));
        if (doc === null || doc._rev === undefined || accountOf(doc)?.uid !== account.uid) break;
        if ((await this.dbs.accounts.put({ _id: doc._id, _rev: doc._rev, _deleted: true })) !== null) break;
        await backoff(attempt);
      }
      await this.saveSession(null);
    });
  }

  signOut(): Promise<void> {
    return this.guard(() => this.saveSession(null));
  }

  sendPasswordResetEmail(email: string, continueUrl: string): Promise<void> {
    return this.guard(async () => {
      checkEmail(email);
      const account = accountOf(await this.dbs.accounts.get(accountDocId(email)));
      if (account === null) return; // no hint whether the address has an account
      const doc = await this.dbs.accounts.get(accountDocId(email));
      const code = randomCode();
      const sentAt = this.clock.now();
      await this.dbs.accounts.put({
        _id: await resetDocId(code),
        uid: account.uid,
        email: account.email,
        expiresAt: sentAt.getTime() + RESET_CODE_TTL_MS,
        credentialsVersion: doc === null ? 0 : credentialsVersionOf(doc),
        used: false,
      });
      await this.dbs.mail.put({
        _id: outboxId('mail', sentAt),
        sentAt: sentAt.toISOString(),
        ...resetMail(account.email, resetLink(continueUrl, code), this.productName),
      });
    });
  }

  /** The stored reset entry of a code that can still be used; throws Firebase's errors otherwise. */
  private async usableCode(code: string): Promise<StoredDoc & { uid: string; email: string }> {
    const entry = await this.dbs.accounts.get(await resetDocId(code));
    if (entry === null || entry.used !== false) throw authErrors.invalidCode();
    const { uid, email, expiresAt } = entry;
    if (typeof uid !== 'string' || typeof email !== 'string' || typeof expiresAt !== 'number')
      throw authErrors.invalidCode();
    const accountDoc = await this.dbs.accounts.get(accountDocId(email));
    if (accountDoc === null || accountOf(accountDoc)?.uid !== uid) throw authErrors.invalidCode();
    // A code sent before the password last changed was spent by that change.
    const version = typeof entry.credentialsVersion === 'number' ? entry.credentialsVersion : 0;
    if (version !== credentialsVersionOf(accountDoc)) throw authErrors.invalidCode();
    if (this.clock.now().getTime() >= expiresAt) throw authErrors.expiredCode();
    return { ...entry, uid, email };
  }

  verifyPasswordResetCode(code: string): Promise<string> {
    return this.guard(async () => (await this.usableCode(code)).email);
  }

  confirmPasswordReset(code: string, newPassword: string): Promise<void> {
    return this.guard(async () => {
      const entry = await this.usableCode(code);
      checkNewPassword(newPassword);
      // Spend the code first: of two concurrent uses, only the one whose write wins goes on.
      if ((await this.dbs.accounts.put({ ...entry, used: true })) === null) throw authErrors.invalidCode();
      const password = await hashPassword(newPassword, this.iterations);
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
        const doc = await this.dbs.accounts.get(accountDocId(entry.email));
        if (accountOf(doc)?.uid !== entry.uid || doc === null) throw authErrors.invalidCode();
        const credentialsVersion = credentialsVersionOf(doc) + 1;
        // The reset link reached the account's mailbox: its address is proved (Firebase does the same).
        const proved = { ...doc, password, credentialsVersion, emailVerified: true };
        if ((await this.dbs.accounts.put(proved)) !== null) {
          if (this.session?.uid === entry.uid) this.setSession({ ...this.session, emailVerified: true });
          return;
        }
        await backoff(attempt);
      }
      throw authErrors.invalidCode();
    });
  }

  sendPhoneVerificationCode(phoneNumber: string): Promise<string> {
    return this.guard(async () => {
      const account = this.session;
      if (account === null) throw authErrors.requiresLogin();
      checkPhoneNumber(phoneNumber);
      const sentAt = this.clock.now();
      const since = sentAt.getTime() - PHONE_CODE_TTL_MS;
      const recent = await this.dbs.accounts.allDocs({
        startkey: `phone-sent:${account.uid}:${String(since).padStart(15, '0')}`,
        endkey: `phone-sent:${account.uid}:\uffff`,
      });
      if (recent.length >= MAX_PHONE_CODES_PER_WINDOW) throw authErrors.tooManyRequests();
      const verificationId = randomCode();
      const code = randomPhoneCode();
      await this.dbs.accounts.put({
        _id: await phoneVerificationDocId(verificationId),
        uid: account.uid,
        phoneNumber,
        codeHash: await sha256Hex(`${verificationId}:${code}`),
        expiresAt: sentAt.getTime() + PHONE_CODE_TTL_MS,
        attempts: 0,
        used: false,
      });
      await this.dbs.accounts.put({
        _id: `phone-sent:${account.uid}:${String(sentAt.getTime()).padStart(15, '0')}:${randomId(6)}`,
      });
      await this.dbs.mail.put({
        _id: outboxId('sms', sentAt),
        kind: 'sms',
        to: phoneNumber,
        code,
        text: phoneCodeText(code, this.productName),
        sentAt: sentAt.toISOString(),
      });
      return verificationId;
    });
  }

  confirmPhoneVerificationCode(verificationId: string, code: string): Promise<AuthUser> {
    return this.guard(async () => {
      const account = this.session;
      if (account === null) throw authErrors.requiresLogin();
      const entry = await this.dbs.accounts.get(await phoneVerificationDocId(verificationId));
      if (entry === null || entry.used !== false || entry.uid !== account.uid)
        throw authErrors.invalidVerificationId();
      const { phoneNumber, expiresAt, attempts, codeHash } = entry;
      if (typeof phoneNumber !== 'string' || typeof expiresAt !== 'number' || typeof attempts !== 'number')
        throw authErrors.invalidVerificationId();
      if (this.clock.now().getTime() >= expiresAt || attempts >= MAX_PHONE_CODE_ATTEMPTS)
        throw authErrors.phoneCodeExpired();
      if (codeHash !== (await sha256Hex(`${verificationId}:${code}`))) {
        await this.dbs.accounts.put({ ...entry, attempts: attempts + 1 });
        throw authErrors.invalidPhoneCode();
      }
      // Spend the code first: of two concurrent confirmations, only the one whose write wins goes on.
      if ((await this.dbs.accounts.put({ ...entry, used: true })) === null)
        throw authErrors.invalidVerificationId();
      await this.claimPhone(phoneNumber, account.uid);
      const updated = await this.setAccountPhone(account, phoneNumber);
      this.setSession(updated);
      return userOf(updated);
    });
  }

  /** Records `phoneNumber` as this account's; refused when another account verified it first. */
  private async claimPhone(phoneNumber: string, uid: string): Promise<void> {
    const id = phoneClaimDocId(phoneNumber);
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const claim = await this.dbs.accounts.get(id);
      if (claim !== null && claim.uid !== uid && !claim._deleted) {
        // A claim left by an account that has since moved to another number does not count.
        const holder =
          typeof claim.email === 'string'
            ? accountOf(await this.dbs.accounts.get(accountDocId(claim.email)))
            : null;
        if (holder !== null && holder.uid === claim.uid && holder.phoneNumber === phoneNumber)
          throw authErrors.phoneInUse();
      }
      const account = this.session;
      const next = {
        _id: id,
        uid,
        email: account?.email ?? '',
        ...(claim?._rev ? { _rev: claim._rev } : {}),
      };
      if (claim?.uid === uid) return;
      if ((await this.dbs.accounts.put(next)) !== null) return;
      await backoff(attempt);
    }
    throw authErrors.tooManyRequests();
  }

  private async setAccountPhone(account: Account, phoneNumber: string): Promise<Account> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const doc = await this.dbs.accounts.get(accountDocId(account.email));
      if (doc === null || accountOf(doc)?.uid !== account.uid) throw authErrors.requiresLogin();
      if ((await this.dbs.accounts.put({ ...doc, phoneNumber })) !== null) return { ...account, phoneNumber };
      await backoff(attempt);
    }
    throw authErrors.tooManyRequests();
  }
}
