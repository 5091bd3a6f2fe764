import type { AuthGateway, AuthUser, Unsubscribe } from '../../ports/auth-gateway';
import type { Clock } from '../../ports/clock';
import { AuthError } from '../../ports/errors';
import { AuthStateListeners } from '../local/auth-state';
import {
  authErrors,
  checkEmail,
  checkNewPassword,
  normaliseAccountEmail,
  RESET_CODE_TTL_MS,
  randomCode,
  resetLink,
  resetMail,
} from '../local/local-auth';
import type { LocalSession } from '../local/local-session';
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
const SESSION_DOC = 'session';

interface Account {
  readonly uid: string;
  readonly email: string;
}

function accountOf(doc: StoredDoc | null): Account | null {
  if (doc === null || typeof doc.uid !== 'string' || typeof doc.email !== 'string') return null;
  return { uid: doc.uid, email: doc.email };
}

let mailSequence = 0;
/** Mail ids sort by the time sent, then by the order sent within a millisecond. */
function mailId(sentAt: Date): string {
  mailSequence += 1;
  return `mail-${String(sentAt.getTime()).padStart(15, '0')}-${String(mailSequence).padStart(9, '0')}-${randomId(6)}`;
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

  currentUser(): AuthUser | null {
    return this.session ? { uid: this.session.uid, email: this.session.email } : null;
  }

  onAuthStateChanged(listener: (user: AuthUser | null) => void): Unsubscribe {
    return this.listeners.subscribe(listener);
  }

  private setSession(account: Account | null): void {
    this.session = account;
    this.listeners.notify();
  }

  private async saveSession(account: Account | null): Promise<void> {
    await this.dbs.accounts.setLocal(SESSION_DOC, account === null ? null : { ...account });
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
      return { uid: account.uid, email: account.email };
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
      const account: Account = { uid: randomId(), email: email.trim() };
      const rev = await this.dbs.accounts.put({
        _id: accountDocId(email),
        ...account,
        password: await hashPassword(password, this.iterations),
        createdAt: this.clock.now().toISOString(),
      });
      if (rev === null) throw authErrors.emailInUse();
      await this.saveSession(account);
      return { ...account };
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
      const code = randomCode();
      const sentAt = this.clock.now();
      await this.dbs.accounts.put({
        _id: await resetDocId(code),
        uid: account.uid,
        email: account.email,
        expiresAt: sentAt.getTime() + RESET_CODE_TTL_MS,
        used: false,
      });
      await this.dbs.mail.put({
        _id: mailId(sentAt),
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
    if (accountOf(await this.dbs.accounts.get(accountDocId(email)))?.uid !== uid)
      throw authErrors.invalidCode();
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
        if ((await this.dbs.accounts.put({ ...doc, password })) !== null) return;
        await backoff(attempt);
      }
      throw authErrors.invalidCode();
    });
  }
}
