// `sello backup`, `sello restore` and `sello audit verify`: maintenance of a station's data folder from the
// command line. They read the database directly (read-only where they can), never through a running core.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { verifyAuditFile } from '../audit';
import { demoDir } from '../core-host';
import { backupOnline, backupsDir } from '../store/backup';
import { restoreDatabase } from '../store/restore';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** The station folder a command means: the demo's with --demo, else the real one, else the demo's if that is all there is. */
export function stationFolder(base: string, demo: boolean): string {
  if (demo) return demoDir(base);
  if (existsSync(join(base, 'sello.db'))) return base;
  return existsSync(join(demoDir(base), 'sello.db')) ? demoDir(base) : base;
}

function openReadOnly(dir: string): BetterSqlite3.Database {
  const file = join(dir, 'sello.db');
  if (!existsSync(file)) throw new Error(`No hay una base de datos de Sello en ${dir}.`);
  return new BetterSqlite3(file, { readonly: true, fileMustExist: true });
}

export async function backupCommand(dir: string, io: Output): Promise<number> {
  const file = join(dir, 'sello.db');
  if (!existsSync(file)) throw new Error(`No hay una base de datos de Sello en ${dir}.`);
  let shown = -1;
  const b = await backupOnline(file, backupsDir(dir), new Date(), 'manual', (done) => {
    const pct = Math.floor(done * 10) * 10;
    if (pct !== shown) {
      shown = pct;
      io.err(`copiando… ${pct} %`);
    }
  });
  io.out(`copia lista: ${b.file} (${b.bytes} bytes)`);
  return 0;
}

export function restoreCommand(dir: string, from: string, io: Output): number {
  const r = restoreDatabase(dir, from, new Date());
  io.out(`restaurada: ${r.from} → ${join(dir, 'sello.db')} (${r.documents} documentos)`);
  if (r.previous) io.out(`la base de datos anterior quedó en ${r.previous}`);
  io.out(
    'la numeración espera: al iniciar, la estación pregunta a la oficina central el último número de control; sin oficina central, un administrador lo escribe en Ajustes → Numeración',
  );
  return 0;
}

export function auditVerifyCommand(dir: string, io: Output): number {
  const db = openReadOnly(dir);
  try {
    const v = verifyAuditFile(db);
    if (!v) {
      io.err('Esta base de datos aún no tiene el registro encadenado: abra Sello una vez para actualizarla.');
      return 2;
    }
    if (v.ok) {
      io.out(`registro de auditoría íntegro: ${v.entries} entradas; huella final ${v.head}`);
      return 0;
    }
    const what = v.reason === 'link' ? 'no sigue a la anterior (se borró, insertó o reordenó una entrada)' : 'fue modificada';
    io.err(`registro de auditoría ALTERADO: la entrada ${v.seq} ${what}; ${v.entries} entradas anteriores están íntegras.`);
    return 1;
  } finally {
    db.close();
  }
}
