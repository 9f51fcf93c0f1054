// MH's field paths (main/core/mh-read/, decision 0061) as PostgreSQL reads them inside a jsonb column, for the hub's
// SQL over documents and records (related.ts keeps its own, the expression of its index). The paths are the maps'
// constants, never a caller's text.
import { sql, type RawBuilder } from 'kysely';
import type { FieldPath } from '../core/mh-read/field-map';

/** `column #>> '{a,b,c}'`: the text at `path` (dotted, as the maps write it), under `prefix` when the JSON is nested. */
export const jsonText = (column: string, path: FieldPath, prefix: readonly string[] = []): RawBuilder<string | null> =>
  // Parenthesised: #>> and || share one precedence in PostgreSQL, so `a #>> p || b #>> q` would read wrong.
  sql<string | null>`(${sql.ref(column)} #>> ${`{${[...prefix, ...path.split('.')].join(',')}}`}::text[])`;

/** `column #> '{a,b}'`: the JSON at `path` (an array or object), under `prefix` when the JSON is nested. */
export const jsonAt = (column: string, path: FieldPath, prefix: readonly string[] = []): RawBuilder<unknown> =>
  sql`(${sql.ref(column)} #> ${`{${[...prefix, ...path.split('.')].join(',')}}`}::text[])`;
