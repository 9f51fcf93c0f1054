// Reading PDFs back as a person would: text with poppler's pdftotext, pages as PNG with pdftoppm (kept as
// test artifacts), and QR codes decoded from those images.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export const ARTIFACTS = join(__dirname, '..', '..', 'test-results', 'render');

export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
}

export function pdfInfo(pdf: Buffer): { pages: number; width: number; height: number } {
  const out = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out);
  return { pages: Number(/Pages:\s+(\d+)/.exec(out)?.[1] ?? 0), width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) };
}

/** Renders the first `pages` pages to PNG under test-results/render/<name>-N.png; returns the files. */
export function pdfPages(pdf: Buffer, name: string, dpi = 150, pages = 1): string[] {
  mkdirSync(ARTIFACTS, { recursive: true });
  const source = join(ARTIFACTS, `${name}.pdf`);
  writeFileSync(source, pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', String(pages), source, join(ARTIFACTS, name)]);
  return readdirSync(ARTIFACTS)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => join(ARTIFACTS, f));
}

export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

export const decodeQrFile = (file: string): string | null => decodeQr(readFileSync(file));
