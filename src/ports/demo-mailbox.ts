/** An e-mail the offline demo "sent". Only local backends have a mailbox; production sends real mail. */
export interface MailMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The action link in the message, e.g. /reset-password?oobCode=… */
  readonly link: string;
  readonly sentAt: Date;
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
  readonly sentAt: Date;
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
