/**
 * The demo's public reads straight from its data set (demo-data-public-ports.ts, issue 19) answer
 * every tracking link, every invoice read and the store links exactly as a memory backend seeded with
 * the same data set answers them: the demo data set itself at two moments, and a data set changed to
 * meet each rule of resolve (a revoked link, a repair that no longer carries its token or is gone, a
 * repair naming a store of another business by `store` alone, a store with no profile).
 */
import { describe, expect, it } from 'vitest';
import { demoDataPublicPorts } from '../../../src/adapters/memory/demo/demo-data-public-ports';
import { createMemoryBackend } from '../../../src/adapters/memory/memory-backend';
import type { SeedData } from '../../../src/demo';
import { generateDemoData } from '../../../src/demo/demo-data';
import { MemoryLogger } from '../../../src/demo/memory-logger';
import { type PublicReads, publicReads } from '../../../src/domain/public-reads';

const PRODUCT = 'RepairMate';
const UNKNOWN_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';

async function bothReads(data: SeedData, now: Date): Promise<{ direct: PublicReads; seeded: PublicReads }> {
  const memory = createMemoryBackend({ clock: { now: () => now }, productName: PRODUCT });
  await memory.seeder.load(data);
  return {
    direct: publicReads({ ...demoDataPublicPorts(data), logger: new MemoryLogger() }),
    seeded: publicReads(memory.ports),
  };
}

/** Every token the data set's links and repairs name, a well-formed unknown one and a malformed one. */
function tokensOf(data: SeedData): string[] {
  const tokens = new Set<string>([UNKNOWN_TOKEN, 'not a token', '']);
  for (const link of data.shop?.trackingLinks ?? []) tokens.add(link.token);
  for (const repair of data.repairs)
    if (typeof repair.trackingToken === 'string') tokens.add(repair.trackingToken);
  return [...tokens];
}

async function expectSameAnswers(data: SeedData, now: Date): Promise<number> {
  const { direct, seeded } = await bothReads(data, now);
  let active = 0;
  for (const token of tokensOf(data)) {
    const answer = await direct.resolveTracking(token);
    expect(answer, token).toEqual(await seeded.resolveTracking(token));
    if (answer.ok) active += 1;
    expect(await direct.invoiceByTrackingToken(token), token).toEqual(
      await seeded.invoiceByTrackingToken(token),
    );
  }
  expect(await direct.storeLinks()).toEqual(await seeded.storeLinks());
  return active;
}

/** The demo data set with one repair's record and link changed. */
function withRepair(
  data: SeedData,
  repairId: string,
  change: (repair: Record<string, unknown>) => Record<string, unknown> | null,
): { data: SeedData; token: string } {
  const repair = data.repairs.find((record) => record.repairId === repairId);
  if (repair === undefined || typeof repair.trackingToken !== 'string') throw new Error(`No ${repairId}.`);
  const changed = change({ ...repair });
  const repairs = data.repairs.flatMap((record) =>
    record !== repair ? [record] : changed === null ? [] : [changed as typeof record],
  );
  return { data: { ...data, repairs }, token: repair.trackingToken };
}

describe('the demo data set answered directly, as a seeded memory backend answers', () => {
  it('answers every link of the demo data set alike, at two moments', async () => {
    for (const now of [new Date('2026-11-26T09:15:00.000Z'), new Date('2027-03-01T18:45:00.000Z')]) {
      const data = generateDemoData(now);
      const active = await expectSameAnswers(data, now);
      expect(active).toBe(data.shop?.trackingLinks.filter((link) => link.revoked !== true).length);
      expect(active).toBeGreaterThan(5);
    }
  });

  it('answers alike when a link is revoked, a repair gave its token up or is gone', async () => {
    const now = new Date('2026-11-26T09:15:00.000Z');
    const demo = generateDemoData(now);
    const repair = demo.repairs.find((record) => record.repairId === 'RPR-1001');
    const shop = demo.shop;
    if (repair === undefined || shop === undefined) throw new Error('No RPR-1001.');
    const revoked: SeedData = {
      ...demo,
      shop: {
        ...shop,
        trackingLinks: shop.trackingLinks.map((link) =>
          link.repairDocId === repair.id ? { ...link, revoked: true } : link,
        ),
      },
    };
    const cases = [
      { data: revoked, token: String(repair.trackingToken), state: 'revoked' },
      { ...withRepair(demo, 'RPR-1001', (record) => ({ ...record, trackingToken: '' })), state: 'revoked' },
      { ...withRepair(demo, 'RPR-1001', () => null), state: 'not-found' },
      {
        ...withRepair(demo, 'RPR-1001', ({ storeId, ...record }) => ({
          ...record,
          store: storeId,
          businessId: 'someone-else',
        })),
        state: 'not-found',
      },
    ];
    for (const { data, token, state } of cases) {
      await expectSameAnswers(data, now);
      const answer = await publicReads({
        ...demoDataPublicPorts(data),
        logger: new MemoryLogger(),
      }).resolveTracking(token);
      expect(answer.ok ? 'active' : answer.reason, state).toBe(state);
    }
  });

  it('answers alike for a store with no profile and a data set with no store links', async () => {
    const now = new Date('2026-11-26T09:15:00.000Z');
    const demo = generateDemoData(now);
    const shop = demo.shop;
    if (shop === undefined) throw new Error('No shop data.');
    const data: SeedData = { ...demo, storeLinks: null, shop: { ...shop, storeProfiles: [] } };
    await expectSameAnswers(data, now);
    const { direct } = await bothReads(data, now);
    expect(await direct.storeLinks()).toEqual({ android: null, ios: null });
  });
});
