// DejaVu Sans, shipped by the dejavu-fonts-ttf npm package and embedded in every PDF, so the output is the
// same on every machine and covers Spanish (á é í ó ú ü ñ ¿ ¡).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// ESM under tsx, CommonJS in the Electron bundle: resolve the package either way.
const resolver: NodeJS.Require = typeof require === 'function' ? require : createRequire(import.meta.url);
const dir = join(dirname(resolver.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const FONT_FILES = {
  regular: join(dir, 'DejaVuSans.ttf'),
  bold: join(dir, 'DejaVuSans-Bold.ttf'),
  mono: join(dir, 'DejaVuSansMono.ttf'),
} as const;

type FontName = keyof typeof FONT_FILES;
// Constant bytes, read on first use: each document parses them again, but never re-reads the disk.
const bytes = new Map<FontName, Buffer>();
export const font = (name: FontName): Buffer => {
  let b = bytes.get(name);
  if (!b) {
    b = readFileSync(FONT_FILES[name]);
    bytes.set(name, b);
  }
  return b;
};
