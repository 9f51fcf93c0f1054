// The amounts of MH's fe-nc-v4 / fe-nd-v4 (Normativa DTE v2.0): no global discounts in the resumen and IVA per
// line. MF2 p.45 puts a global discount in the item discount, so the contract's discountGrav/Exe/NoSuj are
// DISTRIBUTED EXACTLY into the lines of their sale type (not refused): integrations that send them keep working.
import { Dec, IVA_RATE, ZERO, dec, round2, round8, sum, type SaleLine, type SaleResult } from '../../../../shared/tax';

export interface NoteLineV4 extends SaleLine {
  /** IVA 13 % of ventaGravada, 8 decimals. */
  readonly totalIva: Dec;
  /** This line's share of the document's IVA retention. */
  readonly ivaRete: Dec;
}

export interface NoteAmountsV4 {
  readonly lines: NoteLineV4[];
  readonly totalNoSuj: Dec;
  readonly totalExenta: Dec;
  readonly totalGravada: Dec;
  readonly subTotalVentas: Dec;
  readonly totalDescu: Dec;
  readonly totalIva: Dec;
  readonly montoTotalOperacion: Dec;
  readonly ivaRete: Dec;
  /** Before clamping at zero: negative when the retention exceeds the document. */
  readonly totalPagar: Dec;
}

/** `total` split in proportion to `weights`, to 8 decimals, adding up exactly: the largest weight takes the remainder. */
export function spread(total: Dec, weights: readonly Dec[]): Dec[] {
  const whole = sum(weights);
  if (total.isZero() || !whole.greaterThan(0)) return weights.map(() => ZERO);
  const largest = weights.reduce((best, w, i) => (w.greaterThan(weights[best]!) ? i : best), 0);
  const shares = weights.map((w) => round8(total.times(w).div(whole)));
  shares[largest] = total.minus(sum(shares.filter((_, i) => i !== largest)));
  return shares;
}

type Field = 'ventaNoSuj' | 'ventaExenta' | 'ventaGravada';

/** The lines of `sale` with each global discount moved into the lines it discounts, and IVA per line. */
export function noteAmountsV4(sale: SaleResult): NoteAmountsV4 {
  const t = sale.totals;
  let lines: SaleLine[] = sale.lines;
  for (const [field, discount] of [
    ['ventaNoSuj', t.descuNoSuj],
    ['ventaExenta', t.descuExenta],
    ['ventaGravada', t.descuGravada],
  ] as [Field, Dec][]) {
    const shares = spread(
      discount,
      lines.map((l) => l[field]),
    );
    // A discount above its sales is already an error of computeSale: the line stops at zero.
    lines = lines.map((l, i) => ({ ...l, montoDescu: l.montoDescu.plus(shares[i]!), [field]: Dec.max(l[field].minus(shares[i]!), ZERO) }));
  }
  const retained = spread(
    t.ivaRete1,
    lines.map((l) => l.ventaGravada),
  );
  const withIva = lines.map((l, i): NoteLineV4 => ({ ...l, totalIva: round8(l.ventaGravada.times(IVA_RATE)), ivaRete: retained[i]! }));
  const total = (f: Field) => round2(sum(withIva.map((l) => l[f])));
  const [totalNoSuj, totalExenta, totalGravada] = [total('ventaNoSuj'), total('ventaExenta'), total('ventaGravada')];
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada);
  // The resumen re-adds the lines' 8-decimal IVA and rounds once (docs/mh.md, Rounding (v2.0)).
  const totalIva = round2(sum(withIva.map((l) => l.totalIva)));
  const montoTotalOperacion = subTotalVentas.plus(totalIva);
  return {
    lines: withIva,
    totalNoSuj,
    totalExenta,
    totalGravada,
    subTotalVentas,
    totalDescu: round2(sum(withIva.map((l) => l.montoDescu))),
    totalIva,
    montoTotalOperacion,
    ivaRete: dec(t.ivaRete1),
    totalPagar: montoTotalOperacion.minus(t.ivaRete1),
  };
}
