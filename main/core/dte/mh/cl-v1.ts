// CL (comprobante de liquidación, tipoDte 08) as MH's fe-cl-v1 (legacy): the documents an agent issued on its
// principal's behalf, their amounts and IVA; never a contingency document (docs/decisions/0081-liquidaciones.md).
import type { ClBody } from '../../../../shared/contract';
import type { BuildContext, Built } from './context';
import { activityName, direccion, emisor } from './common';
import {
  clErrors,
  clTotalWords,
  clItems,
  clResumenHead,
  computeCl,
  condicionOperacion,
  emisorNrcErrors,
  normalIdentificacion,
} from './cl-parts';

/** fe-cl-v1's receptor: the principal by its NIT (or DUI as NIT). */
export function clReceptorV1(r: ClBody['recipient']) {
  return {
    nit: r.identificationDocument.number,
    nrc: r.nrc,
    nombre: r.name,
    codActividad: r.economicActivity,
    descActividad: activityName(r.economicActivity),
    nombreComercial: r.commercialName ?? null,
    direccion: direccion(r.address),
    telefono: r.phone ?? null,
    correo: r.email,
  };
}

export function buildClV1(body: ClBody, ctx: BuildContext): Built {
  const { lines, totals: t } = computeCl(body);
  const document = {
    identificacion: normalIdentificacion(ctx, 1, '08'),
    emisor: emisor(ctx, true),
    receptor: clReceptorV1(body.recipient),
    // fe-cl-v1 wants an observation of 3 or more characters on every line.
    cuerpoDocumento: clItems(body, lines).map((line) => ({ ...line, obsItem: line.obsItem ?? 'Sin observaciones' })),
    resumen: {
      ...clResumenHead(t, body),
      totalLetras: clTotalWords(t.total),
      condicionOperacion: condicionOperacion(body),
    },
    // fe-cl-v1 carries the comprobante's observations in its extension.
    extension: body.observations
      ? { nombEntrega: null, docuEntrega: null, nombRecibe: null, docuRecibe: null, observaciones: body.observations }
      : null,
    apendice: null,
  };
  return { document, total: t.total, errors: [...emisorNrcErrors(ctx), ...clErrors(body, t, ctx)] };
}
