// Annexes 10 and 12, the IVA the station withheld (docs/mh.md, IVA books: annexes 9, 10 and 12), from its CR: the
// retention code of each line (CAT-006) routes it, 22 (1 %) to Anexo 10 and C4 (13 %) to Anexo 12; a CR mixing them
// gives a row in each. C9 ("otras retenciones, casos especiales") has no annex: it is reported to the person, not
// written.
import type { AnnexProblem } from '../../../shared/books';
import { amount, documentNumber, nitOrDui, resolution, series } from './annex-cells';
import { foldAll, standsAt, type AnnexBuild, type AnnexFold, type EmitRow } from './annex-build';
import type { BookDocument } from './book-document';
import { mhDate, monthRange } from './period';

const CODE_OF = { '10': '22', '12': 'C4' } as const;

export function annexRetentionsFold(annex: '10' | '12', month: string, emit: EmitRow): AnnexFold {
  const { to } = monthRange(month);
  const notes: AnnexProblem[] = [];
  const add = (d: BookDocument) => {
    if (d.kind !== 'CR' || !standsAt(d, to)) return;
    const part = d.retentions.find((r) => r.code === CODE_OF[annex]);
    const other = d.retentions.filter((r) => r.code !== '22' && r.code !== 'C4');
    if (annex === '10' && other.length > 0)
      notes.push({
        row: 0,
        column: '',
        field: 'CÓDIGO DE RETENCIÓN',
        severity: 'warning',
        message: `El comprobante de retención ${d.controlNumber} tiene retenciones con código ${other.map((o) => o.code).join(', ')}, que no van en los anexos 10 ni 12: declárelas en la casilla que corresponda.`,
      });
    if (!part) return;
    const { nit, dui } = nitOrDui(d.party);
    const ids = annex === '10' ? [resolution(d), series(d)] : [series(d), resolution(d)];
    emit([
      nit.length === 14 ? nit : '',
      mhDate(d.date),
      '07',
      ...ids,
      documentNumber(d),
      amount(part.subject),
      amount(part.retained),
      dui,
      annex,
    ]);
  };
  return { add, finish: () => notes };
}

export const annexRetentions = (annex: '10' | '12', docs: readonly BookDocument[], month: string): AnnexBuild =>
  foldAll(annex, docs, (emit) => annexRetentionsFold(annex, month, emit));
