// What a check of the keyed audit chain can find, and how the station says it (docs/decisions/0034-keyed-
// audit-chain.md): `sello audit verify`, `sello restore` and the start's alert use the same words.
export type ChainFinding =
  | { readonly code: 'edited' | 'link' | 'recomputed' | 'no-key'; readonly seq: number }
  /** The head kept outside the data folder names an entry past the log's end: its last entries were deleted. */
  | { readonly code: 'tail-deleted'; readonly seq: number; readonly last: number }
  /** The head's entry is there with another hash: the chain was rewritten up to it. */
  | { readonly code: 'rewritten'; readonly seq: number }
  | { readonly code: 'document-edited' | 'document-deleted' | 'document-unbound'; readonly id: string }
  /** The chain is keyed but its sealed key is gone from the data folder. */
  | { readonly code: 'key-missing' }
  /** The station holds the chain's key but the chain has no keyed entry: it was recomputed without the key. */
  | { readonly code: 'unkeyed' };

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
