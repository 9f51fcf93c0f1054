// The headers the local API reads and sends, as data: request headers as parameters, response headers
// as `components.headers`, and which operation and status carries each (docs/decisions/0077-statuses-headers-and-webhooks.md).
// Every header server.ts, problem.ts and download.ts set is here; test/integration/openapi-statuses.test.ts fails
// on a header a real answer carries that its response does not declare.
import { CONTRACT_EXTENSIONS, DTE_KINDS, EXTENSIONS_APPLIED_HEADER, EXTENSIONS_HEADER } from '../../../shared/contract';
import { REFUND_METHOD_HEADER, REFUND_METHODS } from '../../../shared/close';
import type { OperationFacts } from './statuses';

type Json = Record<string, unknown>;

/** What one API's document says of headers. */
export interface HeaderPolicy {
  /** Request headers as parameters, by a name of ours; drawn inline on each operation (a client reads them there). */
  readonly parameters: Readonly<Record<string, Json>>;
  /** Response headers, `$ref`'d from responses as `#/components/headers/<name>` under their real name. */
  readonly headers: Readonly<Record<string, Json>>;
  /** The parameters (keys of `parameters`) an operation reads. */
  request(f: OperationFacts): readonly string[];
  /** The headers (keys of `headers`) an answer of `status` may carry. */
  response(f: OperationFacts, status: number): readonly string[];
  /** Unknown body fields are left out and named in Warning, unless `Prefer: handling=strict` (server.ts `handling`). */
  lenient(f: OperationFacts): boolean;
}

const ISSUE_KEYS = DTE_KINDS.map((k) => `POST /dte/${k.toLowerCase()}`);
/** The contract's bodies, read with server.ts `handling()`: lenient unless the caller asks for strict. */
const LENIENT = new Set([...ISSUE_KEYS, 'POST /dte/invalidate', 'POST /dte/return', 'POST /dte/returns/{id}/invalidate']);
/** Answers whose Location names what was made (server.ts). */
const LOCATION = new Set([...ISSUE_KEYS, 'POST /closes', 'POST /products', 'POST /webhooks']);
/** Refunds charged to the caller with how they were settled (docs/decisions/0073-money-follows-the-person.md). */
const REFUNDS = new Set(['POST /dte/nc', 'POST /dte/return']);

const text = (description: string, extra: Json = {}): Json => ({ description, schema: { type: 'string', ...extra } });

/** Every answer of both servers (their onSend hooks, problem.ts). */
const ALWAYS_SENT: Readonly<Record<string, Json>> = {
  'X-Request-Id': text(
    'El id de esta solicitud: el X-Request-Id enviado si es ASCII imprimible sin espacios de hasta 128 caracteres, si no uno nuevo (UUID). Cada línea del registro de una solicitud fallida lo lleva: cítelo a soporte.',
  ),
  'X-Content-Type-Options': text('Siempre `nosniff`: la respuesta se lee con el tipo que dice.', { const: 'nosniff' }),
};

const RETRY_AFTER: Json = {
  description: 'Segundos que esperar antes de intentar de nuevo (también en `retryAfter` del problema), cuando se sabe.',
  schema: { type: 'integer', minimum: 0 },
};

const CONTENT_DISPOSITION = text('`attachment` (para guardar) o `inline` (para ver), con `filename="…"`.');

const X_REQUEST_ID_PARAMETER: Json = {
  name: 'X-Request-Id',
  in: 'header',
  required: false,
  description: 'Un id propio para esta solicitud (ASCII imprimible, sin espacios, hasta 128): se devuelve igual y queda en el registro.',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,128}$' },
};

/** The minimal policy: what every answer carries, Retry-After, downloads. The hub's (main/hub/openapi.ts) is this. */
export const MINIMAL_HEADERS: HeaderPolicy = {
  parameters: { XRequestId: X_REQUEST_ID_PARAMETER },
  headers: { ...ALWAYS_SENT, 'Retry-After': RETRY_AFTER, 'Content-Disposition': CONTENT_DISPOSITION },
  request: () => ['XRequestId'],
  response: (f, status) => [
    ...Object.keys(ALWAYS_SENT),
    ...(status === 429 || status === 503 ? ['Retry-After'] : []),
    ...(status < 300 && (f.op.answer === 'pdf' || f.op.answer === 'file') ? ['Content-Disposition'] : []),
  ],
  lenient: () => false,
};

const HANDLING =
  '`handling=strict`: un campo que el contrato no lista es 422 `UNKNOWN_FIELD` en vez de omitirse. Sin él (o con `handling=lenient`), ' +
  'los campos desconocidos se omiten y se nombran en el encabezado Warning de la respuesta.';

const STATION_PARAMETERS: Readonly<Record<string, Json>> = {
  XApiVersion: {
    name: 'X-API-Version',
    in: 'header',
    required: false,
    description: 'La versión de la API: `1`, la única. Sin el encabezado, 1; otra es 400 `UNSUPPORTED_API_VERSION`.',
    schema: { type: 'string', enum: ['1'] },
  },
  XRequestId: X_REQUEST_ID_PARAMETER,
  PreferIssue: {
    name: 'Prefer',
    in: 'header',
    required: false,
    description:
      `Preferencias (RFC 7240), separadas por comas. \`wait=N\`: espera hasta N segundos (máximo 30) la respuesta de MH antes de contestar, ` +
      `y responde el documento como esté entonces. ${HANDLING} Las aplicadas vuelven en Preference-Applied.`,
    schema: { type: 'string', examples: ['wait=10', 'handling=strict', 'wait=5, handling=strict'] },
  },
  PreferHandling: {
    name: 'Prefer',
    in: 'header',
    required: false,
    description: `Preferencias (RFC 7240). ${HANDLING} La aplicada vuelve en Preference-Applied.`,
    schema: { type: 'string', examples: ['handling=strict'] },
  },
  SelloExtensions: {
    name: EXTENSIONS_HEADER,
    in: 'header',
    required: false,
    description:
      'Extensiones del contrato que el cliente acepta, separadas por comas. `decimal-quantity`: el `quantity` de cada línea ' +
      'admite hasta 8 decimales (productos pesados o medidos; MH los admite), en lugar del entero positivo del contrato. ' +
      `Sin este encabezado, el contrato tal cual: una cantidad con decimales es 422 NOT_INTEGER en items.N.quantity. ` +
      `La respuesta nombra las aplicadas en ${EXTENSIONS_APPLIED_HEADER}; una extensión desconocida es 422.`,
    schema: { type: 'string', examples: [CONTRACT_EXTENSIONS.join(', ')] },
  },
  SelloRefundMethod: {
    name: REFUND_METHOD_HEADER,
    in: 'header',
    required: false,
    description:
      'Cómo se devolvió el dinero: `cash` (de la caja de la estación: la gaveta se abre y queda registrado), `card` o ' +
      '`account` (abono a la cuenta del cliente). Queda a cargo de quien llama, en su cierre y en el de la estación. Sin ' +
      'este encabezado, la nota de un POS se registra sin forma de devolución y no toca la caja; otro valor es 422.',
    schema: { type: 'string', enum: [...REFUND_METHODS] },
  },
};

const STATION_RESPONSE_HEADERS: Readonly<Record<string, Json>> = {
  ...MINIMAL_HEADERS.headers,
  Location: text('La dirección de lo creado (o del documento ya emitido con ese `id`).'),
  Warning: text(
    'Código 299: los campos desconocidos que se omitieron, con su ruta (hasta 20). Solo si hubo alguno y no se pidió `Prefer: handling=strict`.',
    { examples: ['299 sello "Campos no reconocidos, ignorados: items.0.color"'] },
  ),
  'Preference-Applied': text(
    'Las preferencias de Prefer que se aplicaron (`wait=N`, `handling=strict`); también en un error que llegó después de aplicarlas.',
  ),
  [EXTENSIONS_APPLIED_HEADER]: text(
    `Las extensiones de ${EXTENSIONS_HEADER} que se aplicaron; también en un error que llegó después de aplicarlas.`,
  ),
  'Set-Cookie': text('La cookie `sello_session` (HttpOnly, SameSite=Strict); vacía con Max-Age=0 cuando la sesión terminó.'),
  'Cache-Control': text('`no-store`: no se guarda en caché.'),
};

const success = (status: number) => status < 300;

/** The local API's headers (server.ts). */
export const STATION_HEADERS: HeaderPolicy = {
  parameters: STATION_PARAMETERS,
  headers: STATION_RESPONSE_HEADERS,
  request: (f) => [
    'XApiVersion',
    'XRequestId',
    ...(ISSUE_KEYS.includes(f.key) ? ['PreferIssue', 'SelloExtensions'] : LENIENT.has(f.key) ? ['PreferHandling'] : []),
    ...(REFUNDS.has(f.key) ? ['SelloRefundMethod'] : []),
  ],
  response(f, status) {
    const ok = success(status);
    const issue = ISSUE_KEYS.includes(f.key);
    const session = f.key === 'POST /session' && ok;
    return [
      ...MINIMAL_HEADERS.response(f, status),
      ...(ok && LOCATION.has(f.key) ? ['Location'] : []),
      ...(ok && LENIENT.has(f.key) ? ['Warning'] : []),
      // Said as soon as applied, before the body is checked: an error answer carries them too.
      ...(LENIENT.has(f.key) ? ['Preference-Applied'] : []),
      ...(issue ? [EXTENSIONS_APPLIED_HEADER] : []),
      // The cookie set at login, cleared at logout; an ended session's cleared on any other answer but a POST's.
      ...(session || (f.method !== 'POST' && (status === 401 || (f.roles === 'public' && ok))) ? ['Set-Cookie'] : []),
      ...(session || (ok && f.op.answer === 'events') ? ['Cache-Control'] : []),
    ];
  },
  lenient: (f) => LENIENT.has(f.key),
};

/** The unknown-fields rule, said on a lenient body (it stays what the schema lists, without `additionalProperties: false`). */
export const LENIENT_BODY =
  'Los campos que el contrato no lista se omiten y se nombran en el encabezado Warning de la respuesta; con ' +
  '`Prefer: handling=strict` son 422 `UNKNOWN_FIELD`.';
