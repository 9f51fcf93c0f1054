// Pieces FC, CCF, NC and ND share: their item lines, non-taxed lines, taxpayer receptor and summary.
import type { CcfBody } from '../../../../shared/contract';
import { num, type SaleLine, type SaleResult } from '../../../../shared/tax';
import { activityName, direccion } from './common';
import { ITEM_TYPE, UNIT, UNIT_OTHER } from './mappings';

export const IVA_TRIBUTE = { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%' } as const;

interface SaleItem {
  type: keyof typeof ITEM_TYPE;
  internalCode?: string | null;
  description: string;
  quantity: number;
  unitMeasure: string;
  documentNumber?: string | null;
  taxCode?: string | null;
}

/** The fields every sale line has; a tax line (OTROS) carries its tax code and MH's unit 99. */
export function saleLine(item: SaleItem, l: SaleLine, index: number) {
  const taxLine = item.type === 'OTROS';
  return {
    numItem: index + 1,
    tipoItem: ITEM_TYPE[item.type],
    numeroDocumento: item.documentNumber ? item.documentNumber.toUpperCase() : null,
    cantidad: item.quantity,
    codigo: item.internalCode ?? null,
    codTributo: taxLine ? (item.taxCode ?? null) : null,
    uniMedida: taxLine ? UNIT_OTHER : (UNIT[item.unitMeasure] ?? UNIT_OTHER),
    descripcion: item.description,
    precioUni: num(l.precioUni),
    montoDescu: num(l.montoDescu),
    ventaNoSuj: num(l.ventaNoSuj),
    ventaExenta: num(l.ventaExenta),
    ventaGravada: num(l.ventaGravada),
  };
}

/** A non-taxed amount as MH's line carrying only noGravado. */
export function noGravLine(
  x: { type: Exclude<keyof typeof ITEM_TYPE, 'OTROS'> | 'OTROS'; internalCode?: string | null; description: string },
  amount: number,
  numItem: number,
) {
  return {
    numItem,
    tipoItem: ITEM_TYPE[x.type],
    numeroDocumento: null,
    cantidad: 1,
    codigo: x.internalCode ?? null,
    codTributo: null,
    uniMedida: UNIT_OTHER,
    descripcion: x.description,
    precioUni: 0,
    montoDescu: 0,
    ventaNoSuj: 0,
    ventaExenta: 0,
    ventaGravada: 0,
    tributos: null,
    psv: 0,
    noGravado: amount,
  };
}

/** receptor of CCF, NC and ND: a registered taxpayer, identified by NIT (or DUI as NIT). */
export const taxpayerReceptor = (r: CcfBody['recipient']) => ({
  nit: r.identificationDocument.number,
  nrc: r.nrc,
  nombre: r.name,
  codActividad: r.economicActivity,
  descActividad: activityName(r.economicActivity),
  nombreComercial: r.commercialName ?? null,
  direccion: direccion(r.address),
  telefono: r.phone ?? null,
  correo: r.email,
});

/** The tributos of a CCF/NC/ND line: IVA (20) when it has taxed sales, otherwise none. */
export const lineTributes = (l: SaleLine) => (l.ventaGravada.greaterThan(0) ? [IVA_TRIBUTE.codigo] : null);

/** resumen fields FC, CCF, NC and ND share. */
export function saleSummary(r: SaleResult) {
  const t = r.totals;
  return {
    totalNoSuj: num(t.totalNoSuj),
    totalExenta: num(t.totalExenta),
    totalGravada: num(t.totalGravada),
    subTotalVentas: num(t.subTotalVentas),
    descuNoSuj: num(t.descuNoSuj),
    descuExenta: num(t.descuExenta),
    descuGravada: num(t.descuGravada),
  };
}

export const ivaTributes = (r: SaleResult) =>
  r.totals.totalGravada.greaterThan(0) ? [{ ...IVA_TRIBUTE, valor: num(r.totals.iva) }] : null;
