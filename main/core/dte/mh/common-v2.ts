// Pieces the MH serializers of the Normativa DTE v2.0 (2026) share (docs/mh.md, what changes per kind).
import type { FieldError } from '../../../../shared/contract';
import type { BuildContext } from './context';
import { emisorCore, establishment } from './common';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';

/** v2.0's third block: establishment M|B|S|P + 3 digits, then P + 3 digits (docs/mh.md, Control number (v2.0)). */
export const CONTROL_NUMBER_V2 = /^DTE-\d{2}-[MBSP]\d{3}P\d{3}-\d{15}$/;
/** The station's establishment code (branch.mhCode) v2.0's control number takes. */
export const ESTABLISHMENT_CODE_V2 = /^[MBSP]\d{3}$/;

/** The station's establishment code must fit v2.0's control number; the legacy one took any 8 characters. */
export function controlNumberErrors(ctx: BuildContext): FieldError[] {
  if (CONTROL_NUMBER_V2.test(ctx.identity.numeroControl)) return [];
  return [
    {
      path: 'station.branch.mhCode',
      code: 'INVALID_FORMAT',
      message: `El número de control ${ctx.identity.numeroControl} no sigue la normativa 2026: establecimiento M, B, S o P y 3 dígitos (M001).`,
    },
  ];
}

/** The emisor of FE, CCF, NC, ND and FEX v2.0: no tipoEstablecimiento nor MH codes; the address has a distrito. */
export function emisorV2(ctx: BuildContext) {
  const c = ctx.station.company;
  const { codEstable, codPuntoVenta } = establishment(ctx);
  const direccion = direccionV2(c.address);
  const errors: FieldError[] = direccion ? [] : [{ path: 'station.company.address.district', code: 'REQUIRED', message: DISTRICT_MISSING }];
  const emisor = {
    ...emisorCore(ctx),
    nombreComercial: c.commercialName ?? null,
    direccion,
    telefono: c.phone,
    correo: c.email,
    codEstable,
    codPuntoVenta,
  };
  return { emisor, errors };
}

/** ventaTercero of v2.0: codDomiciliado (CAT-032) is new and the contract does not hold it yet. */
export const ventaTerceroV2 = (t: { name: string; identificationDocument: { number: string } } | null | undefined) =>
  t ? { nit: t.identificationDocument.number, nombre: t.name, codDomiciliado: null } : null;
