// The receipt's logo decoded with bounds (docs/decisions/0066-printers-and-logos-with-bounds.md): an 88 KB PNG can
// declare billions of pixels, so its size is read from IHDR and its data inflated with a ceiling before any pixel
// is made; what is kept is re-encoded by the station itself as a greyscale PNG both papers draw.
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

/** Larger than any receipt draws it (576 dots across 80 mm paper), small enough to decode in a few MB. */
export const LOGO_MAX_WIDTH = 1024;
export const LOGO_MAX_HEIGHT = 512;
/** The 96 KB the `logo` field takes (shared/printing.ts), re-encoded included. */
export const LOGO_MAX_BYTES = 98_304;

export type LogoRead = { readonly ok: true; readonly png: Buffer } | { readonly ok: false; readonly message: string };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per pixel for each PNG colour type (grey, RGB, palette, grey+alpha, RGBA). */
const CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's seven passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const NOT_PNG = 'El logotipo no es una imagen PNG válida: guárdelo de nuevo como PNG y vuelva a subirlo.';

/** The exact inflated size of the image data: one filter byte per row, per pass when interlaced. */
function inflatedSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0);
}

/** The header's numbers and the image data, walked chunk by chunk within the file's own length. */
function chunks(png: Buffer): { width: number; height: number; depth: number; colour: number; interlace: number; idat: Buffer } | null {
  if (png.length < 8 + 25 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  const idat: Buffer[] = [];
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  for (let at = 8; at + 12 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = at + 8;
    if (data + length + 4 > png.length) return null;
    if (!header && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      header = {
        width: png.readUInt32BE(data),
        height: png.readUInt32BE(data + 4),
        depth: png[data + 8]!,
        colour: png[data + 9]!,
        interlace: png[data + 12]!,
      };
    } else if (type === 'IDAT') idat.push(png.subarray(data, data + length));
    else if (type === 'IEND') return header && idat.length ? { ...header, idat: Buffer.concat(idat) } : null;
    at = data + length + 4;
  }
  return null;
}

/** The logo as the station keeps it, or why not (a 422 on the `logo` field when it is uploaded). */
export function readLogo(png: Buffer): LogoRead {
  const c = chunks(png);
  const channels = c ? CHANNELS[c.colour] : undefined;
  if (!c || !channels || ![1, 2, 4, 8, 16].includes(c.depth) || c.interlace > 1 || c.width === 0 || c.height === 0)
    return { ok: false, message: NOT_PNG };
  if (c.width > LOGO_MAX_WIDTH || c.height > LOGO_MAX_HEIGHT)
    return {
      ok: false,
      message: `El logotipo mide ${c.width} × ${c.height} píxeles: redúzcalo a ${LOGO_MAX_WIDTH} × ${LOGO_MAX_HEIGHT} como máximo y vuelva a subirlo.`,
    };
  const expected = inflatedSize(c.width, c.height, channels * c.depth, c.interlace === 1);
  try {
    // zlib stops at the ceiling: data that inflates past what the header declares is refused, not held.
    const raw = inflateSync(c.idat, { maxOutputLength: expected });
    if (raw.length !== expected) return { ok: false, message: NOT_PNG };
    const img = PNG.sync.read(png);
    const grey = new PNG({ width: img.width, height: img.height, colorType: 0, inputColorType: 6, bitDepth: 8 });
    for (let i = 0; i < img.width * img.height; i++) {
      const [r, g, b, a] = [img.data[i * 4]!, img.data[i * 4 + 1]!, img.data[i * 4 + 2]!, img.data[i * 4 + 3]! / 255];
      // Transparent pixels are paper, not ink; luma as the eye weighs the colours.
      const y = Math.round((0.299 * r + 0.587 * g + 0.114 * b) * a + 255 * (1 - a));
      grey.data[i * 4] = grey.data[i * 4 + 1] = grey.data[i * 4 + 2] = y;
      grey.data[i * 4 + 3] = 255;
    }
    const kept = PNG.sync.write(grey, { colorType: 0, inputColorType: 6, bitDepth: 8 });
    // The settings screen sends the stored logo back on every save: it must fit the field it came through.
    if (kept.length > LOGO_MAX_BYTES)
      return { ok: false, message: 'El logotipo tiene demasiado detalle: use una versión más simple o más pequeña.' };
    return { ok: true, png: kept };
  } catch {
    return { ok: false, message: NOT_PNG };
  }
}
