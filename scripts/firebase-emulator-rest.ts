import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EmulatorEndpoints } from './firebase-emulators';

/**
 * The emulators' REST endpoints the tests use: clearing data, reading the reset codes the Auth emulator "sent", and loading firestore.rules.
 */

async function call(url: string, init: RequestInit = {}, attempts = 3): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, init);
    const text = await response.text();
    if (response.ok) return text === '' ? null : JSON.parse(text);
    // The Firestore emulator now and then answers 499 CANCELLED to a clear that follows cancelled calls.
    if (attempt >= attempts || response.status < 499) {
      throw new Error(`${init.method ?? 'GET'} ${url} failed: ${response.status} ${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}

export class EmulatorRest {
  constructor(private readonly endpoints: EmulatorEndpoints) {}

  private get auth(): string {
    return `http://${this.endpoints.host}:${this.endpoints.authPort}`;
  }

  private get firestore(): string {
    return `http://${this.endpoints.host}:${this.endpoints.firestorePort}`;
  }

  async clearFirestore(project: string): Promise<void> {
    await call(`${this.firestore}/emulator/v1/projects/${project}/databases/(default)/documents`, {
      method: 'DELETE',
    });
  }

  async clearAuth(project: string): Promise<void> {
    await call(`${this.auth}/emulator/v1/projects/${project}/accounts`, { method: 'DELETE' });
  }

  /** The latest password-reset code the Auth emulator "e-mailed" to `email`, or null. */
  async lastResetCode(project: string, email: string): Promise<string | null> {
    const listed = (await call(`${this.auth}/emulator/v1/projects/${project}/oobCodes`)) as {
      oobCodes?: { email: string; requestType: string; oobCode: string }[];
    };
    const codes = (listed.oobCodes ?? []).filter(
      (code) => code.requestType === 'PASSWORD_RESET' && code.email.toLowerCase() === email.toLowerCase(),
    );
    return codes.at(-1)?.oobCode ?? null;
  }

  /** The latest one-time code the Auth emulator "texted" to `phoneNumber`, or null. */
  async lastPhoneCode(project: string, phoneNumber: string): Promise<string | null> {
    const listed = (await call(`${this.auth}/emulator/v1/projects/${project}/verificationCodes`)) as {
      verificationCodes?: { phoneNumber: string; code: string }[];
    };
    return (
      (listed.verificationCodes ?? []).filter((code) => code.phoneNumber === phoneNumber).at(-1)?.code ?? null
    );
  }

  /** Loads firestore.rules (from the repository root) for `project`; rejects if they do not compile. */
  async loadRules(project: string, rules = readRules()): Promise<void> {
    await call(`${this.firestore}/emulator/v1/projects/${project}:securityRules`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
    });
  }
}

export function readRules(): string {
  return readFileSync(fileURLToPath(new URL('../firestore.rules', import.meta.url)), 'utf8');
}
