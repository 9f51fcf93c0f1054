// MH's invalidation event, anulacion-schema-v2 (docs/mh.md, Invalidation).
import type { IdType, InvalidateBody } from '../../../../shared/contract';
import { invalidationType } from '../../../../shared/contract/invalidate';
import type { StoredStation } from '../../station/profile';
import { mhDocumentView, type AnulacionV2Event, type MhCounterpartView, type MhDocument, type MhDocumentView } from '../mh/document-types';
import { ID_TYPE } from '../mh/mappings';

export interface Person {
  readonly name: string;
  readonly identificationDocument: { readonly type: IdType; readonly number: string };
}

/** The counterpart of a stored MH document, as the event names it (a nameless FC is the final consumer). */
function counterpart(doc: MhDocumentView): {
  tipoDocumento: string;
  numDocumento: string;
  nombre: string;
  telefono: string | null;
  correo?: string;
} {
  const r: MhCounterpartView | null = doc.receptor ?? doc.sujetoExcluido ?? doc.donante ?? null;
  const pad = (name: string) => (name.length >= 5 ? name : name.padEnd(5, '.')).slice(0, 200);
  if (!r) return { tipoDocumento: ID_TYPE.OTRO, numDocumento: '000', nombre: 'CONSUMIDOR FINAL', telefono: null };
  const tipoDocumento = r.tipoDocumento ?? (r.nit ? ID_TYPE.NIT : null);
  const numDocumento = r.numDocumento ?? r.nit ?? null;
  const contact = { telefono: r.telefono ?? null, ...(r.correo ? { correo: r.correo } : {}) };
  if (!tipoDocumento || !numDocumento)
    return { tipoDocumento: ID_TYPE.OTRO, numDocumento: '000', nombre: pad(String(r.nombre ?? 'CONSUMIDOR FINAL')), ...contact };
  return { tipoDocumento, numDocumento, nombre: pad(String(r.nombre)), ...contact };
}

/** The IVA of the invalidated document, where it has one. */
function montoIva(doc: MhDocumentView): number | null {
  const r = doc.resumen ?? {};
  if (typeof r.totalIva === 'number') return r.totalIva;
  const iva = r.tributos?.find((t) => t.codigo === '20');
  // A CL whose credit notes outweigh its taxed sales carries a negative IVA; the event's montoIva has minimum 0.
  return iva && Number(iva.valor) >= 0 ? Number(iva.valor) : null;
}

export function buildAnulacionV2(p: {
  station: StoredStation;
  ambiente: '00' | '01';
  codigoGeneracion: string;
  fecAnula: string;
  horAnula: string;
  /** The invalidated DTE as stored (its mh_json, parsed). */
  target: { doc: Readonly<Record<string, unknown>>; seal: string; posNumber: number };
  replacementCode: string | null;
  body: InvalidateBody;
  manager: Person;
  requester: Person;
}): AnulacionV2Event {
  const s = p.station;
  const doc = mhDocumentView(p.target.doc);
  // The fields the event copies are read as the serializer wrote them (every kind has them).
  const id = (p.target.doc as MhDocument).identificacion;
  const pos = `P${String(p.target.posNumber).padStart(3, '0')}`;
  return {
    identificacion: { version: 2, ambiente: p.ambiente, codigoGeneracion: p.codigoGeneracion, fecAnula: p.fecAnula, horAnula: p.horAnula },
    emisor: {
      nit: s.company.nit,
      nombre: s.company.name,
      tipoEstablecimiento: s.branch.establishmentType,
      nomEstablecimiento: s.company.commercialName ?? null,
      codEstableMH: s.branch.mhCode,
      codEstable: s.branch.mhCode,
      codPuntoVentaMH: pos,
      codPuntoVenta: pos,
      telefono: s.company.phone.slice(0, 26),
      correo: s.company.email,
    },
    documento: {
      tipoDte: id.tipoDte,
      codigoGeneracion: id.codigoGeneracion,
      selloRecibido: p.target.seal,
      numeroControl: id.numeroControl,
      fecEmi: id.fecEmi,
      montoIva: montoIva(doc),
      codigoGeneracionR: p.replacementCode,
      ...counterpart(doc),
    },
    motivo: invalidationMotivo(p),
  };
}

/** Why and who: the `motivo` block, the same in anulacion v2 and invalidacion v3. */
export function invalidationMotivo(p: {
  body: Pick<InvalidateBody, 'type' | 'dteReplaceId' | 'reason'>;
  manager: Person;
  requester: Person;
}) {
  return {
    // As given (CAT-024), else with a replacement an error corrected (1), without one the operation rescinded (2).
    tipoAnulacion: invalidationType(p.body),
    motivoAnulacion: p.body.reason ?? null,
    nombreResponsable: p.manager.name,
    tipDocResponsable: ID_TYPE[p.manager.identificationDocument.type],
    numDocResponsable: p.manager.identificationDocument.number,
    nombreSolicita: p.requester.name,
    tipDocSolicita: ID_TYPE[p.requester.identificationDocument.type],
    numDocSolicita: p.requester.identificationDocument.number,
  };
}

/** Who answers for the invalidation: the manager given, else the station's responsible person, else the company. */
export function defaultPerson(s: StoredStation): Person {
  return s.responsible ?? { name: s.company.name.slice(0, 100), identificationDocument: { type: 'NIT', number: s.company.nit } };
}
