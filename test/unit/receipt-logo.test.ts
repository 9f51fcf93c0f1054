// The receipt's logo decoded with bounds (main/core/printer/logo.ts, docs/decisions/0066): corrupt files and PNG
// bombs are refused by what their header declares and by a ceiling on inflating, quickly and in bounded memory;
// a good logo comes back as the station's own greyscale PNG.
import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH, readLogo } from '../../main/core/printer/logo';

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A greyscale PNG of `width` × `height` whose image data is `idat` (already deflated), built by hand. */
function handmade(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function logo(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set(i % width < width / 2 ? [200, 0, 0, 255] : [0, 0, 0, 0], i * 4);
  return PNG.sync.write(png);
}

/** Peak memory growth while `f` runs, sampled as it returns (the decode is synchronous). */
function rssGrowth<T>(f: () => T): { value: T; mb: number } {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const value = f();
  return { value, mb: (process.memoryUsage().rss - before) / 1024 / 1024 };
}

describe('the logo at upload', () => {
  it('re-encodes a good logo as greyscale, transparent as paper, and reads its own output back the same', () => {
    const r = readLogo(logo(96, 40));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const back = PNG.sync.read(r.png);
    expect([back.width, back.height]).toEqual([96, 40]);
    expect(r.png[25]).toBe(0); // colour type 0: greyscale
    expect(back.data[0]).toBe(Math.round(0.299 * 200)); // red ink as its luma
    expect(back.data[95 * 4]).toBe(255); // transparent: white paper
    const again = readLogo(r.png);
    expect(again.ok && again.png.equals(r.png)).toBe(true);
  });

  it('refuses what is not a PNG, a truncated one, and a corrupt one, by message', () => {
    const good = logo(64, 32);
    const flipped = Buffer.from(good);
    flipped[good.length - 20] = good[good.length - 20]! ^ 0xff; // inside the image data: its CRC no longer matches
    for (const bad of [
      Buffer.from('GIF89a not a png'),
      good.subarray(0, good.length - 30),
      flipped,
      handmade(8, 8, Buffer.from('not zlib')),
    ]) {
      const r = readLogo(bad);
      expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/PNG válida/) as string });
    }
  });

  it(`refuses more than ${LOGO_MAX_WIDTH} × ${LOGO_MAX_HEIGHT} pixels, saying the size to reduce it to`, () => {
    expect(readLogo(logo(LOGO_MAX_WIDTH + 8, 16))).toMatchObject({ ok: false, message: expect.stringMatching(/1024 × 512/) as string });
    expect(readLogo(logo(16, LOGO_MAX_HEIGHT + 1)).ok).toBe(false);
    expect(readLogo(logo(LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT)).ok).toBe(true);
  });

  it('refuses a PNG bomb (8000 × 8000 zeros in a few KB) from its header, fast and in bounded memory', () => {
    const [w, h] = [8_000, 8_000];
    // Rows of filter byte 0 and zero pixels, deflated: the real thing, 64 MB of pixels (256 MB as RGBA).
    const bomb = handmade(w, h, deflateSync(Buffer.alloc((w + 1) * h), { level: 9 }));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const t0 = performance.now();
    const { value, mb } = rssGrowth(() => readLogo(bomb));
    expect(value).toMatchObject({ ok: false, message: expect.stringMatching(/8000 × 8000/) as string });
    expect(performance.now() - t0).toBeLessThan(200);
    expect(mb).toBeLessThan(100);
  });

  it('refuses a bomb that lies in its header (small size, image data that inflates to 64 MB) before holding it', () => {
    const bomb = handmade(100, 100, deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const { value, mb } = rssGrowth(() => readLogo(bomb));
    expect(value).toMatchObject({ ok: false, message: expect.stringMatching(/PNG válida/) as string });
    expect(mb).toBeLessThan(100);
  });
});
