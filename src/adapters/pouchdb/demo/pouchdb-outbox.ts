import type { DemoMailbox, DemoSmsInbox, MailMessage, SmsMessage } from '../../../demo/outbox';
import { asText } from '../../../domain/shared/text';
import { asInstant } from '../../../domain/shared/time';
import { guarded, type StoredDoc } from '../pouchdb-collection';
import type { PouchDatabases } from '../pouchdb-databases';

/** The outbox documents of one kind (`mail-…` or `sms-…`), newest first: their ids sort by the time sent. */
async function outbox(dbs: PouchDatabases, kind: 'mail' | 'sms'): Promise<StoredDoc[]> {
  const rows = await dbs.mail.allDocs({
    include_docs: true,
    descending: true,
    startkey: `${kind}-\uffff`,
    endkey: `${kind}-`,
  });
  return rows.flatMap((row) => (row.doc ? [row.doc] : []));
}

/** The demo mailbox: e-mails the offline demo "sent", kept on the device (never synced). */
export class PouchDemoMailbox implements DemoMailbox {
  constructor(private readonly dbs: PouchDatabases) {}

  list(): Promise<MailMessage[]> {
    return guarded(async () =>
      (await outbox(this.dbs, 'mail')).map((doc) => ({
        id: doc._id,
        to: asText(doc.to),
        subject: asText(doc.subject),
        text: asText(doc.text),
        link: asText(doc.link),
        sentAt: asInstant(doc.sentAt) ?? new Date(0),
      })),
    );
  }
}

/** The demo SMS inbox: the one-time codes the offline demo "texted", kept on the device (never synced). */
export class PouchDemoSmsInbox implements DemoSmsInbox {
  constructor(private readonly dbs: PouchDatabases) {}

  list(): Promise<SmsMessage[]> {
    return guarded(async () =>
      (await outbox(this.dbs, 'sms')).map((doc) => ({
        id: doc._id,
        to: asText(doc.to),
        code: asText(doc.code),
        text: asText(doc.text),
        sentAt: asInstant(doc.sentAt) ?? new Date(0),
      })),
    );
  }
}
