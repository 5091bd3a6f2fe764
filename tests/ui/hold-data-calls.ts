import { waitFor } from '@testing-library/react';
import type { MemoryBackend } from '../../src/adapters/memory/memory-backend';

/**
 * Holds the memory backend's data calls (its round trip, where `latencyMs` waits) until the test lets
 * them go, so that a busy or pending state stays on screen for as long as the test looks at it. A fixed
 * latency (`db.latencyMs = 50`) let the state end before the test looked on a loaded machine: 'Signing
 * Up...' had turned back to 'Sign Up' by the time aria-busy was read.
 */
export interface HeldCalls {
  /** Lets the calls waiting now go on; later calls wait again until the next pass or release. */
  pass(): void;
  /**
   * Lets calls go until `shown` holds, then holds the next ones: the reads behind what `shown` waits
   * for go on, the reads that start once it shows wait (e.g. the business of a repair just found).
   */
  passUntil(shown: () => boolean): Promise<void>;
  /** Lets every call go, now and from now on. */
  release(): void;
}

export function holdDataCalls(backend: MemoryBackend): HeldCalls {
  const { db } = backend;
  const roundTrip = db.roundTrip;
  let open: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const close = () => {
    gate = new Promise((resolve) => {
      open = resolve;
    });
  };
  close();
  db.roundTrip = async function heldRoundTrip(this: typeof db) {
    await gate;
    return roundTrip.call(this);
  };
  const pass = () => {
    open();
    close();
  };
  return {
    pass,
    async passUntil(shown) {
      await waitFor(() => {
        // Checked before letting calls go: what starts once it shows is never let go here.
        if (shown()) return;
        pass();
        throw new Error('not shown yet');
      });
    },
    release() {
      db.roundTrip = roundTrip;
      open();
    },
  };
}
