import { afterAll, describe } from 'vitest';
import { allContracts } from '../contract/all-contracts';
import { emulatorHarnessFactory } from './firebase-harness';
import { CONTRACT_PROJECT } from './projects';

/** The contract suite, unchanged, on the production adapters connected to the emulators. */
describe('firebase backend (emulators)', () => {
  const harness = emulatorHarnessFactory(CONTRACT_PROJECT);
  afterAll(() => harness.close());
  allContracts(harness.factory);
});
