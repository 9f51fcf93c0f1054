// Text as Windows-1252 bytes, the code page Excel writes on a Spanish Windows when saving "CSV (delimitado por
// comas)" as MH's annex manual instructs. A character the code page lacks loses its accent, else becomes '?'.
const HIGH: Readonly<Record<number, number>> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

function byteOf(cp: number): number | null {
  if (cp < 0x80 || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return HIGH[cp] ?? null;
}

export function encodeWindows1252(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const b = byteOf(ch.codePointAt(0)!);
    if (b !== null) {
      out.push(b);
      continue;
    }
    // "ő" → "o": the base letter without its mark, when that is in the code page.
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    const bb = base.length === 1 ? byteOf(base.codePointAt(0)!) : null;
    out.push(bb ?? 0x3f);
  }
  return Buffer.from(out);
}
