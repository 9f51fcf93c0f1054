// An Evento de Retorno as the books see it (docs/decisions/0013-iva-books-and-annexes.md, "Returns"; decision
// 0050): a BookDocument of the kind it gives back on (FC, FEX or FSE), dated its own fecEmi, whose amounts are
// what it gives back, read from its signed fe-eret-v1 JSON; the same on the station's SQLite and on the hub.
import type { DteKind } from '../../../shared/contract';
import { NO_CENTS, cents } from './cents';
import type { BookDocument } from './book-document';
import { readReturn } from '../mh-read/read-event';

const KIND_OF_TYPE: Readonly<Record<string, DteKind>> = { '01': 'FC', '11': 'FEX', '14': 'FSE' };

/** How an ER is named in a book's "Del/Al" columns: it has no control number. */
export const RETURN_CONTROL = 'Evento de Retorno';

type Json = Record<string, unknown>;

/** The stored ER: its status (PENDING or APPROVED: a REJECTED one never reaches the books), its JSON and MH's seal. */
export interface BookReturnRow {
  readonly id: string;
  readonly status: string;
  readonly seal: string | null;
  readonly mhJson: Json;
  /** When MH took its invalidation (YYYY-MM-DD), null while it stands. */
  readonly invalidatedOn: string | null;
}

export function toBookReturn(r: BookReturnRow): BookDocument | null {
  // The one reader of MH's JSON (main/core/mh-read/): fe-eret-v1's field names live there.
  const er = readReturn(r.mhJson);
  const kind = KIND_OF_TYPE[er.related[0]?.type ?? ''];
  if (!kind) return null;
  const a = er.amounts;
  return {
    id: r.id,
    kind,
    // Waiting for MH, it is in the books as a document waiting is: counted, and flagged before the month is filed.
    status: r.status === 'APPROVED' ? 'APPROVED' : 'PROCESSING',
    controlNumber: RETURN_CONTROL,
    generationCode: er.generationCode ?? r.id.toUpperCase(),
    seal: r.seal,
    date: er.date ?? '',
    time: er.time ?? '',
    point: er.point,
    issuedBy: null,
    issuedByName: null,
    operation: er.operation,
    party: { name: er.party.name, docType: er.party.docType, number: er.party.number, nrc: null, country: er.party.country },
    exenta: cents(a.totalExenta),
    noSujeta: cents(a.totalNoSuj),
    // An FE's lines carry IVA inside, as its sales do; an FEX's are exports (operationAmount below).
    gravada: kind === 'FEX' ? NO_CENTS : cents(a.totalGravada),
    iva: kind === 'FC' ? cents(a.totalIva) : NO_CENTS,
    ivaRetenido: NO_CENTS,
    ivaPercibido: NO_CENTS,
    total: cents(a.totalPagar),
    exportItems: kind === 'FEX' ? (er.exportItems ?? 0) : 0,
    operationAmount: kind === 'FEX' ? cents(a.montoTotalOperacion) : kind === 'FSE' ? cents(a.totalCompra) : NO_CENTS,
    retentions: [],
    lines: () => [],
    thirdParty: null,
    invalidatedOn: r.invalidatedOn,
  };
}
