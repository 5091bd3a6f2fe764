/** A small seeded generator (mulberry32) for property-style tests: the same seed, the same inputs. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
    bytes: (n: number) => Uint8Array.from({ length: n }, () => int(0, 255)),
    digits: (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
  };
}
