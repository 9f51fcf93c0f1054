// Anexo 9, percepción de IVA 1 % efectuada por el declarante (docs/mh.md, IVA books: annexes 9, 10 and 12): the CCF,
// NC and ND on which the station perceived IVA (ivaPerci1), with the taxable amount the perception was taken on.
import { amount, documentNumber, nitOrDui, resolution, series } from './annex-cells';
import { foldAll, standsAt, type AnnexBuild, type AnnexFold, type EmitRow } from './annex-build';
import { MH_TYPE } from './annex-1';
import type { BookDocument } from './book-document';
import { mhDate, monthRange } from './period';

export function annex9Fold(month: string, emit: EmitRow): AnnexFold {
  const { to } = monthRange(month);
  return {
    add(d) {
      if (!((d.kind === 'CCF' || d.kind === 'NC' || d.kind === 'ND') && d.ivaPercibido !== 0 && standsAt(d, to))) return;
      const { nit, dui } = nitOrDui(d.party);
      emit([
        nit.length === 14 ? nit : '',
        mhDate(d.date),
        MH_TYPE[d.kind],
        resolution(d),
        series(d),
        documentNumber(d),
        amount(d.gravada),
        amount(d.ivaPercibido),
        dui,
        '9',
      ]);
    },
    finish: () => [],
  };
}

export const annex9 = (docs: readonly BookDocument[], month: string): AnnexBuild => foldAll('9', docs, (emit) => annex9Fold(month, emit));
