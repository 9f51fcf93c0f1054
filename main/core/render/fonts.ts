// DejaVu Sans, shipped by the dejavu-fonts-ttf npm package and embedded in every PDF, so the output is the
// same on every machine and covers Spanish (á é í ó ú ü ñ ¿ ¡).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';

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

// Parsed once per process: parsing and laying out the three fonts is most of a small PDF's cost, and pdfkit takes a
// parsed font as well as bytes (each document still makes its own subset). Constant data, like `bytes` above.
const parsed = new Map<FontName, Font>();
const parsedFont = (name: FontName): Font => {
  let f = parsed.get(name);
  if (!f) {
    f = create(font(name));
    parsed.set(name, f);
  }
  return f;
};

// @types/pdfkit lists bytes and paths only; pdfkit 0.20 also takes a parsed fontkit font (PDFFontFactory.open).
const asSource = (name: FontName) => parsedFont(name) as unknown as PDFKit.Mixins.PDFFontSource;

/**
 * A document's starting font (PDFDocument's `font` option), parsed once: a path there is read and parsed for each
 * document. Typed as the path @types/pdfkit expects; pdfkit hands it to the same factory as registerFont.
 */
export const defaultFont = (): string => asSource('regular') as string;

/** Registers the fonts a document uses under their names ('regular', 'bold', 'mono'), parsed once per process. */
export function registerFonts(doc: PDFKit.PDFDocument, names: readonly FontName[] = ['regular', 'bold', 'mono']): void {
  for (const name of names) doc.registerFont(name, asSource(name));
}
