import { asText } from '../../domain/shared/text';
import { asInstant } from '../../domain/shared/time';
import type { DemoMailbox, MailMessage } from '../../ports/demo-mailbox';
import { guarded } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';

/** The demo mailbox: e-mails the offline demo "sent", kept on the device (never synced). */
export class PouchDemoMailbox implements DemoMailbox {
  constructor(private readonly dbs: PouchDatabases) {}

  list(): Promise<MailMessage[]> {
    return guarded(async () => {
      // Mail ids sort by the time sent, so the primary index read backwards is newest first.
      const rows = await this.dbs.mail.allDocs({ include_docs: true, descending: true });
      return rows.flatMap((row): MailMessage[] => {
        const doc = row.doc;
        if (!doc || doc._id.startsWith('_')) return [];
        return [
          {
            id: doc._id,
            to: asText(doc.to),
            subject: asText(doc.subject),
            text: asText(doc.text),
            link: asText(doc.link),
            sentAt: asInstant(doc.sentAt) ?? new Date(0),
          },
        ];
      });
    });
  }
}
