// MH's official JSON schemas, read from a folder given at run time (the tests pass ../shared/mh/schemas/...;
// the project never copies them), compiled with Ajv as docs/mh.md says (Schemas): strict off, formats on, and no
// binary-float multipleOf. Used by the MH simulator and by the tests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Dec } from '../../../shared/tax/decimal';

type Json = Record<string, unknown>;

/**
 * Adjusts MH's schema text for a standard validator; each change is one MH's own servers evidently do not make.
 * The legacy schemas hard-code the pre-2024 municipality ranges per department (docs/mh.md, Schemas), so every
 * 2024 municipality code fails them. We drop only those per-department conditions; the 2-digit pattern stays.
 */
function relaxMunicipalities(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relaxMunicipalities);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'multipleOf') {
      out[EXACT_MULTIPLE_OF] = v;
    } else if (k === 'pattern' && v === BROKEN_CONTROL_NUMBER) {
      // anulacion-schema-v2's alternation is ungrouped and refuses DTE-14 and DTE-15 (docs/mh.md, Schemas).
      out[k] = '^DTE-(0[0-9]|1[0-5])-[A-Z0-9]{8}-[0-9]{15}$';
    } else if (k === 'allOf' && Array.isArray(v)) {
      const kept = v.filter(
        (c) =>
          !(JSON.stringify((c as Json).if ?? '').includes('departamento') && JSON.stringify((c as Json).then ?? '').includes('municipio')),
      );
      if (kept.length) out[k] = kept.map(relaxMunicipalities);
    } else out[k] = relaxMunicipalities(v);
  }
  return out;
}

/**
 * multipleOf checked exactly, on the number as JSON writes it (its shortest decimal form), as MH reads the
 * document text. Ajv divides binary floats: 1.15044248 / 1e-8 or 33973.020148 / 1e-8 misses an integer by
 * more than any fixed multipleOfPrecision allows, so Ajv would reject valid values.
 */
const EXACT_MULTIPLE_OF = 'x-exactMultipleOf';
const BROKEN_CONTROL_NUMBER = '^DTE-0[0-9]|1[0-2]-[A-Z0-9]{8}-[0-9]{15}$';

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export function loadValidator(dir: string, file: string): ValidateFunction {
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
  return ajv.compile(relaxMunicipalities(schema) as Json);
}

/** Validators for the schema files of one folder, compiled on first use. */
export type SchemaFolder = ReturnType<typeof schemaFolder>;

export function schemaFolder(dir: string) {
  const cache = new Map<string, ValidateFunction>();
  return {
    dir,
    has: (file: string) => existsSync(join(dir, file)),
    validator(file: string): ValidateFunction {
      let v = cache.get(file);
      if (!v) {
        v = loadValidator(dir, file);
        cache.set(file, v);
      }
      return v;
    },
  };
}

export const schemaErrors = (v: ValidateFunction): string =>
  (v.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');
