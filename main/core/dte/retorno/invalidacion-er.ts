// The invalidation event (invalidacion-schema-v3) of an Evento de Retorno: MF2 §VII p.13 and p.17. The ER has no
// control number (null) and no replacement (codigoGeneracionR always null); the event is dated the ER's own
// generation date, as for the CCF group (normative/invalidation-windows.ts, eventInvalidationWindow).
import type { ReturnInvalidationBody } from '../../../../shared/retorno';
import type { StoredStation } from '../../station/profile';
import { invalidationMotivo, type Person } from '../invalidation/anulacion-v2';
import type { InvalidacionV3Event } from '../invalidation/invalidacion-v3';
import { RETURN_EVENT_TYPE, type EretV1Event } from './eret-v1';

export function buildReturnInvalidation(p: {
  station: StoredStation;
  ambiente: '00' | '01';
  codigoGeneracion: string;
  /** The ER as signed and sealed. */
  er: EretV1Event;
  seal: string;
  /** The event's time of day (the date is the ER's). */
  horAnula: string;
  body: ReturnInvalidationBody;
  manager: Person;
  requester: Person;
}): InvalidacionV3Event {
  const s = p.station;
  const { identificacion, emisor, documento } = p.er;
  // On its generation day the event is never earlier than the ER itself.
  const horEmi = p.horAnula < identificacion.horEmi ? identificacion.horEmi : p.horAnula;
  return {
    identificacion: {
      version: 3,
      ambiente: p.ambiente,
      codigoGeneracion: p.codigoGeneracion,
      fecEmi: identificacion.fecEmi,
      horEmi,
      fusion: null,
    },
    // MF2 §VI p.8: the issuer as in the ER, so the point of sale it was made at.
    emisor: {
      nit: s.company.nit,
      nombre: s.company.name,
      codEstableMH: emisor.codEstableMH,
      codEstable: emisor.codEstable,
      codPuntoVentaMH: emisor.codPuntoVentaMH,
      codPuntoVenta: emisor.codPuntoVenta,
      telefono: s.company.phone,
      correo: s.company.email,
    },
    documento: {
      tipoDte: RETURN_EVENT_TYPE,
      codigoGeneracion: identificacion.codigoGeneracion,
      selloRecibido: p.seal,
      numeroControl: null,
      fecEmi: identificacion.fecEmi,
      codigoGeneracionR: null,
      tipoDocumento: documento?.tipoDocumento ?? null,
      numDocumento: documento?.numDocumento ?? null,
      nombre: documento?.nombre ?? null,
      telefono: documento?.telefono ?? null,
      correo: documento?.correo ?? null,
    },
    motivo: invalidationMotivo({
      body: { type: p.body.type ?? 2, reason: p.body.reason ?? null },
      manager: p.manager,
      requester: p.requester,
    }),
  };
}
