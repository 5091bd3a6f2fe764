import { describe, expect, it } from 'vitest';
import { NO_STORE_LINKS, safeStoreLink } from '../../../src/domain/config/store-links';
import { createWorld } from '../world';

const ANDROID = 'https://play.google.com/store/apps/details?id=com.repairmate.app';
const IOS = 'https://apps.apple.com/app/repairmate/id6450000000';

describe('store links', () => {
  it('are loaded from the Urls document, for anyone', async () => {
    const world = createWorld();
    await world.seeder.storeLinks({ android: ANDROID, ios: IOS });
    expect(await world.useCases.config.storeLinks()).toEqual({ android: ANDROID, ios: IOS });
  });

  it('are none when the document is missing, or a link is', async () => {
    const world = createWorld();
    expect(await world.useCases.config.storeLinks()).toEqual(NO_STORE_LINKS);
    expect(NO_STORE_LINKS).toEqual({ android: null, ios: null });
    await world.seeder.storeLinks({ ios: IOS });
    expect(await world.useCases.config.storeLinks()).toEqual({ android: null, ios: IOS });
  });

  it('are none when the document cannot be read', async () => {
    const world = createWorld();
    await world.seeder.storeLinks({ android: ANDROID, ios: IOS });
    world.db.outage = true;
    expect(await world.useCases.config.storeLinks()).toEqual({ android: null, ios: null });
  });

  it('drop anything that is not an https link', async () => {
    const world = createWorld();
    await world.seeder.storeLinks({
      android: 'http://play.google.com/store/apps',
      ios: 'javascript:alert(1)',
    });
    expect(await world.useCases.config.storeLinks()).toEqual({ android: null, ios: null });
    for (const bad of ['', 'play.google.com', 'ftp://example.test/app', 'data:text/html,hi', 42, null])
      expect(safeStoreLink(bad)).toBeNull();
    expect(safeStoreLink(`  ${IOS} `)).toBe(IOS);
  });
});
