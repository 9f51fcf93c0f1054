// Re-adds an MH document's amounts from its own lines (not with shared/tax's sums) and lists every sum
// that is off by more than MH's tolerance of one cent.
import { Dec, amountInWords, dec } from '../../../shared/tax';

type J = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const CENT = dec('0.01');
const total = (lines: J[], field: string) => lines.reduce((a: Dec, l) => a.plus(dec(l[field] ?? 0)), dec(0));

export function totalsProblems(kind: string, doc: J): string[] {
  const problems: string[] = [];
  const near = (name: string, actual: unknown, expected: Dec) => {
    if (dec(actual as number).minus(expected).abs().greaterThan(CENT)) problems.push(`${name}: ${String(actual)} vs ${expected.toFixed(8)}`);
  };
  const r = doc.resumen as J;
  const lines = doc.cuerpoDocumento as J[];
  switch (kind) {
    case 'FC':
    case 'CCF':
    case 'NC':
    case 'ND': {
      for (const l of lines) {
        const line = dec(l.cantidad).times(dec(l.precioUni)).minus(dec(l.montoDescu));
        near(`line ${l.numItem}`, dec(l.ventaNoSuj).plus(dec(l.ventaExenta)).plus(dec(l.ventaGravada)).toNumber(), line);
      }
      near('totalNoSuj', r.totalNoSuj, total(lines, 'ventaNoSuj'));
      near('totalExenta', r.totalExenta, total(lines, 'ventaExenta'));
      near('totalGravada', r.totalGravada, total(lines, 'ventaGravada'));
      near('subTotalVentas', r.subTotalVentas, dec(r.totalNoSuj).plus(r.totalExenta).plus(r.totalGravada));
      near('subTotal', r.subTotal, dec(r.subTotalVentas).minus(r.descuNoSuj).minus(r.descuExenta).minus(r.descuGravada));
      const taxed = dec(r.totalGravada).minus(r.descuGravada);
      if (kind === 'FC') {
        near('totalIva', r.totalIva, taxed.times(13).div(113));
        near('montoTotalOperacion', r.montoTotalOperacion, dec(r.subTotal));
      } else {
        const iva = (r.tributos as J[] | null)?.find((t) => t.codigo === '20')?.valor ?? 0;
        near('tributo 20', iva, taxed.times('0.13'));
        near('montoTotalOperacion', r.montoTotalOperacion, dec(r.subTotal).plus(iva));
      }
      if (kind === 'FC' || kind === 'CCF') {
        near('totalNoGravado', r.totalNoGravado, total(lines, 'noGravado'));
        near('totalPagar', r.totalPagar, dec(r.montoTotalOperacion).minus(r.ivaRete1).minus(r.reteRenta).plus(r.totalNoGravado));
        if (r.totalLetras !== amountInWords(dec(r.totalPagar))) problems.push(`totalLetras: ${r.totalLetras}`);
        if (r.condicionOperacion === 1) near('pagos', total(r.pagos ?? [], 'montoPago').toNumber(), dec(r.totalPagar));
      }
      break;
    }
    case 'FSE':
      for (const l of lines) near(`line ${l.numItem}`, l.compra, dec(l.cantidad).times(l.precioUni).minus(l.montoDescu));
      near('totalCompra', r.totalCompra, total(lines, 'compra'));
      near('subTotal', r.subTotal, dec(r.totalCompra).minus(r.descu));
      near('totalPagar', r.totalPagar, dec(r.subTotal).minus(r.ivaRete1).minus(r.reteRenta));
      break;
    case 'FEX':
      for (const l of lines) near(`line ${l.numItem}`, l.ventaGravada, dec(l.cantidad).times(l.precioUni).minus(l.montoDescu));
      near('totalGravada', r.totalGravada, total(lines, 'ventaGravada'));
      near('montoTotalOperacion', r.montoTotalOperacion, dec(r.totalGravada).minus(r.descuento).plus(r.seguro ?? 0).plus(r.flete ?? 0));
      near('totalNoGravado', r.totalNoGravado, total(lines, 'noGravado'));
      near('totalPagar', r.totalPagar, dec(r.montoTotalOperacion).plus(r.totalNoGravado));
      break;
    case 'CR':
      near('totalSujetoRetencion', r.totalSujetoRetencion, total(lines, 'montoSujetoGrav'));
      near('totalIVAretenido', r.totalIVAretenido, total(lines, 'ivaRetenido'));
      break;
    default:
      problems.push(`unknown kind ${kind}`);
  }
  return problems;
}
