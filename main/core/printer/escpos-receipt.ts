// The counter receipt as ESC/POS bytes, drawn from the same blocks as the PDF (render/receipt-blocks.ts) with
// the encoder chosen in docs/decisions/0041-escpos-receipts.md: the printer's own font, sizes and emphasis, the
// QR by the printer's command (or as an image), accents through the chosen code page, the pulse and the cut.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { EscposSettings } from '../../../shared/printing';
import type { BlockSize, ReceiptBlock } from '../render/receipt-blocks';
import type { ReceiptWidth } from '../render/receipt';

/** Characters per line in the printer's Font A (12×24 dots): 576 dots on 80 mm paper, 384 on 58 mm. */
export const COLUMNS: Record<ReceiptWidth, number> = { 80: 48, 58: 32 };
/** Printable dots across the paper, for images. */
const DOTS: Record<ReceiptWidth, number> = { 80: 576, 58: 384 };
/** Width × height magnification: the large lines grow in height only, so a line keeps its columns. */
const MAGNIFY: Record<BlockSize, readonly [number, number]> = { small: [1, 1], normal: [1, 1], large: [1, 2], huge: [2, 2] };

export interface EscposOptions {
  readonly width: ReceiptWidth;
  readonly codepage: EscposSettings['codepage'];
  readonly qr: EscposSettings['qr'];
  /** The drawer's kick pulse, after the receipt is printed. */
  readonly pulse: boolean;
}

function encoder(o: Pick<EscposOptions, 'width'>) {
  // The Epson code page numbers: Epson and its compatibles number PC858 as 19 and PC850 as 2.
  return new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: COLUMNS[o.width],
    codepageMapping: 'epson',
    imageMode: 'raster',
    feedBeforeCut: 4,
    newline: '\n',
  });
}

type Encoder = ReturnType<typeof encoder>;

/** An image the encoder takes: RGBA pixels, width a multiple of 8 (raster bytes hold 8 dots). */
interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** The QR drawn as dots, for printers without GS ( k: `scale` dots per module, quiet zone of 4 modules. */
export function qrPixels(data: string, maxDots: number): Pixels {
  const { modules } = QRCode.create(data, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const scale = Math.max(1, Math.floor(maxDots / (n + 8)));
  const side = Math.ceil(((n + 8) * scale) / 8) * 8;
  const px = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      if (row >= 0 && col >= 0 && row < n && col < n && modules.get(row, col)) {
        const i = (y * side + x) * 4;
        px[i] = px[i + 1] = px[i + 2] = 0;
      }
    }
  return { width: side, height: side, data: px };
}

/** The logo, scaled to at most half the paper and to a width of whole bytes. */
function logoPixels(png: Buffer): Pixels {
  const img = PNG.sync.read(png);
  // Transparent pixels are paper, not ink.
  const data = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0; i < img.width * img.height; i++) {
    const a = img.data[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.round(img.data[i * 4 + c]! * a + 255 * (1 - a));
    data[i * 4 + 3] = 255;
  }
  return { width: img.width, height: img.height, data };
}

function fitted(p: Pixels, maxDots: number): { width: number; height: number } {
  const w = Math.max(8, Math.floor(Math.min(p.width, maxDots) / 8) * 8);
  return { width: w, height: Math.max(1, Math.round((p.height * w) / p.width)) };
}

function pair(e: Encoder, columns: number, b: Extract<ReceiptBlock, { t: 'pair' }>): void {
  // A label with no amount (a close's section heading) is a line: the encoder refuses a column 0 wide.
  if (b.right.length === 0) {
    e.line(b.left);
    return;
  }
  // The amount keeps its whole width; the label wraps in what is left.
  const right = Math.min(b.right.length, Math.floor(columns / 2));
  e.table(
    [
      { width: columns - right - 1, align: 'left' },
      { width: right, align: 'right', marginLeft: 1 },
    ],
    [[b.left, b.right]],
  );
}

export function escposReceipt(blocks: readonly ReceiptBlock[], o: EscposOptions): Uint8Array {
  const e = encoder(o);
  const columns = COLUMNS[o.width];
  e.initialize().codepage(o.codepage);
  for (const b of blocks) {
    switch (b.t) {
      case 'text': {
        const [w, h] = MAGNIFY[b.size];
        e.align(b.align).bold(b.bold).size(w, h).line(b.text).size(1, 1).bold(false).align('left');
        break;
      }
      case 'pair': {
        const [w, h] = MAGNIFY[b.size];
        e.bold(b.bold).size(w, h);
        pair(e, columns / w, b);
        e.size(1, 1).bold(false);
        break;
      }
      case 'rule':
        e.line('-'.repeat(columns));
        break;
      case 'qr':
        e.align('center');
        if (o.qr === 'native') e.qrcode(b.data, { model: 2, size: o.width === 80 ? 6 : 5, errorlevel: 'm' });
        else {
          const px = qrPixels(b.data, Math.floor(DOTS[o.width] * 0.6));
          e.image(px, px.width, px.height, 'threshold');
        }
        e.newline().align('left');
        break;
      case 'logo': {
        const px = logoPixels(b.png);
        const size = fitted(px, DOTS[o.width] / 2);
        e.align('center').image(px, size.width, size.height, 'threshold').newline().align('left');
        break;
      }
      default: {
        const never: never = b;
        return never;
      }
    }
  }
  e.cut('partial');
  // After the cut: the customer has the paper in hand as the drawer opens.
  if (o.pulse) e.pulse(0, 100, 500);
  return e.encode();
}

/** A short page to prove the connection, the code page and the QR, from Ajustes → Impresión. */
export function escposTestPage(o: Omit<EscposOptions, 'pulse'>, station: string, at: string): Uint8Array {
  const blocks: ReceiptBlock[] = [
    { t: 'text', text: 'PRUEBA DE IMPRESIÓN', align: 'center', bold: true, size: 'large' },
    { t: 'text', text: station, align: 'center', bold: false, size: 'normal' },
    { t: 'text', text: at, align: 'center', bold: false, size: 'small' },
    { t: 'rule' },
    { t: 'text', text: 'Acentos: á é í ó ú ü ñ Ñ ¿? ¡!', align: 'left', bold: false, size: 'normal' },
    { t: 'pair', left: `Ancho ${o.width} mm, ${COLUMNS[o.width]} columnas`, right: '$1,234.56', bold: false, size: 'normal' },
    { t: 'qr', data: 'https://admin.factura.gob.sv/consultaPublica' },
    {
      t: 'text',
      text: 'Si lee esto con acentos y el QR abre la consulta de MH, la impresora está lista.',
      align: 'center',
      bold: false,
      size: 'small',
    },
  ];
  return escposReceipt(blocks, { ...o, pulse: false });
}

/** The kick pulse alone ("Abrir gaveta"): pin 2 of the drawer port, 100 ms on, 500 ms off. */
export function escposPulse(): Uint8Array {
  return encoder({ width: 80 }).initialize().pulse(0, 100, 500).encode();
}
