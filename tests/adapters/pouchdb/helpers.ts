import {
  createPouchBackend,
  type PouchBackend,
  type PouchBackendOptions,
} from '../../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../../src/adapters/pouchdb/pouchdb-node';
import { ManualClock } from '../../../src/demo/manual-clock';

let sequence = 0;

/** A database prefix no other test uses (the memory adapter keeps databases by name per process). */
export function uniquePrefix(label: string): string {
  sequence += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${sequence}`;
}

export interface TestBackend extends PouchBackend {
  readonly prefix: string;
  readonly clock: ManualClock;
  /** Opens the same databases again, as a page reload (or a restart after a crash) would. */
  reopen(options?: Partial<PouchBackendOptions>): Promise<PouchBackend>;
}

const opened: PouchBackend[] = [];

/** A backend on the Node memory adapter, with a manual clock and cheap password hashing. */
export async function memoryBackend(options: Partial<PouchBackendOptions> = {}): Promise<TestBackend> {
  const prefix = options.prefix ?? uniquePrefix('pouch');
  const clock = new ManualClock(new Date(2026, 10, 21, 10, 0));
  const base = { PouchDB: nodePouchDB(), adapter: 'memory', prefix, clock, pbkdf2Iterations: 1000 };
  const backend = await createPouchBackend({ ...base, ...options });
  opened.push(backend);
  return {
    ...backend,
    prefix,
    clock,
    async reopen(more = {}) {
      const again = await createPouchBackend({ ...base, ...options, faults: {}, ...more });
      opened.push(again);
      return again;
    },
  };
}

/** Deletes every database the tests opened. */
export async function destroyAll(): Promise<void> {
  const all = opened.splice(0);
  await Promise.allSettled(all.map((backend) => backend.destroy()));
}
