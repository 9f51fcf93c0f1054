// The QR to MH's public lookup (docs/mh.md, the customer's copy): ambiente, codGen (upper case) and fechaEmi.
import QRCode from 'qrcode';

export const PUBLIC_LOOKUP = 'https://admin.factura.gob.sv/consultaPublica';

export const lookupUrl = (ambiente: string, codigoGeneracion: string, fecEmi: string): string =>
  `${PUBLIC_LOOKUP}?ambiente=${encodeURIComponent(ambiente)}&codGen=${encodeURIComponent(codigoGeneracion.toUpperCase())}&fechaEmi=${encodeURIComponent(fecEmi)}`;

/** Quiet zone around the QR, in modules (as the PNG's `margin`). */
const QUIET = 2;

/**
 * Draws the QR into a PDF as filled squares, a row's dark run as one rectangle: no PNG to encode and decode
 * (most of a receipt's cost once the fonts are parsed), and sharp on any printer at any size.
 */
export function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / (n + QUIET * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col += 1;
      // A hair taller than the cell, so no seam shows between rows when a viewer smooths edges.
      doc.rect(x + (QUIET + start) * cell, y + (QUIET + row) * cell, (col - start) * cell, cell + 0.05);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

export const qrDataUri = (url: string): Promise<string> =>
  QRCode.toDataURL(url, { type: 'image/png', width: 300, margin: 2, errorCorrectionLevel: 'M' });
