// The hub's API (/hub/v1) as an OpenAPI 3.1 document, built by the station's builder (main/http/openapi/document.ts)
// from the routes the hub registers and the zod schemas its handlers check with. Served at /hub/openapi.json and
// drawn at /hub/docs; test/integration/hub-openapi.test.ts fails when a route has no entry here or the reverse.
import type { FastifyInstance } from 'fastify';
import { reportQuery } from '../../shared/books';
import { SELLO_VERSION } from '../core/station/station-service';
import { buildOpenApi, type ApiDescription, type DocumentedRoute } from '../http/openapi/document';
import { MINIMAL_HEADERS } from '../http/openapi/headers';
import { MINIMAL_STATUSES } from '../http/openapi/statuses';
import type { Operation } from '../http/openapi/operations';
import { hubCertificateInput } from './certificates';
import { hubCompanyInput } from './company';
import { listQuery } from './documents-list';
import { bookQuery, monthQuery } from './http-books';
import { numberingQuery } from './http-numbering';
import { ingestBody } from './ingest-document';
import { hubLoginInput, hubPersonInput, hubPersonUpdate } from './people';
import { heartbeatBody, recordsBody } from './station-records';
import { newStation } from './stations';
import { newToken } from './tokens';
import { HUB_RESPONSE_SCHEMAS } from './openapi-answers';

const TAGS = {
  Estaciones: 'Lo que llama cada estación con su token (Authorization: Bearer): sus documentos, registros e informe.',
  Sesiones: 'Las personas de la central inician sesión (cookie HttpOnly, o Bearer para programas).',
  Documentos: 'Los documentos de todas las sucursales, de solo lectura.',
  Libros: 'Los libros de IVA, los anexos del F-07 y el reporte de ventas de la empresa o de un punto de venta.',
  Administración: 'Personas, estaciones y sus tokens, la empresa y sus certificados (ADMIN).',
} as const;
type Tag = keyof typeof TAGS;

/** Who may call: a station's token, any person of the hub, an ADMIN, or anyone. */
type Caller = 'station' | 'reader' | 'admin';
type HubOperation = Operation<Tag> & { readonly callers: readonly Caller[] | 'public' };

const station = ['station'] as const;
const reader = ['reader'] as const;
const admin = ['admin'] as const;

/** Bodies the suite sends to a real hub, expecting each operation's status. */
export const HUB_EXAMPLES = {
  login: { login: 'admin', password: 'clave-admin-2026' },
  person: { login: 'rcontreras', name: 'Rosa Contreras', role: 'ACCOUNTANT', password: 'Contadora#2026' },
  station: { id: 'M002-P001', companyId: '06140101001010', branchCode: 'M002', posNumber: 'P001', name: 'Sucursal Santa Ana' },
  token: { points: ['M002P001'] },
} as const;

export const HUB_OPERATIONS: Readonly<Record<string, HubOperation>> = {
  'GET /hub/v1/ready': {
    tag: 'Estaciones',
    callers: 'public',
    summary: 'Si la central atiende',
    description: 'Para un balanceador o un monitor: 200 mientras PostgreSQL responde; si no, 503 con el motivo y Retry-After.',
  },
  'POST /hub/v1/documents': {
    tag: 'Estaciones',
    callers: station,
    summary: 'Enviar documentos firmados',
    description: 'Hasta 500 por envío. La central verifica firma, emisor y bloque de numeración; reenviar es inofensivo.',
    body: ingestBody,
  },
  'GET /hub/v1/station': { tag: 'Estaciones', callers: station, summary: 'La estación de este token' },
  'POST /hub/v1/records': {
    tag: 'Estaciones',
    callers: station,
    summary: 'Enviar registros',
    description: 'Eventos de contingencia, invalidaciones, retornos, entregas y cierres del día; reenviar es inofensivo.',
    body: recordsBody,
  },
  'PUT /hub/v1/heartbeat': {
    tag: 'Estaciones',
    callers: station,
    summary: 'El informe de la estación',
    description: 'Reemplaza el anterior: cola, contingencia, sellos pendientes.',
    body: heartbeatBody,
    status: 204,
    answer: 'none',
  },
  'GET /hub/v1/related/{id}': {
    tag: 'Estaciones',
    callers: station,
    summary: 'El documento que ajusta una nota',
    description: 'De cualquier sucursal, con las notas de las otras sucursales sobre él.',
  },
  'GET /hub/v1/numbering': {
    tag: 'Estaciones',
    callers: station,
    summary: 'Los últimos números de control de la sucursal',
    query: numberingQuery,
  },
  'POST /hub/v1/session': {
    tag: 'Sesiones',
    callers: 'public',
    summary: 'Iniciar sesión',
    description: 'Devuelve la persona y su token (también en la cookie HttpOnly).',
    body: hubLoginInput,
    status: 201,
    example: HUB_EXAMPLES.login,
  },
  'GET /hub/v1/session': { tag: 'Sesiones', callers: reader, summary: 'La persona de esta sesión' },
  'DELETE /hub/v1/session': { tag: 'Sesiones', callers: 'public', summary: 'Cerrar sesión', status: 204, answer: 'none' },
  'GET /hub/v1/health': {
    tag: 'Documentos',
    callers: reader,
    summary: 'La salud de las sucursales',
    description: 'Cada estación con su último informe, sus documentos rechazados y los sellos por revisar.',
  },
  'GET /hub/v1/documents': { tag: 'Documentos', callers: reader, summary: 'Listar documentos', query: listQuery },
  'GET /hub/v1/documents/{id}': { tag: 'Documentos', callers: reader, summary: 'Un documento, con su JSON firmado' },
  'GET /hub/v1/documents/{id}/pdf': { tag: 'Documentos', callers: reader, summary: 'La representación gráfica', answer: 'pdf' },
  'GET /hub/v1/books': {
    tag: 'Libros',
    callers: reader,
    summary: 'El mes: anexos, sus revisiones y casillas, y el resumen de IVA',
    description: '`point=M001P001` da los libros de ese punto de venta, los mismos que hace esa estación.',
    query: monthQuery,
  },
  'GET /hub/v1/books/{book}': { tag: 'Libros', callers: reader, summary: 'Un libro de IVA (PDF o XLSX)', query: bookQuery, answer: 'file' },
  'GET /hub/v1/annexes/{annex}': { tag: 'Libros', callers: reader, summary: 'Un anexo del F-07 (CSV)', query: monthQuery, answer: 'file' },
  'GET /hub/v1/reports/sales': { tag: 'Libros', callers: reader, summary: 'El reporte de ventas', query: reportQuery },
  'GET /hub/v1/settings/books': { tag: 'Libros', callers: reader, summary: 'Las opciones de los anexos' },
  'GET /hub/v1/people': { tag: 'Administración', callers: admin, summary: 'Las personas de la central' },
  'POST /hub/v1/people': {
    tag: 'Administración',
    callers: admin,
    summary: 'Crear una persona',
    body: hubPersonInput,
    status: 201,
    example: HUB_EXAMPLES.person,
  },
  'PATCH /hub/v1/people/{login}': {
    tag: 'Administración',
    callers: admin,
    summary: 'Cambiar una persona',
    description: 'Su nombre, su rol, su contraseña; `active: false` la desactiva y cierra sus sesiones.',
    body: hubPersonUpdate,
  },
  'GET /hub/v1/stations': { tag: 'Administración', callers: reader, summary: 'Las estaciones' },
  'POST /hub/v1/stations': {
    tag: 'Administración',
    callers: admin,
    summary: 'Registrar una estación',
    body: newStation,
    status: 201,
    example: HUB_EXAMPLES.station,
  },
  'GET /hub/v1/stations/{id}/tokens': { tag: 'Administración', callers: admin, summary: 'Los tokens en vigor de una estación' },
  'POST /hub/v1/stations/{id}/tokens': {
    tag: 'Administración',
    callers: admin,
    summary: 'Crear un token',
    description: 'El token en claro va solo en esta respuesta; la central guarda su hash.',
    body: newToken,
    status: 201,
    example: HUB_EXAMPLES.token,
  },
  'DELETE /hub/v1/stations/{id}/tokens/{tokenId}': {
    tag: 'Administración',
    callers: admin,
    summary: 'Revocar un token',
    status: 204,
    answer: 'none',
  },
  'GET /hub/v1/company': { tag: 'Administración', callers: reader, summary: 'La empresa y sus certificados' },
  'PUT /hub/v1/company': { tag: 'Administración', callers: admin, summary: 'La empresa: NIT, NRC y nombre', body: hubCompanyInput },
  'POST /hub/v1/certificates': {
    tag: 'Administración',
    callers: admin,
    summary: 'Añadir la clave pública de un certificado renovado',
    body: hubCertificateInput,
    status: 201,
  },
};

const HUB_API: ApiDescription = {
  title: 'Sello: API de la central',
  description:
    'La API de la central (sello hub): lo que envían las estaciones con su token y lo que leen las personas con su ' +
    'sesión. Cuerpos y respuestas en JSON; los errores en application/problem+json (RFC 9457) con el campo nombrado.',
  server: { url: '/', description: 'Esta central' },
  tags: TAGS,
  operations: HUB_OPERATIONS,
  // Each JSON answer typed (openapi-answers.ts); its statuses and headers are the rules alone (decision 0077).
  responses: HUB_RESPONSE_SCHEMAS,
  named: {},
  requestExamples: {},
  answerExamples: {},
  statuses: MINIMAL_STATUSES,
  headers: MINIMAL_HEADERS,
  securitySchemes: {
    stationToken: {
      type: 'http',
      scheme: 'bearer',
      description: 'El token de una estación (POST /hub/v1/stations/{id}/tokens), en Authorization: Bearer.',
    },
    session: { type: 'apiKey', in: 'cookie', name: 'sello_hub_session', description: 'La sesión de una persona (POST /hub/v1/session).' },
    sessionBearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'El token de la sesión (sello_hubsession_…) en Authorization: Bearer, para programas.',
    },
  },
  securityOf: (roles) =>
    roles === 'public' ? [] : roles.includes('station') ? [{ stationToken: [] }] : [{ session: [] }, { sessionBearer: [] }],
  callerNames: { station: 'una estación (su token)', reader: 'cualquier persona de la central', admin: 'un ADMIN' },
};

/** The hub's API routes (/hub/v1/…) as they are registered; the screens and the documentation's own are left out. */
export function collectHubRoutes(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/hub/v1/')) return;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      const route = { method, path: r.url, roles: 'public' as const };
      routes.push({ ...route, roles: HUB_OPERATIONS[keyOf(route)]?.callers ?? 'public' });
    }
  });
  return routes;
}

const keyOf = (r: DocumentedRoute) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

/** The document; a registered route it would leave out is a programming error, said when the hub is built. */
export function hubOpenApiDocument(routes: readonly DocumentedRoute[]): Record<string, unknown> {
  const missing = routes.map(keyOf).filter((k) => !HUB_OPERATIONS[k]);
  if (missing.length > 0) throw new Error(`The hub's OpenAPI document lacks ${missing.join(', ')}: describe them in main/hub/openapi.ts.`);
  return buildOpenApi(HUB_API, routes, SELLO_VERSION);
}
