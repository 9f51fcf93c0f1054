// Anexo 1, ventas a contribuyentes (docs/mh.md, IVA books: Anexo 1): one row per CCF, NC and ND that stands at the
// month's end, amounts net of discounts and positive (the tipo tells MH an NC subtracts).
import type { AnnexProblem, BooksSettings } from '../../../shared/books';
import { amount, documentNumber, nitOrDui, resolution, series, text } from './annex-cells';
import {
  foldAll,
  salesIncome,
  salesOperation,
  standsAt,
  thirdPartyNote,
  type AnnexBuild,
  type AnnexFold,
  type EmitRow,
} from './annex-build';
import type { BookDocument } from './book-document';
import { NO_CENTS, plus } from './cents';
import { mhDate, monthRange } from './period';

export const MH_TYPE = { FC: '01', CCF: '03', NC: '05', ND: '06', CR: '07', FEX: '11', FSE: '14' } as const;

export function annex1Fold(month: string, s: BooksSettings, emit: EmitRow): AnnexFold {
  const { to } = monthRange(month);
  const notes: AnnexProblem[] = [];
  const row = (d: BookDocument) => {
    const { nit, dui } = nitOrDui(d.party);
    const third = NO_CENTS;
    const sales = plus(plus(d.exenta, d.noSujeta), plus(d.gravada, third));
    return [
      mhDate(d.date),
      '4',
      MH_TYPE[d.kind as 'CCF' | 'NC' | 'ND'],
      resolution(d),
      series(d),
      documentNumber(d),
      '',
      nit,
      text(d.party.name),
      amount(d.exenta),
      amount(d.noSujeta),
      amount(d.gravada),
      amount(d.iva),
      amount(third),
      amount(NO_CENTS),
      amount(s.annex1Total === 'con-iva' ? plus(sales, d.iva) : sales),
      dui,
      salesOperation(s, month, plus(d.exenta, d.noSujeta), d.gravada),
      salesIncome(s, month),
      '1',
    ];
  };
  return {
    add(d) {
      if (!((d.kind === 'CCF' || d.kind === 'NC' || d.kind === 'ND') && standsAt(d, to))) return;
      const note = thirdPartyNote(d);
      if (note) notes.push(note);
      emit(row(d));
    },
    finish: () => notes,
  };
}

export const annex1 = (docs: readonly BookDocument[], month: string, s: BooksSettings): AnnexBuild =>
  foldAll('1', docs, (emit) => annex1Fold(month, s, emit));
