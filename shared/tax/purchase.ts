// FSE (purchase from an excluded subject, no IVA) and FEX (export, IVA 0 %).
import type { FieldError } from '../contract/issues';
import { Dec, ZERO, dec, round2, round8, sum } from './decimal';

interface Line {
  readonly quantity: number;
  readonly unitPrice: number;
  readonly discountAmount?: number | null;
}

function lineAmounts(items: readonly Line[], errors: FieldError[]) {
  return items.map((item, i) => {
    const amount = round8(dec(item.quantity).times(dec(item.unitPrice)).minus(dec(item.discountAmount)));
    if (amount.isNegative()) {
      errors.push({ path: `items.${i}.discountAmount`, code: 'NOT_ALLOWED', message: 'El descuento supera el valor de la línea.' });
    }
    return { precioUni: dec(item.unitPrice), montoDescu: dec(item.discountAmount), amount: Dec.max(amount, ZERO) };
  });
}

export interface FseTotals {
  readonly totalCompra: Dec;
  readonly descu: Dec;
  readonly totalDescu: Dec;
  readonly subTotal: Dec;
  readonly ivaRete1: Dec;
  readonly reteRenta: Dec;
  readonly totalPagar: Dec;
}

export function computeFse(input: {
  readonly items: readonly Line[];
  readonly discount?: number | null;
  readonly retentionIva?: number | null;
  readonly retentionRenta?: number | null;
}) {
  const errors: FieldError[] = [];
  const lines = lineAmounts(input.items, errors);
  const totalCompra = round2(sum(lines.map((l) => l.amount)));
  const descu = dec(input.discount);
  if (descu.greaterThan(totalCompra))
    errors.push({ path: 'discount', code: 'NOT_ALLOWED', message: 'El descuento supera el total de la compra.' });
  const subTotal = Dec.max(totalCompra.minus(descu), ZERO);
  const ivaRete1 = dec(input.retentionIva);
  const reteRenta = dec(input.retentionRenta);
  const totalPagar = subTotal.minus(ivaRete1).minus(reteRenta);
  if (totalPagar.isNegative())
    errors.push({ path: 'retentionRenta', code: 'NOT_ALLOWED', message: 'Las retenciones superan el total del documento.' });
  const totals: FseTotals = {
    totalCompra,
    descu,
    totalDescu: descu.plus(round2(sum(lines.map((l) => l.montoDescu)))),
    subTotal,
    ivaRete1,
    reteRenta,
    totalPagar: Dec.max(totalPagar, ZERO),
  };
  return { lines, totals, errors };
}

export interface FexTotals {
  readonly totalGravada: Dec;
  readonly descuento: Dec;
  readonly porcentajeDescuento: Dec;
  readonly totalDescu: Dec;
  readonly seguro: Dec | null;
  readonly flete: Dec | null;
  readonly montoTotalOperacion: Dec;
  readonly totalNoGravado: Dec;
  readonly totalPagar: Dec;
}

export function computeFex(input: {
  readonly items: readonly Line[];
  readonly itemsNoGrav?: readonly { readonly amount: number }[] | null;
  readonly discount?: number | null;
  readonly insurance?: number | null;
  readonly freight?: number | null;
}) {
  const errors: FieldError[] = [];
  const lines = lineAmounts(input.items, errors);
  const noGravado = (input.itemsNoGrav ?? []).map((x) => dec(x.amount));
  const totalGravada = round2(sum(lines.map((l) => l.amount)));
  const descuento = dec(input.discount);
  if (descuento.greaterThan(totalGravada))
    errors.push({ path: 'discount', code: 'NOT_ALLOWED', message: 'El descuento supera el total de la venta.' });
  const seguro = input.insurance == null ? null : dec(input.insurance);
  const flete = input.freight == null ? null : dec(input.freight);
  const montoTotalOperacion = Dec.max(totalGravada.minus(descuento), ZERO)
    .plus(seguro ?? ZERO)
    .plus(flete ?? ZERO);
  if (!montoTotalOperacion.greaterThan(0)) {
    errors.push({ path: 'items', code: 'NOT_ALLOWED', message: 'El monto total de la operación debe ser mayor que cero (regla de MH).' });
  }
  const totalNoGravado = round2(sum(noGravado));
  const totals: FexTotals = {
    totalGravada,
    descuento,
    porcentajeDescuento: totalGravada.isZero() ? ZERO : Dec.min(round2(descuento.div(totalGravada).times(100)), dec(100)),
    totalDescu: descuento.plus(round2(sum(lines.map((l) => l.montoDescu)))),
    seguro,
    flete,
    montoTotalOperacion,
    totalNoGravado,
    totalPagar: montoTotalOperacion.plus(totalNoGravado),
  };
  return { lines, noGravado, totals, errors };
}

/** CR: the retention voucher's sums. */
export function computeCr(items: readonly { readonly amountSubject: number; readonly ivaRetained: number }[]) {
  return {
    totalSujetoRetencion: round2(sum(items.map((i) => dec(i.amountSubject)))),
    totalIVAretenido: round2(sum(items.map((i) => dec(i.ivaRetained)))),
  };
}
