// The parts of a comprobante de liquidación (tipoDte 08) that MH's fe-cl-v1 and fe-cl-v2 write alike: the amounts,
// computed once, and the lines (docs/decisions/0081-liquidaciones.md).
import type { ClBody, FieldError } from '../../../../shared/contract';
import { IVA_RATE, dec, num, round2, round8, sum, type Dec } from '../../../../shared/tax';
import type { BuildContext } from './context';
import { totalWords } from './ceiling';
import { identificacion } from './common';
import { EXPORT_IVA } from './fex-parts';
import { GENERATION, PAYMENT_CONDITION } from './mappings';
import { IVA_TRIBUTE } from './sale-lines';

/** CAT-002 of the documents a CL line reports. */
export const CL_DOCUMENT_TYPE = { FC: '01', CCF: '03', NC: '05', ND: '06', FEX: '11' } as const satisfies Record<
  ClBody['items'][number]['taxDocumentType'],
  string
>;

export interface ClLine {
  readonly noSuj: Dec;
  readonly exenta: Dec;
  readonly gravada: Dec;
  readonly exportaciones: Dec;
  readonly iva: Dec;
}

export interface ClTotals {
  readonly totalNoSuj: Dec;
  readonly totalExenta: Dec;
  readonly totalGravada: Dec;
  readonly totalExportacion: Dec;
  readonly subTotalVentas: Dec;
  readonly iva: Dec;
  readonly montoTotalOperacion: Dec;
  readonly ivaPerci: Dec;
  readonly total: Dec;
}

/** A credit note takes away from what is liquidated: its amounts are written negative (fe-cl allows them). */
function lineOf(item: ClBody['items'][number]): ClLine {
  const sign = item.taxDocumentType === 'NC' ? -1 : 1;
  const signed = (n: number | null | undefined) => dec(n).times(sign);
  const gravada = signed(item.taxedSales);
  return {
    noSuj: signed(item.nonSubjectSales),
    exenta: signed(item.exemptSales),
    gravada,
    exportaciones: signed(item.exportSales),
    iva: round8(gravada.times(IVA_RATE)),
  };
}

export function computeCl(body: ClBody): { lines: ClLine[]; totals: ClTotals } {
  const lines = body.items.map(lineOf);
  const total = (pick: (l: ClLine) => Dec) => round2(sum(lines.map(pick)));
  const totalNoSuj = total((l) => l.noSuj);
  const totalExenta = total((l) => l.exenta);
  const totalGravada = total((l) => l.gravada);
  const totalExportacion = total((l) => l.exportaciones);
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada).plus(totalExportacion);
  // As the CCF: the IVA of the taxed total (tributo 20), not the sum of the lines' rounded IVA.
  const iva = round2(totalGravada.times(IVA_RATE));
  const montoTotalOperacion = subTotalVentas.plus(iva);
  const ivaPerci = dec(body.ivaPerceived);
  return {
    lines,
    totals: {
      totalNoSuj,
      totalExenta,
      totalGravada,
      totalExportacion,
      subTotalVentas,
      iva,
      montoTotalOperacion,
      ivaPerci,
      total: montoTotalOperacion.plus(ivaPerci),
    },
  };
}

/** Rules on the computed amounts and on the lines' dates, which need the comprobante's own date. */
export function clErrors(body: ClBody, totals: ClTotals, ctx: BuildContext): FieldError[] {
  const errors: FieldError[] = [];
  body.items.forEach((item, i) => {
    if (item.taxDocumentGeneratedAt > ctx.identity.fecEmi)
      errors.push({
        path: `items.${i}.taxDocumentGeneratedAt`,
        code: 'NOT_ALLOWED',
        message: `El documento es posterior al comprobante (${ctx.identity.fecEmi}).`,
      });
  });
  if (totals.total.isNegative())
    errors.push({
      path: 'items',
      code: 'NOT_ALLOWED',
      message: 'Las notas de crédito superan lo liquidado: el total no puede ser negativo.',
    });
  // fe-cl-v1: a total of 0 is only a cash operation.
  if (totals.total.isZero() && body.paymentType !== 'CONTADO')
    errors.push({ path: 'paymentType', code: 'NOT_ALLOWED', message: 'Una liquidación de total 0 solo puede ser CONTADO (regla de MH).' });
  return errors;
}

/** identificacion without the contingency fields: MH takes a CL or DCL only in normal transmission (MF2 p.18). */
export function normalIdentificacion(ctx: BuildContext, version: number, tipoDte: string) {
  const {
    tipoContingencia: _type,
    motivoContin: _reason,
    ...rest
  } = identificacion({ ...ctx, operation: { kind: 'normal' } }, version, tipoDte);
  return rest;
}

const lineTributes = (l: ClLine): string[] | null => {
  const codes = [...(l.gravada.isZero() ? [] : [IVA_TRIBUTE.codigo]), ...(l.exportaciones.isZero() ? [] : [EXPORT_IVA.codigo])];
  return codes.length ? codes : null;
};

/** cuerpoDocumento as fe-cl-v1 names it; v2.0 renames fechaGeneracion and obsItem (cl-v2.ts). */
export function clItems(body: ClBody, lines: readonly ClLine[]) {
  return body.items.map((item, i) => {
    const l = lines[i]!;
    return {
      numItem: i + 1,
      tipoDte: CL_DOCUMENT_TYPE[item.taxDocumentType],
      tipoGeneracion: GENERATION[item.documentType],
      numeroDocumento: item.documentType === 'DIGITAL' ? item.taxDocumentNumber.toUpperCase() : item.taxDocumentNumber,
      fechaGeneracion: item.taxDocumentGeneratedAt,
      ventaNoSuj: num(l.noSuj),
      ventaExenta: num(l.exenta),
      ventaGravada: num(l.gravada),
      exportaciones: num(l.exportaciones),
      tributos: lineTributes(l),
      ivaItem: num(l.iva),
      obsItem: item.observations ?? null,
    };
  });
}

/** resumen.tributos: IVA 13 % with taxed sales, and the exports' 0 % (C3), listed even at $0.00 (MF2 §XIV). */
export function clTributes(t: ClTotals, body: ClBody) {
  const out = [
    ...(t.totalGravada.isZero() ? [] : [{ ...IVA_TRIBUTE, valor: num(t.iva) }]),
    ...(body.items.some((i) => i.taxDocumentType === 'FEX') ? [{ ...EXPORT_IVA, valor: 0 }] : []),
  ];
  return out.length ? out : null;
}

/** resumen fields both versions share, in MH's order (v2.0 renames totalExportacion: cl-v2.ts). */
export function clResumenHead(t: ClTotals, body: ClBody) {
  return {
    totalNoSuj: num(t.totalNoSuj),
    totalExenta: num(t.totalExenta),
    totalGravada: num(t.totalGravada),
    totalExportacion: num(t.totalExportacion),
    subTotalVentas: num(t.subTotalVentas),
    tributos: clTributes(t, body),
    montoTotalOperacion: num(t.montoTotalOperacion),
    ivaPerci: num(t.ivaPerci),
    total: num(t.total),
  };
}

/** The total in words; a negative total (refused by clErrors) has none. */
export const clTotalWords = (total: Dec): string => (total.isNegative() ? '' : totalWords(total));

export const condicionOperacion = (body: ClBody) => PAYMENT_CONDITION[body.paymentType];

/** fe-cl and fe-dcl want the issuer's NRC of 2 to 8 digits; the station takes 1 to 8. */
export function emisorNrcErrors(ctx: BuildContext): FieldError[] {
  if (ctx.station.company.nrc.length >= 2) return [];
  return [
    { path: 'station.company.nrc', code: 'INVALID_FORMAT', message: 'MH pide el NRC del emisor con 2 a 8 dígitos en una liquidación.' },
  ];
}
