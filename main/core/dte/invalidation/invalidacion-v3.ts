// MH's invalidation event of the Normativa DTE v2.0, invalidacion-schema-v3 (docs/mh.md, what changes per kind):
// anulacion-v2.ts with the event's own date (fecEmi/horEmi), fusion, the MH codes required and the counterpart as stored.
import { DTE_KINDS, MH_TYPE, type FieldError } from '../../../../shared/contract';
import { invalidationEventDate } from '../../normative/invalidation-windows';
import { mhDocumentView, type AnulacionV2Event, type MhCounterpartView, type MhDocument, type MhDocumentView } from '../mh/document-types';
import { ID_TYPE } from '../mh/mappings';
import { invalidationMotivo, type buildAnulacionV2 } from './anulacion-v2';

/** The same inputs as the legacy event: fecAnula/horAnula are the day and time the invalidation is made. */
export type InvalidacionV3Input = Parameters<typeof buildAnulacionV2>[0];

export type InvalidacionV3Event = {
  identificacion: { version: 3; ambiente: string; codigoGeneracion: string; fecEmi: string; horEmi: string; fusion: string | null };
  emisor: {
    nit: string;
    nombre: string;
    codEstableMH: string;
    codEstable: string | null;
    codPuntoVentaMH: string;
    codPuntoVenta: string | null;
    telefono: string;
    correo: string;
  };
  documento: {
    tipoDte: string;
    codigoGeneracion: string;
    selloRecibido: string;
    numeroControl: string | null;
    fecEmi: string;
    codigoGeneracionR: string | null;
    tipoDocumento: string | null;
    numDocumento: string | null;
    nombre: string | null;
    telefono: string | null;
    correo: string | null;
  };
  /** The same block as anulacion v2's (anulacion-v2.ts builds both). */
  motivo: AnulacionV2Event['motivo'];
};

/** MF2 p.13: the counterpart as the invalidated DTE holds it; null where it was null (an FE without receptor). */
function counterpart(doc: MhDocumentView) {
  const r: MhCounterpartView | null = doc.receptor ?? doc.sujetoExcluido ?? doc.donante ?? null;
  const nit = r?.nit ?? null;
  return {
    tipoDocumento: r?.tipoDocumento ?? (nit ? ID_TYPE.NIT : null),
    numDocumento: r?.numDocumento ?? nit,
    nombre: r?.nombre ?? null,
    telefono: r?.telefono ?? null,
    correo: r?.correo ?? null,
  };
}

export function buildInvalidacionV3(p: InvalidacionV3Input): { event: InvalidacionV3Event; errors: FieldError[] } {
  const s = p.station;
  const doc = mhDocumentView(p.target.doc);
  // The fields the event copies are read as the serializer wrote them (every kind has them).
  const id = (p.target.doc as MhDocument).identificacion;
  // The contract's kind of the invalidated document (its CAT-002 code), whose rule dates the event.
  const kind = DTE_KINDS.find((k) => MH_TYPE[k] === id.tipoDte);
  if (!kind) throw new Error(`Tipo de DTE sin regla de invalidación: ${id.tipoDte}`);
  // MF2 §VII p.11: the event's date is the generation date (CCF, NC, ND, CR) or within 3 months of it (FE, FEX, FSE).
  const fecEmi = invalidationEventDate('2026', kind, id.fecEmi, p.fecAnula);
  // Moved to another day, the event keeps the document's time: on its generation day it is never earlier than it.
  const horEmi = fecEmi === p.fecAnula ? p.horAnula : id.horEmi;
  const pos = `P${String(p.target.posNumber).padStart(3, '0')}`;
  const errors: FieldError[] = [];
  if (p.body.reason && p.body.reason.length > 200)
    errors.push({ path: 'reason', code: 'NOT_ALLOWED', message: 'La normativa 2026 de MH admite hasta 200 caracteres en el motivo.' });
  const event: InvalidacionV3Event = {
    identificacion: { version: 3, ambiente: p.ambiente, codigoGeneracion: p.codigoGeneracion, fecEmi, horEmi, fusion: null },
    // MF2 §VI p.8: the issuer as in the invalidated DTE, so its point of sale, not the station's current one.
    emisor: {
      nit: s.company.nit,
      nombre: s.company.name,
      codEstableMH: s.branch.mhCode,
      codEstable: s.branch.mhCode,
      codPuntoVentaMH: pos,
      codPuntoVenta: pos,
      telefono: s.company.phone,
      correo: s.company.email,
    },
    documento: {
      tipoDte: id.tipoDte,
      codigoGeneracion: id.codigoGeneracion,
      selloRecibido: p.target.seal,
      numeroControl: id.numeroControl,
      fecEmi: id.fecEmi,
      codigoGeneracionR: p.replacementCode,
      ...counterpart(doc),
    },
    motivo: invalidationMotivo(p),
  };
  return { event, errors };
}
