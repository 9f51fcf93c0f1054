// One line at the foot of every page of a buffered PDF, written once the page count is known ("N de M").
export interface FooterStyle {
  readonly margin: number;
  readonly color: string;
  readonly size: number;
  /** From the bottom margin up to the line's top. */
  readonly lift: number;
}

export function footOfEveryPage(doc: PDFKit.PDFDocument, line: (page: number, pages: number) => string, s: FooterStyle): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    doc
      .font('regular')
      .fontSize(s.size)
      .fillColor(s.color)
      .text(line(i + 1, range.count), s.margin, doc.page.height - s.margin - s.lift, {
        width: doc.page.width - s.margin * 2,
        align: 'center',
        lineBreak: false,
      });
  }
}
