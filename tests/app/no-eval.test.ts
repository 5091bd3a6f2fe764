import { describe, expect, it } from 'vitest';

describe('no-eval (the page builds no code from text)', () => {
  it("sets zod's jitless before zod loads, and zod keeps it", async () => {
    await import('../../src/app/no-eval');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Parsing still works without the compiled fast path.
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
