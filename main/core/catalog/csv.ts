// CSV as RFC 4180 writes it and as spreadsheets really save it: a UTF-8 byte order mark, `,` or `;` (Excel in
// locales whose decimal mark is a comma) or a tab between fields, Excel's `sep=;` first line, fields in double
// quotes holding separators, quotes (doubled) and line breaks, and CRLF, LF or CR line ends.

export interface CsvTable {
  readonly separator: string;
  /** Each record's fields; a record spanning lines (a quoted line break) is one record, as a spreadsheet shows it. */
  readonly records: string[][];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly record: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator of the first line: the one of `,`, `;` and tab found most often outside quotes (`,` if none). */
function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const s of SEPARATORS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}

/** Reads CSV text. Throws CsvError for a quote left open at the end of the text. */
export function parseCsv(input: string): CsvTable {
  let text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  let separator: string;
  const sep = /^sep=(.)\r?\n?/i.exec(text);
  if (sep) {
    separator = sep[1]!;
    text = text.slice(sep[0].length);
  } else {
    separator = detectSeparator(text);
  }
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** The field started with a quote (so a separator or a line end inside it is text). */
  let inQuotes = false;
  let openedAt = 0;
  const endField = () => {
    record.push(field);
    field = '';
    quoted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else inQuotes = false;
      continue;
    }
    if (ch === '"' && field === '' && !quoted) {
      inQuotes = true;
      quoted = true;
      openedAt = records.length + 1;
    } else if (ch === separator) {
      endField();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else {
      // A quote inside an unquoted field, or text after a closing quote: kept as it is, as spreadsheets do.
      field += ch;
    }
  }
  if (inQuotes) throw new CsvError(`Hay unas comillas sin cerrar desde la fila ${openedAt}.`, openedAt);
  // The last line's break is optional; a text ending in one has no empty record after it.
  if (field !== '' || quoted || record.length > 0) endRecord();
  return { separator, records };
}

const NEEDS_QUOTES = /[",;\t\r\n]/;
/** A cell a spreadsheet would run as a formula (CSV injection); written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula, with a leading apostrophe (OWASP's CSV injection advice). */
export const defused = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** One field as CSV: quoted when it holds a separator, a quote or a line break; a formula-like text is defused. */
export function csvField(value: string): string {
  const safe = defused(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** What a defused cell was before: the apostrophe csvField puts before `=`, `+`, `-`, `@` comes off. */
export const undefused = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** CSV text with a byte order mark (so Excel reads the accents as UTF-8), `,` between fields, CRLF line ends. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
