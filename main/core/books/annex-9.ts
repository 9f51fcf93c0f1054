// Anexo 9, percepción de IVA 1 % efectuada por el declarante (docs/mh.md, IVA books: annexes 9, 10 and 12): the CCF,
// NC and ND on which the station perceived IVA (ivaPerci1), with the taxable amount the perception was taken on.
import { amount, documentNumber, issueOrder, nitOrDui, resolution, series } from './annex-cells';
import { standsAt, type AnnexBuild } from './annex-build';
import { MH_TYPE } from './annex-1';
import type { BookDocument } from './book-document';
import { mhDate, monthRange } from './period';

export function annex9(docs: readonly BookDocument[], month: string): AnnexBuild {
  const { to } = monthRange(month);
  const rows = docs
    .filter((d) => (d.kind === 'CCF' || d.kind === 'NC' || d.kind === 'ND') && !d.ivaPercibido.isZero() && standsAt(d, to))
    .sort(issueOrder)
    .map((d) => {
      const { nit, dui } = nitOrDui(d.party);
      return [
        nit.length === 14 ? nit : '',
        mhDate(d.date),
        MH_TYPE[d.kind as 'CCF' | 'NC' | 'ND'],
        resolution(d),
        series(d),
        documentNumber(d),
        amount(d.gravada),
        amount(d.ivaPercibido),
        dui,
        '9',
      ];
    });
  return { annex: '9', rows, notes: [] };
}
