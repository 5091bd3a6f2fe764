import type { Logger } from '../ports/logger';

export interface LogEntry {
  readonly level: 'error' | 'warn' | 'info';
  readonly message: string;
  /** The error (or details) logged with the message. */
  readonly cause: unknown;
}

/** A logger that keeps its entries, for tests to assert that a failure's cause was kept. */
export class MemoryLogger implements Logger {
  readonly entries: LogEntry[] = [];

  error(message: string, cause?: unknown): void {
    this.entries.push({ level: 'error', message, cause });
  }

  warn(message: string, cause?: unknown): void {
    this.entries.push({ level: 'warn', message, cause });
  }

  info(message: string, details?: unknown): void {
    this.entries.push({ level: 'info', message, cause: details });
  }

  /** The entries of one level. */
  at(level: LogEntry['level']): LogEntry[] {
    return this.entries.filter((entry) => entry.level === level);
  }

  clear(): void {
    this.entries.length = 0;
  }
}
