// DCL (documento contable de liquidación, tipoDte 09) as MH's fe-dcl-v2 (Normativa DTE v2.0, 2026): the DCL of
// dcl-v1.ts with the v2.0 address and control number, the establishment as codigo/puntoVenta, the percentage a number.
import type { DclBody, FieldError } from '../../../../shared/contract';
import type { BuildContext, Built } from './context';
import { controlNumberErrors, emisorV2 } from './common-v2';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';
import { emisorNrcErrors, normalIdentificacion } from './cl-parts';
import { computeDcl, dclCuerpo, dclErrors, dclExtension, dclReceptorHead } from './dcl-parts';

export function buildDclV2(body: DclBody, ctx: BuildContext): Built {
  const a = computeDcl(body);
  const { emisor: e, errors: emisorErrors } = emisorV2(ctx);
  const { codEstable, codPuntoVenta, ...emisor } = e;
  const r = body.recipient;
  const receptor = { ...dclReceptorHead(r), direccion: direccionV2(r.address), telefono: r.phone ?? null, correo: r.email };
  const errors: FieldError[] = [...controlNumberErrors(ctx), ...emisorErrors, ...emisorNrcErrors(ctx), ...dclErrors(body, a, ctx)];
  // fe-dcl-v2 lets the affiliate's address be null, but the contract always has one: say where its distrito is unknown.
  if (!receptor.direccion) errors.push({ path: 'recipient.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });
  const document = {
    // fe-dcl-v2 has no fusion field, unlike fe-cl-v2.
    identificacion: normalIdentificacion(ctx, 2, '09'),
    emisor: { ...emisor, codigo: codEstable, puntoVenta: codPuntoVenta },
    receptor,
    cuerpoDocumento: dclCuerpo(body, a, (p) => p),
    extension: dclExtension(body, ctx),
    apendice: null,
  };
  return { document, total: a.liquidoApagar, errors };
}
