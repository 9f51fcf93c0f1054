// Reading ESC/POS bytes back as a printer would (the virtual printer's brain, test/support/virtual-printer.ts):
// text through the selected code page, emphasis, size and alignment, QR codes (the printer's own GS ( k, or a
// raster image decoded with jsQR), cuts, drawer pulses and status requests. Total over any byte string: an
// unknown command is recorded, never thrown.
import jsQR from 'jsqr';

export interface PrintedLine {
  readonly text: string;
  readonly bold: boolean;
  readonly size: { readonly w: number; readonly h: number };
  readonly align: 'left' | 'center' | 'right';
}

export type EscposEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'qr'; readonly data: string; readonly native: boolean }
  | { readonly type: 'image'; readonly width: number; readonly height: number; readonly bits: Uint8Array }
  | { readonly type: 'cut' }
  | { readonly type: 'pulse'; readonly pin: number; readonly onMs: number; readonly offMs: number }
  | { readonly type: 'codepage'; readonly n: number }
  | { readonly type: 'init' }
  | { readonly type: 'status-request'; readonly n: number }
  | { readonly type: 'unknown'; readonly bytes: readonly number[] };

export interface ParsedReceipt {
  readonly lines: PrintedLine[];
  readonly events: EscposEvent[];
  /** Ended by a cut; the bytes after the last cut form a receipt with `cut: false`. */
  cut: boolean;
  readonly pulses: { pin: number; onMs: number; offMs: number }[];
  /** Every QR's payload, in order, native or decoded from an image. */
  readonly qr: string[];
  readonly codepages: number[];
}

// The upper halves (0x80-0xFF) of the code pages an Epson maps: 0 = PC437, 2 = PC850, 19 = PC858.
const CP437 =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
const CP850 =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
const CP858 = CP850.slice(0, 0xd5 - 0x80) + '€' + CP850.slice(0xd5 - 0x80 + 1);
const PAGES: Record<number, string> = { 0: CP437, 2: CP850, 19: CP858 };
for (const [n, t] of Object.entries(PAGES)) if ([...t].length !== 128) throw new Error(`code page ${n}: ${[...t].length} characters`);

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;

function decodeChar(byte: number, page: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  const table = PAGES[page];
  return table ? [...table][byte - 0x80]! : '\ufffd';
}

/** A 1-bit raster (MSB first, `width` dots a row) as RGBA for jsQR; null when no QR is in it. */
function qrOfImage(width: number, height: number, bits: Uint8Array): string | null {
  const rgba = new Uint8ClampedArray(width * height * 4);
  const rowBytes = width / 8;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const on = ((bits[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      const i = (y * width + x) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = on ? 0 : 255;
      rgba[i + 3] = 255;
    }
  return jsQR(rgba, width, height)?.data ?? null;
}

const newReceipt = (): ParsedReceipt => ({ lines: [], events: [], cut: false, pulses: [], qr: [], codepages: [] });

export function parseEscpos(input: Uint8Array): ParsedReceipt[] {
  const bytes = input;
  const out: ParsedReceipt[] = [];
  let r = newReceipt();
  let page = 0;
  let bold = false;
  let size = { w: 1, h: 1 };
  let align: PrintedLine['align'] = 'left';
  let line = '';
  let lineStyle: Omit<PrintedLine, 'text'> | null = null;
  let qrStore: string | null = null;
  /** Since the last cut: whether the printer was initialized (a new job) or printed anything. */
  let freshSinceCut = false;
  let i = 0;

  const at = (k: number): number | undefined => bytes[i + k];
  const flushLine = () => {
    const style = lineStyle ?? { bold, size: { ...size }, align };
    r.lines.push({ text: line.replace(/\s+$/, ''), ...style });
    if (line) r.events.push({ type: 'text', text: line });
    line = '';
    lineStyle = null;
  };
  const unknown = (n: number) => {
    const end = Math.min(bytes.length, i + n);
    r.events.push({ type: 'unknown', bytes: [...bytes.subarray(i, end)] });
    i = end;
  };

  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      flushLine();
      i += 1;
    } else if (b === 0x0d) {
      i += 1;
    } else if (b === ESC) {
      const c = at(1);
      if (c === undefined) return (unknown(1), finish());
      switch (c) {
        case 0x40: // ESC @
          bold = false;
          size = { w: 1, h: 1 };
          align = 'left';
          page = 0;
          freshSinceCut = true;
          r.events.push({ type: 'init' });
          i += 2;
          break;
        case 0x21: {
          // ESC ! n
          const n = at(2) ?? 0;
          bold = (n & 8) !== 0;
          size = { w: n & 32 ? 2 : 1, h: n & 16 ? 2 : 1 };
          i += 3;
          break;
        }
        case 0x45: // ESC E n
          bold = ((at(2) ?? 0) & 1) === 1;
          i += 3;
          break;
        case 0x61: // ESC a n
          align = (['left', 'center', 'right'] as const)[(at(2) ?? 0) % 48] ?? 'left';
          i += 3;
          break;
        case 0x74: {
          // ESC t n
          page = at(2) ?? 0;
          r.codepages.push(page);
          r.events.push({ type: 'codepage', n: page });
          i += 3;
          break;
        }
        case 0x70: {
          // ESC p m t1 t2
          const pulse = { pin: (at(2) ?? 0) % 48, onMs: (at(3) ?? 0) * 2, offMs: (at(4) ?? 0) * 2 };
          // The kick after a receipt's cut belongs to that receipt (no new job started since).
          const target = !freshSinceCut && r.events.length === 0 && out.length > 0 ? out[out.length - 1]! : r;
          target.pulses.push(pulse);
          target.events.push({ type: 'pulse', ...pulse });
          i += 5;
          break;
        }
        case 0x2a: {
          // ESC * m nL nH d…: a column image, consumed
          const m = at(2) ?? 0;
          const count = ((at(3) ?? 0) + (at(4) ?? 0) * 256) * (m === 0 || m === 1 ? 1 : 3);
          unknown(5 + count);
          break;
        }
        case 0x32: // ESC 2
          i += 2;
          break;
        case 0x33: // ESC 3 n
        case 0x4d: // ESC M n
        case 0x2d: // ESC - n
        case 0x47: // ESC G n
        case 0x4a: // ESC J n
        case 0x64: // ESC d n
        case 0x52: // ESC R n
        case 0x7b: // ESC { n
        case 0x56: // ESC V n
        case 0x34: // ESC 4 n (italic on some)
          i += 3;
          break;
        default:
          unknown(2);
      }
    } else if (b === GS) {
      const c = at(1);
      if (c === undefined) return (unknown(1), finish());
      switch (c) {
        case 0x21: {
          // GS ! n
          const n = at(2) ?? 0;
          size = { w: (n >> 4) + 1, h: (n & 15) + 1 };
          i += 3;
          break;
        }
        case 0x28: {
          // GS ( k pL pH cn fn …
          const len = (at(3) ?? 0) + (at(4) ?? 0) * 256;
          const cn = at(5);
          const fn = at(6);
          if (at(2) === 0x6b && cn === 0x31 && fn === 0x50) {
            qrStore = Buffer.from(bytes.subarray(i + 8, Math.min(bytes.length, i + 5 + len))).toString('latin1');
          } else if (at(2) === 0x6b && cn === 0x31 && fn === 0x51 && qrStore !== null) {
            r.qr.push(qrStore);
            r.events.push({ type: 'qr', data: qrStore, native: true });
          }
          i = Math.min(bytes.length, i + 5 + len);
          break;
        }
        case 0x76: {
          // GS v 0 m xL xH yL yH d…
          const wBytes = (at(4) ?? 0) + (at(5) ?? 0) * 256;
          const h = (at(6) ?? 0) + (at(7) ?? 0) * 256;
          const start = i + 8;
          const end = Math.min(bytes.length, start + wBytes * h);
          const bits = bytes.slice(start, end);
          r.events.push({ type: 'image', width: wBytes * 8, height: h, bits });
          const qr = end - start === wBytes * h && wBytes > 0 ? qrOfImage(wBytes * 8, h, bits) : null;
          if (qr !== null) {
            r.qr.push(qr);
            r.events.push({ type: 'qr', data: qr, native: false });
          }
          i = end;
          break;
        }
        case 0x56: {
          // GS V m [n]
          const m = at(2) ?? 0;
          if (line) flushLine();
          r.cut = true;
          r.events.push({ type: 'cut' });
          out.push(r);
          r = newReceipt();
          freshSinceCut = false;
          i += m === 65 || m === 66 ? 4 : 3;
          break;
        }
        case 0x42: // GS B n
        case 0x48: // GS H n
        case 0x66: // GS f n
        case 0x68: // GS h n
        case 0x77: // GS w n
          i += 3;
          break;
        case 0x4c: // GS L nL nH
        case 0x57: // GS W nL nH
          i += 4;
          break;
        case 0x6b: {
          // GS k m …: a barcode, consumed
          const m = at(2) ?? 0;
          if (m <= 6) {
            let j = i + 3;
            while (j < bytes.length && bytes[j] !== 0) j++;
            unknown(j + 1 - i);
          } else unknown(4 + (at(3) ?? 0));
          break;
        }
        default:
          unknown(2);
      }
    } else if (b === FS) {
      const c = at(1);
      // FS . and FS & take no parameter; the rest one.
      i += c === 0x2e || c === 0x26 ? 2 : 3;
    } else if (b === DLE) {
      if (at(1) === 0x04) {
        r.events.push({ type: 'status-request', n: at(2) ?? 0 });
        i += 3;
      } else unknown(2);
    } else if (b < 0x20) {
      unknown(1);
    } else {
      if (!lineStyle) lineStyle = { bold, size: { ...size }, align };
      line += decodeChar(b, page);
      i += 1;
    }
  }
  return finish();

  function finish(): ParsedReceipt[] {
    if (line) flushLine();
    // Blank feeds after the last cut are not a receipt.
    if (r.events.length || r.lines.some((l) => l.text) || r.pulses.length) out.push(r);
    return out;
  }
}

/** The words a paper says, sorted: wrapping and column order differ between the papers, words do not. */
export const words = (text: string): string[] =>
  text
    .split('\n')
    .filter((l) => !/^-+$/.test(l.trim()))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
    .sort();

/** A printed receipt's lines as one text. */
export const printedText = (r: { lines: readonly { text: string }[] }): string => r.lines.map((l) => l.text).join('\n');
