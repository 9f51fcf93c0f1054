// "Every field of the contract": each field a kind's schema accepts (nested ones too) has an input in that
// kind's form, so a cashier can issue anything a POS can send.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CREATE_SCHEMAS, DTE_KINDS } from '../../shared/contract';
import { FORM_SPECS, type Field } from '../../renderer/src/forms/spec';
import { companyBranch } from '../../shared/branches';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Dotted paths of every field a schema accepts; `*` stands for any index of a list. */
function schemaPaths(schema: z.ZodType, prefix = ''): string[] {
  let def = defOf(schema);
  // Optional, nullable, defaults and refinements wrap the shape that matters.
  while (['optional', 'nullable', 'default', 'pipe'].includes(def.type)) def = defOf((def.innerType ?? def.in) as z.ZodType);
  if (def.type === 'object') return Object.entries(def.shape ?? {}).flatMap(([k, v]) => [prefix + k, ...schemaPaths(v, `${prefix + k}.`)]);
  if (def.type === 'array') return schemaPaths(def.element as z.ZodType, `${prefix}*.`);
  return [];
}

function formPaths(fields: readonly Field[], prefix = ''): string[] {
  return fields.flatMap((f) => {
    const p = prefix + f.key;
    switch (f.type) {
      case 'group':
        return [p, ...formPaths(f.fields, `${p}.`)];
      case 'list':
        return [p, ...formPaths(f.item, `${p}.*.`)];
      case 'address':
        return [p, `${p}.department`, `${p}.municipality`, `${p}.district`, `${p}.complement`];
      // An establishment is picked whole from the company's list (shared/branches.ts): every field of it travels.
      case 'branch':
        return [p, ...schemaPaths(companyBranch, `${p}.`)];
      default:
        return [p];
    }
  });
}

describe('every field of the contract has its input', () => {
  for (const kind of DTE_KINDS) {
    it(kind, () => {
      const form = new Set(formPaths(FORM_SPECS[kind].flatMap((s) => s.fields)));
      const missing = schemaPaths(CREATE_SCHEMAS[kind]).filter((p) => p !== 'id' && !form.has(p));
      expect(missing).toEqual([]);
      // And the form asks for nothing the contract does not have.
      const schema = new Set(schemaPaths(CREATE_SCHEMAS[kind]));
      expect([...form].filter((p) => !schema.has(p))).toEqual([]);
    });
  }
});
