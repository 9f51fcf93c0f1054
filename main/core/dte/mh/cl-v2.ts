// CL (comprobante de liquidación, tipoDte 08) as MH's fe-cl-v2 (Normativa DTE v2.0, 2026): the CL of cl-v1.ts with
// the receptor by document type and number, the v2.0 address and control number, and renamed fields.
import type { ClBody, FieldError } from '../../../../shared/contract';
import type { BuildContext, Built } from './context';
import { activityName, idNumber, idTypeCode } from './common';
import { controlNumberErrors, emisorV2 } from './common-v2';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';
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

/** CAT-032 Domicilio fiscal: a principal with a NIT or DUI and an address in El Salvador is domiciled (1). */
const DOMICILED = 1;

function clReceptorV2(r: ClBody['recipient']) {
  return {
    tipoDocumento: idTypeCode(r.identificationDocument.type),
    numDocumento: idNumber(r.identificationDocument, false),
    codDomiciliado: DOMICILED,
    nrc: r.nrc,
    nombre: r.name,
    codActividad: r.economicActivity,
    descActividad: activityName(r.economicActivity),
    nombreComercial: r.commercialName ?? null,
    direccion: direccionV2(r.address),
    telefono: r.phone ?? null,
    correo: r.email,
  };
}

export function buildClV2(body: ClBody, ctx: BuildContext): Built {
  const { lines, totals: t } = computeCl(body);
  const { emisor, errors: emisorErrors } = emisorV2(ctx);
  const receptor = clReceptorV2(body.recipient);
  const errors: FieldError[] = [...controlNumberErrors(ctx), ...emisorErrors, ...emisorNrcErrors(ctx), ...clErrors(body, t, ctx)];
  if (!receptor.direccion) errors.push({ path: 'recipient.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });
  const { totalExportacion, ...head } = clResumenHead(t, body);

  const document = {
    // fusion (an absorbed company's NIT) is required and nullable in fe-cl-v2; the contract holds none.
    identificacion: { ...normalIdentificacion(ctx, 2, '08'), fusion: null },
    emisor,
    receptor,
    // v2.0 renames fechaGeneracion to fechaEmision and obsItem to observaciones (now optional).
    cuerpoDocumento: clItems(body, lines).map((l) => ({
      numItem: l.numItem,
      tipoDte: l.tipoDte,
      tipoGeneracion: l.tipoGeneracion,
      numeroDocumento: l.numeroDocumento,
      fechaEmision: l.fechaGeneracion,
      ventaNoSuj: l.ventaNoSuj,
      ventaExenta: l.ventaExenta,
      ventaGravada: l.ventaGravada,
      exportaciones: l.exportaciones,
      tributos: l.tributos,
      ivaItem: l.ivaItem,
      observaciones: l.obsItem,
    })),
    resumen: {
      totalNoSuj: head.totalNoSuj,
      totalExenta: head.totalExenta,
      totalGravada: head.totalGravada,
      exportacion: totalExportacion,
      subTotalVentas: head.subTotalVentas,
      tributos: head.tributos,
      montoTotalOperacion: head.montoTotalOperacion,
      ivaPerci: head.ivaPerci,
      total: head.total,
      // Nullable in v2.0: null past the amount MH can write in words (ceiling.ts).
      totalLetras: clTotalWords(t.total) || null,
      condicionOperacion: condicionOperacion(body),
      observaciones: body.observations ?? null,
    },
    apendice: null,
  };
  return { document, total: t.total, errors };
}
