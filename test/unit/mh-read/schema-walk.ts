// Walks a field path through one of MH's JSON Schemas, as the test of the readers' maps does: through properties,
// array items and the anyOf/oneOf/allOf branches, the way MH's files nest them (none uses $ref).
type Schema = Record<string, unknown>;

const branches = (s: Schema): Schema[] => {
  const out: Schema[] = [s];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const v = s[key];
    if (Array.isArray(v)) for (const b of v as Schema[]) out.push(...branches(b));
  }
  return out;
};

/** The schemas a value at `path` may match (several where a branch defines it), empty where none does. */
export function walk(schema: Schema, path: string): Schema[] {
  let here: Schema[] = [schema];
  for (const step of path.split('.')) {
    const next: Schema[] = [];
    for (const s of here.flatMap(branches)) {
      const props = s.properties as Record<string, Schema> | undefined;
      if (props && Object.hasOwn(props, step)) next.push(props[step]!);
    }
    here = next;
    if (here.length === 0) return [];
  }
  return here;
}

/** The schemas of the elements of an array at `path`; empty where `path` is no array. */
export function walkItems(schema: Schema, path: string): Schema[] {
  return walk(schema, path)
    .flatMap(branches)
    .flatMap((s) => (s.items && typeof s.items === 'object' && !Array.isArray(s.items) ? [s.items as Schema] : []));
}

/** Every path that fails to resolve under `root`: relative `fields` of a group at `at` (each element, if `each`). */
export function missing(root: Schema, paths: readonly string[], at?: { readonly at: string; readonly each: boolean }): string[] {
  const bases = at === undefined ? [root] : at.each ? walkItems(root, at.at) : walk(root, at.at);
  const where = at === undefined ? '' : `${at.at}${at.each ? '[]' : ''}.`;
  if (bases.length === 0) return [`${where}(the group itself)`];
  return paths.filter((p) => bases.every((b) => walk(b, p).length === 0)).map((p) => where + p);
}
