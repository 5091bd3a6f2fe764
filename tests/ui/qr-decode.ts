import jsQR from 'jsqr';

/**
 * Reads a QR code drawn by qrcode.react's QRCodeSVG without a browser's renderer (jsdom draws nothing):
 * the SVG's dark modules are the runs of its path (`M{x} {y}h{n}v1H{x}z`, or `M{x},{y} h{n}…` at a row's
 * end), in a viewBox of one unit per module. They are painted into pixels, `scale` per module, and
 * decoded with jsQR, as a phone's camera would read the code on the screen.
 */
export function decodeQrSvg(svg: SVGElement, scale = 4): string | null {
  const size = Number(svg.getAttribute('viewBox')?.split(/\s+/)[2]);
  if (!Number.isInteger(size) || size <= 0) throw new Error('The QR code has no viewBox of whole modules.');
  const dark = [...svg.querySelectorAll('path')]
    .map((path) => path.getAttribute('d') ?? '')
    .find((d) => /h\d+v1H/.test(d) && !d.startsWith('M0,0 h'));
  if (dark === undefined) throw new Error('The QR code has no path of dark modules.');
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const run of dark.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    const [x, y, length] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let row = y * scale; row < (y + 1) * scale; row += 1)
      for (let column = x * scale; column < (x + length) * scale; column += 1) {
        const at = (row * width + column) * 4;
        pixels[at] = 0;
        pixels[at + 1] = 0;
        pixels[at + 2] = 0;
      }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
