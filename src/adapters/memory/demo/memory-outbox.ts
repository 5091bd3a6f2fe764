import type { DemoMailbox, DemoSmsInbox, MailMessage, SmsMessage } from '../../../demo/outbox';
import type { MemoryDatabase } from '../memory-database';

export class MemoryDemoMailbox implements DemoMailbox {
  constructor(private readonly db: MemoryDatabase) {}

  async list(): Promise<MailMessage[]> {
    await Promise.resolve();
    return [...this.db.mailbox].sort((a, b) => (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0));
  }
}

export class MemoryDemoSmsInbox implements DemoSmsInbox {
  constructor(private readonly db: MemoryDatabase) {}

  async list(): Promise<SmsMessage[]> {
    await Promise.resolve();
    return [...this.db.sms].sort((a, b) => (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0));
  }
}
