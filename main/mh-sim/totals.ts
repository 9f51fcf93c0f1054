// Re-adds an MH document's amounts from its own lines (not with shared/tax's sums) and lists every sum
// that is off by more than MH's tolerance of one cent.
// Each kind's document is read as that kind's type, unchecked: the simulator runs MH's schema (or its own
// checks) first, and the property tests pass documents the serializers wrote.
import { Dec, amountInWords, dec } from '../../shared/tax';
import type {
  CcfV3Document,
  CrV1Document,
  FcV1Document,
  FexV1Document,
  FseV1Document,
  NoteV3Document,
} from '../core/dte/mh/document-types';

const CENT = dec('0.01');
const total = <K extends string>(lines: readonly Partial<Record<K, number | null>>[], field: K) =>
  lines.reduce((a: Dec, l) => a.plus(dec(l[field] ?? 0)), dec(0));

export function totalsProblems(kind: string, doc: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const near = (name: string, actual: unknown, expected: Dec) => {
    if (
      dec(actual as number)
        .minus(expected)
        .abs()
        .greaterThan(CENT)
    )
      problems.push(`${name}: ${String(actual)} vs ${expected.toFixed(8)}`);
  };
  switch (kind) {
    case 'FC':
    case 'CCF':
    case 'NC':
    case 'ND':
    case 'NR': {
      // An NR's lines and resumen add up as a CCF's, without payment (main/core/dte/mh/nr-parts.ts).
      const { resumen: r, cuerpoDocumento: lines } = doc as FcV1Document | CcfV3Document | NoteV3Document;
      for (const l of lines) {
        const line = dec(l.cantidad).times(dec(l.precioUni)).minus(dec(l.montoDescu));
        near(`line ${l.numItem}`, dec(l.ventaNoSuj).plus(dec(l.ventaExenta)).plus(dec(l.ventaGravada)).toNumber(), line);
      }
      near('totalNoSuj', r.totalNoSuj, total(lines, 'ventaNoSuj'));
      near('totalExenta', r.totalExenta, total(lines, 'ventaExenta'));
      near('totalGravada', r.totalGravada, total(lines, 'ventaGravada'));
      near('subTotalVentas', r.subTotalVentas, dec(r.totalNoSuj).plus(r.totalExenta).plus(r.totalGravada));
      if ((kind === 'NC' || kind === 'ND') && 'totalIva' in r) {
        noteV4(doc, near, problems);
        break;
      }
      near('subTotal', r.subTotal, dec(r.subTotalVentas).minus(r.descuNoSuj).minus(r.descuExenta).minus(r.descuGravada));
      const taxed = dec(r.totalGravada).minus(r.descuGravada);
      if (kind === 'FC') {
        near('totalIva', (doc as FcV1Document).resumen.totalIva, taxed.times(13).div(113));
        near('montoTotalOperacion', r.montoTotalOperacion, dec(r.subTotal));
      } else {
        const iva = r.tributos?.find((t) => t.codigo === '20')?.valor ?? 0;
        near('tributo 20', iva, taxed.times('0.13'));
        near('montoTotalOperacion', r.montoTotalOperacion, dec(r.subTotal).plus(iva));
      }
      if (kind === 'FC' || kind === 'CCF') {
        // The same resumen and lines, read as FC's or CCF's.
        const { resumen: r, cuerpoDocumento: lines } = doc as FcV1Document | CcfV3Document;
        near('totalNoGravado', r.totalNoGravado, total(lines, 'noGravado'));
        // FE v2.0 renames ivaRete1 to ivaRete and drops reteRenta (docs/mh.md, what changes per kind).
        // CCF v2.0 renames ivaPerci1 to ivaPerci; only the new name is added, so legacy checks stay as they were.
        const v2 = r as unknown as { ivaRete?: number; ivaRete1?: number; reteRenta?: number; ivaPerci?: number };
        const retained = dec(v2.ivaRete1 ?? v2.ivaRete ?? 0)
          .plus(v2.reteRenta ?? 0)
          .minus(v2.ivaPerci ?? 0);
        near('totalPagar', r.totalPagar, dec(r.montoTotalOperacion).minus(retained).plus(r.totalNoGravado));
        if (r.totalLetras !== amountInWords(dec(r.totalPagar))) problems.push(`totalLetras: ${r.totalLetras}`);
        if (r.condicionOperacion === 1) near('pagos', total(r.pagos ?? [], 'montoPago').toNumber(), dec(r.totalPagar));
      }
      break;
    }
    case 'FSE': {
      const { resumen: r, cuerpoDocumento: lines } = doc as FseV1Document;
      for (const l of lines) near(`line ${l.numItem}`, l.compra, dec(l.cantidad).times(l.precioUni).minus(l.montoDescu));
      near('totalCompra', r.totalCompra, total(lines, 'compra'));
      near('subTotal', r.subTotal, dec(r.totalCompra).minus(r.descu));
      // FSE v2.0 has no ivaRete1 (docs/mh.md, what changes per kind): nothing retained but income tax.
      near(
        'totalPagar',
        r.totalPagar,
        dec(r.subTotal)
          .minus('ivaRete1' in r ? r.ivaRete1 : 0)
          .minus(r.reteRenta),
      );
      break;
    }
    case 'FEX': {
      const { resumen: r, cuerpoDocumento: lines } = doc as FexV1Document;
      for (const l of lines) near(`line ${l.numItem}`, l.ventaGravada, dec(l.cantidad).times(l.precioUni).minus(l.montoDescu));
      near('totalGravada', r.totalGravada, total(lines, 'ventaGravada'));
      // FEX v3 renames the global discount descuento to descuGravada (docs/mh.md, what changes per kind).
      const { descuento, descuGravada } = r as unknown as { descuento?: number; descuGravada?: number };
      near(
        'montoTotalOperacion',
        r.montoTotalOperacion,
        dec(r.totalGravada)
          .minus(descuento ?? descuGravada ?? 0)
          .plus(r.seguro ?? 0)
          .plus(r.flete ?? 0),
      );
      near('totalNoGravado', r.totalNoGravado, total(lines, 'noGravado'));
      near('totalPagar', r.totalPagar, dec(r.montoTotalOperacion).plus(r.totalNoGravado));
      break;
    }
    case 'CR': {
      const { resumen: r, cuerpoDocumento: lines } = doc as CrV1Document;
      near('totalSujetoRetencion', r.totalSujetoRetencion, total(lines, 'montoSujetoGrav'));
      // CR v2.0 renames totalIVAretenido to totalIvaRetenido and adds totalIva, 13 % of the subject amount (cr-v2.ts).
      const v2 = r as unknown as { totalIvaRetenido?: number; totalIva?: number };
      if (v2.totalIvaRetenido === undefined) near('totalIVAretenido', r.totalIVAretenido, total(lines, 'ivaRetenido'));
      else {
        near('totalIvaRetenido', v2.totalIvaRetenido, total(lines, 'ivaRetenido'));
        near('totalIva', v2.totalIva, dec(r.totalSujetoRetencion).times('0.13'));
      }
      break;
    }
    default:
      problems.push(`unknown kind ${kind}`);
  }
  return problems;
}

type NoteV4Line = { numItem: number; ventaGravada: number; noGravado: number; ivaPerci: number; totalIva: number; ivaRete: number };
type NoteV4 = {
  cuerpoDocumento: NoteV4Line[];
  resumen: Record<'totalGravada' | 'subTotalVentas' | 'montoTotalOperacion' | 'totalNoGravado' | 'totalPagar', number> &
    Record<'ivaPerci' | 'totalIva' | 'ivaRete', number> & {
      tributos: { codigo: string; valor: number }[] | null;
      totalLetras: string | null;
    };
};

/** NC/ND v2.0 (fe-nc-v4, fe-nd-v4): IVA, retention and perception per line, no global discounts (docs/mh.md). */
function noteV4(doc: Readonly<Record<string, unknown>>, near: (name: string, actual: unknown, expected: Dec) => void, problems: string[]) {
  const { resumen: r, cuerpoDocumento: lines } = doc as NoteV4;
  for (const l of lines) near(`line ${l.numItem} totalIva`, l.totalIva, dec(l.ventaGravada).times('0.13'));
  near('totalIva', r.totalIva, total(lines, 'totalIva'));
  const iva = r.tributos?.find((t) => t.codigo === '20')?.valor;
  if (iva !== undefined) near('tributo 20', iva, dec(r.totalGravada).times('0.13'));
  near('montoTotalOperacion', r.montoTotalOperacion, dec(r.subTotalVentas).plus(r.totalIva));
  near('ivaRete', r.ivaRete, total(lines, 'ivaRete'));
  near('ivaPerci', r.ivaPerci, total(lines, 'ivaPerci'));
  near('totalNoGravado', r.totalNoGravado, total(lines, 'noGravado'));
  near('totalPagar', r.totalPagar, dec(r.montoTotalOperacion).minus(r.ivaRete).plus(r.ivaPerci).plus(r.totalNoGravado));
  if (r.totalLetras !== null && r.totalLetras !== amountInWords(dec(r.totalPagar))) problems.push(`totalLetras: ${r.totalLetras}`);
}
