// What the books and annexes need of one document, read from its signed MH JSON and its record: the same on
// the station's SQLite and on a hub's PostgreSQL, so everything downstream runs on either. Amounts are exact: the
// summary's in cents (cents.ts), the lines' as decimals.
import type { DteKind } from '../../../shared/contract';
import type { DteStatus } from '../../../shared/records';
import { Dec, dec } from '../../../shared/tax';
import { NO_CENTS, plus, cents, minus, type Cents } from './cents';
import { mhDocumentView, type MhCounterpartView } from '../dte/mh/document-types';

/** CAT-015: IVA 13 %. */
const IVA_TRIBUTE = '20';

export interface BookParty {
  readonly name: string;
  /** CAT-022 type of `number` (36 NIT, 13 DUI, 02 carné de residente, 03 pasaporte, 37 otro). */
  readonly docType: string | null;
  readonly number: string | null;
  readonly nrc: string | null;
  /** FEX: CAT-020 country. */
  readonly country: string | null;
}

/** A CR's amounts under one MH retention code (CAT-006: 22 is 1 %, C4 13 %, C9 other cases). */
export interface RetentionPart {
  readonly code: string;
  readonly subject: Cents;
  readonly retained: Cents;
}

export interface BookLine {
  readonly code: string | null;
  readonly description: string;
  readonly quantity: Dec;
  readonly amount: Dec;
  /** The amount net of IVA: an FC's lines carry IVA inside (ivaItem), every other kind's are net already. */
  readonly net: Dec;
}

export interface BookDocument {
  readonly id: string;
  readonly kind: DteKind;
  readonly status: DteStatus;
  readonly controlNumber: string;
  /** identificacion.codigoGeneracion, upper case, with hyphens. */
  readonly generationCode: string;
  readonly seal: string | null;
  /** fecEmi (YYYY-MM-DD) and horEmi: when it was issued, El Salvador time. */
  readonly date: string;
  readonly time: string;
  /** The control number's establishment and point of sale (M001P001). */
  readonly point: string;
  readonly issuedBy: string | null;
  readonly issuedByName: string | null;
  /** 2 when it was issued in contingency. */
  readonly operation: number;
  readonly party: BookParty;
  /** Net of the document's discounts (total* − descu*); FC's gravada includes IVA, as FC prices do. */
  readonly exenta: Cents;
  readonly noSujeta: Cents;
  readonly gravada: Cents;
  /** CCF, NC, ND: tributo 20; FC: totalIva. */
  readonly iva: Cents;
  /** IVA the client withheld (ivaRete1) and the station perceived (ivaPerci1). */
  readonly ivaRetenido: Cents;
  readonly ivaPercibido: Cents;
  /** What the document is worth: totalPagar, else montoTotalOperacion (NC, ND), else the CR's IVA retained. */
  readonly total: Cents;
  /** FEX: 1 goods, 2 services, 3 both (emisor.tipoItemExpor); 0 otherwise. */
  readonly exportItems: number;
  /** FEX: the value exported (montoTotalOperacion). FSE: the purchase net of its discount (subTotal). */
  readonly operationAmount: Cents;
  readonly retentions: readonly RetentionPart[];
  /** The document's lines, built when asked: only the sales report asks (a CR has none). */
  readonly lines: () => readonly BookLine[];
  /** The mandante of a sale made on a third party's behalf (ventaTercero): its NIT and name. */
  readonly thirdParty: { readonly nit: string; readonly name: string } | null;
  /** fecAnula of the invalidation MH accepted; null while the document stands. */
  readonly invalidatedOn: string | null;
}

/** The document's record as a store keeps it, beside its MH JSON. */
export interface BookRecordRow {
  readonly id: string;
  readonly kind: string;
  readonly status: string;
  readonly control_number: string;
  readonly seal: string | null;
  readonly issued_by: string | null;
  readonly issued_by_name: string | null;
  readonly mh_json: string | null;
}

/** A line's a − b, without a new decimal when b is zero (most are). */
const less = (a: Dec, b: Dec): Dec => (b.isZero() ? a : a.minus(b));
/** A line's a + b, without a new decimal when b is zero (most of its four columns are). */
const more = (a: Dec, b: Dec): Dec => (b.isZero() ? a : a.isZero() ? b : a.plus(b));

type MhItem = NonNullable<ReturnType<typeof mhDocumentView>['cuerpoDocumento']>[number];

/** A line as the books see it. Only the sales report reads lines, so they are built when asked. */
function bookLines(kind: DteKind, items: readonly MhItem[]): BookLine[] {
  if (kind === 'CR') return [];
  return items.map((it) => {
    const amount = [it.ventaExenta, it.ventaNoSuj, it.compra].reduce((total: Dec, v) => more(total, dec(v)), dec(it.ventaGravada));
    return {
      code: it.codigo ?? null,
      description: it.descripcion ?? '',
      quantity: dec(it.cantidad),
      amount,
      net: kind === 'FC' ? less(amount, dec(it.ivaItem)) : amount,
    };
  });
}

function partyOf(c: MhCounterpartView | null | undefined): BookParty {
  if (!c) return { name: '', docType: null, number: null, nrc: null, country: null };
  // CCF, NC and ND name their receptor by NIT; the others by tipoDocumento and numDocumento.
  const nit = 'nit' in c && typeof c.nit === 'string' ? c.nit : null;
  return {
    name: c.nombre ?? '',
    docType: nit ? '36' : (c.tipoDocumento ?? null),
    number: nit ?? c.numDocumento ?? null,
    nrc: c.nrc ?? null,
    country: 'codPais' in c ? (c.codPais ?? null) : null,
  };
}

type MhSummary = NonNullable<ReturnType<typeof mhDocumentView>['resumen']>;

/** CCF, NC, ND: the IVA tribute's value (a loop, not a filter: a month makes a hundred thousand of these). */
function ivaOf(tributos: MhSummary['tributos']): Cents {
  let iva = NO_CENTS;
  for (const t of tributos ?? []) if (t.codigo === IVA_TRIBUTE) iva = plus(iva, cents(t.valor));
  return iva;
}

/** Every document but a CR shares this: nothing retained. */
const NO_RETENTIONS: readonly RetentionPart[] = Object.freeze([]);

/** A CR's lines summed by MH retention code. */
function retentionsOf(items: readonly MhItem[]): RetentionPart[] {
  const byCode = new Map<string, { subject: Cents; retained: Cents }>();
  for (const it of items) {
    const code = it.codigoRetencionMH ?? '';
    const part = byCode.get(code) ?? { subject: NO_CENTS, retained: NO_CENTS };
    byCode.set(code, { subject: plus(part.subject, cents(it.montoSujetoGrav)), retained: plus(part.retained, cents(it.ivaRetenido)) });
  }
  return [...byCode].map(([code, p]) => ({ code, ...p }));
}

/** The book's view of a stored document; null for one that was never built (no MH JSON). */
export function toBookDocument(row: BookRecordRow, invalidatedOn: string | null): BookDocument | null {
  if (!row.mh_json) return null;
  const mh = mhDocumentView(JSON.parse(row.mh_json) as Record<string, unknown>);
  const id = mh.identificacion ?? {};
  const r = mh.resumen ?? {};
  const kind = row.kind as DteKind;
  const items = mh.cuerpoDocumento ?? [];
  const iva = kind === 'FC' ? cents(r.totalIva) : ivaOf(r.tributos);
  const total =
    r.totalPagar !== undefined
      ? cents(r.totalPagar)
      : r.montoTotalOperacion !== undefined
        ? cents(r.montoTotalOperacion)
        : cents(r.totalIVAretenido);
  return {
    id: row.id,
    kind,
    status: row.status as DteStatus,
    controlNumber: row.control_number,
    generationCode: (id.codigoGeneracion ?? row.id).toUpperCase(),
    seal: row.seal,
    date: id.fecEmi ?? '',
    time: id.horEmi ?? '',
    point: row.control_number.slice(7, 15),
    issuedBy: row.issued_by,
    issuedByName: row.issued_by_name,
    operation: id.tipoOperacion ?? 1,
    party: partyOf(kind === 'FSE' ? mh.sujetoExcluido : mh.receptor),
    exenta: minus(cents(r.totalExenta), cents(r.descuExenta)),
    noSujeta: minus(cents(r.totalNoSuj), cents(r.descuNoSuj)),
    gravada: kind === 'FEX' ? cents(r.totalGravada) : minus(cents(r.totalGravada), cents(r.descuGravada)),
    iva,
    ivaRetenido: cents(r.ivaRete1),
    ivaPercibido: cents(r.ivaPerci1),
    total,
    exportItems: kind === 'FEX' ? (mh.emisor?.tipoItemExpor ?? 1) : 0,
    operationAmount: kind === 'FEX' ? cents(r.montoTotalOperacion) : kind === 'FSE' ? cents(r.subTotal) : NO_CENTS,
    retentions: kind === 'CR' ? retentionsOf(items) : NO_RETENTIONS,
    lines: () => bookLines(kind, items),
    thirdParty: mh.ventaTercero ? { nit: mh.ventaTercero.nit ?? '', name: mh.ventaTercero.nombre ?? '' } : null,
    invalidatedOn,
  };
}
