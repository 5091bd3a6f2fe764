import type { DemoMailbox, DemoSmsInbox, MailMessage, SmsMessage } from '../../../demo/outbox';
import { PortError } from '../../../ports/errors';
import { phoneCodeText, resetMail } from '../../shared/demo-messages';

/**
 * The demo pages on the Firebase emulators (`npm run start:firebase`): the password-reset e-mails and
 * the SMS codes the Auth emulator would have sent, read from its REST endpoints. Emulators only:
 * production sends real mail and texts.
 */
export interface EmulatorOutboxOptions {
  /** e.g. http://127.0.0.1:9099 */
  readonly authUrl: string;
  readonly projectId: string;
  readonly productName: string;
  /** Where the app's /reset-password page is, for the links of the e-mails. */
  readonly resetPasswordUrl: string;
}

async function read<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new PortError('unavailable', 'The Auth emulator cannot be reached.', { cause: error });
  }
  if (!response.ok) throw new PortError('unavailable', `The Auth emulator answered ${response.status}.`);
  return (await response.json()) as T;
}

const emulatorPath = (options: EmulatorOutboxOptions, what: string) =>
  `${options.authUrl.replace(/\/+$/, '')}/emulator/v1/projects/${encodeURIComponent(options.projectId)}/${what}`;

export class EmulatorMailbox implements DemoMailbox {
  constructor(private readonly options: EmulatorOutboxOptions) {}

  /** The reset codes the emulator issued, newest first (it lists them in the order sent). */
  async list(): Promise<MailMessage[]> {
    const { oobCodes = [] } = await read<{
      oobCodes?: { email: string; oobCode: string; requestType: string }[];
    }>(emulatorPath(this.options, 'oobCodes'));
    return oobCodes
      .filter((entry) => entry.requestType === 'PASSWORD_RESET')
      .reverse()
      .map((entry) => {
        const link = `${this.options.resetPasswordUrl}?oobCode=${encodeURIComponent(entry.oobCode)}`;
        return { id: entry.oobCode, sentAt: null, ...resetMail(entry.email, link, this.options.productName) };
      });
  }
}

export class EmulatorSmsInbox implements DemoSmsInbox {
  constructor(private readonly options: EmulatorOutboxOptions) {}

  /** The verification codes the emulator texted, newest first. */
  async list(): Promise<SmsMessage[]> {
    const { verificationCodes = [] } = await read<{
      verificationCodes?: { phoneNumber: string; code: string; sessionInfo: string }[];
    }>(emulatorPath(this.options, 'verificationCodes'));
    return [...verificationCodes].reverse().map((entry) => ({
      id: entry.sessionInfo,
      to: entry.phoneNumber,
      code: entry.code,
      text: phoneCodeText(entry.code, this.options.productName),
      sentAt: null,
    }));
  }
}
