// What we change in MH's schema text before a standard validator (Ajv) compiles it, per normative. Each change
// is one MH's own servers evidently do not make, or a typo in MH's file (docs/mh.md, Schema defects we patch).
import type { Normative } from './schema-table';

type Json = Record<string, unknown>;

/**
 * multipleOf checked exactly, on the number as JSON writes it (its shortest decimal form), as MH reads the
 * document text. Ajv divides binary floats: 1.15044248 / 1e-8 or 33973.020148 / 1e-8 misses an integer by
 * more than any fixed multipleOfPrecision allows, so Ajv would reject valid values. Both normatives need it.
 */
export const EXACT_MULTIPLE_OF = 'x-exactMultipleOf';
const BROKEN_CONTROL_NUMBER = '^DTE-0[0-9]|1[0-2]-[A-Z0-9]{8}-[0-9]{15}$';

/** A keyword a patch rewrites: it writes into `out` and says true, or says false to keep the keyword as it is. */
type Rule = (k: string, v: unknown, out: Json, walk: (node: unknown) => unknown) => boolean;

/** Copies a schema, every multipleOf made exact and every other keyword offered to `rule` first. */
function patcher(rule: Rule) {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === 'multipleOf') out[EXACT_MULTIPLE_OF] = v;
      else if (!rule(k, v, out, walk)) out[k] = walk(v);
    }
    return out;
  };
  return walk;
}

/**
 * Legacy (MH's schemas of 2023). The schemas hard-code the pre-2024 municipality ranges per
 * department (docs/mh.md, Schemas), so every 2024 municipality code fails them. We drop only those
 * per-department conditions; the 2-digit pattern stays.
 */
const patchLegacy = patcher((k, v, out, walk) => {
  if (k === 'pattern' && v === BROKEN_CONTROL_NUMBER) {
    // anulacion-schema-v2's alternation is ungrouped and refuses DTE-14 and DTE-15 (docs/mh.md, Schemas).
    out[k] = '^DTE-(0[0-9]|1[0-5])-[A-Z0-9]{8}-[0-9]{15}$';
    return true;
  }
  if (k === 'allOf' && Array.isArray(v)) {
    const kept = v.filter(
      (c) =>
        !(JSON.stringify((c as Json).if ?? '').includes('departamento') && JSON.stringify((c as Json).then ?? '').includes('municipio')),
    );
    if (kept.length) out[k] = kept.map(walk);
    return true;
  }
  return false;
});

/**
 * v2.0 (MH's schemas of 2026). Only what breaks a standard validator is changed. Left as MH wrote them,
 * because they only check less than they mean and we do not guess MH's intent: numeroControl patterns without
 * a trailing $ (maxLength 31 bounds them), and `maximum`/`minimum`/`minItems` on strings or objects (ignored).
 */
const patchV2 = patcher((k, v, out, walk) => {
  if (k === 'properties' && v && typeof v === 'object' && '' in v) {
    // fe-nd-v4 names `tributos` "" in cuerpoDocumento[] and resumen (as NC v4 names it); "" would be required.
    const { '': tributos, ...rest } = v as Json;
    out[k] = walk({ ...rest, tributos });
    return true;
  }
  if (k === 'required' && Array.isArray(v)) {
    // The same fe-nd-v4 defect, in the list of required names.
    out[k] = (v as unknown[]).map((name) => (name === '' ? 'tributos' : name));
    return true;
  }
  return false;
});

/** MH's schema, adjusted for Ajv as the comments above say; `schema` is not changed in place. */
export function patchSchema(normative: Normative, schema: Json): Json {
  switch (normative) {
    case 'legacy':
      return patchLegacy(schema) as Json;
    case '2026':
      return patchV2(schema) as Json;
  }
}
