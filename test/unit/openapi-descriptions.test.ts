// Every request field of the station's OpenAPI document says what it is, Spanish first then English
// (docs/decisions/0076-fields-said-in-two-languages.md): the walk goes through every request body and query string,
// into properties, items, anyOf/oneOf/allOf and $refs, and names each field that says nothing or one language only.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../main/http/openapi/document';
import { ROUTE_TABLE } from '../../main/http/server';
import { SELLO_VERSION } from '../../main/core/station/station-service';
import { DESCRIPTION_SEPARATOR, bilingual, catalogRoute, described } from '../../shared/contract';
import { catalogSummaries } from '../../shared/catalogs/lists';
import { HUB_OPERATIONS, hubOpenApiDocument } from '../../main/hub/openapi';
import { z } from 'zod';

type Json = Record<string, unknown>;
const doc = openApiDocument(ROUTE_TABLE, SELLO_VERSION);
/** The hub's document, over its operations' own routes (main/hub/openapi.ts). */
const hubDoc = hubOpenApiDocument(
  Object.keys(HUB_OPERATIONS).map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path: path.replace(/\{(\w+)\}/g, ':$1'), roles: ['ADMIN'] };
  }),
);

interface Field {
  readonly where: string;
  readonly description: string | undefined;
}

function resolve(schema: Json, seen: Set<string>, within: Json = doc): Json | null {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (seen.has(ref)) return null;
  seen.add(ref);
  const name = ref.replace('#/components/schemas/', '');
  const target = ((within.components as Json).schemas as Record<string, Json>)[name];
  if (!target) throw new Error(`unresolved ${ref}`);
  return target;
}

/** Each property under `schema`, with the description it carries (its own, or its $ref target's in `within`). */
function fieldsOf(schema: Json, where: string, out: Field[], seen = new Set<string>(), within: Json = doc): Field[] {
  const s = resolve(schema, seen, within);
  if (!s) return out;
  for (const [name, raw] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
    const target = resolve(raw, new Set(seen), within);
    const description = (raw.description ?? target?.description) as string | undefined;
    out.push({ where: `${where}.${name}`, description });
    fieldsOf(raw, `${where}.${name}`, out, new Set(seen), within);
  }
  if (s.items && typeof s.items === 'object') fieldsOf(s.items as Json, `${where}[]`, out, seen, within);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    ((s[key] ?? []) as Json[]).forEach((branch, i) => fieldsOf(branch, `${where}|${i}`, out, new Set(seen), within));
  }
  return out;
}

/** Every request field of the document: bodies' properties and query parameters. */
function requestFields(of: Json = doc): Field[] {
  const out: Field[] = [];
  for (const [path, item] of Object.entries(of.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      const body = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json'];
      if (body) fieldsOf(body.schema as Json, `${where} body`, out, new Set(), of);
      for (const p of (op.parameters ?? []) as Json[]) {
        if (p.in !== 'query') continue;
        const schema = p.schema as Json;
        out.push({ where: `${where} ?${String(p.name)}`, description: (p.description ?? schema.description) as string | undefined });
        fieldsOf(schema, `${where} ?${String(p.name)}`, out, new Set(), of);
      }
    }
  }
  return out;
}

const SPANISH_ONLY = /[áéíóúñ¿¡]/i;
const fields = requestFields();

describe('the request fields of the OpenAPI document', () => {
  it('walks hundreds of fields (the walk reaches into bodies and queries)', () => {
    expect(fields.length).toBeGreaterThan(500);
  });

  it('gives every field a description', () => {
    expect(fields.filter((f) => !f.description?.trim()).map((f) => f.where)).toEqual([]);
  });

  it('says each in Spanish first, then in English, once each', () => {
    const bad = fields.filter((f) => {
      const parts = (f.description ?? '').split(DESCRIPTION_SEPARATOR);
      return parts.length !== 2 || !parts[0]!.trim() || !parts[1]!.trim() || parts[0] === parts[1] || SPANISH_ONLY.test(parts[1]!);
    });
    expect(bad.map((f) => `${f.where}: ${f.description ?? ''}`)).toEqual([]);
  });

  it('names the route of every MH catalog it names', () => {
    const routed = catalogSummaries().flatMap((c) =>
      (c.mhCatalog.match(/CAT-\d{3}/g) ?? []).map((code) => ({ code, route: catalogRoute(c.name) })),
    );
    const bad = fields.flatMap((f) =>
      routed
        .filter((r) => f.description?.includes(r.code) && !f.description.includes(r.route))
        .map((r) => `${f.where}: ${r.code} without ${r.route}`),
    );
    expect(bad).toEqual([]);
  });

  it('says the same of one field name wherever it means the same (unitPrice before VAT, quantity in whole units)', () => {
    const prices = fields.filter((f) => /\/dte\/(fc|ccf|nc|nd) body\.items\[\]\.unitPrice$/.test(f.where));
    expect(prices).toHaveLength(4);
    for (const p of prices) expect(p.description).toMatch(/antes de IVA.* \/ Unit price before VAT/);
    const quantities = fields.filter((f) => /\/dte\/(fc|ccf|nc|nd|fex) body\.items\[\]\.quantity$/.test(f.where));
    expect(quantities).toHaveLength(5);
    for (const q of quantities) expect(q.description).toMatch(/unidades enteras.*decimal-quantity/);
    const fse = fields.find((f) => f.where === 'POST /dte/fse body.items[].quantity');
    expect(fse?.description).toMatch(/hasta 8 decimales/);
  });
});

describe("the hub's request fields", () => {
  it('are described too, in both languages', () => {
    const hubFields = requestFields(hubDoc);
    expect(hubFields.length).toBeGreaterThan(60);
    expect(hubFields.filter((f) => (f.description ?? '').split(DESCRIPTION_SEPARATOR).length !== 2).map((f) => f.where)).toEqual([]);
  });
});

describe('the walk itself', () => {
  it('finds a field without a description, and one with a single language', () => {
    const schema = z.toJSONSchema(
      z.strictObject({
        said: described(z.string(), bilingual('Dicho.', 'Said.')),
        silent: z.object({ inner: z.number() }).nullish(),
      }),
      { io: 'input' },
    ) as Json;
    const found = fieldsOf(schema, 'x', []);
    expect(found.filter((f) => !f.description).map((f) => f.where)).toEqual(['x.silent', 'x.silent|0.inner']);
    expect(() => bilingual('Uno / dos', 'One')).toThrow();
  });
});
