// An Evento de Retorno as the books see it (docs/decisions/0013-iva-books-and-annexes.md, "Returns"; decision
// 0050): a BookDocument of the kind it gives back on (FC, FEX or FSE), dated its own fecEmi, whose amounts are
// what it gives back, read from its signed fe-eret-v1 JSON; the same on the station's SQLite and on the hub.
import type { DteKind } from '../../../shared/contract';
import { NO_CENTS, cents } from './cents';
import type { BookDocument } from './book-document';

const KIND_OF_TYPE: Readonly<Record<string, DteKind>> = { '01': 'FC', '11': 'FEX', '14': 'FSE' };

/** How an ER is named in a book's "Del/Al" columns: it has no control number. */
export const RETURN_CONTROL = 'Evento de Retorno';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

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
  const id = obj(r.mhJson.identificacion);
  const res = obj(r.mhJson.resumen);
  const emisor = obj(r.mhJson.emisor);
  const related = Array.isArray(r.mhJson.documentoRelacionado) ? r.mhJson.documentoRelacionado.map(obj) : [];
  const kind = KIND_OF_TYPE[str(related[0]?.tipoDocumento) ?? ''];
  if (!kind) return null;
  const party = obj(r.mhJson.documento);
  return {
    id: r.id,
    kind,
    // Waiting for MH, it is in the books as a document waiting is: counted, and flagged before the month is filed.
    status: r.status === 'APPROVED' ? 'APPROVED' : 'PROCESSING',
    controlNumber: RETURN_CONTROL,
    generationCode: (str(id.codigoGeneracion) ?? r.id).toUpperCase(),
    seal: r.seal,
    date: str(id.fecEmi) ?? '',
    time: str(id.horEmi) ?? '',
    point: `${str(emisor.codEstableMH) ?? ''}${str(emisor.codPuntoVentaMH) ?? ''}`,
    issuedBy: null,
    issuedByName: null,
    operation: typeof id.tipoOperacion === 'number' ? id.tipoOperacion : 1,
    party: {
      name: str(party.nombre) ?? '',
      docType: str(party.tipoDocumento),
      number: str(party.numDocumento),
      nrc: null,
      country: str(party.codPais),
    },
    exenta: cents(res.totalExenta as number),
    noSujeta: cents(res.totalNoSuj as number),
    // An FE's lines carry IVA inside, as its sales do; an FEX's are exports (operationAmount below).
    gravada: kind === 'FEX' ? NO_CENTS : cents(res.totalGravada as number),
    iva: kind === 'FC' ? cents(res.totalIva as number) : NO_CENTS,
    ivaRetenido: NO_CENTS,
    ivaPercibido: NO_CENTS,
    total: cents(res.totalPagar as number),
    exportItems: kind === 'FEX' && typeof emisor.tipoItemExpor === 'number' ? emisor.tipoItemExpor : 0,
    operationAmount:
      kind === 'FEX' ? cents(res.montoTotalOperacion as number) : kind === 'FSE' ? cents(res.totalCompraExcluidos as number) : NO_CENTS,
    retentions: [],
    lines: () => [],
    thirdParty: null,
    invalidatedOn: r.invalidatedOn,
  };
}
