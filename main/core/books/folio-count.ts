// The "de M" of "folio N de M" when M is known only at the end, so a book's pages go out as they are drawn
// (docs/decisions/0044-book-files-streamed.md). Every page paints one shared PDF form XObject after its own
// "folio N de"; the form's content, the page count, is written once the last page is done: a PDF may write an
// object after the pages that point to it. It is the page-template pattern other PDF libraries use for "N of M".

type Doc = PDFKit.PDFDocument;

/** The parts of pdfkit's current font this needs: the resource name, the reference, the glyph encoding. */
interface PdfFont {
  readonly id: string;
  readonly ascender: number;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [readonly string[], unknown];
}

const fontOf = (doc: Doc): PdfFont => (doc as unknown as { _font: PdfFont })._font;

/** "#5b6472" as a PDF fill colour operator. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => (c / 255).toFixed(3)).join(' ');
}

export interface LateCount {
  /** Paints the count on the current page at (x, y), the top of a line in the font and size given. */
  readonly place: (x: number, y: number) => void;
  /** Writes the count into the form: call once, after the last page and before `doc.end()`. */
  readonly fill: (pages: number) => void;
}

const NAME = 'FolioCount';

/** A count drawn in `font` at `size` and `color`, the same on every page; set the font before each `place`. */
export function lateCount(doc: Doc, font: string, size: number, color: string): LateCount {
  doc.font(font).fontSize(size);
  const f = fontOf(doc);
  // The form's box, which clips what it draws, holds a count of up to nine digits.
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, -size, size * 6, size * 2],
    Resources: { Font: { [f.id]: f.ref() } },
  });
  // pdfkit draws text with its own baseline: the line's top plus the font's ascender.
  const rise = (f.ascender / 1000) * size;
  return {
    place(x, y) {
      (doc.page.xobjects as Record<string, PDFKit.PDFKitReference>)[NAME] = form;
      const base = doc.page.height - y - rise;
      // pdfkit's pages flip y; undo the flip as its own text does, then move to the baseline.
      doc.save();
      doc.transform(1, 0, 0, -1, 0, doc.page.height);
      doc.addContent(`1 0 0 1 ${x.toFixed(3)} ${base.toFixed(3)} cm /${NAME} Do`);
      doc.restore();
    },
    fill(pages) {
      const [glyphs] = f.encode(String(pages));
      form.end(`BT ${rgb(color)} rg /${f.id} ${size} Tf 0 0 Td <${glyphs.join('')}> Tj ET`);
    },
  };
}
