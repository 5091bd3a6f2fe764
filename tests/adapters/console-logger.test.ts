import { describe, expect, it, vi } from 'vitest';
import { ConsoleLogger } from '../../src/adapters/console-logger';
import { MemoryLogger } from '../../src/demo/memory-logger';

describe('the console logger', () => {
  it('writes each level to the console with the prefix, and the cause beside it', () => {
    const target = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
    const logger = new ConsoleLogger('[Test]', target);
    const cause = new Error('offline');
    logger.error('Support issue could not be submitted', cause);
    logger.warn('Sign-out failed');
    logger.info('Started', { backend: 'memory' });
    expect(target.error).toHaveBeenCalledWith('[Test] Support issue could not be submitted', cause);
    expect(target.warn).toHaveBeenCalledWith('[Test] Sign-out failed');
    expect(target.info).toHaveBeenCalledWith('[Test] Started', { backend: 'memory' });
  });
});

describe('the memory logger', () => {
  it('keeps the entries in order, by level on demand, until cleared', () => {
    const logger = new MemoryLogger();
    logger.warn('first', 1);
    logger.error('second', 2);
    expect(logger.entries).toEqual([
      { level: 'warn', message: 'first', cause: 1 },
      { level: 'error', message: 'second', cause: 2 },
    ]);
    expect(logger.at('error')).toEqual([{ level: 'error', message: 'second', cause: 2 }]);
    logger.clear();
    expect(logger.entries).toEqual([]);
  });
});
