// `sello books --month 2026-11 --out DIR`: the month's F-07 annexes and IVA books written to a folder, read
// straight from the station's database (read-only, beside a running app), with progress on stderr and MH's
// checks on stdout. Exit 1 when MH's portal would refuse a file.
import { join } from 'node:path';
import type { AnnexSummary } from '../../shared/books';
import { books, checkedMonth } from '../core/books/books-service';
import { sqliteBooksSource } from '../core/books/sqlite-books-source';
import { companyOf } from '../core/books/station-books';
import { systemClock } from '../core/clock';
import type { StoredStation } from '../core/station/profile';
import { readOnlyStore } from '../core/store/database';
import { settingsRepo } from '../core/store/settings-repo';
import type { Output } from './maintenance';

const problemLines = (a: AnnexSummary): string[] =>
  a.problems.map((p) => {
    const where = p.row > 0 ? `fila ${p.row}${p.column ? `, columna ${p.column}` : ''}` : 'archivo';
    return `  ${p.severity === 'error' ? 'ERROR' : 'aviso'} (${where}): ${p.message}`;
  });

export async function booksCommand(dir: string, month: string, out: string, io: Output): Promise<number> {
  const checked = checkedMonth(month);
  const store = readOnlyStore(join(dir, 'sello.db'));
  try {
    const profile = settingsRepo(store).get('station');
    if (!profile) throw new Error(`La estación de ${dir} aún no está configurada: no tiene libros que generar.`);
    const station = JSON.parse(profile) as StoredStation;
    const service = books({ store, clock: systemClock, source: sqliteBooksSource(store, () => companyOf(station)) });
    let shown = '';
    const { files, annexes } = await service.writeAll(checked, out, (step, done) => {
      const line = `${Math.round(done * 100)} % · ${step}`;
      // Reading a month of many thousand documents reports every page; the same line is not repeated.
      if (line !== shown) io.err(line);
      shown = line;
    });
    for (const f of files) io.out(join(out, f));
    let errors = 0;
    for (const a of annexes) {
      const lines = problemLines(a);
      errors += a.problems.filter((p) => p.severity === 'error').length;
      io.out(
        `${a.title}: ${a.rows} filas${a.casillas.length ? ` · ${a.casillas.map((c) => `casilla ${c.casilla} ${c.amount}`).join(' · ')}` : ''}`,
      );
      for (const l of lines) io.out(l);
    }
    if (errors > 0) io.err(`${errors} errores: MH rechazaría esos archivos. Corríjalos (transmita lo pendiente) y genere de nuevo.`);
    return errors > 0 ? 1 : 0;
  } finally {
    store.close();
  }
}
