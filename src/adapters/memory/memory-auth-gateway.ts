import type { AuthGateway, AuthUser, Unsubscribe } from '../../ports/auth-gateway';
import type { Clock } from '../../ports/clock';
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
import type { MemoryAccount, MemoryDatabase } from './memory-database';

/** Authentication held in memory, with Firebase's error codes and the demo mailbox for reset e-mails. */
export class MemoryAuthGateway implements AuthGateway {
  private readonly listeners = new AuthStateListeners(() => this.currentUser());

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
    private readonly productName = 'RepairMate',
  ) {}

  currentUser(): AuthUser | null {
    const account = this.db.session;
    return account ? { uid: account.uid, email: account.email } : null;
  }

  onAuthStateChanged(listener: (user: AuthUser | null) => void): Unsubscribe {
    return this.listeners.subscribe(listener);
  }

  private setSession(account: MemoryAccount | null): void {
    this.db.session = account;
    this.listeners.notify();
  }

  private findByEmail(email: string): MemoryAccount | undefined {
    const wanted = normaliseAccountEmail(email);
    for (const account of this.db.accounts.values())
      if (normaliseAccountEmail(account.email) === wanted) return account;
    return undefined;
  }

  async signIn(email: string, password: string): Promise<AuthUser> {
    await Promise.resolve();
    checkEmail(email);
    if (password === '') throw authErrors.missingPassword();
    const account = this.findByEmail(email);
    if (!account || account.password !== password) throw authErrors.invalidCredential();
    this.setSession(account);
    return { uid: account.uid, email: account.email };
  }

  async signUp(email: string, password: string): Promise<AuthUser> {
    await Promise.resolve();
    checkEmail(email);
    checkNewPassword(password);
    if (this.findByEmail(email)) throw authErrors.emailInUse();
    const account: MemoryAccount = { uid: this.db.nextId('uid-'), email: email.trim(), password };
    this.db.accounts.set(account.uid, account);
    this.setSession(account);
    return { uid: account.uid, email: account.email };
  }

  async deleteCurrentUser(): Promise<void> {
    await Promise.resolve();
    const account = this.db.session;
    if (!account) throw authErrors.requiresLogin();
    this.db.accounts.delete(account.uid);
    this.setSession(null);
  }

  async signOut(): Promise<void> {
    await Promise.resolve();
    this.setSession(null);
  }

  async sendPasswordResetEmail(email: string, continueUrl: string): Promise<void> {
    await Promise.resolve();
    checkEmail(email);
    const account = this.findByEmail(email);
    if (!account) return; // no hint whether the address has an account
    const code = randomCode();
    this.db.resetCodes.set(code, {
      uid: account.uid,
      email: account.email,
      expiresAt: this.clock.now().getTime() + RESET_CODE_TTL_MS,
      used: false,
    });
    this.db.mailbox.unshift({
      id: this.db.nextId('mail-'),
      sentAt: this.clock.now(),
      ...resetMail(account.email, resetLink(continueUrl, code), this.productName),
    });
  }

  private usableCode(code: string) {
    const entry = this.db.resetCodes.get(code);
    if (!entry || entry.used || !this.db.accounts.has(entry.uid)) throw authErrors.invalidCode();
    if (this.clock.now().getTime() >= entry.expiresAt) throw authErrors.expiredCode();
    return entry;
  }

  async verifyPasswordResetCode(code: string): Promise<string> {
    await Promise.resolve();
    return this.usableCode(code).email;
  }

  async confirmPasswordReset(code: string, newPassword: string): Promise<void> {
    await Promise.resolve();
    const entry = this.usableCode(code);
    checkNewPassword(newPassword);
    entry.used = true;
    const account = this.db.accounts.get(entry.uid);
    if (account) account.password = newPassword;
  }
}
