// MH's contingency event: contingencia-schema-v3 (legacy documents) and v4 (Normativa DTE v2.0; docs/mh.md,
// Contingency event v3/v4). v4 is v3 with codPuntoVentaMH instead of codPuntoVenta and codEstableMH required.
import { MH_TYPE, isDteKind } from '../../../shared/contract';
import { localDateTime } from '../clock';
import { ID_TYPE } from '../dte/mh/mappings';
import { RETURN_EVENT_TYPE } from '../dte/retorno/eret-v1';
import type { StoredStation } from '../station/profile';
import type { ContingencyEventsTable } from '../store/schema';

/** The event's id and row, the time it is signed, the station, its documents. */
export interface ContingencyEventInput {
  readonly id: string;
  readonly event: ContingencyEventsTable;
  readonly now: Date;
  readonly station: StoredStation;
  readonly docs: readonly { readonly id: string; readonly kind: string; readonly created_at?: string }[];
}

/**
 * The event's period: from its start to its end (the cese, or now), widened to hold every document's own
 * emission time, and never ending before it starts. A clock corrected during the contingency leaves a start
 * after the end, or documents outside the period; the documents' times are signed and stay as they are
 * (docs/decisions/0028-clock-skew.md).
 */
export function eventPeriod(p: Pick<ContingencyEventInput, 'event' | 'now' | 'docs'>): { start: Date; end: Date } {
  let start = Date.parse(p.event.started_at);
  let end = p.event.ended_at ? Date.parse(p.event.ended_at) : p.now.getTime();
  for (const d of p.docs) {
    const at = d.created_at ? Date.parse(d.created_at) : NaN;
    if (!Number.isFinite(at)) continue;
    start = Math.min(start, at);
    end = Math.max(end, at);
  }
  return { start: new Date(start), end: new Date(Math.max(start, end)) };
}

export type ContingenciaV4Event = {
  identificacion: { version: 4; ambiente: string; codigoGeneracion: string; fTransmision: string; hTransmision: string };
  emisor: {
    nit: string;
    nombre: string;
    nombreResponsable: string;
    tipoDocResponsable: string;
    numeroDocResponsable: string;
    tipoEstablecimiento: string;
    codEstableMH: string | null;
    codPuntoVentaMH: string | null;
    telefono: string;
    correo: string;
  };
  detalleDTE: { noItem: number; codigoGeneracion: string; tipoDoc: string }[];
  motivo: { fInicio: string; fFin: string; hInicio: string; hFin: string; tipoContingencia: number; motivoContingencia: string | null };
};

/** An Evento de Retorno among an event's documents (contingency.ts lists them with this kind); CAT-002 `18`. */
export const RETURN_EVENT_KIND = 'ER';

/** Both versions list 1 to 1,000 documents (MF2 §VIII p.19); contingency.ts splits larger sets. */
export const MAX_PER_EVENT = 1000;

/** contingencia-schema-v3: v4's content with the issuer's own point-of-sale code and a name of at least 5 characters. */
export type ContingenciaV3Event = Omit<ContingenciaV4Event, 'identificacion' | 'emisor'> & {
  identificacion: Omit<ContingenciaV4Event['identificacion'], 'version'> & { version: 3 };
  emisor: Omit<ContingenciaV4Event['emisor'], 'codPuntoVentaMH'> & { codPuntoVenta: string };
};

export function buildContingenciaV3(p: ContingencyEventInput): ContingenciaV3Event {
  const v4 = buildContingenciaV4(p);
  const { codPuntoVentaMH, ...emisor } = v4.emisor;
  const name = emisor.nombre;
  return {
    ...v4,
    identificacion: { ...v4.identificacion, version: 3 },
    emisor: { ...emisor, nombre: name.length >= 5 ? name : name.padEnd(5, '.'), codPuntoVenta: codPuntoVentaMH ?? '' },
  };
}

export function buildContingenciaV4(p: ContingencyEventInput): ContingenciaV4Event {
  if (p.docs.length < 1 || p.docs.length > MAX_PER_EVENT)
    throw new RangeError(`Un evento de contingencia lleva de 1 a ${MAX_PER_EVENT} documentos; se pidieron ${p.docs.length}.`);
  const s = p.station;
  // MF2 p.20: the responsible person's name and ID are mandatory; without one on file, the company answers.
  const responsible = s.responsible ?? {
    name: s.company.name.slice(0, 100),
    identificationDocument: { type: 'NIT' as const, number: s.company.nit },
  };
  // The contingency ended at the cese; a corrected event keeps that end and carries a new transmission time.
  const period = eventPeriod(p);
  const start = localDateTime(period.start);
  const end = localDateTime(period.end);
  const sent = localDateTime(p.now);
  return {
    identificacion: {
      version: 4,
      ambiente: s.environment === 'LIVE' ? '01' : '00',
      codigoGeneracion: p.id.toUpperCase(),
      fTransmision: sent.date,
      hTransmision: sent.time,
    },
    emisor: {
      nit: s.company.nit,
      nombre: s.company.name,
      nombreResponsable: responsible.name,
      tipoDocResponsable: ID_TYPE[responsible.identificationDocument.type],
      numeroDocResponsable: responsible.identificationDocument.number,
      tipoEstablecimiento: s.branch.establishmentType,
      codEstableMH: s.branch.mhCode,
      codPuntoVentaMH: `P${String(s.branch.posNumber).padStart(3, '0')}`,
      telefono: s.company.phone,
      correo: s.company.email,
    },
    detalleDTE: p.docs.map((d, i) => {
      if (d.kind === RETURN_EVENT_KIND) return { noItem: i + 1, codigoGeneracion: d.id.toUpperCase(), tipoDoc: RETURN_EVENT_TYPE };
      // Every stored document has one of the contract's kinds; anything else is a bug, not a '01'.
      if (!isDteKind(d.kind)) throw new RangeError(`Tipo de documento desconocido en la contingencia: ${d.kind}`);
      return { noItem: i + 1, codigoGeneracion: d.id.toUpperCase(), tipoDoc: MH_TYPE[d.kind] };
    }),
    motivo: {
      fInicio: start.date,
      fFin: end.date,
      hInicio: start.time,
      hFin: end.time,
      tipoContingencia: p.event.type,
      motivoContingencia: p.event.reason,
    },
  };
}
