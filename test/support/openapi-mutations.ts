// Bodies near a valid one, valid or not, for checking that the server and the documented schema give the same
// verdict (test/integration/openapi-honesty.test.ts): a field dropped, a value of the wrong type, a value out of
// range, an unknown field, or the body untouched. fast-check picks the field and the change, so a seed replays.
import fc from 'fast-check';
import { withValue } from './mutate';

export type MutationKind = 'keep' | 'drop' | 'wrong-type' | 'out-of-range' | 'unknown-field';

export interface Mutation {
  readonly kind: MutationKind;
  /** The dotted path changed (empty for `keep`). */
  readonly path: string;
  readonly body: unknown;
}

/** Every dotted path of `value`'s fields and list entries, containers included. */
export function pathsOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return [path, ...pathsOf(v, path)];
  });
}

const read = (body: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o === null || typeof o !== 'object' ? undefined : (o as Record<string, unknown>)[k]), body);

/** A value of another JSON type than `v`. */
const otherType = (v: unknown): unknown =>
  typeof v === 'string'
    ? 12345
    : typeof v === 'number'
      ? 'doce'
      : typeof v === 'boolean'
        ? 'sí'
        : Array.isArray(v)
          ? 'lista'
          : v === null
            ? []
            : 'objeto';

/** A value of the same type past any bound the contract sets. */
const outOfRange = (v: unknown): unknown =>
  typeof v === 'string' ? 'x'.repeat(3000) : typeof v === 'number' ? -1e12 : Array.isArray(v) ? [] : v;

/** The mutations of `body`; `fresh` gives each a new document id where the body has one. */
export function mutations(body: unknown): fc.Arbitrary<Mutation> {
  const paths = pathsOf(body);
  const objects = [
    '',
    ...paths.filter((p) => {
      const v = read(body, p);
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    }),
  ];
  const leaf = fc.constantFrom(...paths);
  return fc.oneof(
    fc.constant<Mutation>({ kind: 'keep', path: '', body }),
    leaf.map((path): Mutation => ({ kind: 'drop', path, body: withValue(body, path, undefined) })),
    leaf.map((path): Mutation => ({ kind: 'wrong-type', path, body: withValue(body, path, otherType(read(body, path))) })),
    leaf
      .filter((p) => ['string', 'number'].includes(typeof read(body, p)) || Array.isArray(read(body, p)))
      .map((path): Mutation => ({ kind: 'out-of-range', path, body: withValue(body, path, outOfRange(read(body, path))) })),
    fc.constantFrom(...objects).map((at): Mutation => {
      const path = at ? `${at}.campoDesconocido` : 'campoDesconocido';
      return { kind: 'unknown-field', path, body: withValue(body, path, 1) };
    }),
  );
}
