// The anulados annex (docs/mh.md, IVA books: anulados annex): every DTE whose invalidation MH accepted in the month,
// tipo de detalle D, the número de control with its hyphens and the código de generación in the form the
// settings choose.
import type { AnnexProblem, BooksSettings } from '../../../shared/books';
import { series } from './annex-cells';
import { foldAll, type AnnexBuild, type AnnexFold, type EmitRow } from './annex-build';
import type { BookDocument } from './book-document';
import { MH_TYPE as SALE_TYPES } from './annex-1';
import { monthName, monthRange } from './period';

/**
 * The annex's tipo de documento (docs/mh.md, IVA books): MH's list has the NR (04), CL (08) and DCL (09) beside the
 * sales, and no CD (15): a donation receipt invalidated is named to the accountant instead (docs/decisions/0013-iva-books-and-annexes.md).
 */
const ANNULLED_TYPE: Readonly<Partial<Record<BookDocument['kind'], string>>> = { ...SALE_TYPES, NR: '04', CL: '08', DCL: '09' };

/** Kinds whose annex takes no negative row: an earlier month's one invalidated now means amending that month. */
const AMEND: readonly BookDocument['kind'][] = ['CCF', 'NC', 'ND', 'CR', 'FSE'];

/** The month's invalidations (read apart, a month's worth of them): the issued documents add nothing here. */
export function annexAnnulledFold(invalidated: readonly BookDocument[], month: string, s: BooksSettings, emit: EmitRow): AnnexFold {
  return { add: () => {}, finish: () => annulledRows(invalidated, month, s, emit) };
}

export const annexAnnulled = (invalidated: readonly BookDocument[], month: string, s: BooksSettings): AnnexBuild =>
  foldAll('anulados', [], (emit) => annexAnnulledFold(invalidated, month, s, emit));

function annulledRows(invalidated: readonly BookDocument[], month: string, s: BooksSettings, emit: EmitRow): AnnexProblem[] {
  const { from } = monthRange(month);
  const notes: AnnexProblem[] = [];
  for (const d of invalidated)
    if (ANNULLED_TYPE[d.kind] === undefined)
      notes.push({
        row: 0,
        column: 'E',
        field: 'TIPO DE DOCUMENTO',
        severity: 'warning',
        message: `${d.controlNumber} (${d.kind}) se invalidó este mes, pero el anexo de anulados de MH no admite su tipo: consérvelo con el evento de invalidación.`,
      });
  const rows = [...invalidated]
    .filter((d) => ANNULLED_TYPE[d.kind] !== undefined)
    .sort((a, b) => (a.invalidatedOn ?? '').localeCompare(b.invalidatedOn ?? '') || a.controlNumber.localeCompare(b.controlNumber))
    .map((d) => [
      d.controlNumber,
      '4',
      '0',
      '0',
      ANNULLED_TYPE[d.kind]!,
      'D',
      series(d),
      '0',
      '0',
      s.annulledCode === '36' ? d.generationCode.toUpperCase() : d.generationCode.replace(/-/g, '').toUpperCase(),
    ]);
  rows.forEach((r, i) => {
    const d = invalidated.find((x) => x.controlNumber === r[0])!;
    if (d.date < from && AMEND.includes(d.kind))
      notes.push({
        row: i + 1,
        column: 'A',
        field: 'NÚMERO DE RESOLUCIÓN',
        severity: 'warning',
        message: `${d.controlNumber} se declaró en ${monthName(d.date.slice(0, 7))}: presente una declaración modificatoria de ese mes sin él.`,
      });
  });
  rows.forEach((r) => emit(r));
  return notes;
}
