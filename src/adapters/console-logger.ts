import type { Logger } from '../ports/logger';

/** The browser's (or Node's) console, each line prefixed so the app's own reports stand out. */
export class ConsoleLogger implements Logger {
  constructor(
    private readonly prefix = '[RepairMate]',
    private readonly target: Pick<Console, 'error' | 'warn' | 'info'> = console,
  ) {}

  error(message: string, cause?: unknown): void {
    if (cause === undefined) this.target.error(`${this.prefix} ${message}`);
    else this.target.error(`${this.prefix} ${message}`, cause);
  }

  warn(message: string, cause?: unknown): void {
    if (cause === undefined) this.target.warn(`${this.prefix} ${message}`);
    else this.target.warn(`${this.prefix} ${message}`, cause);
  }

  info(message: string, details?: unknown): void {
    if (details === undefined) this.target.info(`${this.prefix} ${message}`);
    else this.target.info(`${this.prefix} ${message}`, details);
  }
}
