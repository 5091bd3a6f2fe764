import { MAX_PHOTO_BYTES, PHOTO_JPEG_QUALITY, PHOTO_MAX_EDGE } from '../../../../domain/shop/photos';

/** Turns a picked image into the one uploaded: resized, re-encoded (rejects when it cannot read it). */
export type PhotoResizer = (image: Blob) => Promise<Blob>;

/** The size of an image drawn at most `maxEdge` pixels on its longest side (never enlarged). */
export function fittedSize(width: number, height: number, maxEdge = PHOTO_MAX_EDGE) {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function encode(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('No 2D canvas.');
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('No 2D canvas.');
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode.'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * The browser's resizer: decodes the image (createImageBitmap, turned upright by its EXIF orientation),
 * draws it at most PHOTO_MAX_EDGE (1600) pixels on its longest side and encodes it as JPEG at
 * PHOTO_JPEG_QUALITY (0.8), again at lower quality if that is still above MAX_PHOTO_BYTES. An image
 * the browser cannot decode (HEIC outside Safari, a broken file) rejects.
 */
export const resizeInBrowser: PhotoResizer = async (image) => {
  const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height);
    let blob = await encode(bitmap, width, height, PHOTO_JPEG_QUALITY);
    for (const quality of [0.65, 0.5]) {
      if (blob.size <= MAX_PHOTO_BYTES) break;
      blob = await encode(bitmap, width, height, quality);
    }
    return blob;
  } finally {
    bitmap.close();
  }
};

let current: PhotoResizer = resizeInBrowser;

/** The resizer the photo fields use (the browser's, unless a test put another in). */
export function resizePhoto(image: Blob): Promise<Blob> {
  return current(image);
}

/**
 * Replaces the resizer (tests: jsdom has no canvas nor createImageBitmap); returns what puts the
 * previous one back.
 */
export function setPhotoResizer(resizer: PhotoResizer): () => void {
  const previous = current;
  current = resizer;
  return () => {
    current = previous;
  };
}
