// FC, CCF, NC and ND: item lines and the summary, as MH computes them.
// The contract's prices are before IVA for every kind (docs/decisions/0002-contract-gaps.md). MH's FC carries IVA-inclusive prices,
// so FC converts the taxed lines' prices and discounts and the taxed global discount with × 1.13 (exempt and
// non-subject lines carry no IVA); CCF, NC and ND stay net.
import type { FieldError } from '../contract/issues';
import { Dec, IVA_INCLUDED, IVA_RATE, WITH_IVA, ZERO, dec, round2, round8, sum } from './decimal';

export type SaleKind = 'FC' | 'CCF' | 'NC' | 'ND';
type SaleType = 'NO_SUJETA' | 'GRAVADA' | 'EXENTA';

export interface SaleInput {
  readonly items: readonly {
    readonly quantity: number;
    readonly unitPrice: number;
    readonly discountAmount?: number | null;
    readonly saleType: SaleType;
    readonly psv?: number | null;
  }[];
  readonly itemsNoGrav?: readonly { readonly amount: number }[] | null;
  readonly discountNoSuj?: number | null;
  readonly discountExe?: number | null;
  readonly discountGrav?: number | null;
  readonly retentionIva?: number | null;
  readonly retentionRenta?: number | null;
}

export interface SaleLine {
  readonly precioUni: Dec;
  readonly montoDescu: Dec;
  readonly ventaNoSuj: Dec;
  readonly ventaExenta: Dec;
  readonly ventaGravada: Dec;
  /** FC only: IVA contained in ventaGravada. */
  readonly ivaItem: Dec;
  readonly psv: Dec;
}

export interface SaleTotals {
  readonly totalNoSuj: Dec;
  readonly totalExenta: Dec;
  readonly totalGravada: Dec;
  readonly subTotalVentas: Dec;
  readonly descuNoSuj: Dec;
  readonly descuExenta: Dec;
  readonly descuGravada: Dec;
  readonly porcentajeDescuento: Dec;
  readonly totalDescu: Dec;
  readonly subTotal: Dec;
  /** CCF/NC/ND: tributo 20 (13 % on the net taxed sales); FC: totalIva (contained in the prices). */
  readonly iva: Dec;
  readonly ivaRete1: Dec;
  readonly reteRenta: Dec;
  readonly montoTotalOperacion: Dec;
  readonly totalNoGravado: Dec;
  readonly totalPagar: Dec;
}

export interface SaleResult {
  readonly lines: SaleLine[];
  /** One per itemsNoGrav entry (MH: a line carrying only noGravado). */
  readonly noGravado: Dec[];
  readonly totals: SaleTotals;
  /** Amount rules the schema alone cannot see (a discount above what it discounts, and so on). */
  readonly errors: FieldError[];
}

export function computeSale(kind: SaleKind, input: SaleInput): SaleResult {
  const fc = kind === 'FC';
  const gross = (d: Dec) => (fc ? round8(d.times(WITH_IVA)) : d);
  const errors: FieldError[] = [];

  const lines = input.items.map((item, i): SaleLine => {
    // Only a taxed line carries IVA in an FC's price: an exempt or non-subject one costs what it costs.
    const taxed = (d: Dec) => (item.saleType === 'GRAVADA' ? gross(d) : d);
    const precioUni = taxed(dec(item.unitPrice));
    const montoDescu = taxed(dec(item.discountAmount));
    const amount = round8(dec(item.quantity).times(precioUni).minus(montoDescu));
    if (amount.isNegative()) {
      errors.push({ path: `items.${i}.discountAmount`, code: 'NOT_ALLOWED', message: 'El descuento supera el valor de la línea.' });
    }
    const value = Dec.max(amount, ZERO);
    const gravada = item.saleType === 'GRAVADA' ? value : ZERO;
    return {
      precioUni,
      montoDescu,
      ventaNoSuj: item.saleType === 'NO_SUJETA' ? value : ZERO,
      ventaExenta: item.saleType === 'EXENTA' ? value : ZERO,
      ventaGravada: gravada,
      ivaItem: fc ? round8(gravada.times(IVA_INCLUDED)) : ZERO,
      psv: dec(item.psv),
    };
  });
  const noGravado = (input.itemsNoGrav ?? []).map((x) => dec(x.amount));

  const totalNoSuj = round2(sum(lines.map((l) => l.ventaNoSuj)));
  const totalExenta = round2(sum(lines.map((l) => l.ventaExenta)));
  const totalGravada = round2(sum(lines.map((l) => l.ventaGravada)));
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada);
  const descuNoSuj = dec(input.discountNoSuj);
  const descuExenta = dec(input.discountExe);
  const descuGravada = fc ? round2(dec(input.discountGrav).times(WITH_IVA)) : dec(input.discountGrav);
  for (const [field, discount, total] of [
    ['discountNoSuj', descuNoSuj, totalNoSuj],
    ['discountExe', descuExenta, totalExenta],
    ['discountGrav', descuGravada, totalGravada],
  ] as const) {
    if (discount.greaterThan(total)) {
      errors.push({ path: field, code: 'NOT_ALLOWED', message: 'El descuento supera el total de las ventas a las que se aplica.' });
    }
  }
  const globalDiscounts = descuNoSuj.plus(descuExenta).plus(descuGravada);
  const porcentajeDescuento = subTotalVentas.isZero() ? ZERO : Dec.min(round2(globalDiscounts.div(subTotalVentas).times(100)), dec(100));
  const totalDescu = globalDiscounts.plus(round2(sum(lines.map((l) => l.montoDescu))));
  const subTotal = Dec.max(subTotalVentas.minus(globalDiscounts), ZERO);
  const taxedBase = Dec.max(totalGravada.minus(descuGravada), ZERO);
  const iva = round2(taxedBase.times(fc ? IVA_INCLUDED : IVA_RATE));
  const ivaRete1 = dec(input.retentionIva);
  const reteRenta = dec(input.retentionRenta);
  if (ivaRete1.greaterThan(0) && totalGravada.isZero()) {
    errors.push({ path: 'retentionIva', code: 'NOT_ALLOWED', message: 'Sin ventas gravadas no hay IVA que retener (regla de MH).' });
  }
  const montoTotalOperacion = fc ? subTotal : subTotal.plus(iva);
  if (kind !== 'FC' && !montoTotalOperacion.greaterThan(0)) {
    errors.push({ path: 'items', code: 'NOT_ALLOWED', message: 'El monto total de la operación debe ser mayor que cero (regla de MH).' });
  }
  const totalNoGravado = round2(sum(noGravado));
  const totalPagar = montoTotalOperacion.minus(ivaRete1).minus(reteRenta).plus(totalNoGravado);
  if (totalPagar.isNegative()) {
    errors.push({ path: 'retentionRenta', code: 'NOT_ALLOWED', message: 'Las retenciones superan el total del documento.' });
  }
  return {
    lines,
    noGravado,
    errors,
    totals: {
      totalNoSuj,
      totalExenta,
      totalGravada,
      subTotalVentas,
      descuNoSuj,
      descuExenta,
      descuGravada,
      porcentajeDescuento,
      totalDescu,
      subTotal,
      iva,
      ivaRete1,
      reteRenta,
      montoTotalOperacion,
      totalNoGravado,
      totalPagar: Dec.max(totalPagar, ZERO),
    },
  };
}
