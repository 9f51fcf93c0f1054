// What the OpenAPI document says of each route of the local API (server.ts ROUTE_TABLE), keyed `METHOD /path`.
// Bodies and query strings are the very zod schemas the core and the routes check with, never copies;
// test/integration/openapi.test.ts fails when a route has no entry here or an entry has no route. The examples are
// examples.ts's, sent to a real server by test/integration/openapi-honesty.test.ts.
import type { z } from 'zod';
import { CREATE_SCHEMAS, DTE_KINDS, invalidateBody, type DteKind } from '../../../shared/contract';
import { annexQuery, bookQuery, booksSettings, reportQuery } from '../../../shared/books';
import { companyBranchesInput } from '../../../shared/branches';
import { productImportInput, productInput, productListQuery } from '../../../shared/catalog';
import {
  cashMovementRequest,
  closeListQuery,
  closeRequest,
  drawerOpeningRequest,
  floatCorrectionRequest,
  openingQuery,
} from '../../../shared/close';
import { emailTarget, smtpSettingsInput } from '../../../shared/delivery';
import { homologationStartBody } from '../../../shared/homologation';
import { mhNormativeSetting } from '../../../shared/normative';
import { numberingConfirmation } from '../../../shared/numbering';
import { priceApprovalInput, priceOverrideQuery, priceOverrideSettingsInput } from '../../../shared/price-overrides';
import { loginInput, userInput, userUpdate } from '../../../shared/people';
import { printSettings } from '../../../shared/printing';
import { returnBody, returnInvalidationBody } from '../../../shared/retorno';
import { eoeBody, eoeCsvBody } from '../../../shared/operaciones-especiales';
import { stationSetup, stationUpdate } from '../../../shared/station';
import { webhookDeliveriesQuery, webhookInput } from '../../../shared/webhooks';
import { settleBody } from '../../core/dte/invalidation/doubt';
import { returnSettleBody } from '../../core/dte/retorno/return-doubt';
import { hubSettingBody } from '../../core/station/hub-setting';
import { apiKeyBody, eoeListQuery, exportQuery, homologationReportQuery, listQuery, receiptQuery, receiversQuery } from '../queries';
import { catalogQuery } from '../../../shared/catalogs/lists';

/** What a successful answer carries. */
export type Answer = 'json' | 'pdf' | 'file' | 'none' | 'events';

export interface Operation<T extends string = Tag> {
  /** Groups the operations on the /docs page. */
  readonly tag: T;
  readonly summary: string;
  readonly description?: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /** The success status (200 unless told; statuses.ts names an operation's others). */
  readonly status?: 200 | 201 | 202 | 204;
  readonly answer?: Answer;
  /** A request body the test suite sends to a fresh demo station, expecting `status`. */
  readonly example?: unknown;
}

export const TAGS = {
  Documentos: 'El contrato del servicio DTE: emitir, consultar, invalidar y devolver documentos.',
  Sesiones: 'Las personas inician sesión (cookie HttpOnly); un POS usa su clave de API (X-API-Key).',
  Catálogo: 'Los productos de la estación.',
  Impresión: 'La impresora de recibos (ESC/POS) y su cola.',
  Cierres: 'El fondo de caja y el cierre del día.',
  Libros: 'Los libros de IVA, los anexos del F-07 y el reporte de ventas.',
  Envíos: 'Correo electrónico y webhooks hacia el POS.',
  Estación: 'La configuración de la estación, sus personas, claves, respaldos y su sincronización con MH.',
  Homologación: 'Las pruebas de homologación con MH.',
} as const;
export type Tag = keyof typeof TAGS;

const KIND_NAMES: Readonly<Record<DteKind, string>> = {
  FC: 'una factura (FC, consumidor final)',
  CCF: 'un comprobante de crédito fiscal (CCF)',
  NC: 'una nota de crédito (NC)',
  ND: 'una nota de débito (ND)',
  CR: 'un comprobante de retención (CR)',
  FSE: 'una factura de sujeto excluido (FSE)',
  FEX: 'una factura de exportación (FEX)',
  NR: 'una nota de remisión (NR)',
  CL: 'un comprobante de liquidación (CL)',
  DCL: 'un documento contable de liquidación (DCL)',
  CD: 'un comprobante de donación (CD)',
};

/** Who may send where, and how often (main/core/delivery/send-limit.ts; docs/decisions/0067-email-rights-and-small-guards.md). */
const SEND_RULES =
  'Al correo del receptor del documento lo envía cualquiera; a otra dirección, solo un supervisor o un administrador (403 para un cajero o una clave de API). Cada persona y cada clave: 10 envíos por minuto y 100 por día; pasado el límite, 429 con Retry-After.';

const issueOperations = Object.fromEntries(
  DTE_KINDS.map((kind) => [
    `POST /dte/${kind.toLowerCase()}`,
    {
      tag: 'Documentos',
      summary: `Emite ${KIND_NAMES[kind]}`,
      description:
        'Valida, numera, firma y guarda el documento, y lo transmite a MH en cuanto puede (en contingencia si MH no responde). ' +
        'Responde 201 con Location; 200 si el mismo `id` ya se emitió con el mismo cuerpo. `Prefer: wait=N` da a MH hasta N s para ' +
        'responder antes de contestar; `Prefer: handling=strict` rechaza los campos que el contrato no lista (422 UNKNOWN_FIELD). ' +
        '`Sello-Extensions: decimal-quantity` acepta cantidades con decimales (hasta 8).',
      body: CREATE_SCHEMAS[kind],
      status: 201,
    } satisfies Operation,
  ]),
);

export const OPERATIONS: Readonly<Record<string, Operation>> = {
  'POST /session': {
    tag: 'Sesiones',
    summary: 'Inicia la sesión de una persona',
    description: 'Responde 201 con la persona y la cookie `sello_session` (HttpOnly, SameSite=Strict).',
    body: loginInput,
    status: 201,
  },
  'GET /session': { tag: 'Sesiones', summary: 'La sesión abierta con la cookie' },
  'DELETE /session': { tag: 'Sesiones', summary: 'Cierra la sesión', status: 204, answer: 'none' },
  'GET /session/demo-users': { tag: 'Sesiones', summary: 'Las personas de la demostración (vacío en una estación real)' },
  ...issueOperations,
  'POST /dte/invalidate': {
    tag: 'Documentos',
    summary: 'Invalida un documento aprobado (evento de invalidación de MH)',
    body: invalidateBody,
    status: 201,
  },
  'POST /dte/invalidations/{id}/settle': {
    tag: 'Documentos',
    summary: 'Resuelve una invalidación en duda con lo que muestra la consulta pública de MH',
    body: settleBody,
  },
  'POST /dte/return': {
    tag: 'Documentos',
    summary: 'Registra una devolución (Evento de Retorno, normativa 2026)',
    body: returnBody,
    status: 201,
  },
  'GET /dte/{id}/returns': { tag: 'Documentos', summary: 'Las devoluciones de un documento' },
  'POST /events/eoe': {
    tag: 'Documentos',
    summary: 'Reporta facturas simplificadas y comprobantes de control interno del mes (Evento de Operaciones Especiales, normativa 2026)',
    description:
      'Hasta 500 ítems, todos por rangos o todos uno a uno; un documento anulado va en un evento aparte con `reportedIn`. ' +
      'Con la normativa anterior: 409 `STATION_CONFLICT`.',
    body: eoeBody,
    status: 201,
  },
  'POST /events/eoe/items-from-csv': {
    tag: 'Documentos',
    summary: 'Lee los ítems de un Evento de Operaciones Especiales de un CSV (no guarda nada)',
    body: eoeCsvBody,
  },
  'GET /events/eoe': { tag: 'Documentos', summary: 'Los Eventos de Operaciones Especiales, con la respuesta de MH', query: eoeListQuery },
  'GET /events/eoe/{id}': { tag: 'Documentos', summary: 'Un Evento de Operaciones Especiales, con la respuesta de MH' },
  'POST /dte/returns/{id}/settle': {
    tag: 'Documentos',
    summary: 'Resuelve una devolución en duda con el sello que muestra el portal de MH',
    body: returnSettleBody,
  },
  'GET /dte/returns/{id}/receipt': {
    tag: 'Documentos',
    summary: 'Una devolución en la impresora de recibos (PDF 58 u 80 mm)',
    query: receiptQuery,
    answer: 'pdf',
  },
  'POST /dte/returns/{id}/print': {
    tag: 'Impresión',
    summary: 'Imprime el recibo de una devolución en la impresora ESC/POS de la estación',
    description: 'Con el recibo en PDF elegido en Ajustes: 409 `PRINTER_NOT_CONFIGURED` (el PDF está en `GET /dte/returns/{id}/receipt`).',
  },
  'GET /dte/returns/{id}/letter': { tag: 'Documentos', summary: 'Una devolución en carta (PDF), para el cliente', answer: 'pdf' },
  'GET /dte/returns/{id}/json': {
    tag: 'Documentos',
    summary: 'El JSON firmado de una devolución, con el sello de MH, para el cliente',
    answer: 'file',
  },
  'POST /dte/returns/{id}/invalidate': {
    tag: 'Documentos',
    summary: 'Invalida una devolución (Evento de Retorno) aprobada por MH',
    description:
      'Libera la invalidación de sus documentos (MF2 §VII p.17). Sin documento de reemplazo; tipo 2 (rescindir) si no se indica. ' +
      '201 cuando MH respondió; 202 mientras espera a MH.',
    body: returnInvalidationBody,
    status: 201,
  },
  'GET /dte': {
    tag: 'Documentos',
    summary: 'Lista los documentos, del más reciente al más antiguo',
    query: listQuery,
  },
  'GET /dte/{id}': { tag: 'Documentos', summary: 'Un documento y su estado' },
  'GET /dte/{id}/detail': { tag: 'Documentos', summary: 'Un documento con su JSON de MH, su historia y sus eventos' },
  'GET /dte/{id}/qr': { tag: 'Documentos', summary: 'El código QR de la consulta pública de MH (data URI)' },
  'GET /dte/{id}/download/json': { tag: 'Documentos', summary: 'El JSON firmado del documento', answer: 'file' },
  'GET /dte/{id}/download/pdf': { tag: 'Documentos', summary: 'La representación gráfica (PDF carta)', answer: 'pdf' },
  'GET /dte/{id}/letter': { tag: 'Documentos', summary: 'La copia en carta para imprimir', answer: 'pdf' },
  'GET /dte/{id}/receipt': { tag: 'Documentos', summary: 'El recibo de mostrador (58 u 80 mm)', query: receiptQuery, answer: 'pdf' },
  'POST /dte/{id}/print': { tag: 'Impresión', summary: 'Imprime el recibo en la impresora de la estación' },
  'GET /printer/status': { tag: 'Impresión', summary: 'El estado de la impresora' },
  'POST /printer/test': { tag: 'Impresión', summary: 'Imprime una página de prueba' },
  'POST /printer/drawer': { tag: 'Impresión', summary: 'Abre la gaveta de dinero' },
  'GET /printer/pending': { tag: 'Impresión', summary: 'Los recibos que no se imprimieron' },
  'POST /printer/pending/{jobId}/print': { tag: 'Impresión', summary: 'Reintenta un recibo pendiente' },
  'DELETE /printer/pending/{jobId}': { tag: 'Impresión', summary: 'Descarta un recibo pendiente' },
  'GET /receivers': {
    tag: 'Documentos',
    summary: 'Los receptores de documentos anteriores (libreta del mostrador)',
    query: receiversQuery,
  },
  'POST /closes': { tag: 'Cierres', summary: 'Hace el cierre del día o del turno', body: closeRequest, status: 201 },
  'GET /closes': { tag: 'Cierres', summary: 'Lista los cierres', query: closeListQuery },
  'GET /closes/{id}': { tag: 'Cierres', summary: 'Un cierre' },
  'POST /closes/openings': { tag: 'Cierres', summary: 'Registra el fondo de caja del turno', body: drawerOpeningRequest, status: 201 },
  'GET /closes/openings/current': { tag: 'Cierres', summary: 'El fondo de caja del turno abierto', query: openingQuery },
  'POST /closes/movements': {
    tag: 'Cierres',
    summary: 'Un supervisor registra un retiro de efectivo o una entrega de efectivo entre personas',
    body: cashMovementRequest,
    status: 201,
  },
  'POST /closes/openings/{id}/corrections': {
    tag: 'Cierres',
    summary: 'Un supervisor corrige el fondo de caja registrado, con su motivo',
    body: floatCorrectionRequest,
    status: 201,
  },
  'GET /closes/{id}/receipt': { tag: 'Cierres', summary: 'El cierre como recibo (58 u 80 mm)', query: receiptQuery, answer: 'pdf' },
  'POST /closes/{id}/print': {
    tag: 'Impresión',
    summary: 'Imprime el cierre en la impresora ESC/POS de la estación',
    description: 'Un cajero, solo sus propios cierres. Con el recibo en PDF: 409 `PRINTER_NOT_CONFIGURED` (`GET /closes/{id}/receipt`).',
  },
  'GET /closes/{id}/pdf': { tag: 'Cierres', summary: 'El cierre en carta', answer: 'pdf' },
  'GET /closes/{id}/price-overrides': { tag: 'Cierres', summary: 'Los precios bajo el de estante del cierre, con quién los aprobó' },
  'POST /price-overrides/approvals': {
    tag: 'Cierres',
    summary: 'Un supervisor aprueba un precio bajo el de estante en el mostrador',
    description:
      'El supervisor escribe su usuario y su contraseña o PIN; la aprobación espera 10 minutos la venta de quien la pidió. Contraseña errada: 422 (`secret`); la de un cajero: 403 (`supervisor`).',
    body: priceApprovalInput,
    status: 201,
  },
  'GET /price-overrides': {
    tag: 'Cierres',
    summary: 'Los precios vendidos bajo el de estante (supervisor o administrador)',
    description: 'Cada línea con el precio de estante, el vendido, el producto, el documento, quién lo pidió y quién lo aprobó.',
    query: priceOverrideQuery,
  },
  'GET /settings/price-overrides': { tag: 'Estación', summary: 'Cuánto bajo el precio de estante vende un cajero sin supervisor' },
  'PUT /settings/price-overrides': {
    tag: 'Estación',
    summary: 'Cambia ese umbral (porcentaje; 0: toda rebaja)',
    body: priceOverrideSettingsInput,
  },
  'GET /sync/status': {
    tag: 'Estación',
    summary: 'La sincronización con MH: pendientes, contingencia y por qué no se sella',
  },
  'GET /sync/events': {
    tag: 'Estación',
    summary: 'Los cambios de estado como Server-Sent Events',
    description: 'Un evento `data:` por cambio (documento, sincronización); la conexión se cierra con la sesión o la clave.',
    answer: 'events',
  },
  'POST /sync/retry': { tag: 'Estación', summary: 'Despierta la sincronización ahora', status: 202 },
  'POST /sync/documents/{id}/send-again': {
    tag: 'Estación',
    summary: 'Envía de nuevo a MH un documento que espera a un supervisor',
    description:
      'Un documento enviado dos veces sin respuesta clara, que MH dice no tener, no se reenvía solo: aparece en `documentsNeedingPerson` de `GET /sync/status`. Tras revisar la consulta pública de MH, un supervisor lo deja ir de nuevo. 409 si el documento no espera a un supervisor.',
  },
  'GET /settings/normative': { tag: 'Estación', summary: 'La normativa de MH en uso (2023 o 2026)' },
  'PUT /settings/normative': { tag: 'Estación', summary: 'Programa o hace el cambio de normativa', body: mhNormativeSetting },
  'GET /settings/hub': { tag: 'Estación', summary: 'La conexión con la central' },
  'PUT /settings/hub': {
    tag: 'Estación',
    summary: 'Conecta la estación a la central (null la desconecta)',
    body: hubSettingBody.nullable(),
  },
  'GET /settings/numbering': { tag: 'Estación', summary: 'La numeración de control por tipo' },
  'PUT /settings/numbering': { tag: 'Estación', summary: 'Confirma la numeración tras una restauración', body: numberingConfirmation },
  'GET /homologation': { tag: 'Homologación', summary: 'El estado de la homologación' },
  'POST /homologation': { tag: 'Homologación', summary: 'Inicia las pruebas de homologación', body: homologationStartBody, status: 202 },
  'POST /homologation/resume': { tag: 'Homologación', summary: 'Reanuda las pruebas detenidas' },
  'GET /homologation/runs/{runId}/report': {
    tag: 'Homologación',
    summary: 'El informe de una corrida (PDF o CSV)',
    query: homologationReportQuery,
    answer: 'file',
  },
  'GET /users': { tag: 'Estación', summary: 'Las personas de la estación' },
  'POST /users': {
    tag: 'Estación',
    summary: 'Agrega una persona',
    body: userInput,
    status: 201,
  },
  'PUT /users/{login}': { tag: 'Estación', summary: 'Cambia el nombre, el rol, la clave o el estado de una persona', body: userUpdate },
  'GET /api-keys': { tag: 'Estación', summary: 'Las claves de API de los POS (sin la clave)' },
  'POST /api-keys': {
    tag: 'Estación',
    summary: 'Crea una clave de API para un POS',
    description: 'La clave se muestra una sola vez, en esta respuesta; la estación guarda solo su hash.',
    body: apiKeyBody,
    status: 201,
  },
  'DELETE /api-keys/{keyId}': { tag: 'Estación', summary: 'Revoca una clave de API', status: 204, answer: 'none' },
  'GET /settings/printing': { tag: 'Impresión', summary: 'La configuración de impresión' },
  'PUT /settings/printing': { tag: 'Impresión', summary: 'Cambia la configuración de impresión', body: printSettings },
  'GET /settings/station': { tag: 'Estación', summary: 'La empresa, la sucursal y el punto de venta' },
  'GET /settings/branches': {
    tag: 'Estación',
    summary: 'Los establecimientos de la empresa',
    description:
      'De ellos se elige el destino de una nota de remisión a otra sucursal. La demostración trae tres hasta que se guarde una lista.',
  },
  'PUT /settings/branches': {
    tag: 'Estación',
    summary: 'Reemplaza la lista de establecimientos (supervisor o administrador)',
    description: 'La lista entera; cada código una sola vez (422 `DUPLICATE` en `branches.N.code`).',
    body: companyBranchesInput,
  },
  'PUT /settings/station': { tag: 'Estación', summary: 'Cambia los datos de la estación', body: stationUpdate },
  'POST /settings/station/setup': {
    tag: 'Estación',
    summary: 'El asistente de primer uso (solo `sello serve`)',
    body: stationSetup,
    status: 201,
  },
  'POST /settings/welcome-seen': { tag: 'Estación', summary: 'Marca la bienvenida como vista' },
  'GET /backups': { tag: 'Estación', summary: 'Los respaldos de la estación' },
  'POST /backups': { tag: 'Estación', summary: 'Hace un respaldo ahora', status: 201 },
  'GET /audit/verify': { tag: 'Estación', summary: 'Verifica la cadena de auditoría' },
  'GET /products': { tag: 'Catálogo', summary: 'Busca productos (código, código de barras o texto)', query: productListQuery },
  'GET /products/export': { tag: 'Catálogo', summary: 'El catálogo como CSV o XLSX', query: exportQuery, answer: 'file' },
  'GET /products/{id}': { tag: 'Catálogo', summary: 'Un producto' },
  'POST /products': {
    tag: 'Catálogo',
    summary: 'Agrega un producto',
    body: productInput,
    status: 201,
  },
  'PUT /products/{id}': { tag: 'Catálogo', summary: 'Cambia un producto', body: productInput },
  'POST /products/import': { tag: 'Catálogo', summary: 'Importa un catálogo (vista previa o aplicar)', body: productImportInput },
  'GET /webhooks': { tag: 'Envíos', summary: 'Los webhooks del POS' },
  'POST /webhooks': { tag: 'Envíos', summary: 'Registra un webhook', body: webhookInput, status: 201 },
  'DELETE /webhooks/{id}': { tag: 'Envíos', summary: 'Borra un webhook', status: 204, answer: 'none' },
  'POST /webhooks/{id}/enable': { tag: 'Envíos', summary: 'Activa un webhook' },
  'POST /webhooks/{id}/disable': { tag: 'Envíos', summary: 'Desactiva un webhook' },
  'GET /webhooks/{id}/deliveries': { tag: 'Envíos', summary: 'Las entregas de un webhook', query: webhookDeliveriesQuery },
  'POST /webhook-deliveries/{id}/retry': { tag: 'Envíos', summary: 'Reintenta una entrega de webhook', status: 202 },
  'GET /settings/smtp': { tag: 'Envíos', summary: 'El servidor de correo (sin la contraseña)' },
  'PUT /settings/smtp': { tag: 'Envíos', summary: 'Configura el servidor de correo', body: smtpSettingsInput },
  'POST /settings/smtp/test': { tag: 'Envíos', summary: 'Envía un correo de prueba', body: emailTarget },
  'POST /dte/{id}/send': {
    tag: 'Envíos',
    summary: 'Envía el documento por correo (PDF y JSON)',
    description: SEND_RULES,
    body: emailTarget,
    status: 202,
  },
  'POST /dte/returns/{id}/send': {
    tag: 'Envíos',
    summary: 'Envía una devolución (Evento de Retorno) por correo (PDF y JSON)',
    description: SEND_RULES,
    body: emailTarget,
    status: 202,
  },
  'POST /deliveries/retry-failed': { tag: 'Envíos', summary: 'Reintenta los correos fallidos', status: 202 },
  'GET /books': { tag: 'Libros', summary: 'Los anexos, sus revisiones y las casillas del F-07 de un mes', query: annexQuery },
  'GET /books/{book}': {
    tag: 'Libros',
    summary: 'Un libro de IVA (consumidores o contribuyentes) en PDF o XLSX',
    query: bookQuery,
    answer: 'file',
  },
  'GET /annexes/{annex}': { tag: 'Libros', summary: 'Un anexo del F-07 en CSV', query: annexQuery, answer: 'file' },
  'GET /reports/sales': { tag: 'Libros', summary: 'El reporte de ventas de un periodo', query: reportQuery },
  'GET /settings/books': { tag: 'Libros', summary: 'Las opciones de los libros' },
  'PUT /settings/books': { tag: 'Libros', summary: 'Cambia las opciones de los libros', body: booksSettings.partial() },
  'GET /health': { tag: 'Estación', summary: 'La estación responde: versión, ambiente y punto de venta' },
  'GET /catalogs': {
    tag: 'Documentos',
    summary: 'Los catálogos de MH que el contrato acepta',
    description:
      'Cada catálogo con su número de MH (CAT-019…) y los campos que toman sus códigos. Los mismos códigos para las dos normativas.',
  },
  'GET /catalogs/{name}': {
    tag: 'Documentos',
    summary: 'Los códigos de un catálogo de MH, con su nombre en español',
    description:
      '`code` es lo que se envía; `mhCode`, lo que recibe MH cuando difiere (unidades, países, tipos). `?department=NN` filtra `municipality` y `district`. Un nombre que no existe: 404 que lo nombra.',
    query: catalogQuery,
  },
};
