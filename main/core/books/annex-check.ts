// An annex file checked the way MH's portal checks it (docs/mh.md, IVA books and F-07 annexes): structure, each
// cell against its column, the period, and the rules that tie columns together (DUI or NIT, totals re-adding, the
// IVA, the income-tax code combinations). Each problem names the line and the column, in the portal's words where
// known.
import type { AnnexId, AnnexProblem, BooksSettings } from '../../../shared/books';
import { ANNEX_SPECS, type AnnexColumn } from './annex-columns';
import { AMOUNT_CELL, NO_CENTS, cellCents, centsText, percentOf, plus, type Cents } from './cents';
import { isoFromMhDate, monthBefore, monthRange, purchaseRentaApplies, salesRentaApplies } from './period';

/** Anexo 2's amount columns, the only ones that take a negative (an invalidated document's row). */
const NEGATIVE_OK: Partial<Record<AnnexId, ReadonlySet<string>>> = { '2': new Set('KLMNOPQRST'.split('')) };
/** MH's name limit; the extension it wants. */
export const MAX_FILE_NAME = 25;

/** The file's lines as cells: `;`-separated, CRLF or LF, a last line break or not. */
export function parseAnnexText(text: string): string[][] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => l.split(';'));
}

const problem = (row: number, c: AnnexColumn | null, message: string, severity: 'error' | 'warning' = 'error'): AnnexProblem => ({
  row,
  column: c?.letter ?? '',
  field: c?.name ?? '',
  message,
  severity,
});

function checkCell(annex: AnnexId, row: number, c: AnnexColumn, v: string): AnnexProblem | null {
  if (v === '' && c.required && /SERIE/.test(c.name))
    return problem(row, c, 'El documento aún no tiene el sello de recepción de MH: transmítalo antes de declarar el mes.');
  if (v === '') return c.required && c.rule.kind !== 'blank' ? problem(row, c, `${c.name} no puede ir vacío.`) : null;
  if (c.max !== null && v.length > c.max) return problem(row, c, `${c.name} admite ${c.max} caracteres y tiene ${v.length}.`);
  const rule = c.rule;
  switch (rule.kind) {
    case 'date':
      return isoFromMhDate(v) ? null : problem(row, c, `Formato de ${c.name.toLowerCase()} no es correcto: use DD/MM/AAAA.`);
    case 'amount':
      if (!AMOUNT_CELL.test(v))
        return problem(row, c, `${c.name}: use un número con punto y dos decimales, sin separador de miles (1234.50).`);
      return v.startsWith('-') && !NEGATIVE_OK[annex]?.has(c.letter) ? problem(row, c, `${c.name} no admite valores negativos.`) : null;
    case 'code':
      return rule.values.includes(v) ? null : problem(row, c, `${c.name}: "${v}" no es un valor permitido (${rule.values.join(', ')}).`);
    case 'pattern':
      return rule.pattern.test(v) ? null : problem(row, c, `${c.name}: se espera ${rule.hint}.`);
    case 'text':
      return /[;\r\n"]/.test(v) ? problem(row, c, `${c.name} tiene un carácter que rompe el archivo (; o comillas).`) : null;
    case 'blank':
      return problem(row, c, `${c.name} va en blanco para un DTE.`);
    default: {
      const never: never = rule;
      return never;
    }
  }
}

/** Value of the column with this letter (A = 0). */
const at = (cells: readonly string[], letter: string) => cells[letter.charCodeAt(0) - 65] ?? '';
const amountAt = (cells: readonly string[], letter: string): Cents => cellCents(at(cells, letter)) ?? NO_CENTS;
const sumAt = (cells: readonly string[], letters: string) => letters.split('').reduce((a, l) => plus(a, amountAt(cells, l)), NO_CENTS);
const col = (annex: AnnexId, letter: string) => ANNEX_SPECS[annex].columns[letter.charCodeAt(0) - 65]!;

/** Rules of one row that tie its columns together. */
function crossChecks(annex: AnnexId, row: number, cells: readonly string[], month: string, s: BooksSettings): AnnexProblem[] {
  const out: AnnexProblem[] = [];
  const one = (letter: string, message: string, severity: 'error' | 'warning' = 'error') =>
    out.push(problem(row, col(annex, letter), message, severity));
  const oneOf = (nit: string, dui: string) => {
    if (at(cells, nit) && at(cells, dui)) one(dui, 'Llene el NIT (o NRC) o el DUI del cliente, no ambos.');
    if (!at(cells, nit) && !at(cells, dui)) one(nit, 'Longitud de Nit no es correcta o no puede ser vacío: falta el NIT, NRC o DUI.');
  };
  const renta = (letters: string, applies: boolean, since: string) => {
    for (const l of letters) {
      const v = at(cells, l);
      if (applies && v === '0') one(l, `Desde ${since} este código no puede ser 0.`);
      if (!applies && v !== '0') one(l, `Antes de ${since} este código va en 0.`);
    }
  };
  // `percent`: 13 for the IVA, 1 for the 1 % withheld or perceived; a cent either way is accepted.
  const iva = (base: string, tax: string, percent: number, what: string, severity: 'error' | 'warning') => {
    const expected = percentOf(amountAt(cells, base), percent);
    if (Math.abs(expected - Math.abs(amountAt(cells, tax))) > 1)
      one(tax, `Cálculo del monto ${what} no es correcto: se esperaban ${centsText(expected)}.`, severity);
  };
  const adds = (totalLetter: string, parts: string) => {
    const expected = sumAt(cells, parts);
    if (expected !== amountAt(cells, totalLetter))
      one(totalLetter, `El total no suma las columnas ${parts.split('').join('+')} (${centsText(expected)}).`);
  };
  switch (annex) {
    case '1':
      oneOf('H', 'Q');
      adds('P', s.annex1Total === 'con-iva' ? 'JKLMN' : 'JKLN');
      iva('L', 'M', 13, 'del IVA', 'error');
      renta('RS', salesRentaApplies(month), 'enero de 2025');
      break;
    case '2':
      adds('T', 'KLMNOPQRS');
      renta('UV', salesRentaApplies(month), 'enero de 2025');
      break;
    case '5': {
      const len = { '1': 14, '2': 9 }[at(cells, 'A')];
      if (len && !new RegExp(`^\\d{${len}}$`).test(at(cells, 'B')))
        one('B', `Un ${at(cells, 'A') === '1' ? 'NIT' : 'DUI'} tiene ${len} dígitos.`);
      renta('IJKL', purchaseRentaApplies(month), 'febrero de 2024');
      const wrong = purchaseCodesProblem(...(['I', 'J', 'K', 'L'].map((l) => at(cells, l)) as [string, string, string, string]));
      if (wrong) one(wrong.column, wrong.message);
      break;
    }
    case '9':
      oneOf('A', 'I');
      iva('G', 'H', 1, 'de la percepción', 'warning');
      break;
    case '10':
      oneOf('A', 'I');
      iva('G', 'H', 1, 'de la retención', 'warning');
      break;
    case '12':
      oneOf('A', 'I');
      iva('G', 'H', 13, 'de la retención', 'warning');
      break;
    case 'anulados':
      break;
    default: {
      const never: never = annex;
      return never;
    }
  }
  return out;
}

/**
 * MH's matrix for the classification of purchases (docs/mh.md, IVA books: purchase classification): 9 in all four
 * columns or none; a cost (1) admits types 4 and 5 (6 and 7 in industry), an expense (2) types 1 to 3; 8 may stand
 * anywhere.
 */
export function purchaseCodesProblem(op: string, cls: string, sector: string, cost: string): { column: 'I' | 'L'; message: string } | null {
  const all = [op, cls, sector, cost];
  if (all.includes('9') && !all.every((v) => v === '9')) return { column: 'I', message: 'El código 9 va en las cuatro columnas.' };
  if (cls === '1' && !(sector === '1' ? ['4', '5', '6', '7', '8'] : ['4', '5', '8']).includes(cost))
    return { column: 'L', message: 'Un costo admite los tipos 4 y 5 (y 6 o 7 en la industria).' };
  if (cls === '2' && !['1', '2', '3', '8'].includes(cost)) return { column: 'L', message: 'Un gasto admite los tipos 1, 2 y 3.' };
  return null;
}

/** The date column of each annex, for the period check. */
const DATE_COLUMN: Readonly<Record<AnnexId, string | null>> = {
  '1': 'A',
  '2': 'A',
  '5': 'D',
  '9': 'B',
  '10': 'B',
  '12': 'B',
  anulados: null,
};

export function checkAnnex(
  annex: AnnexId,
  rows: readonly (readonly string[])[],
  month: string,
  s: BooksSettings,
  fileName: string,
): AnnexProblem[] {
  const check = rowChecker(annex, month, s);
  return [...checkFileName(fileName), ...rows.flatMap((cells, i) => check(cells, i + 1))];
}

/** The file's name, as the portal checks it before reading a line. */
export function checkFileName(fileName: string): AnnexProblem[] {
  const out: AnnexProblem[] = [];
  if (fileName.length > MAX_FILE_NAME)
    out.push(problem(0, null, `El nombre del archivo tiene ${fileName.length} caracteres; MH admite ${MAX_FILE_NAME}.`));
  if (!fileName.toUpperCase().endsWith('.CSV')) out.push(problem(0, null, 'Solo se permiten archivos .CSV.'));
  return out;
}

/** One line's problems (`row` counts from 1): each line is checked on its own, so a month is checked as it is written. */
export function rowChecker(annex: AnnexId, month: string, s: BooksSettings): (cells: readonly string[], row: number) => AnnexProblem[] {
  const spec = ANNEX_SPECS[annex];
  const { from, to } = monthRange(month);
  const earliest = monthRange(monthBefore(month, 3)).from;
  return (cells, row) => {
    if (cells.length !== spec.columns.length)
      return [
        problem(
          row,
          null,
          `Registro no coincide con el de la estructura: tiene ${cells.length} columnas y el anexo ${spec.columns.length}.`,
        ),
      ];
    const out: AnnexProblem[] = [];
    const cellProblems = spec.columns.map((c, j) => checkCell(annex, row, c, cells[j]!)).filter((p): p is AnnexProblem => p !== null);
    out.push(...cellProblems);
    const dateLetter = DATE_COLUMN[annex];
    const day = dateLetter ? isoFromMhDate(at(cells, dateLetter)) : null;
    if (dateLetter && day) {
      const negative = cells.some((v) => v.startsWith('-'));
      const first = annex === '2' && negative ? earliest : from;
      if (day < first || day > to || (negative && day >= from))
        out.push(
          problem(
            row,
            col(annex, dateLetter),
            negative && day >= from
              ? 'Una fila negativa es de un documento de un período anterior invalidado en este.'
              : 'Registro no es para el período a declarar.',
          ),
        );
    }
    if (cellProblems.length === 0) out.push(...crossChecks(annex, row, cells, month, s));
    return out;
  };
}
