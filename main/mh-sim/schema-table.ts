// Which MH schema file judges a document, by its tipoDte (or event) and identificacion.version: the versions of the
// two normatives never overlap, so the pair alone names the file and its folder (docs/mh.md, Schema
// versions per kind).

/** MH's legacy schemas (2023) or those of the Normativa DTE v2.0 (2026). */
export type Normative = 'legacy' | '2026';

/** A DTE's tipoDte (CAT-002), or an event the simulator receives on its own route. */
export type SchemaSubject =
  '01' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '11' | '14' | '15' | 'invalidacion' | 'contingencia' | 'retorno' | 'operaciones';

export interface SchemaEntry {
  readonly subject: SchemaSubject;
  readonly version: number;
  readonly normative: Normative;
  readonly file: string;
}

export const SCHEMA_TABLE: readonly SchemaEntry[] = [
  { subject: '01', version: 1, normative: 'legacy', file: 'fe-fc-v1.json' },
  { subject: '03', version: 3, normative: 'legacy', file: 'fe-ccf-v3.json' },
  { subject: '05', version: 3, normative: 'legacy', file: 'fe-nc-v3.json' },
  { subject: '06', version: 3, normative: 'legacy', file: 'fe-nd-v3.json' },
  { subject: '07', version: 1, normative: 'legacy', file: 'fe-cr-v1.json' },
  { subject: '11', version: 1, normative: 'legacy', file: 'fe-fex-v1.json' },
  { subject: '14', version: 1, normative: 'legacy', file: 'fe-fse-v1.json' },
  { subject: '04', version: 3, normative: 'legacy', file: 'fe-nr-v3.json' },
  { subject: '08', version: 1, normative: 'legacy', file: 'fe-cl-v1.json' },
  { subject: '09', version: 1, normative: 'legacy', file: 'fe-dcl-v1.json' },
  { subject: '15', version: 1, normative: 'legacy', file: 'fe-cd-v1.json' },
  { subject: 'invalidacion', version: 2, normative: 'legacy', file: 'anulacion-schema-v2.json' },
  { subject: 'contingencia', version: 3, normative: 'legacy', file: 'contingencia-schema-v3.json' },
  { subject: '01', version: 2, normative: '2026', file: 'fe-f-v2.json' },
  { subject: '03', version: 4, normative: '2026', file: 'fe-ccf-v4.json' },
  { subject: '05', version: 4, normative: '2026', file: 'fe-nc-v4.json' },
  { subject: '06', version: 4, normative: '2026', file: 'fe-nd-v4.json' },
  { subject: '07', version: 2, normative: '2026', file: 'fe-cr-v2.json' },
  { subject: '11', version: 3, normative: '2026', file: 'fe-fex-v3.json' },
  { subject: '14', version: 2, normative: '2026', file: 'fe-fse-v2.json' },
  { subject: '04', version: 4, normative: '2026', file: 'fe-nr-v4.json' },
  { subject: '08', version: 2, normative: '2026', file: 'fe-cl-v2.json' },
  { subject: '09', version: 2, normative: '2026', file: 'fe-dcl-v2.json' },
  { subject: '15', version: 2, normative: '2026', file: 'fe-cd-v2.json' },
  { subject: 'invalidacion', version: 3, normative: '2026', file: 'invalidacion-schema-v3.json' },
  { subject: 'contingencia', version: 4, normative: '2026', file: 'contingencia-schema-v4.json' },
  { subject: 'retorno', version: 1, normative: '2026', file: 'fe-eret-v1.json' },
  { subject: 'operaciones', version: 1, normative: '2026', file: 'fe-eop-v1.json' },
];

/** The entry for a document's subject and version as received (strings or numbers), if MH has one. */
export function schemaEntry(subject: unknown, version: unknown): SchemaEntry | undefined {
  return SCHEMA_TABLE.find((e) => e.subject === String(subject) && String(e.version) === String(version));
}
