// MH's official JSON schemas, read from a folder given at run time (MH's publication, one folder per normative;
// the project never copies them), compiled with Ajv as docs/mh.md says (Schemas): strict off, formats on, and no
// binary-float multipleOf, each normative's defects patched (schema-patches.ts). Used by the MH simulator and the tests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Dec } from '../../shared/tax/decimal';
import { EXACT_MULTIPLE_OF, patchSchema } from './schema-patches';
import { schemaEntry, type Normative, type SchemaEntry } from './schema-table';

type Json = Record<string, unknown>;

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export function loadValidator(dir: string, file: string, normative: Normative = 'legacy'): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addKeyword({
    keyword: EXACT_MULTIPLE_OF,
    type: 'number',
    schemaType: 'number',
    error: { message: (cxt) => `must be a multiple of ${String(cxt.schema)}` },
    validate: (step: number, value: number) => new Dec(String(value)).mod(new Dec(String(step))).isZero(),
  });
  const schema = JSON.parse(readFileSync(join(dir, file), 'utf8').replace(/^\uFEFF/, '')) as Json;
  delete schema.$schema;
  return ajv.compile(patchSchema(normative, schema));
}

/** Validators for the schema files of one folder (one normative's), compiled on first use. */
export type SchemaFolder = ReturnType<typeof schemaFolder>;

export function schemaFolder(dir: string, normative: Normative = 'legacy') {
  const cache = new Map<string, ValidateFunction>();
  return {
    dir,
    normative,
    has: (file: string) => existsSync(join(dir, file)),
    validator(file: string): ValidateFunction {
      let v = cache.get(file);
      if (!v) {
        v = loadValidator(dir, file, normative);
        cache.set(file, v);
      }
      return v;
    },
  };
}

export const schemaErrors = (v: ValidateFunction): string =>
  (v.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');

/** The folders a simulator was given, one per normative; either may be missing. */
export type SchemaSet = Readonly<Record<Normative, SchemaFolder | null>>;

export type SchemaPick =
  | { readonly ok: true; readonly entry: SchemaEntry; readonly validate: ValidateFunction }
  | { readonly ok: false; readonly observations: string[] };

/** The validator for a subject and version, or why there is none (unknown version, or its folder not loaded). */
export function pickValidator(set: SchemaSet, subject: unknown, version: unknown): SchemaPick {
  const entry = schemaEntry(subject, version);
  if (!entry) return { ok: false, observations: [`[identificacion.version] VERSION ${String(version)} NO EXISTE PARA ${String(subject)}`] };
  const folder = set[entry.normative];
  if (!folder)
    return { ok: false, observations: [`[identificacion.version] VERSION ${String(version)} NO VIGENTE: SIN ESQUEMA ${entry.file}`] };
  return { ok: true, entry, validate: folder.validator(entry.file) };
}
