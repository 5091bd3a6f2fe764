import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../../../src/domain/shop/photos';
import { fittedSize, resizeInBrowser } from '../../../../src/ui/features/shop/photos/photo-resizer';

/**
 * The browser resizer's own logic, with the platform's createImageBitmap and OffscreenCanvas replaced
 * (jsdom has neither): the size it draws at, JPEG at 0.8, lower quality when still above the cap, the
 * bitmap closed, and a file the browser cannot decode rejected.
 */

interface Drawn {
  width: number;
  height: number;
  qualities: number[];
}

function fakePlatform(bitmap: { width: number; height: number }, sizes: number[]) {
  const drawn: Drawn = { width: 0, height: 0, qualities: [] };
  const close = vi.fn();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (image: Blob) => {
      if (image.type === 'image/heic') throw new DOMException('The source image could not be decoded.');
      return { ...bitmap, close };
    }),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(width: number, height: number) {
        drawn.width = width;
        drawn.height = height;
      }
      getContext() {
        return { drawImage: vi.fn() };
      }
      async convertToBlob({ type, quality }: { type: string; quality: number }) {
        drawn.qualities.push(quality);
        return new Blob([new Uint8Array(sizes[drawn.qualities.length - 1] ?? 10)], { type });
      }
    },
  );
  return { drawn, close };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the photo resizer', () => {
  it('fits the longest side in 1600 px and never enlarges', () => {
    expect(fittedSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fittedSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fittedSize(10000, 1)).toEqual({ width: 1600, height: 1 });
  });

  it('draws a camera photo at 1600 px and writes JPEG at 0.8', async () => {
    const { drawn, close } = fakePlatform({ width: 4032, height: 3024 }, [300_000]);
    const out = await resizeInBrowser(new Blob([new Uint8Array(5)], { type: 'image/jpeg' }));
    expect(out.type).toBe('image/jpeg');
    expect(out.size).toBe(300_000);
    expect(drawn).toEqual({ width: 1600, height: 1200, qualities: [0.8] });
    expect(close).toHaveBeenCalledOnce();
  });

  it('lowers the quality while the JPEG is above the cap', async () => {
    const { drawn } = fakePlatform({ width: 1600, height: 1600 }, [MAX_PHOTO_BYTES + 5, 900_000]);
    const out = await resizeInBrowser(new Blob([new Uint8Array(5)], { type: 'image/png' }));
    expect(out.size).toBe(900_000);
    expect(drawn.qualities).toEqual([0.8, 0.65]);
  });

  it('rejects an image the browser cannot decode', async () => {
    fakePlatform({ width: 1, height: 1 }, []);
    await expect(resizeInBrowser(new Blob([new Uint8Array(5)], { type: 'image/heic' }))).rejects.toThrow();
  });
});
