import type { AuthGateway, AuthUser, Unsubscribe } from '../../ports/auth-gateway';
import type { Clock } from '../../ports/clock';
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
import { phoneCodeText, resetLink, resetMail } from '../shared/demo-messages';
import type { MemoryAccount, MemoryDatabase } from './memory-database';

const userOf = (account: MemoryAccount): AuthUser => ({
  uid: account.uid,
  email: account.email,
  phoneNumber: account.phoneNumber,
});

/**
 * Authentication held in memory, with Firebase's error codes, the demo mailbox for reset e-mails and
 * the demo SMS inbox for phone codes.
 */
export class MemoryAuthGateway implements AuthGateway {
  private readonly listeners = new AuthStateListeners(() => this.currentUser());

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
    private readonly productName = 'RepairMate',
  ) {}

  currentUser(): AuthUser | null {
    const account = this.db.session;
    return account ? userOf(account) : null;
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
    return userOf(account);
  }

  async signUp(email: string, password: string): Promise<AuthUser> {
    await Promise.resolve();
    checkEmail(email);
    checkNewPassword(password);
    if (this.findByEmail(email)) throw authErrors.emailInUse();
    const account: MemoryAccount = {
      uid: this.db.nextId('uid-'),
      email: email.trim(),
      password,
      phoneNumber: null,
      emailVerified: false,
    };
    this.db.accounts.set(account.uid, account);
    this.setSession(account);
    return userOf(account);
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
    // Every code sent to this account so far is spent with this one.
    for (const other of this.db.resetCodes.values()) if (other.uid === entry.uid) other.used = true;
    const account = this.db.accounts.get(entry.uid);
    if (account) {
      account.password = newPassword;
      // The reset link reached the account's mailbox: its address is proved (Firebase does the same).
      account.emailVerified = true;
    }
  }

  async sendPhoneVerificationCode(phoneNumber: string): Promise<string> {
    await Promise.resolve();
    const account = this.db.session;
    if (!account) throw authErrors.requiresLogin();
    checkPhoneNumber(phoneNumber);
    const now = this.clock.now().getTime();
    const recent = [...this.db.phoneCodes.values()].filter(
      (entry) => entry.uid === account.uid && now - entry.sentAt < PHONE_CODE_TTL_MS,
    );
    if (recent.length >= MAX_PHONE_CODES_PER_WINDOW) throw authErrors.tooManyRequests();
    const verificationId = randomCode();
    const code = randomPhoneCode();
    this.db.phoneCodes.set(verificationId, {
      uid: account.uid,
      phoneNumber,
      code,
      sentAt: now,
      expiresAt: now + PHONE_CODE_TTL_MS,
      attempts: 0,
      used: false,
    });
    this.db.sms.unshift({
      id: this.db.nextId('sms-'),
      to: phoneNumber,
      code,
      text: phoneCodeText(code, this.productName),
      sentAt: new Date(now),
    });
    return verificationId;
  }

  async confirmPhoneVerificationCode(verificationId: string, code: string): Promise<AuthUser> {
    await Promise.resolve();
    const account = this.db.session;
    if (!account) throw authErrors.requiresLogin();
    const entry = this.db.phoneCodes.get(verificationId);
    if (!entry || entry.used || entry.uid !== account.uid) throw authErrors.invalidVerificationId();
    if (this.clock.now().getTime() >= entry.expiresAt) throw authErrors.phoneCodeExpired();
    if (entry.attempts >= MAX_PHONE_CODE_ATTEMPTS) throw authErrors.phoneCodeExpired();
    if (entry.code !== code) {
      entry.attempts += 1;
      throw authErrors.invalidPhoneCode();
    }
    for (const other of this.db.accounts.values())
      if (other.uid !== account.uid && other.phoneNumber === entry.phoneNumber) throw authErrors.phoneInUse();
    entry.used = true;
    account.phoneNumber = entry.phoneNumber;
    this.listeners.notify();
    return userOf(account);
  }
}
