// `sello backup`, `sello restore` and `sello audit verify`: maintenance of a station's data folder from the
// command line. They read the database directly (read-only where they can), never through a running core.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { checkChain } from '../core/audit-check';
import { describeFinding, type ChainFinding } from '../core/audit-findings';
import { readHead, writeHead, type ChainHead, type HeadMark } from '../core/audit-head';
import { copyAgainstHeads, lastEntry, settleHead } from '../core/audit-restore';
import { AUDIT_KEY_SETTING, openChainKey } from '../core/audit-key';
import type { SecretBox } from '../core/station/secrets';
import { demoDir } from '../core/core-host';
import { backupOnline, backupsDir } from '../core/store/backup';
import { restoreDatabase } from '../core/store/restore';

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

/** What opens the audit chain's key and where its head is kept outside the data folder (decision 0034). */
export interface ChainAccess {
  /** The station's secret box for this folder (it opens the chain's sealed key). */
  readonly box: () => SecretBox;
  readonly headFile: string;
}

const sealedKey = (db: BetterSqlite3.Database): string | null =>
  (db.prepare('SELECT value FROM settings WHERE key = ?').get(AUDIT_KEY_SETTING) as { value: string } | undefined)?.value ?? null;

/** The head as it stands, a restore cut short settled against the database now in place (audit-restore.ts). */
function settledHead(dir: string, headFile: string): ChainHead | null {
  const head = readHead(headFile);
  if (!head?.restoring || !existsSync(join(dir, 'sello.db'))) return head;
  const db = openReadOnly(dir);
  try {
    return settleHead(db, head);
  } finally {
    db.close();
  }
}

export interface RestoreOptions {
  /** Tests only: runs right after the swap (a pause there lets a test kill the process at that point). */
  readonly afterSwap?: () => void;
}

export function restoreCommand(dir: string, from: string, io: Output, access: ChainAccess, o: RestoreOptions = {}): number {
  const before = settledHead(dir, access.headFile);
  const setAside = [...(before?.setAside ?? []), ...(before ? [{ seq: before.seq, hash: before.hash }] : [])];
  const r = restoreDatabase(dir, from, new Date(), {
    // Named before the swap: a kill -9 right after it leaves a head the next start settles, not a false alarm.
    beforeSwap: (incoming) => {
      const copy = new BetterSqlite3(incoming, { readonly: true, fileMustExist: true });
      let last: HeadMark;
      try {
        last = lastEntry(copy);
      } finally {
        copy.close();
      }
      if (before) writeHead(access.headFile, { ...before, restoring: last });
    },
    ...(o.afterSwap ? { afterSwap: o.afterSwap } : {}),
  });
  io.out(`restaurada: ${r.from} → ${join(dir, 'sello.db')} (${r.documents} documentos)`);
  if (r.previous) io.out(`la base de datos anterior quedó en ${r.previous}`);
  // The copy's own chain and documents, then against the head this station had reached.
  const db = openReadOnly(dir);
  let found: ChainFinding[];
  let last: HeadMark;
  try {
    const key = openChainKey(sealedKey(db), access.box());
    found = checkChain(db, { key, head: null, hasKey: key !== null }).findings;
    // A key this machine cannot open is not an alteration: said, and not kept as a finding.
    if (found.some((f) => f.code === 'no-key')) {
      io.err(
        'No se pudo comprobar el registro de auditoría de la copia: su llave no abre con la llave de este equipo (use el mismo --secret-file que `sello serve`, o restaure en el equipo de la estación).',
      );
      found = found.filter((f) => f.code !== 'no-key');
    }
    last = lastEntry(db);
    // Against every head Sello knows, the one it had reached and those of databases it set aside: an undo fits one.
    const against = copyAgainstHeads(db, before ? { ...before, setAside } : null);
    found.push(...against.findings);
    if (before && against.older)
      io.out(
        `el registro de la copia termina en la entrada ${last.seq}; la estación había llegado a la ${before.seq}: lo anotado después no está en la copia`,
      );
  } finally {
    db.close();
  }
  if (found.length === 0) io.out('registro de auditoría de la copia: íntegro');
  else {
    io.err(`ATENCIÓN: la copia restaurada tiene el registro de auditoría ALTERADO (${found.length} hallazgos):`);
    for (const f of found.slice(0, 20)) io.err(`  - ${describeFinding(f)}`);
    io.err('La estación lo mostrará como alerta crítica al iniciar. Restaure otra copia anterior si la tiene.');
  }
  // The restored copy is the station's chain from now on: its head, and what was found in it, are kept.
  writeHead(access.headFile, { ...last, findings: found, setAside, restoring: null });
  io.out(
    'la numeración espera: al iniciar, la estación pregunta a la oficina central el último número de control; sin oficina central, un administrador lo escribe en Ajustes → Numeración',
  );
  return 0;
}

export function auditVerifyCommand(dir: string, io: Output, access: ChainAccess): number {
  const db = openReadOnly(dir);
  try {
    if (!hasChain(db)) {
      io.err('Esta base de datos aún no tiene el registro encadenado: abra Sello una vez para actualizarla.');
      return 2;
    }
    const sealed = sealedKey(db);
    const key = openChainKey(sealed, access.box());
    const head = settleHead(db, readHead(access.headFile));
    const { verdict, findings, checked, notYetBound } = checkChain(db, { key, head, hasKey: key !== null });
    if (findings.length === 1 && findings[0]!.code === 'no-key') {
      io.err(
        'No se puede comprobar el registro aquí: está sellado con una llave que este equipo no tiene. Use el mismo --secret-file que `sello serve`, o compruébelo en el equipo de la estación.',
      );
      return 2;
    }
    // What an earlier check found stays said until an intact copy is restored.
    const earlier = (head?.findings ?? []).filter((f) => !findings.some((g) => JSON.stringify(g) === JSON.stringify(f)));
    if (verdict.ok && findings.length === 0 && earlier.length === 0) {
      io.out(`registro de auditoría íntegro: ${verdict.entries} entradas; huella final ${verdict.head}`);
      if (verdict.keyedFrom === null) io.out('el registro aún no está sellado con llave: inicie Sello una vez para sellarlo');
      else io.out(`sellado con la llave de la estación desde la entrada ${verdict.keyedFrom}; documentos comprobados contra el registro`);
      // The other bound tables (docs/decisions/0062-audit-binds-what-the-books-read.md), named as the findings name them.
      const others = checked.filter((t) => t !== 'documents');
      if (others.length > 0) io.out(`también comprobadas contra el registro: ${others.join(', ')}`);
      if (verdict.keyedFrom !== null && notYetBound.length > 0)
        io.out(`aún sin ligar al registro (se ligan al iniciar Sello una vez): ${notYetBound.join(', ')}`);
      if (verdict.linkedOnly > 0)
        io.out(`${verdict.linkedOnly} entradas se sellaron con una llave anterior (otro equipo): solo se comprobó su encadenamiento`);
      if (!head)
        io.out('no hay huella guardada fuera de la carpeta de datos en este equipo: no se puede comprobar si faltan las últimas entradas');
      return 0;
    }
    io.err(`registro de auditoría ALTERADO (${findings.length + earlier.length} hallazgos):`);
    for (const f of findings.slice(0, 50)) io.err(`  - ${describeFinding(f)}`);
    for (const f of earlier) io.err(`  - (hallado antes) ${describeFinding(f)}`);
    if (findings.length > 50) io.err(`  … y ${findings.length - 50} más`);
    if (sealed && !key) io.err('La llave del registro no abre en este equipo: use el mismo --secret-file o el equipo de la estación.');
    io.err('Qué hacer: restaure la última copia íntegra con `sello restore` y avise al responsable de seguridad.');
    return 1;
  } finally {
    db.close();
  }
}

const hasChain = (db: BetterSqlite3.Database): boolean =>
  (db.prepare('PRAGMA table_info(audit_log)').all() as { name: string }[]).some((c) => c.name === 'hash');
