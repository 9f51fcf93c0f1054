// An annex as MH's portal takes it (docs/mh.md, IVA books and F-07 annexes): `;` between cells, no header, no
// quoting, CRLF after every line (as Excel writes), in the encoding the settings choose, under a name of at most 25
// characters ending in .CSV.
import type { AnnexId, BooksSettings } from '../../../shared/books';
import { encodeWindows1252 } from './windows-1252';

/** A1_202611_M001P001.CSV (22 characters); without a point of sale for a whole company. */
export function annexFileName(annex: AnnexId, month: string, point: string | null): string {
  const tag = annex === 'anulados' ? 'ANUL' : `A${annex}`;
  return `${[tag, month.replace('-', ''), point].filter(Boolean).join('_')}.CSV`;
}

export const annexText = (rows: readonly (readonly string[])[]): string => rows.map((r) => `${r.join(';')}\r\n`).join('');

export const annexBytes = (rows: readonly (readonly string[])[], s: BooksSettings): Buffer =>
  s.encoding === 'utf-8' ? Buffer.from(annexText(rows), 'utf8') : encodeWindows1252(annexText(rows));

/** One line of the file, encoded: a month's file is made a line at a time. */
export const annexLine = (cells: readonly string[], s: BooksSettings): Buffer => annexBytes([cells], s);

/** What the annex's bytes say, in the settings' encoding. */
export const annexDecode = (bytes: Buffer, s: BooksSettings): string =>
  new TextDecoder(s.encoding === 'utf-8' ? 'utf-8' : 'windows-1252').decode(bytes);
