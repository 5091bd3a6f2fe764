import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackendHarness, HarnessFactory } from './harness';

export function appConfigRepositoryContract(makeHarness: HarnessFactory): void {
  describe('AppConfigRepository', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('has no links before the Urls document exists', async () => {
      expect(await h.ports.config.getStoreLinks()).toEqual({ android: null, ios: null });
    });

    it('reads the store links, to anyone, signed in or not', async () => {
      await h.seeder.storeLinks({
        android: 'https://play.google.com/store/apps/details?id=com.repairmate.app',
        ios: 'https://apps.apple.com/app/repairmate/id6450000000',
      });
      expect(await h.ports.config.getStoreLinks()).toEqual({
        android: 'https://play.google.com/store/apps/details?id=com.repairmate.app',
        ios: 'https://apps.apple.com/app/repairmate/id6450000000',
      });
    });

    it('drops a link that is not https', async () => {
      await h.seeder.storeLinks({ android: 'javascript:alert(1)', ios: 'http://apps.apple.com/app/x' });
      expect(await h.ports.config.getStoreLinks()).toEqual({ android: null, ios: null });
    });
  });
}
