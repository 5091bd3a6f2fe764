import type { DemoMailbox, MailMessage } from '../../ports/demo-mailbox';
import type { MemoryDatabase } from './memory-database';

export class MemoryDemoMailbox implements DemoMailbox {
  constructor(private readonly db: MemoryDatabase) {}

  async list(): Promise<MailMessage[]> {
    await Promise.resolve();
    return [...this.db.mailbox].sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
  }
}
