// The F-07 casillas each annex feeds (docs/mh.md, IVA books: casillas), summed from the file's own rows so an
// uploaded file and a generated one are read alike. Which column feeds which casilla is our reading of MH's labels.
import type { AnnexId, CasillaAmount } from '../../../shared/books';
import { Dec, IVA_INCLUDED, ZERO, round2 } from '../../../shared/tax';

const AMOUNT = /^-?\d{1,10}\.\d{2}$/;
const value = (cells: readonly string[], letter: string): Dec => {
  const v = cells[letter.charCodeAt(0) - 65] ?? '';
  return AMOUNT.test(v) ? new Dec(v) : ZERO;
};
const sumWhere = (rows: readonly (readonly string[])[], letter: string, where: (cells: readonly string[]) => boolean = () => true) =>
  rows.filter(where).reduce((a, r) => a.plus(value(r, letter)), ZERO);
const line = (casilla: string, label: string, amount: Dec): CasillaAmount => ({ casilla, label, amount: round2(amount).toFixed(2) });

export function casillasOf(annex: AnnexId, rows: readonly (readonly string[])[]): CasillaAmount[] {
  switch (annex) {
    case '1': {
      const sales = (r: readonly string[]) => r[2] !== '05';
      const notes = (r: readonly string[]) => r[2] === '05';
      return [
        line('85', 'Ventas exentas (CCF y ND, menos NC)', sumWhere(rows, 'J', sales).minus(sumWhere(rows, 'J', notes))),
        line('86', 'Ventas no sujetas (CCF y ND, menos NC)', sumWhere(rows, 'K', sales).minus(sumWhere(rows, 'K', notes))),
        line('95', 'Ventas gravadas a contribuyentes (CCF y ND)', sumWhere(rows, 'L', sales)),
        line('135', 'Débito fiscal de las ventas a contribuyentes', sumWhere(rows, 'M', sales)),
        line('97', 'Devoluciones y rebajas (NC)', sumWhere(rows, 'L', notes)),
        line('143', 'Débito fiscal de las devoluciones (NC)', sumWhere(rows, 'M', notes)),
      ];
    }
    case '2': {
      const taxed = sumWhere(rows, 'N');
      return [
        line('85', 'Ventas exentas a consumidor final', sumWhere(rows, 'K')),
        line('92', 'Ventas exentas no sujetas a proporcionalidad', sumWhere(rows, 'L')),
        line('86', 'Ventas no sujetas a consumidor final', sumWhere(rows, 'M')),
        line('96', 'Ventas gravadas a consumidor final, sin IVA', taxed.minus(round2(taxed.times(IVA_INCLUDED)))),
        line('140', 'Débito fiscal de las ventas a consumidor final (13/113 de la columna N)', taxed.times(IVA_INCLUDED)),
        line('91', 'Exportaciones dentro del área centroamericana', sumWhere(rows, 'O')),
        line('90', 'Exportaciones fuera del área centroamericana', sumWhere(rows, 'P')),
        line('94', 'Exportaciones de servicios', sumWhere(rows, 'Q')),
        line('93', 'Ventas a zonas francas y DPA', sumWhere(rows, 'R')),
      ];
    }
    case '5':
      return [line('66', 'Compras a sujetos excluidos', sumWhere(rows, 'G'))];
    case '9':
      return [line('169', 'Percepción IVA 1 % efectuada', sumWhere(rows, 'H'))];
    case '10':
      return [line('170', 'Retención IVA 1 % efectuada', sumWhere(rows, 'H'))];
    case '12':
      return [line('172', 'Retención IVA 13 % efectuada', sumWhere(rows, 'H'))];
    case 'anulados':
      return [];
    default: {
      const never: never = annex;
      return never;
    }
  }
}
