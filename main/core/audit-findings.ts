// What a check of the keyed audit chain can find, and how the station says it (docs/decisions/0034-keyed-
// audit-chain.md): `sello audit verify`, `sello restore` and the start's alert use the same words.
import type { RecordTableName } from './audit-bound-tables';

export type ChainFinding =
  | { readonly code: 'edited' | 'link' | 'recomputed' | 'no-key'; readonly seq: number }
  /** The head kept outside the data folder names an entry past the log's end: its last entries were deleted. */
  | { readonly code: 'tail-deleted'; readonly seq: number; readonly last: number }
  /** The head's entry is there with another hash: the chain was rewritten up to it. */
  | { readonly code: 'rewritten'; readonly seq: number }
  | { readonly code: 'document-edited' | 'document-deleted' | 'document-unbound'; readonly id: string }
  /** A row of another bound table (audit-bound-tables.ts) edited, deleted or added outside Sello. */
  | { readonly code: 'row-edited' | 'row-deleted' | 'row-unbound'; readonly table: RecordTableName; readonly id: string }
  /** The chain is keyed but its sealed key is gone from the data folder. */
  | { readonly code: 'key-missing' }
  /** The station holds the chain's key but the chain has no keyed entry: it was recomputed without the key. */
  | { readonly code: 'unkeyed' };

/** What a write finds before it changes a bound row (audit-binding.ts, `checkBound`). */
export type BindingFinding =
  | { readonly code: 'document-edited' | 'document-unbound'; readonly id: string }
  | { readonly code: 'row-edited' | 'row-unbound'; readonly table: RecordTableName; readonly id: string };

/** How a bound table's row is named, with the table, and whether its name is feminine. */
const RECORD_NAMES: Readonly<Record<RecordTableName, { readonly name: string; readonly feminine: boolean }>> = {
  returns: { name: 'el Evento de Retorno', feminine: false },
  return_invalidations: { name: 'la invalidación de Evento de Retorno', feminine: true },
  invalidations: { name: 'la invalidación', feminine: true },
  day_closes: { name: 'el cierre de caja', feminine: false },
  drawer_openings: { name: 'la apertura de turno (fondo de caja)', feminine: true },
  drawer_kicks: { name: 'la apertura de gaveta', feminine: true },
};

/** A bound row as the findings name it: what it is, its id and its table (an ER's lines are part of it). */
const rowName = (table: RecordTableName, id: string): string =>
  `${RECORD_NAMES[table].name} ${id} (tabla ${table}${table === 'returns' ? ', con sus líneas en return_lines' : ''})`;
const ending = (table: RecordTableName): string => (RECORD_NAMES[table].feminine ? 'a' : 'o');

export function describeFinding(f: ChainFinding): string {
  switch (f.code) {
    case 'edited':
      return `la entrada ${f.seq} fue modificada`;
    case 'link':
      return `la entrada ${f.seq} no sigue a la anterior (se borró, insertó o reordenó una entrada)`;
    case 'recomputed':
      return `desde la entrada ${f.seq} el registro se recalculó sin la llave de la estación (alguien lo rehízo tras editarlo)`;
    case 'no-key':
      return `la entrada ${f.seq} está sellada con una llave que este equipo no tiene: no se puede comprobar aquí`;
    case 'tail-deleted':
      return `faltan las últimas entradas del registro: llegaba a la ${f.seq} y ahora termina en la ${f.last}`;
    case 'rewritten':
      return `la entrada ${f.seq}, la última que la estación anotó fuera de la carpeta de datos, tiene otro contenido: el registro se reescribió`;
    case 'document-edited':
      return `el documento ${f.id} fue modificado en la base de datos fuera de Sello (monto, estado, sello o firma)`;
    case 'document-deleted':
      return `el documento ${f.id} fue borrado de la base de datos`;
    case 'document-unbound':
      return `el documento ${f.id} se agregó a la base de datos fuera de Sello`;
    case 'row-edited':
      return `${rowName(f.table, f.id)} fue modificad${ending(f.table)} en la base de datos fuera de Sello`;
    case 'row-deleted':
      return `${rowName(f.table, f.id)} fue borrad${ending(f.table)} de la base de datos`;
    case 'row-unbound':
      return `${rowName(f.table, f.id)} se agregó a la base de datos fuera de Sello`;
    case 'key-missing':
      return 'falta la llave del registro de auditoría en la base de datos: se borró';
    case 'unkeyed':
      return 'el registro de auditoría perdió su parte sellada con llave: se recalculó sin ella';
    default: {
      const never: never = f;
      return never;
    }
  }
}

/** What to do, said with every break. */
export const CHAIN_BROKEN_ACTION =
  'La estación sigue emitiendo. No confíe en los datos alterados: restaure la última copia íntegra con `sello restore` (o compare con la oficina central) y avise al responsable de seguridad.';

/** One text per finding, for telling a new one from one already known. */
export const findingKey = (f: ChainFinding): string => JSON.stringify(f);
