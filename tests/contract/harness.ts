import type { Seeder } from '../../src/demo';
import type { Ports } from '../../src/ports';

/**
 * One backend under contract test: its ports, a privileged seeder, and the few test-only abilities a
 * contract needs. Each test gets a fresh, empty backend.
 */
export interface BackendHarness {
  readonly ports: Ports;
  readonly seeder: Seeder;
  /** The oobCode of the latest password-reset e-mail sent to `email` (a demo mailbox or the emulator's). */
  lastResetCode(email: string): Promise<string | null>;
  /** The latest one-time code texted to `phoneNumber` (E.164): the demo SMS inbox, or the emulator's. */
  lastPhoneCode(phoneNumber: string): Promise<string | null>;
  /**
   * False where a password reset leaves the account's other reset codes usable: the Auth emulator does
   * (production Firebase's behaviour is Firebase's to decide); the local backends spend them all.
   */
  readonly resetSpendsOtherCodes: boolean;
  /** Moves the backend's clock forward, where the backend lets a test control time; null where it cannot. */
  readonly advanceClock: ((milliseconds: number) => void) | null;
  dispose(): Promise<void>;
}

export type HarnessFactory = () => Promise<BackendHarness>;

export const PASSWORD = 'Secret#123';

/** Extracts the oobCode parameter of a reset link. */
export function oobCodeOf(link: string): string | null {
  const match = /[?&]oobCode=([^&#]+)/.exec(link);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
