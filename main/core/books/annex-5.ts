// Anexo 5, compras a sujetos excluidos (docs/mh.md, IVA books: Anexo 5): one row per FSE the station issued, the
// excluded subject (sujetoExcluido, never the emisor) identified by NIT, DUI or another document.
import type { BooksSettings } from '../../../shared/books';
import { amount, documentNumber, series, text } from './annex-cells';
import { foldAll, standsAt, type AnnexBuild, type AnnexFold, type EmitRow } from './annex-build';
import type { BookDocument } from './book-document';
import { mhDate, monthRange, purchaseRentaApplies } from './period';
import { purchaseReturnNotes } from './return-notes';

/** CAT-022 → the annex's 1 NIT, 2 DUI, 3 other document. */
const ID_TYPE = (docType: string | null): string => (docType === '36' ? '1' : docType === '13' ? '2' : '3');

export function annex5Fold(month: string, s: BooksSettings, emit: EmitRow, returns: readonly BookDocument[] = []): AnnexFold {
  const { to } = monthRange(month);
  const codes = purchaseRentaApplies(month)
    ? [s.purchaseOperation, s.purchaseClass, s.purchaseSector, s.purchaseCost]
    : ['0', '0', '0', '0'];
  return {
    add(d) {
      if (d.kind !== 'FSE' || !standsAt(d, to)) return;
      emit([
        ID_TYPE(d.party.docType),
        (d.party.number ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase(),
        text(d.party.name),
        mhDate(d.date),
        series(d),
        documentNumber(d),
        amount(d.operationAmount),
        amount(d.ivaRetenido),
        ...codes,
        '5',
      ]);
    },
    finish: () => purchaseReturnNotes(returns, month),
  };
}

export const annex5 = (docs: readonly BookDocument[], month: string, s: BooksSettings, returns: readonly BookDocument[] = []): AnnexBuild =>
  foldAll('5', docs, (emit) => annex5Fold(month, s, emit, returns));
