/**
 * An e-mail the demo "sent": the local backends keep an outbox, and the Firebase emulators' demo reads
 * what the Auth emulator would have sent. Production sends real mail.
 */
export interface MailMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The action link in the message, e.g. /reset-password?oobCode=… */
  readonly link: string;
  /** Null where the outbox does not record it (the Auth emulator's). */
  readonly sentAt: Date | null;
}

export interface DemoMailbox {
  /** Messages, newest first. */
  list(): Promise<MailMessage[]>;
}

/** A text message the demo "sent": a one-time code for a phone number. */
export interface SmsMessage {
  readonly id: string;
  /** E.164, e.g. +919876543210 */
  readonly to: string;
  readonly text: string;
  readonly code: string;
  /** Null where the outbox does not record it (the Auth emulator's). */
  readonly sentAt: Date | null;
}

/** The demo's SMS inbox (/demo/messages): the codes it would have texted. */
export interface DemoSmsInbox {
  /** Messages, newest first. */
  list(): Promise<SmsMessage[]>;
}

/** Presenter actions of the offline demo. */
export interface DemoControls {
  /** Deletes all data and accounts and loads the demo data set again. */
  reset(): Promise<void>;
}
