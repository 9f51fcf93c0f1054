// Form state by path, and the request body built from it (empty → absent, numbers parsed).
import { normaliseId } from './id-input';
import type { Field, Section } from './spec';

export type Value = Record<string, unknown>;

export function getAt(v: unknown, path: readonly (string | number)[]): unknown {
  let cur = v;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

export function setAt(v: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const base = (v && typeof v === 'object' ? v : typeof head === 'number' ? [] : {}) as Record<string | number, unknown>;
  const copy = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  const next = setAt(copy[head], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[head];
  else copy[head] = next;
  return copy;
}

const isEmpty = (x: unknown) =>
  x === undefined ||
  x === null ||
  (typeof x === 'string' && x.trim() === '') ||
  (typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 0);

function build(fields: readonly Field[], value: Value): Value | undefined {
  const out: Value = {};
  for (const f of fields) {
    const raw = value[f.key];
    const v = field(f, raw, value);
    if (v !== undefined) out[f.key] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** A field's value as the body carries it; `siblings` is the object the field is in (a document's `type`). */
function field(f: Field, raw: unknown, siblings: Value): unknown {
  switch (f.type) {
    case 'text':
      if (f.secret) return typeof raw === 'string' && raw !== '' ? raw : undefined;
      if (isEmpty(raw)) return undefined;
      return f.format ? normaliseId(f.format, String(raw), siblings.type) : String(raw).trim();
    case 'date':
    case 'select':
    case 'catalog':
    case 'document':
    case 'relatedDocument':
      return isEmpty(raw) ? undefined : String(raw).trim();
    case 'check':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'branch':
      // The establishment picked from the company's list travels whole (shared/branches.ts).
      return raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : undefined;
    case 'number': {
      if (isEmpty(raw)) return undefined;
      const s = String(raw).trim().replace(',', '.');
      // A number the cashier typed stays a string when it is not one, so the schema reports it.
      return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
    }
    case 'address':
    case 'group': {
      if (isEmpty(raw)) return undefined;
      const inner =
        f.type === 'address'
          ? ([
              { type: 'text', key: 'department' },
              { type: 'text', key: 'municipality' },
              { type: 'text', key: 'district' },
              { type: 'text', key: 'complement' },
            ] as Field[])
          : f.fields;
      return build(inner, raw as Value);
    }
    case 'list': {
      const list = Array.isArray(raw) ? raw : [];
      const items = list.map((x) => build(f.item, (x ?? {}) as Value) ?? {});
      return items.length ? items : undefined;
    }
    default: {
      const never: never = f;
      return never;
    }
  }
}

/** The body a set of fields stands for (empty → absent), for forms that are not documents. */
export function fieldsBody(fields: readonly Field[], value: Value): Value {
  return build(fields, value) ?? {};
}

/** The request body the form stands for; `id` always travels. */
export function toBody(sections: readonly Section[], value: Value): Value {
  const fields = sections.flatMap((s) => s.fields);
  return { id: value.id, ...(build(fields, value) ?? {}) };
}
