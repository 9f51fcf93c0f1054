// A parsed ESC/POS receipt (escpos-parse.ts) drawn as an engineer can look at it: the printer's columns in a
// monospace face, bold and double sizes as printed, the QR (the printer's own, drawn from its payload) and raster
// images as dots, the cut and the drawer's pulse marked. HTML, so a Playwright page can screenshot it.
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { ParsedReceipt } from './escpos-parse';

const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function rasterDataUri(width: number, height: number, bits: Uint8Array): string {
  const png = new PNG({ width, height });
  const rowBytes = width / 8;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const on = ((bits[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      const i = (y * width + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = on ? 0 : 255;
      png.data[i + 3] = 255;
    }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

export async function receiptHtml(r: ParsedReceipt, columns: 32 | 48 = 48): Promise<string> {
  const parts: string[] = [];
  let line = 0;
  for (const e of r.events) {
    if (e.type === 'qr' && e.native)
      parts.push(`<div class="img">${await QRCode.toString(e.data, { type: 'svg', margin: 2, width: 180 })}</div>`);
    if (e.type === 'image') parts.push(`<div class="img"><img alt="" src="${rasterDataUri(e.width, e.height, e.bits)}"></div>`);
    if (e.type === 'text') {
      // Each printed line with words has its text event; blank feeds between them have none.
      while (line < r.lines.length && !r.lines[line]!.text) line++;
      const l = r.lines[line++];
      if (l) parts.push(lineHtml(l));
    }
  }
  // Blank lines carry no event: the remaining lines (and any blank ones) in order.
  for (; line < r.lines.length; line++) parts.push(lineHtml(r.lines[line]!));
  if (r.cut) parts.push('<div class="cut">✂ corte</div>');
  for (const p of r.pulses) parts.push(`<div class="pulse">PULSO gaveta ${p.pin} (${p.onMs}/${p.offMs} ms)</div>`);
  return `<!doctype html><meta charset="utf-8"><style>
body{margin:0;background:#ddd}.paper{background:#fff;width:${columns}ch;padding:12px;margin:12px auto;font:14px/1.25 'DejaVu Sans Mono',monospace}
.l{white-space:pre;min-height:1.25em}.b{font-weight:700}.h2{transform:scaleY(2);transform-origin:top left;margin-bottom:1.25em}.w2.h2{transform:scale(2);width:50%}
.img{text-align:center}.img img{image-rendering:pixelated;width:180px}.cut{border-top:2px dashed #888;color:#888;margin-top:8px}
.pulse{color:#a00;font-weight:700}</style><div class="paper">${parts.join('')}</div>`;
}

function lineHtml(l: ParsedReceipt['lines'][number]): string {
  const cls = ['l', l.bold ? 'b' : '', l.size.h > 1 ? 'h2' : '', l.size.w > 1 ? 'w2' : ''].filter(Boolean).join(' ');
  return `<div class="${cls}">${escape(l.text)}</div>`;
}
