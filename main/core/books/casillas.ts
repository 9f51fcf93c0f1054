// The F-07 casillas each annex feeds (docs/mh.md, IVA books: casillas), summed from the file's own rows so an
// uploaded file and a generated one are read alike. Which column feeds which casilla is our reading of MH's labels.
import type { AnnexId, CasillaAmount } from '../../../shared/books';
import { NO_CENTS, cellCents, centsText, minus, plus, type Cents } from './cents';
import { ivaInside } from './iva-inside';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const line = (casilla: string, label: string, amount: Cents): CasillaAmount => ({ casilla, label, amount: centsText(amount) });

/** Anexo 1's NC (tipo 05) subtract; every other row, and every other annex's, adds. */
type Side = 'sales' | 'notes';
const sideOf = (annex: AnnexId, cells: readonly string[]): Side => (annex === '1' && cells[2] === '05' ? 'notes' : 'sales');

/**
 * The casillas of an annex summed as its rows go by (a month is never held whole): each amount column's sum on
 * each side; the casillas are read from those sums at the end.
 */
export function casillaSums(annex: AnnexId) {
  const sums: Record<Side, Cents[]> = { sales: LETTERS.split('').map(() => NO_CENTS), notes: LETTERS.split('').map(() => NO_CENTS) };
  return {
    add(cells: readonly string[]) {
      const side = sums[sideOf(annex, cells)];
      const n = Math.min(cells.length, side.length);
      for (let i = 0; i < n; i++) {
        const c = cellCents(cells[i]!);
        if (c !== null) side[i] = plus(side[i]!, c);
      }
    },
    result(): CasillaAmount[] {
      const sum = (letter: string, side: Side = 'sales') => sums[side][letter.charCodeAt(0) - 65]!;
      return casillasFrom(annex, sum);
    },
  };
}

export function casillasOf(annex: AnnexId, rows: readonly (readonly string[])[]): CasillaAmount[] {
  const sums = casillaSums(annex);
  rows.forEach((r) => sums.add(r));
  return sums.result();
}

function casillasFrom(annex: AnnexId, sum: (letter: string, side?: Side) => Cents): CasillaAmount[] {
  switch (annex) {
    case '1':
      return [
        line('85', 'Ventas exentas (CCF y ND, menos NC)', minus(sum('J'), sum('J', 'notes'))),
        line('86', 'Ventas no sujetas (CCF y ND, menos NC)', minus(sum('K'), sum('K', 'notes'))),
        line('95', 'Ventas gravadas a contribuyentes (CCF y ND)', sum('L')),
        line('135', 'Débito fiscal de las ventas a contribuyentes', sum('M')),
        line('97', 'Devoluciones y rebajas (NC)', sum('L', 'notes')),
        line('143', 'Débito fiscal de las devoluciones (NC)', sum('M', 'notes')),
      ];
    case '2': {
      // The IVA inside column N's month (13/113), rounded once; casilla 96 is what is left.
      const debit = ivaInside(sum('N'));
      return [
        line('85', 'Ventas exentas a consumidor final', sum('K')),
        line('92', 'Ventas exentas no sujetas a proporcionalidad', sum('L')),
        line('86', 'Ventas no sujetas a consumidor final', sum('M')),
        line('96', 'Ventas gravadas a consumidor final, sin IVA', minus(sum('N'), debit)),
        line('140', 'Débito fiscal de las ventas a consumidor final (13/113 de la columna N)', debit),
        line('91', 'Exportaciones dentro del área centroamericana', sum('O')),
        line('90', 'Exportaciones fuera del área centroamericana', sum('P')),
        line('94', 'Exportaciones de servicios', sum('Q')),
        line('93', 'Ventas a zonas francas y DPA', sum('R')),
      ];
    }
    case '5':
      return [line('66', 'Compras a sujetos excluidos', sum('G'))];
    case '9':
      return [line('169', 'Percepción IVA 1 % efectuada', sum('H'))];
    case '10':
      return [line('170', 'Retención IVA 1 % efectuada', sum('H'))];
    case '12':
      return [line('172', 'Retención IVA 13 % efectuada', sum('H'))];
    case 'anulados':
      return [];
    default: {
      const never: never = annex;
      return never;
    }
  }
}
