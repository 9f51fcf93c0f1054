// DCL (documento contable de liquidación, tipoDte 09) as MH's fe-dcl-v1 (legacy): a collection agent's liquidation
// of a period to its affiliate; never a contingency document (docs/decisions/0081-liquidaciones.md).
import type { DclBody, FieldError } from '../../../../shared/contract';
import type { BuildContext, Built } from './context';
import { direccion, emisorCore } from './common';
import { emisorNrcErrors, normalIdentificacion } from './cl-parts';
import { computeDcl, dclCuerpo, dclErrors, dclExtension, dclReceptorHead, extensionErrors } from './dcl-parts';

/** fe-dcl-v1 names the establishment codes its own way (codigoMH, codigo, puntoVentaMH, puntoVentaContri). */
function emisorV1(ctx: BuildContext) {
  const c = ctx.station.company;
  const pos = `P${String(ctx.posNumber).padStart(3, '0')}`;
  return {
    ...emisorCore(ctx),
    nombreComercial: c.commercialName ?? null,
    tipoEstablecimiento: ctx.station.branch.establishmentType,
    telefono: c.phone,
    correo: c.email,
    direccion: direccion(c.address),
    codigoMH: ctx.station.branch.mhCode,
    codigo: ctx.station.branch.mhCode,
    puntoVentaMH: pos,
    puntoVentaContri: pos,
  };
}

export function buildDclV1(body: DclBody, ctx: BuildContext): Built {
  const a = computeDcl(body);
  const extension = dclExtension(body, ctx);
  const errors: FieldError[] = [...emisorNrcErrors(ctx), ...dclErrors(body, a, ctx), ...extensionErrors(extension)];
  // fe-dcl-v1 takes the issuer's telephone as exactly 8 characters.
  if (ctx.station.company.phone.length !== 8)
    errors.push({
      path: 'station.company.phone',
      code: 'INVALID_FORMAT',
      message: 'MH pide el teléfono del emisor con 8 dígitos en un DCL.',
    });
  const r = body.recipient;
  const document = {
    identificacion: normalIdentificacion(ctx, 1, '09'),
    emisor: emisorV1(ctx),
    receptor: {
      ...dclReceptorHead(r),
      direccion: direccion(r.address),
      telefono: r.phone ?? null,
      correo: r.email,
      codigoMH: null,
      puntoVentaMH: null,
    },
    cuerpoDocumento: dclCuerpo(body, a, (p) => (a.comision.isZero() ? null : `${p.toFixed(2)} %`)),
    extension,
    apendice: null,
  };
  return { document, total: a.liquidoApagar, errors };
}
