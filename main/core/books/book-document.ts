// What the books and annexes need of one document, read from its signed MH JSON and its record: the same on
// the station's SQLite and on a hub's PostgreSQL, so everything downstream runs on either. Amounts are exact: the
// summary's in cents (cents.ts), the lines' as decimals.
import type { DteKind } from '../../../shared/contract';
import type { DteStatus } from '../../../shared/records';
import { Dec, dec } from '../../../shared/tax';
import { NO_CENTS, plus, cents, minus, type Cents } from './cents';
import { readDte, type DteReading } from '../mh-read/read-dte';

export interface BookParty {
  readonly name: string;
  /** CAT-022 type of `number` (36 NIT, 13 DUI, 02 carné de residente, 03 pasaporte, 37 otro). */
  readonly docType: string | null;
  readonly number: string | null;
  readonly nrc: string | null;
  /** FEX: ISO 3166-1 alpha-2 (CAT-020 of the Normativa v2.0), whatever code the document's version wrote. */
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
  /** IVA the client withheld and the station perceived (ivaRete1/ivaPerci1, or ivaRete/ivaPerci in v2.0). */
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
  /** The day of the invalidation MH accepted (its event's date, mh-read/read-event.ts); null while it stands. */
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

/** A line as the books see it. Only the sales report reads lines, so they are built when asked. */
function bookLines(kind: DteKind, mh: DteReading): BookLine[] {
  if (kind === 'CR') return [];
  return mh.lines().map((it) => {
    const amount = [it.exenta, it.noSuj, it.compra].reduce((total: Dec, v) => more(total, dec(v)), dec(it.gravada));
    return {
      code: it.code,
      description: it.description,
      quantity: dec(it.quantity),
      amount,
      net: kind === 'FC' ? less(amount, dec(it.ivaItem)) : amount,
    };
  });
}

/** Every document but a CR shares this: nothing retained. */
const NO_RETENTIONS: readonly RetentionPart[] = Object.freeze([]);

/** A CR's lines summed by MH retention code. */
function retentionsOf(mh: DteReading): RetentionPart[] {
  const byCode = new Map<string, { subject: Cents; retained: Cents }>();
  for (const it of mh.retentions()) {
    const part = byCode.get(it.code) ?? { subject: NO_CENTS, retained: NO_CENTS };
    byCode.set(it.code, { subject: plus(part.subject, cents(it.subject)), retained: plus(part.retained, cents(it.retained)) });
  }
  return [...byCode].map(([code, p]) => ({ code, ...p }));
}

const NO_PARTY: BookParty = { name: '', docType: null, number: null, nrc: null, country: null };

/** The book's view of a stored document; null for one that was never built (no MH JSON). */
export function toBookDocument(row: BookRecordRow, invalidatedOn: string | null): BookDocument | null {
  if (!row.mh_json) return null;
  const kind = row.kind as DteKind;
  // The one reader of MH's JSON (main/core/mh-read/): each schema version by its own field names.
  const mh = readDte(kind, JSON.parse(row.mh_json) as unknown);
  const a = mh.amounts;
  const total = a.totalPagar ?? a.montoTotalOperacion ?? a.totalRetenido;
  return {
    id: row.id,
    kind,
    status: row.status as DteStatus,
    controlNumber: row.control_number,
    generationCode: mh.generationCode ?? row.id.toUpperCase(),
    seal: row.seal,
    date: mh.date ?? '',
    time: mh.time ?? '',
    point: row.control_number.slice(7, 15),
    issuedBy: row.issued_by,
    issuedByName: row.issued_by_name,
    operation: mh.operation,
    party: mh.party ?? NO_PARTY,
    exenta: minus(cents(a.totalExenta), cents(a.descuExenta)),
    noSujeta: minus(cents(a.totalNoSuj), cents(a.descuNoSuj)),
    gravada: kind === 'FEX' ? cents(a.totalGravada) : minus(cents(a.totalGravada), cents(a.descuGravada)),
    iva: cents(a.iva),
    ivaRetenido: cents(a.ivaRetenido),
    ivaPercibido: cents(a.ivaPercibido),
    total: cents(total),
    exportItems: mh.exportItems,
    operationAmount: kind === 'FEX' ? cents(a.montoTotalOperacion) : kind === 'FSE' ? cents(a.subTotal) : NO_CENTS,
    retentions: kind === 'CR' ? retentionsOf(mh) : NO_RETENTIONS,
    lines: () => bookLines(kind, mh),
    thirdParty: mh.thirdParty,
    invalidatedOn,
  };
}
