// What the hub checks of a record a station sends beside its documents (decision 0063): an Evento de Retorno or an
// invalidation is believed only as MH's JSON the company signed, for this token's points of sale, naming documents
// this station holds at the hub that MH did not refute, an ER within what they leave to give back. A contingency event
// (read by no book) is checked for its signature and, in v4, its point. Deliveries and day closes carry nothing the
// books read: they are the station's own account, kept under its id.
import type { KeyObject } from 'node:crypto';
import { isDteKind } from '../../shared/contract/kinds';
import { verifyJwsSync } from '../core/signing/jws';
import { readDte, UnknownMhVersion, type DteReading } from '../core/mh-read/read-dte';
import {
  issuerNit,
  readContingency,
  readInvalidation,
  readReturn,
  type InvalidationReading,
  type ReturnReading,
} from '../core/mh-read/read-event';
import { MH_TYPE_OF } from '../core/mh-read/dte-maps';
import type { HubCompany } from './company';
import { DocumentRefused, type RefusalReason } from './refusal';
import { carriesJson } from './verify-document';
import type { IngestRecord } from './station-records';

/** A document the hub holds, as a record's check needs it. */
export interface HeldDocument {
  readonly id: string;
  readonly stationId: string;
  readonly kind: string;
  readonly controlNumber: string;
  readonly seal: string | null;
  readonly mhJson: Record<string, unknown>;
  /** MH said it does not know it, or sealed it otherwise (seal-checker.ts): nothing is given back or voided on it. */
  readonly refuted: boolean;
}

export interface RecordContext {
  readonly stationId: string;
  readonly points: readonly string[];
  readonly company: HubCompany;
  readonly keys: readonly KeyObject[];
  /** The documents the batch's records name, by lower-case id. */
  readonly held: ReadonlyMap<string, HeldDocument>;
  /** The verified ERs standing on each held document, by its lower-case id: a return's room is what they left. */
  readonly returned: ReadonlyMap<string, readonly ReturnReading[]>;
  /** The verified records stored under this station, by `kind:id`: a record once signed is not signed again. */
  readonly stored: ReadonlyMap<string, { readonly jws: string | null }>;
}

/** What the hub takes from a checked record: when it stands verified, and the day an invalidation it proves. */
export interface VerifiedRecord {
  /** An invalidation MH accepted or may hold (as the station reports): the document it removes and the event's own date. */
  readonly invalidates: { readonly documentId: string; readonly on: string } | null;
  /** A return's own invalidation, checked as a signed event naming it: its date; null while the return stands. */
  readonly returnInvalidatedOn: string | null;
}

const LABEL: Readonly<Record<IngestRecord['kind'], string>> = {
  return: 'Evento de Retorno',
  invalidation: 'invalidación',
  contingency_event: 'evento de contingencia',
  delivery: 'entrega',
  day_close: 'cierre del día',
};

const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const cents = (n: number): number => Math.round(n * 100);

/** The event's JWS verifies with a company key and carries the very JSON sent; the emisor is the company. */
function signedBy(jws: string, json: Record<string, unknown>, ctx: RecordContext): RefusalReason | null {
  if (!ctx.keys.some((k) => verifyJwsSync(jws, k))) return 'BAD_SIGNATURE';
  if (!carriesJson(jws, json)) return 'PAYLOAD_MISMATCH';
  if (issuerNit(json) !== ctx.company.nit) return 'ISSUER_MISMATCH';
  return null;
}

const WHY: Readonly<Partial<Record<RefusalReason, string>>> = {
  BAD_SIGNATURE: 'la firma no se verifica con ningún certificado de la empresa registrado en la central.',
  PAYLOAD_MISMATCH: 'el JSON enviado no es el que se firmó.',
  ISSUER_MISMATCH: 'el emisor no es la empresa registrada en la central.',
};

/** The CAT-002 code of a held document's kind; null for a kind the product does not know. */
const MH_TYPE_OF_KIND = (kind: string): string | null => (isDteKind(kind) ? MH_TYPE_OF[kind] : null);

/** A held document read by its version's names; null for a row the hub stored unchecked in a form no reader knows. */
function readable(d: HeldDocument): DteReading | null {
  if (!isDteKind(d.kind)) return null;
  try {
    return readDte(d.kind, d.mhJson);
  } catch (e) {
    if (e instanceof UnknownMhVersion) return null;
    throw e;
  }
}

/** Throws DocumentRefused naming the first check the record fails; what the hub takes from it otherwise. */
export function verifyRecord(r: IngestRecord, ctx: RecordContext): VerifiedRecord {
  const b = r.body;
  const refuse = (reason: RefusalReason, why: string): never => {
    throw new DocumentRefused(r.id, LABEL[r.kind], reason, why);
  };
  /** The document the record names, held at the hub as this station's. */
  const heldOf = (code: string | null): HeldDocument => {
    const d = code ? ctx.held.get(code.toLowerCase()) : undefined;
    if (!d || d.stationId !== ctx.stationId)
      return refuse(
        'DOCUMENT_UNKNOWN',
        `nombra el documento ${code ?? '(ninguno)'}, que la central no tiene de esta estación; se acepta cuando el documento llegue.`,
      );
    if (d.refuted) return refuse('DOCUMENT_UNKNOWN', `nombra el documento ${d.controlNumber}, que MH no confirma.`);
    return d;
  };
  // Signed once, an event is what it says for good: another JWS under its code is refused, as a document's is.
  const prior = ctx.stored.get(`${r.kind}:${r.id}`);
  if (prior?.jws && typeof b.jws === 'string' && prior.jws !== b.jws)
    refuse('RESIGNED_SEALED', 'la central ya tiene este evento con otra firma: un evento firmado no se vuelve a firmar.');
  const signed = (jwsValue: unknown, jsonValue: unknown): Record<string, unknown> => {
    const json = obj(jsonValue);
    if (typeof jwsValue !== 'string' || !json) return refuse('RECORD_UNSIGNED', 'no trae el JSON firmado del evento.');
    const bad = signedBy(jwsValue, json, ctx);
    if (bad) return refuse(bad, WHY[bad] ?? bad);
    return json;
  };
  const none: VerifiedRecord = { invalidates: null, returnInvalidatedOn: null };
  switch (r.kind) {
    case 'delivery':
    case 'day_close':
      return none;
    case 'contingency_event': {
      // An event not built yet (the contingency still open) carries no JSON: nothing the books read.
      if (b.mhJson === null || b.mhJson === undefined) return none;
      const json = signed(b.jws, b.mhJson);
      const ev = readContingency(json);
      if (!ev) return refuse('FIELDS_MISMATCH', 'no es un evento de contingencia de una versión de MH.');
      if (ev.point !== null && !ctx.points.includes(ev.point))
        return refuse('POINT_NOT_BOUND', `el punto de venta ${ev.point} no es de este token.`);
      return none;
    }
    case 'invalidation': {
      const json = signed(b.jws, b.mhJson);
      const ev: InvalidationReading | null = readInvalidation(json);
      if (!ev || !ev.date) return refuse('FIELDS_MISMATCH', 'no es una invalidación de una versión de MH.');
      if (ev.generationCode !== r.id.toUpperCase())
        return refuse('FIELDS_MISMATCH', 'el id del registro no es el código de generación del evento firmado.');
      const doc = heldOf(ev.target.generationCode);
      if (typeof b.dteId !== 'string' || b.dteId.toLowerCase() !== doc.id)
        return refuse('FIELDS_MISMATCH', 'el documento del registro no es el que nombra el evento firmado.');
      if (!ctx.points.includes(doc.controlNumber.slice(7, 15)))
        return refuse('POINT_NOT_BOUND', `el documento ${doc.controlNumber} no es de un punto de venta de este token.`);
      if (doc.seal !== null && ev.target.seal !== doc.seal)
        return refuse('FIELDS_MISMATCH', 'el sello del documento en el evento no es el que la central tiene.');
      // One in doubt counts as the station's books count it (MH may hold it); the seal checker then asks MH whether it
      // shows the document invalidated (decision 0064), and the station's later REJECTED takes it back out.
      const stands = b.status === 'APPROVED' || b.status === 'IN_DOUBT';
      return { invalidates: stands ? { documentId: doc.id, on: ev.date } : null, returnInvalidatedOn: null };
    }
    case 'return': {
      const json = signed(b.jws, b.mhJson);
      const er = readReturn(json);
      if (er.generationCode !== r.id.toUpperCase())
        return refuse('FIELDS_MISMATCH', 'el id del registro no es el código de generación del evento firmado.');
      if (!ctx.points.includes(er.point))
        return refuse('POINT_NOT_BOUND', `el punto de venta ${er.point || '(ninguno)'} no es de este token.`);
      if (er.related.length === 0) return refuse('DOCUMENT_UNKNOWN', 'no nombra el documento que devuelve.');
      // Each document once, of the kind the ER says it gives back on (the books read the ER by that kind).
      const codes = [...new Set(er.related.map((rel) => rel.generationCode))];
      if (codes.length !== er.related.length) return refuse('FIELDS_MISMATCH', 'nombra el mismo documento más de una vez.');
      const docs = er.related.map((rel) => {
        const d = heldOf(rel.generationCode);
        if (rel.type !== MH_TYPE_OF_KIND(d.kind))
          return refuse('KIND_MISMATCH', `dice devolver sobre un documento de tipo ${String(rel.type)}, y ${d.controlNumber} no lo es.`);
        return d;
      });
      const worth = docs.map((d) => readable(d));
      const sum = (f: (x: DteReading) => number) => worth.reduce((t, x) => t + (x ? cents(f(x)) : 0), 0);
      // What the other ERs standing on these documents already gave back.
      const others = docs.flatMap((d) => (ctx.returned.get(d.id) ?? []).filter((x) => x.generationCode !== er.generationCode));
      const given = (f: (x: ReturnReading['amounts']) => number) => others.reduce((t, x) => t + cents(f(x.amounts)), 0);
      const a = er.amounts;
      // Every amount the books read of an ER, none below zero, none past what its documents left to give back. An ER
      // gives back its lines' amounts (main/core/dte/retorno/eret-v1.ts), before the document's global discounts, so
      // the bounds are the documents' own line totals; its IVA is each line's 13/113 rounded, a cent a line at most off.
      const lines = worth.reduce((t, x) => t + (x ? x.lines().length : 0), 0);
      const discounts = (x: DteReading) => x.amounts.descuGravada + x.amounts.descuExenta + x.amounts.descuNoSuj;
      const limits: [string, (x: ReturnReading['amounts']) => number, (x: DteReading) => number, number][] = [
        ['gravadas', (x) => x.totalGravada, (x) => x.amounts.totalGravada, 0],
        ['exentas', (x) => x.totalExenta, (x) => x.amounts.totalExenta, 0],
        ['no sujetas', (x) => x.totalNoSuj, (x) => x.amounts.totalNoSuj, 0],
        ['IVA', (x) => x.totalIva, (x) => Math.max(x.amounts.iva, Math.round((x.amounts.totalGravada * 1300) / 113) / 100), lines],
        ['el total de la operación', (x) => x.montoTotalOperacion, (x) => (x.amounts.montoTotalOperacion ?? 0) + discounts(x), 0],
        ['las compras', (x) => x.totalCompra, (x) => x.amounts.totalCompra, 0],
      ];
      for (const [name, mine, theirs, slack] of limits) {
        const asked = cents(mine(a));
        if (asked < 0) return refuse('AMOUNT_EXCEEDS', `devuelve un monto negativo en ${name}.`);
        const room = sum(theirs) + slack - given(mine);
        if (asked > room)
          return refuse(
            'AMOUNT_EXCEEDS',
            `devuelve ${(asked / 100).toFixed(2)} en ${name}, más de los ${(Math.max(0, room) / 100).toFixed(2)} que sus documentos dejan por devolver.`,
          );
      }
      // Its own invalidation counts only as a signed event naming this return (an unsigned one is the station's word).
      const inv = obj(b.invalidation);
      let returnInvalidatedOn: string | null = null;
      if (inv && inv.status === 'APPROVED' && typeof inv.jws === 'string' && obj(inv.mhJson)) {
        const invJson = obj(inv.mhJson)!;
        const bad = signedBy(inv.jws, invJson, ctx);
        const ev = bad ? null : readInvalidation(invJson);
        if (ev?.target.generationCode === er.generationCode) returnInvalidatedOn = ev.date;
      }
      return { invalidates: null, returnInvalidatedOn };
    }
    default: {
      const never: never = r.kind;
      return never;
    }
  }
}

/** The ids of the documents a batch's records name (an ER's related documents, an invalidation's target). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function namedDocuments(records: readonly IngestRecord[]): string[] {
  const ids = new Set<string>();
  for (const r of records) {
    const json = obj(r.body.mhJson);
    if (!json) continue;
    if (r.kind === 'return') for (const rel of readReturn(json).related) if (rel.generationCode) ids.add(rel.generationCode.toLowerCase());
    if (r.kind === 'invalidation') {
      const code = readInvalidation(json)?.target.generationCode;
      if (code) ids.add(code.toLowerCase());
    }
  }
  // Only a uuid can be a document id (the column is uuid): anything else names nothing the hub holds.
  return [...ids].filter((id) => UUID.test(id));
}
