// The parts of a nota de remisión (tipoDte 04) that MH's fe-nr-v3 and fe-nr-v4 write alike
// (docs/decisions/0080-nota-de-remision.md): CCF-like goods lines at net prices, IVA as tributo 20, no payment.
import type { DteKind, FieldError, NrBody } from '../../../../shared/contract';
import type { GoodsTitle } from '../../../../shared/contract/nr';
import { computeSale, num, type SaleResult } from '../../../../shared/tax';
import type { BuildContext } from './context';
import { activityName, idNumber, idTypeCode } from './common';
import { documentoRelacionado } from './documento-relacionado';
import { lineTributes, saleLine, saleSummary, ivaTributes } from './sale-lines';

/** CAT-025 Título a que se remiten los bienes. */
export const GOODS_TITLE = { DEPOSITO: '01', PROPIEDAD: '02', CONSIGNACION: '03', TRASLADO: '04', OTROS: '05' } as const satisfies Record<
  GoodsTitle,
  string
>;

/** The NR's amounts: the CCF's arithmetic (net prices, IVA 13 % on the taxed base), with nothing retained. */
export const nrSale = (body: NrBody): SaleResult => computeSale('CCF', body);

/** cuerpoDocumento: the CCF's line without psv nor noGravado, which fe-nr does not have. */
export const nrItems = (body: NrBody, sale: SaleResult) =>
  body.items.map((item, i) => ({ ...saleLine(item, sale.lines[i]!, i), tributos: lineTributes(sale.lines[i]!) }));

/** The resumen up to subTotal; each version adds montoTotalOperacion, totalLetras and (v4) observaciones. */
export function nrResumenHead(sale: SaleResult) {
  const t = sale.totals;
  return {
    ...saleSummary(sale),
    porcentajeDescuento: num(t.porcentajeDescuento),
    totalDescu: num(t.totalDescu),
    tributos: ivaTributes(sale),
    subTotal: num(t.subTotal),
  };
}

type Address = { department: string; municipality: string; complement: string; district?: string | null };

/**
 * The receptor: the body's recipient, or the company itself at the destination branch's address (a transfer
 * between its own establishments), with CAT-025's bienTitulo. `direccion` is each version's address writer.
 */
export function nrReceptor<A>(body: NrBody, ctx: BuildContext, direccion: (a: Address) => A) {
  const r = body.recipient;
  const bienTitulo = GOODS_TITLE[body.goodsTitle];
  if (r) {
    const nit = r.identificationDocument.type === 'NIT';
    return {
      tipoDocumento: idTypeCode(r.identificationDocument.type),
      // fe-nr-v3 writes a DUI as ########-# (its receptor pattern), as the factura does.
      numDocumento: idNumber(r.identificationDocument, true),
      nrc: nit ? (r.nrc ?? null) : null,
      nombre: r.name,
      codActividad: r.economicActivity ?? null,
      descActividad: r.economicActivity ? activityName(r.economicActivity) : null,
      nombreComercial: r.commercialName ?? null,
      direccion: direccion(r.address),
      telefono: r.phone ?? null,
      correo: r.email,
      bienTitulo,
    };
  }
  const c = ctx.station.company;
  return {
    tipoDocumento: idTypeCode('NIT'),
    numDocumento: c.nit,
    nrc: c.nrc,
    nombre: c.name,
    codActividad: c.economicActivity,
    descActividad: c.economicActivityDescription,
    nombreComercial: c.commercialName ?? null,
    // The superRefine of nrBody guarantees a destination when there is no recipient.
    direccion: direccion(body.destinationBranch?.address ?? c.address),
    telefono: c.phone,
    correo: c.email,
    bienTitulo,
  };
}

/** The destination branch as an apéndice line (neither schema has a field for it): code and name. */
export function destinationAppendix(body: NrBody) {
  const b = body.destinationBranch;
  return b ? [{ campo: 'sucursalDestino', etiqueta: 'Establecimiento de destino', valor: `${b.code} ${b.name}`.slice(0, 150) }] : [];
}

/** A branch transfer goes to another establishment, never to the one issuing. */
export function destinationErrors(body: NrBody, ctx: BuildContext): FieldError[] {
  if (body.destinationBranch?.code !== ctx.station.branch.mhCode) return [];
  return [
    {
      path: 'destinationBranch.code',
      code: 'NOT_ALLOWED',
      message: `El establecimiento de destino ${ctx.station.branch.mhCode} es el mismo que emite la nota de remisión.`,
    },
  ];
}

/** documentoRelacionado: `allowed` are the kinds the version's enum takes (v3: 01, 03; v4: 01, 03, 11). */
export const nrRelated = (body: NrBody, ctx: BuildContext, allowed: readonly DteKind[], errors: FieldError[]) =>
  documentoRelacionado(body.relatedTaxDocuments, ctx, allowed, 'una nota de remisión', errors);
