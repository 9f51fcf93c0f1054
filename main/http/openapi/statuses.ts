// What each operation of the local API can answer, as data: the success statuses, and the problem `code`s it can
// give, drawn by document.ts as one response per status with its codes (docs/decisions/0077-statuses-headers-and-webhooks.md).
// Most codes follow from what the route is (server.ts's hooks answer every route; a body, a query or a path
// parameter brings its own); the table adds what a route's handler and the core behind it throw.
// test/integration/openapi-statuses.test.ts sends real requests and fails on a status or a code not listed here.
import { DTE_KINDS, NEVER_IN_CONTINGENCY, type DteKind } from '../../../shared/contract';
import { TITLES, type ErrorCode } from '../../../shared/errors';
import { statusOf } from '../problem';
import type { Operation } from './operations';

/** An operation as the document's builder sees it. */
export interface OperationFacts {
  /** `METHOD /path`, OpenAPI's braces. */
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly roles: readonly string[] | 'public';
  readonly op: Operation<string>;
}

export type SuccessStatus = 200 | 201 | 202 | 204;

/** What one API answers: statuses and codes per operation, and why a code is answered (the response's description). */
export interface StatusPolicy {
  success(f: OperationFacts): readonly SuccessStatus[];
  errors(f: OperationFacts): readonly ErrorCode[];
  /** A line on why this operation gives `code`, beyond the code's title; undefined when the title says it. */
  why(f: OperationFacts, code: ErrorCode): string | undefined;
  /** What a success status means for this operation, where more than its name. */
  successWhy?(f: OperationFacts, status: SuccessStatus): string | undefined;
}

/** The error statuses, each with its codes in the order given, ascending by status. */
export function byStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = statusOf(code);
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}

const isWrite = (f: OperationFacts) => f.method !== 'GET';
const hasPathParameter = (f: OperationFacts) => f.path.includes('{');
const takesInput = (f: OperationFacts) => f.op.body !== undefined || f.op.query !== undefined;

/**
 * The codes a route gives for what it is, whatever its handler does. Shared with the hub (main/hub/openapi.ts):
 * its guards differ, but a body, a query and a path parameter are answered alike by both servers.
 */
export function derivedCodes(f: OperationFacts): ErrorCode[] {
  return [
    ...(f.roles === 'public' ? [] : (['UNAUTHORIZED', 'FORBIDDEN'] as const)),
    // A body that is not JSON, has another media type (Fastify's 415 is answered as 400) or is too big.
    ...(isWrite(f) ? (['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE'] as const) : []),
    // A path parameter with a broken %-escape cannot be routed (server.ts frameworkErrors).
    ...(hasPathParameter(f) ? (['MALFORMED_REQUEST'] as const) : []),
    ...(takesInput(f) ? (['VALIDATION_FAILED'] as const) : []),
    ...(hasPathParameter(f) ? (['NOT_FOUND'] as const) : []),
    // A bug; its detail names no cause, the station's log does (with the X-Request-Id).
    'INTERNAL',
  ];
}

/**
 * Every route of the local API, before its handler runs (server.ts's hooks): an unknown X-API-Version; a Host or
 * an Origin that is not this server's; a wrong X-API-Key, refused even on a route anyone may call, and throttled
 * per address.
 */
const EVERY_ROUTE: readonly ErrorCode[] = ['UNSUPPORTED_API_VERSION', 'FORBIDDEN', 'UNAUTHORIZED', 'TOO_MANY_REQUESTS'];

/** A write can meet a full disk (decision 0026), or a database replaced under the station (store/database.ts). */
const WRITES: readonly ErrorCode[] = ['SERVICE_UNAVAILABLE', 'DISK_FULL'];

/** `:id` read by server.ts's `c.id()`: a DTE-like UUID, else DTE_NOT_FOUND before the core is asked. */
const idIsADocument = (path: string) => /^\/(dte|sync\/documents|closes\/openings)\/.*\{id\}/.test(path);

const PRINTS: readonly ErrorCode[] = ['PRINTER_NOT_CONFIGURED', 'PRINT_FAILED'];
/** Issuing: a reused id, a kind whose numbering stopped, no certificate or a clock MH would refuse. */
const ISSUES: readonly ErrorCode[] = ['DTE_ID_CONFLICT', 'NUMBERING_BLOCKED', 'STATION_NOT_READY'];
/** A paper or the JSON of an Evento de Retorno: MH must have sealed it (dte/retorno/return-paper.ts). */
const RETURN_PAPER: readonly ErrorCode[] = ['DTE_REJECTED', 'DTE_NOT_APPROVED'];
const issueKey = (k: DteKind) => `POST /dte/${k.toLowerCase()}`;
const ISSUE_KEYS = DTE_KINDS.filter((k) => !NEVER_IN_CONTINGENCY.includes(k)).map(issueKey);
/** The CL, DCL and CD: never contingency documents, refused while the station is in contingency (dte/issue.ts). */
const NEVER_IN_CONTINGENCY_KEYS = NEVER_IN_CONTINGENCY.map(issueKey);

/** What each route's handler and the core behind it add (found by reading server.ts and the core's CoreErrors). */
const TABLE: Readonly<Record<string, readonly ErrorCode[]>> = {
  ...Object.fromEntries(ISSUE_KEYS.map((k) => [k, ISSUES])),
  ...Object.fromEntries(NEVER_IN_CONTINGENCY_KEYS.map((k) => [k, [...ISSUES, 'CONTINGENCY_NOT_ALLOWED' as const]])),
  'POST /dte/invalidate': [
    'DTE_NOT_FOUND',
    'DTE_NOT_INVALIDATABLE',
    'REPLACEMENT_NOT_APPROVED',
    'INVALIDATION_WINDOW_CLOSED',
    'STATION_NOT_READY',
  ],
  'POST /dte/invalidations/{id}/settle': ['STATION_CONFLICT'],
  'POST /dte/return': ['DTE_NOT_FOUND', 'DTE_NOT_INVALIDATABLE', 'STATION_CONFLICT', 'STATION_NOT_READY'],
  'POST /dte/returns/{id}/settle': ['STATION_CONFLICT'],
  'POST /events/eoe': ['DTE_ID_CONFLICT', 'STATION_CONFLICT', 'STATION_NOT_READY'],
  // Its `:id` is read by c.id(): not a UUID is DTE_NOT_FOUND before the core is asked.
  'GET /events/eoe/{id}': ['DTE_NOT_FOUND'],
  'GET /dte/returns/{id}/receipt': RETURN_PAPER,
  'GET /dte/returns/{id}/letter': RETURN_PAPER,
  'GET /dte/returns/{id}/json': RETURN_PAPER,
  'POST /dte/returns/{id}/print': [...RETURN_PAPER, ...PRINTS],
  'POST /dte/returns/{id}/invalidate': ['DTE_NOT_INVALIDATABLE', 'INVALIDATION_WINDOW_CLOSED', 'STATION_NOT_READY'],
  // The contract: the QR, the PDF and the JSON of a DTE that is not APPROVED are 404 (dte/views.ts).
  'GET /dte/{id}/qr': ['DTE_NOT_APPROVED'],
  'GET /dte/{id}/download/json': ['DTE_NOT_APPROVED'],
  'GET /dte/{id}/download/pdf': ['DTE_NOT_APPROVED'],
  'GET /dte/{id}/letter': ['DTE_NOT_APPROVED'],
  // Each receipt is audited (dte/views.ts receiptSource): a read that writes.
  'GET /dte/{id}/receipt': ['DTE_REJECTED', ...WRITES],
  'POST /dte/{id}/print': ['DTE_REJECTED', ...PRINTS],
  'POST /printer/test': PRINTS,
  'POST /printer/drawer': PRINTS,
  'POST /printer/pending/{jobId}/print': PRINTS,
  'POST /closes/{id}/print': PRINTS,
  // A scope naming a login nobody has (close/closes.ts scopeOf).
  'POST /closes': ['NOT_FOUND'],
  'POST /closes/openings': ['NOT_FOUND'],
  'GET /closes/openings/current': ['NOT_FOUND'],
  'POST /sync/documents/{id}/send-again': ['STATION_CONFLICT'],
  'POST /homologation': ['STATION_CONFLICT'],
  'POST /homologation/resume': ['STATION_CONFLICT', 'NOT_FOUND'],
  'PUT /settings/station': ['STATION_CONFLICT'],
  'POST /settings/station/setup': ['STATION_CONFLICT'],
  'POST /backups': ['STATION_NOT_READY'],
  'DELETE /webhooks/{id}': ['STATION_CONFLICT'],
  'POST /webhooks/{id}/enable': ['STATION_CONFLICT'],
  'POST /webhooks/{id}/disable': ['STATION_CONFLICT'],
  'POST /settings/smtp/test': ['STATION_CONFLICT'],
  'POST /dte/{id}/send': ['DTE_NOT_APPROVED', 'STATION_CONFLICT'],
  'POST /dte/returns/{id}/send': ['DTE_NOT_APPROVED', 'NOT_IMPLEMENTED', 'STATION_CONFLICT'],
  'POST /deliveries/retry-failed': ['STATION_CONFLICT'],
  // Written to a temporary file, then sent (core/books/book-file.ts).
  'GET /books/{book}': ['DISK_FULL'],
};

/** Success statuses beyond the one an operation names (operations.ts `status`). */
const SUCCESS: Readonly<Record<string, readonly SuccessStatus[]>> = {
  // 201 with Location; 200 with the same Location when the same `id` comes again with the same body.
  ...Object.fromEntries([...ISSUE_KEYS, ...NEVER_IN_CONTINGENCY_KEYS].map((k) => [k, [201, 200] as const])),
  // 201 once MH answered (APPROVED or REJECTED); 202 while the event waits for MH.
  'POST /dte/invalidate': [201, 202],
  'POST /dte/return': [201, 202],
  'POST /dte/returns/{id}/invalidate': [201, 202],
  // 200: the same `id` again with the same body (the stored event, nothing sent again).
  'POST /events/eoe': [201, 202, 200],
};

/** What each success status means where an operation has more than one. */
const EVENT_SUCCESS: Readonly<Partial<Record<SuccessStatus, string>>> = {
  201: 'MH respondió: el evento, APPROVED o REJECTED.',
  202: 'MH aún no responde: el evento, PENDING; Sello lo consulta solo (vea GET /sync/status).',
};
const SUCCESS_WHY: Readonly<Record<string, Readonly<Partial<Record<SuccessStatus, string>>>>> = {
  ...Object.fromEntries(
    [...ISSUE_KEYS, ...NEVER_IN_CONTINGENCY_KEYS].map((k) => [
      k,
      {
        201: 'Emitido: el documento, con Location.',
        200: 'El mismo `id` ya se emitió con el mismo cuerpo: el documento como está ahora, con Location (idempotente).',
      },
    ]),
  ),
  'POST /dte/invalidate': EVENT_SUCCESS,
  'POST /dte/return': EVENT_SUCCESS,
  'POST /dte/returns/{id}/invalidate': EVENT_SUCCESS,
  'POST /events/eoe': { ...EVENT_SUCCESS, 200: 'El mismo id con el mismo cuerpo: el evento guardado, sin enviarlo de nuevo.' },
};

/** Why a code, said once per API where its title is not enough. */
const WHY: Partial<Record<ErrorCode, (f: OperationFacts) => string>> = {
  UNSUPPORTED_API_VERSION: () => 'X-API-Version distinta de 1.',
  UNAUTHORIZED: (f) =>
    f.roles === 'public' ? 'Una X-API-Key no válida (se rechaza también aquí).' : 'Sin sesión ni X-API-Key, o con una no válida o vencida.',
  FORBIDDEN: (f) =>
    `Host u Origin que no son de este servidor${f.roles === 'public' ? '' : '; o el rol o la clave no permiten la operación'}.`,
  TOO_MANY_REQUESTS: () => 'Demasiadas claves no válidas desde esta dirección (o el límite propio de la operación); vea Retry-After.',
  MALFORMED_REQUEST: () => 'El cuerpo no es JSON, no viene como application/json, o la dirección tiene un escape % roto.',
  PAYLOAD_TOO_LARGE: () => 'El cuerpo supera el límite (4 MiB; 64 MiB al importar un catálogo).',
  VALIDATION_FAILED: () => '`errors` nombra cada campo, parámetro o encabezado con su regla.',
  DTE_NOT_FOUND: () => 'El id no es un UUID de esta estación.',
  NOT_FOUND: () => 'El recurso nombrado en la ruta no existe.',
  SERVICE_UNAVAILABLE: () => 'La base de datos fue reemplazada o está dañada: no se guardó nada.',
  DISK_FULL: () => 'No se guardó nada: libere espacio en el disco.',
  CONTINGENCY_NOT_ALLOWED: () =>
    'La estación está en contingencia y MH no admite este tipo como documento de contingencia: no se numeró ni guardó nada; emítalo cuando vuelva la conexión.',
  INTERNAL: () => 'Un error de Sello; el registro de la estación lo detalla con el X-Request-Id.',
};

/** The local API's statuses (server.ts). */
export const STATION_STATUSES: StatusPolicy = {
  success: (f) => SUCCESS[f.key] ?? [f.op.status ?? 200],
  errors(f) {
    const documentId = idIsADocument(f.path) ? (['DTE_NOT_FOUND'] as const) : [];
    return [...EVERY_ROUTE, ...derivedCodes(f), ...documentId, ...(isWrite(f) ? WRITES : []), ...(TABLE[f.key] ?? [])];
  },
  why: (f, code) => WHY[code]?.(f),
  successWhy: (f, status) => SUCCESS_WHY[f.key]?.[status],
};

/**
 * The rules alone, without a table: the hub's (main/hub/openapi.ts). Its guards are its own (http-auth.ts), so besides
 * what a route is, it says only what any of its routes can meet: PostgreSQL away (503 with Retry-After), and a
 * login refused or throttled.
 */
export const MINIMAL_STATUSES: StatusPolicy = {
  success: (f) => [f.op.status ?? 200],
  errors: (f) => [
    ...derivedCodes(f),
    ...(f.roles === 'public' && f.method === 'POST' ? (['UNAUTHORIZED', 'TOO_MANY_REQUESTS'] as const) : []),
    'SERVICE_UNAVAILABLE',
  ],
  why: (f, code) => (code === 'SERVICE_UNAVAILABLE' ? 'La base de datos no responde; vea Retry-After.' : WHY[code]?.(f)),
};

/** The codes of a status as the response's description: each code, its title, and why where it helps. */
export function statusDescription(policy: StatusPolicy, f: OperationFacts, codes: readonly ErrorCode[]): string {
  return codes
    .map((code) => {
      const why = policy.why(f, code);
      return `\`${code}\`: ${TITLES[code]}.${why ? ` ${why}` : ''}`;
    })
    .join('\n\n');
}

/** The operations the table speaks of, for the test that checks each names a real operation. */
export const STATUS_TABLE_KEYS: readonly string[] = [...Object.keys(TABLE), ...Object.keys(SUCCESS)];
