// Checks answers against an OpenAPI 3.1 document, as an integrator's generated client would trust it: the status
// is listed for the operation, the media type is declared, the body validates against the documented schema
// (ajv, JSON Schema 2020-12, $refs into components), and every header the server sent is declared for that
// response. It also counts which declared headers were seen, so a declared header nobody sends is found too.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

/**
 * Headers the checker does not ask the document to declare: the transport's (HTTP framing, not the API's) and the
 * media type (checked against `content` instead). Everything else the server sends, Set-Cookie included, is the
 * API's and must be declared for the response that carries it.
 */
export const UNDECLARED_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-type',
]);

export interface Answer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  readonly body: string;
}

export interface Violation {
  readonly operation: string;
  readonly status: number;
  readonly problem: string;
}

export interface Checker {
  /** Checks one answer to `METHOD /path` (the document's template); returns what is wrong with it (also recorded). */
  check(operation: string, answer: Answer): Violation[];
  /** Every violation recorded so far. */
  readonly violations: readonly Violation[];
  /** The violations recorded so far, forgotten once returned. */
  take(): Violation[];
  /**
   * Declared response headers no checked answer carried, by name (a header every answer carries is declared on
   * each response; seeing it once on any answer is enough, as no run can bring about every status of every route).
   */
  unseenHeaders(): string[];
  /** Validates `value` against a schema of the document (refs resolved): null when valid, else ajv's errors. */
  validate(schema: unknown, value: unknown): string | null;
  /** The operation object of `METHOD /path`, or undefined. */
  operation(operation: string): Json | undefined;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/;

/** `#/components/...` as a ref into the document registered under `doc`. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `doc${v}` : rebase(v)]),
  );
}

/** A `$ref` to components as the object it names (responses and headers may be refs in OpenAPI 3.1). */
function deref(doc: Json, value: unknown): Json {
  let v = value as Json;
  for (let i = 0; i < 10 && v && typeof v.$ref === 'string'; i++) {
    v = v.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Json | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json;
  }
  return v;
}

export function openApiChecker(doc: Json): Checker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: rebase(doc.components) });
  const compiled = new Map<unknown, ValidateFunction>();
  const validatorOf = (schema: unknown): ValidateFunction => {
    let v = compiled.get(schema);
    if (!v) {
      v = ajv.compile(rebase(schema) as Json);
      compiled.set(schema, v);
    }
    return v;
  };
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const operation = (key: string): Json | undefined => {
    const [method, ...rest] = key.split(' ');
    return paths[rest.join(' ')]?.[method!.toLowerCase()];
  };
  const seen = new Set<string>();
  const violations: Violation[] = [];

  const validate = (schema: unknown, value: unknown): string | null => {
    const v = validatorOf(schema);
    return v(value) ? null : ajv.errorsText(v.errors, { separator: '; ' });
  };

  const check = (key: string, answer: Answer): Violation[] => {
    const found: Violation[] = [];
    const fail = (problem: string) => found.push({ operation: key, status: answer.statusCode, problem });
    const op = operation(key);
    if (!op) fail('the document has no such operation');
    const responses = (op?.responses ?? {}) as Json;
    const declared = responses[String(answer.statusCode)] ?? responses[`${String(answer.statusCode)[0]}XX`] ?? responses.default;
    if (op && !declared) fail(`status ${answer.statusCode} is not documented (documented: ${Object.keys(responses).join(', ')})`);
    if (op && declared) {
      const response = deref(doc, declared);
      const headers = Object.fromEntries(
        Object.entries((response.headers ?? {}) as Json).map(([name, h]) => [name.toLowerCase(), deref(doc, h)]),
      );
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || UNDECLARED_HEADERS.has(name.toLowerCase())) continue;
        const header = headers[name.toLowerCase()];
        if (!header) {
          fail(`header ${name} is not declared for ${answer.statusCode}`);
          continue;
        }
        seen.add(name.toLowerCase());
        if (header.schema && name.toLowerCase() !== 'set-cookie') {
          const text = Array.isArray(value) ? value.join(', ') : String(value);
          const asNumber = Number(text);
          const typed = (header.schema as Json).type === 'integer' || (header.schema as Json).type === 'number' ? asNumber : text;
          const error = validate(header.schema, typed);
          if (error) fail(`header ${name}: ${JSON.stringify(text)} ${error}`);
        }
      }
      const content = (response.content ?? {}) as Record<string, Json>;
      const mediaType = String(answer.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      const media = Object.keys(content);
      if (media.length === 0) {
        if (answer.body.length > 0) fail(`a body (${mediaType}) where the document says none`);
      } else if (!mediaType) fail(`no Content-Type where the document says ${media.join(' or ')}`);
      else if (!content[mediaType]) fail(`media type ${mediaType} is not documented (documented: ${media.join(', ')})`);
      else if (JSON_MEDIA.test(mediaType) && content[mediaType].schema) {
        let body: unknown;
        try {
          body = JSON.parse(answer.body);
        } catch {
          fail('the body is not JSON');
        }
        const error = body === undefined ? null : validate(content[mediaType].schema, body);
        if (error) fail(`the body does not match the ${mediaType} schema: ${error}`);
      }
    }
    violations.push(...found);
    return found;
  };

  const unseenHeaders = (): string[] => {
    const declared = new Set<string>();
    for (const item of Object.values(paths))
      for (const op of Object.values(item))
        for (const r of Object.values((op.responses ?? {}) as Json))
          for (const name of Object.keys(deref(doc, r).headers ?? {})) declared.add(name.toLowerCase());
    return [...declared].filter((name) => !seen.has(name)).sort();
  };

  const take = (): Violation[] => violations.splice(0);

  return { check, violations, take, unseenHeaders, validate, operation };
}

/**
 * The document's `METHOD /path` for a request URL: the path template it matches, literal segments before
 * parameters (`/dte/returns/{id}` before `/dte/{id}/...`). Undefined when no template matches.
 */
export function operationFor(doc: Json, method: string, url: string): string | undefined {
  const path = url.split('?')[0]!;
  const templates = Object.keys(doc.paths as Json)
    .filter((t) => ((doc.paths as Record<string, Json>)[t] ?? {})[method.toLowerCase()])
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const found = templates.find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  return found === undefined ? undefined : `${method.toUpperCase()} ${found}`;
}
