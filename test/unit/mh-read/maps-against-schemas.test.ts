// Every field the MH readers expose, walked through MH's official schema of its version (../shared/mh/schemas):
// a field MH renames or drops fails here, not in an accountant's filing (docs/decisions/0061-one-reader-of-mh-json.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DTE_MAPS, MH_TYPE_OF } from '../../../main/core/mh-read/dte-maps';
import { CONTINGENCY_MAPS, ERET_V1, INVALIDATION_MAPS } from '../../../main/core/mh-read/event-maps';
import type { DteMap, SchemaFile } from '../../../main/core/mh-read/field-map';
import { MH_VERSIONS, NORMATIVES } from '../../../shared/normative';
import { SCHEMA_DIR } from '../../support/mh-schemas';
import { missing, walk } from './schema-walk';

const ROOT = join(SCHEMA_DIR, '..');
const schemaOf = (file: SchemaFile) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, unknown>;

/** Every path a DTE map reads, each with the group it is relative to. */
function dteMapProblems(map: DteMap, schema: Record<string, unknown>): string[] {
  const groups: { at: string; each: boolean; fields: Readonly<Record<string, string | undefined>> }[] = [
    { at: map.party.at, each: false, fields: map.party.fields },
    ...(map.items ? [{ at: map.items.at, each: true, fields: map.items.fields }] : []),
    ...(map.related ? [{ at: map.related.at, each: true, fields: map.related.fields }] : []),
    ...(map.payments ? [{ at: map.payments.at, each: true, fields: map.payments.fields }] : []),
  ];
  return [
    ...missing(schema, Object.values(map.fields)),
    ...groups.flatMap((g) =>
      missing(
        schema,
        Object.values(g.fields).filter((p) => p !== undefined),
        g,
      ),
    ),
  ];
}

/** The const (or single enum value) a schema fixes at `path`. */
const fixed = (schema: Record<string, unknown>, path: string): unknown => {
  const s = walk(schema, path)[0];
  if (!s) return undefined;
  if ('const' in s) return s.const;
  return Array.isArray(s.enum) && s.enum.length === 1 ? s.enum[0] : undefined;
};

describe('the DTE readers’ maps against MH’s schemas', () => {
  for (const map of DTE_MAPS)
    it(`${map.kind} v${map.version} (${map.schema}): every field it reads is in the schema`, () => {
      const schema = schemaOf(map.schema);
      expect(dteMapProblems(map, schema)).toEqual([]);
      expect(fixed(schema, 'identificacion.version'), 'the schema is of this version').toBe(map.version);
      expect(fixed(schema, 'identificacion.tipoDte'), 'the schema is of this kind').toBe(MH_TYPE_OF[map.kind]);
    });

  it('every kind and version either normative writes has a map', () => {
    for (const n of NORMATIVES)
      for (const [kind, version] of Object.entries(MH_VERSIONS[n]))
        expect(
          DTE_MAPS.some((m) => m.kind === kind && m.version === version),
          `${n} ${kind} v${version}`,
        ).toBe(true);
  });

  it('the walk can fail: a field renamed in the schema is reported', () => {
    const fe = DTE_MAPS.find((m) => m.kind === 'FC' && m.version === 2)!;
    const schema = schemaOf(fe.schema);
    const resumen = (schema.properties as Record<string, { properties: Record<string, unknown> }>).resumen!;
    // As MH did between fe-fc-v1 and fe-f-v2, the other way round.
    resumen.properties.ivaRete1 = resumen.properties.ivaRete;
    delete resumen.properties.ivaRete;
    expect(dteMapProblems(fe, schema)).toEqual(['resumen.ivaRete']);
    // And a line's field.
    const items = (schema.properties as Record<string, { items: { properties: Record<string, unknown> } }>).cuerpoDocumento!;
    delete items.items.properties.ivaItem;
    expect(dteMapProblems(fe, schema)).toEqual(['resumen.ivaRete', 'cuerpoDocumento[].ivaItem']);
  });

  it('where the normatives name a field apart, the maps do too (docs/mh.md, what changes per kind)', () => {
    const path = (kind: string, version: number, f: keyof DteMap['fields']) =>
      DTE_MAPS.find((m) => m.kind === kind && m.version === version)!.fields[f];
    expect([path('FC', 1, 'ivaRetenido'), path('FC', 2, 'ivaRetenido')]).toEqual(['resumen.ivaRete1', 'resumen.ivaRete']);
    expect([path('CCF', 3, 'ivaPercibido'), path('CCF', 4, 'ivaPercibido')]).toEqual(['resumen.ivaPerci1', 'resumen.ivaPerci']);
    expect([path('CR', 1, 'totalRetenido'), path('CR', 2, 'totalRetenido')]).toEqual([
      'resumen.totalIVAretenido',
      'resumen.totalIvaRetenido',
    ]);
    const fse = (v: number) => DTE_MAPS.find((m) => m.kind === 'FSE' && m.version === v)!.party.at;
    expect([fse(1), fse(2)]).toEqual(['sujetoExcluido', 'receptor']);
  });
});

describe('the event readers’ maps against MH’s schemas', () => {
  for (const map of INVALIDATION_MAPS)
    it(`invalidation v${map.version} (${map.schema})`, () => {
      const schema = schemaOf(map.schema);
      expect(missing(schema, Object.values(map.fields))).toEqual([]);
      expect(fixed(schema, 'identificacion.version')).toBe(map.version);
    });
  for (const map of CONTINGENCY_MAPS)
    it(`contingency v${map.version} (${map.schema})`, () => {
      const schema = schemaOf(map.schema);
      expect([
        ...missing(schema, Object.values(map.fields)),
        ...missing(schema, Object.values(map.documents.fields), { at: map.documents.at, each: true }),
        ...(map.point ? missing(schema, [map.point.establishment, map.point.pointOfSale]) : []),
      ]).toEqual([]);
      expect(fixed(schema, 'identificacion.version')).toBe(map.version);
    });
  it(`Evento de Retorno v1 (${ERET_V1.schema})`, () => {
    const schema = schemaOf(ERET_V1.schema);
    expect([
      ...missing(schema, Object.values(ERET_V1.fields)),
      ...missing(schema, Object.values(ERET_V1.party.fields), { at: ERET_V1.party.at, each: false }),
      ...missing(schema, Object.values(ERET_V1.related.fields), { at: ERET_V1.related.at, each: true }),
    ]).toEqual([]);
    expect(fixed(schema, 'identificacion.version')).toBe(1);
  });
  it('the invalidation’s date is fecAnula in v2 and fecEmi in v3 (docs/mh.md)', () => {
    expect(INVALIDATION_MAPS.map((m) => m.fields.date)).toEqual(['identificacion.fecAnula', 'identificacion.fecEmi']);
  });
});
