// The examples the OpenAPI document shows, keyed `METHOD /path` (OpenAPI's braces) as in operations.ts. Every
// request example is sent, in this file's order, to a fresh demo station by test/integration/openapi-honesty.test.ts,
// which checks each answer against the documented response for its status; every answer example is validated
// against its documented schema. Order matters: a CCF comes before the NC that names it
// (docs/decisions/0078-examples-sent-answers-checked.md).
import { ERROR_CODES, TITLES, type ErrorCode } from '../../../shared/errors';
import { DEMO_STATION } from '../../core/station/demo';
import { statusOf } from '../problem';
import { RECORDED_ANSWERS } from './answer-examples';
import { OPERATIONS } from './operations';
import { byStatus, STATION_STATUSES } from './statuses';

export interface RequestExample {
  readonly summary: string;
  readonly value: unknown;
  /** The status a fresh demo station answers (the honesty test expects it). */
  readonly status: number;
  /** Request headers the example needs beyond credentials and X-API-Version. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface AnswerExample {
  readonly summary: string;
  readonly value: unknown;
}

/** The ids the examples give their documents, so that a later example can name an earlier one. */
export const EXAMPLE_IDS = {
  FC: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e01',
  CCF: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e02',
  NC: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e03',
  ND: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e04',
  CR: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e05',
  FSE: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e06',
  FEX: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e07',
  /** An FC that the invalidation example voids (the first FC is returned instead). */
  FC_VOIDED: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e08',
} as const;

const address = { department: '06', municipality: '14', complement: 'Colonia Escalón, Calle El Mirador 4520' };

const fcItem = {
  type: 'BIENES',
  internalCode: 'CAF-001',
  description: 'Café molido 1 lb',
  quantity: 2,
  unitMeasure: 'LIBRA',
  unitPrice: 4.5,
  saleType: 'GRAVADA',
};

const fc = (id: string) => ({
  id,
  paymentType: 'CONTADO',
  recipient: {
    name: 'María Elena Hernández',
    email: 'maria.hernandez@example.com',
    identificationDocument: { type: 'DUI', number: '012345678' },
  },
  items: [fcItem],
});

const ccfRecipient = {
  economicActivity: '46900',
  contributorSize: 'MEDIANO',
  contributorType: 'JURIDICA',
  nrc: '1234567',
  name: 'Distribuidora La Ceiba, S.A. de C.V.',
  phone: '25556666',
  email: 'compras@laceiba.example.com',
  address,
  identificationDocument: { type: 'NIT', number: '06141234567890' },
};

/** An NC or ND adjusts the CCF above: the same recipient, the CCF's id in `documentNumber`. */
const adjustment = (id: string, description: string) => ({
  id,
  recipient: ccfRecipient,
  relatedTaxDocuments: [{ id: EXAMPLE_IDS.CCF }],
  items: [{ type: 'BIENES', description, quantity: 2, unitPrice: 3.75, saleType: 'GRAVADA', documentNumber: EXAMPLE_IDS.CCF }],
});

const one = (summary: string, value: unknown, status: number, headers?: Record<string, string>) => ({
  example: { summary, value, status, ...(headers ? { headers } : {}) },
});

/** The demo's own station, as the settings screens send it back, with MH's test API and its user. */
const {
  demo: _demo,
  apiKeys: _keys,
  users: _users,
  mh: _mh,
  company: { id: _id, ...company },
  ...profile
} = DEMO_STATION;
const mh = { baseUrl: 'https://apitest.dtes.mh.gob.sv', user: '06142803901121', password: 'su-clave-de-mh' };
const station = { ...profile, company, mh };

/** Request bodies, by operation then by example name, in the order the honesty test sends them. */
export const REQUEST_EXAMPLES: Readonly<Record<string, Readonly<Record<string, RequestExample>>>> = {
  'POST /session': one('Inicia sesión el administrador de la demostración', { login: 'admin', password: 'demo-admin' }, 201),
  'POST /dte/fc': {
    example: { summary: 'Una factura a consumidor final, pagada al contado', value: fc(EXAMPLE_IDS.FC), status: 201 },
    toVoid: { summary: 'Otra factura (la que se invalida en POST /dte/invalidate)', value: fc(EXAMPLE_IDS.FC_VOIDED), status: 201 },
  },
  'POST /dte/ccf': one(
    'Un crédito fiscal a una empresa, a crédito',
    {
      id: EXAMPLE_IDS.CCF,
      paymentType: 'CREDITO',
      recipient: ccfRecipient,
      items: [
        {
          type: 'BIENES',
          description: 'Resma papel bond carta',
          quantity: 10,
          unitMeasure: 'UNIDAD',
          unitPrice: 3.75,
          saleType: 'GRAVADA',
        },
      ],
    },
    201,
  ),
  'POST /dte/nc': one('Una nota de crédito por dos resmas devueltas del CCF', adjustment(EXAMPLE_IDS.NC, 'Devolución resma papel'), 201),
  'POST /dte/nd': one('Una nota de débito por un cargo que faltó en el CCF', adjustment(EXAMPLE_IDS.ND, 'Flete no facturado'), 201),
  'POST /dte/cr': one(
    'Un comprobante de retención del 1 % de IVA a un proveedor',
    {
      id: EXAMPLE_IDS.CR,
      recipient: {
        economicActivity: '46900',
        nrc: '1234567',
        name: 'Proveedora Industrial, S.A. de C.V.',
        email: 'facturas@proveedora.example.com',
        address,
        identificationDocument: { type: 'NIT', number: '06141234567890' },
      },
      items: [
        {
          documentType: 'FISICO',
          taxDocumentType: 'CCF',
          taxDocumentNumber: 'A-000123',
          taxDocumentGeneratedAt: '2026-11-02',
          description: 'Retención IVA 1 % compra de insumos',
          amountSubject: 500,
          ivaRetained: 5,
          retentionCode: 'RETENCION_IVA_1',
        },
      ],
    },
    201,
  ),
  'POST /dte/cl': one(
    'Un comprobante de liquidación al mandante: un CCF y una factura vendidos por su cuenta, una nota de crédito restada',
    {
      id: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e41',
      recipient: {
        economicActivity: '46900',
        nrc: '2345678',
        name: 'Distribuidora El Mandante, S.A. de C.V.',
        email: 'liquidaciones@mandante.example.com',
        address,
        identificationDocument: { type: 'NIT', number: '06141234567891' },
      },
      items: [
        {
          documentType: 'DIGITAL',
          taxDocumentType: 'CCF',
          taxDocumentNumber: 'a1b2c3d4-0000-4000-8000-000000000001',
          taxDocumentGeneratedAt: '2026-11-02',
          taxedSales: 1200,
          observations: 'Venta por cuenta del mandante',
        },
        {
          documentType: 'FISICO',
          taxDocumentType: 'FC',
          taxDocumentNumber: '21SE001000123',
          taxDocumentGeneratedAt: '2026-11-03',
          taxedSales: 88.5,
        },
        {
          documentType: 'DIGITAL',
          taxDocumentType: 'NC',
          taxDocumentNumber: 'a1b2c3d4-0000-4000-8000-000000000002',
          taxDocumentGeneratedAt: '2026-11-04',
          taxedSales: 34.5,
        },
      ],
    },
    201,
  ),
  'POST /dte/dcl': one(
    'Un documento contable de liquidación de octubre: ventas con tarjeta, 3.25 % de comisión',
    {
      id: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e42',
      recipient: {
        economicActivity: '47190',
        nrc: '3456789',
        name: 'Ferretería San Miguelito, S.A. de C.V.',
        email: 'contabilidad@ferreteria.example.com',
        address,
        identificationDocument: { type: 'NIT', number: '06141234567892' },
        establishmentType: 'CASA_MATRIZ',
      },
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      liquidationCode: 'LIQ-2026-10-0042',
      documentCount: 318,
      operationsValue: 15234.67,
      commission: 456.78,
      commissionPercent: 3.25,
    },
    201,
  ),
  'POST /dte/fse': one(
    'Una factura de sujeto excluido: maíz comprado a un agricultor',
    {
      id: EXAMPLE_IDS.FSE,
      recipient: {
        name: 'Juan Antonio Martínez',
        // A former municipality's code names its district (CAT-008), as the 2026 normative asks: valid under both.
        address: { department: '06', municipality: '14', complement: 'Colonia Escalón, pasaje 3, casa 12' },
        identificationDocument: { type: 'DUI', number: '045678912' },
        phone: '77778888',
      },
      items: [{ type: 'BIENES', description: 'Maíz blanco', quantity: 2.5, unitMeasure: 'QUINTAL', unitPrice: 32 }],
    },
    201,
  ),
  'POST /dte/fex': one(
    'Una factura de exportación de café, FOB',
    {
      id: EXAMPLE_IDS.FEX,
      recipient: {
        name: 'Importadora del Norte LLC',
        country: 'US',
        address: '1200 Harbor Blvd, Houston, TX 77002',
        contributorType: 'JURIDICA',
        economicActivity: '46900',
        identificationDocument: { type: 'OTRO', number: 'EIN-45-1234567' },
        email: 'imports@norte.example.com',
      },
      itemType: 'BIENES',
      items: [{ description: 'Café oro lavado, saco 69 kg', quantity: 40, unitMeasure: 'KILOGRAMO', unitPrice: 6.85 }],
      taxArea: '02',
      taxRegimen: 'EX-1.1000.000',
      incoterms: 'FOB',
      freight: 850.5,
      insurance: 120,
    },
    201,
  ),
  'POST /dte/cd': one(
    'Un comprobante de donación: una empresa dona dinero (por transferencia) y una computadora usada',
    {
      id: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e43',
      recipient: {
        name: 'Distribuidora El Roble S.A. de C.V.',
        identificationDocument: { type: 'NIT', number: '06140101901234' },
        nrc: '123456',
        economicActivity: '47190',
        address,
        email: 'donaciones@elroble.example.com',
      },
      attachments: [{ code: 'EMISOR', name: 'Resolución DGII 10-2025', details: 'Calificación como entidad donataria' }],
      items: [
        { donationType: 'EFECTIVO', description: 'Aporte para el comedor', quantity: 1, unitValue: 500 },
        {
          donationType: 'BIEN',
          description: 'Computadora portátil usada',
          quantity: 1,
          unitMeasure: 'UNIDAD',
          unitValue: 400,
          depreciation: 150,
        },
      ],
      payments: [{ method: '05', amount: 500, reference: 'Transferencia 998877' }],
    },
    201,
  ),
  'POST /dte/nr': one(
    'Una nota de remisión: café enviado a la sucursal de Santa Ana (el receptor es la propia empresa)',
    {
      id: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e40',
      goodsTitle: 'TRASLADO',
      destinationBranch: {
        code: 'S002',
        name: 'Sucursal Santa Ana Centro',
        address: { department: '02', municipality: '10', complement: 'Avenida Independencia Sur 15, Santa Ana' },
      },
      items: [{ ...fcItem, quantity: 24, unitPrice: 3.1 }],
    },
    201,
  ),
  'POST /dte/invalidate': one(
    'Invalida una factura aprobada: se rescinde la venta (tipo 2, sin reemplazo)',
    { dteId: EXAMPLE_IDS.FC_VOIDED, type: 2, reason: 'El cliente anuló la compra' },
    201,
  ),
  'POST /dte/invalidations/{id}/settle': one(
    'Una invalidación en duda que la consulta pública de MH muestra invalidada (aquí no hay ninguna en duda: 404)',
    { outcome: 'INVALIDATED', note: 'La consulta pública de MH la muestra invalidada.' },
    404,
  ),
  'POST /dte/{id}/send': one('Envía la factura al correo de su receptor', { email: 'maria.hernandez@example.com' }, 202),
  'PUT /settings/normative': one('Pasa la estación a la normativa 2026 ahora', { current: '2026' }, 200),
  'POST /dte/return': one(
    'Devuelve una de las dos libras de café de la factura',
    { lines: [{ dteId: EXAMPLE_IDS.FC, item: 1, quantity: 1 }], reason: 'Empaque dañado' },
    201,
  ),
  'POST /dte/returns/{id}/send': one('Envía la devolución al correo del receptor', { email: 'maria.hernandez@example.com' }, 202),
  'POST /events/eoe': one(
    'Reporta el mes de noviembre: facturas simplificadas por rangos',
    {
      id: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e44',
      period: '2026-11',
      items: [
        { type: '02', from: 'FS-000001', to: 'FS-000250', description: 'Ventas al detalle del mes', taxed: 1250.5 },
        { type: '97', from: 'CCI-0001', to: 'CCI-0040', description: 'Consumo interno', exempt: 80 },
      ],
    },
    201,
  ),
  'POST /events/eoe/items-from-csv': one(
    'Lee dos comprobantes de control interno uno a uno',
    {
      csv: 'type,number,date,description,taxed\n97,CCI-0101,2026-11-03,Consumo interno,12.50\n97,CCI-0102,2026-11-04,Muestras,8.00\n',
    },
    200,
  ),
  'POST /dte/returns/{id}/settle': one(
    'Una devolución en duda que MH recibió, con el sello del portal (esta no está en duda: 409)',
    { outcome: 'RECEIVED', seal: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8' },
    409,
  ),
  'POST /dte/returns/{id}/invalidate': one(
    'Invalida una devolución dada por error (tipo 2)',
    { type: 2, reason: 'La devolución se registró por error' },
    201,
  ),
  'POST /products': one(
    'Un producto con su precio de estante (con IVA)',
    { code: 'CAF-002', description: 'Café en grano 1 lb', unitMeasure: 'LIBRA', shelfPrice: '5.65' },
    201,
  ),
  'PUT /products/{id}': one(
    'Cambia la descripción y el precio de ese producto',
    { code: 'CAF-002', description: 'Café en grano tostado 1 lb', unitMeasure: 'LIBRA', shelfPrice: '5.95' },
    200,
  ),
  'POST /products/import': one(
    'Vista previa de un catálogo en CSV (apply: false no cambia nada)',
    { format: 'csv', content: 'codigo,descripcion,precio_con_iva\nTE-001,Té verde caja 20 sobres,3.25\n', apply: false },
    200,
  ),
  'POST /users': one('Agrega una cajera', { login: 'cajera2', name: 'Cajera Dos', role: 'CASHIER', password: 'una-clave-larga' }, 201),
  'PUT /users/{login}': one('Cambia su nombre y la hace supervisora', { name: 'Ana Cajera Dos', role: 'SUPERVISOR' }, 200),
  'POST /api-keys': one('Crea la clave de la caja 2', { name: 'Caja 2' }, 201),
  'POST /webhooks': one(
    'Avisa al POS de cada documento aprobado o rechazado, firmado con un secreto',
    { url: 'https://pos.example.com/sello/eventos', events: ['dte.approved', 'dte.rejected'], secret: 'un-secreto-de-al-menos-16' },
    201,
  ),
  'POST /closes/openings': one('El fondo de caja del turno del cajero que llama', { scope: 'me', amount: '50.00' }, 201),
  'POST /closes/openings/{id}/corrections': one(
    'Un supervisor corrige el fondo registrado',
    { amount: '60.00', reason: 'Se contó mal el fondo al abrir' },
    201,
  ),
  'POST /closes/movements': one(
    'Un retiro de efectivo de la gaveta de la cajera',
    { kind: 'withdrawal', from: 'cajero', amount: '20.00', reason: 'Retiro a bóveda' },
    201,
  ),
  'POST /closes': one('El cierre de la estación, con el efectivo contado', { scope: 'station', drawer: { counted: '84.10' } }, 201),
  'POST /price-overrides/approvals': one(
    'La supervisora aprueba vender CAF-002 a 3.50',
    { code: 'CAF-002', price: '3.50', supervisor: 'supervisor', secret: 'demo-super' },
    201,
  ),
  'PUT /settings/price-overrides': one('Un cajero rebaja hasta 5 % sin supervisor', { threshold: '5' }, 200),
  'PUT /settings/branches': one(
    'La casa matriz y una sucursal',
    {
      branches: [
        {
          code: 'M001',
          name: 'Casa matriz San Benito',
          address: { department: '06', municipality: '23', district: '14', complement: 'Boulevard del Hipódromo 123, Colonia San Benito' },
        },
        {
          code: 'S002',
          name: 'Sucursal Santa Ana Centro',
          address: { department: '02', municipality: '15', district: '10', complement: 'Avenida Independencia Sur 15, Santa Ana' },
        },
      ],
    },
    200,
  ),
  'PUT /settings/hub': one('Desconecta la estación de la central', null, 200),
  'PUT /settings/numbering': one('Confirma la numeración tras una restauración, revisada', { lackingReviewed: true }, 200),
  'PUT /settings/printing': one(
    'Recibos de 80 mm en PDF, sin impresora elegida',
    { printer: null, receiptWidth: 80, silentReceipt: false, receiptOutput: 'pdf' },
    200,
  ),
  'PUT /settings/station': one('Los datos de la estación (la demostración no se edita: 409; una estación real responde 200)', station, 409),
  'POST /settings/station/setup': one(
    'El asistente de primer uso (la demostración ya está configurada: 409)',
    {
      ...station,
      certificate: { xml: '<?xml version="1.0" encoding="UTF-8"?><CertificadoMH>…</CertificadoMH>', password: 'clave-de-la-llave' },
      admin: { login: 'gerencia', name: 'Ana Gerente', password: 'una-clave-larga' },
      newPointOfSale: true,
    },
    409,
  ),
  'PUT /settings/smtp': one(
    'El servidor de correo de la empresa, con TLS',
    {
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      user: 'facturas@example.com',
      password: 'clave-del-correo',
      from: { name: 'Facturación', address: 'facturas@example.com' },
    },
    200,
  ),
  'POST /settings/smtp/test': one(
    'Un correo de prueba a la administración (200 también si no se pudo enviar: `sent` lo dice)',
    { email: 'admin@example.com' },
    200,
  ),
  'PUT /settings/books': one('Los anexos en UTF-8', { encoding: 'utf-8' }, 200),
  'POST /homologation': one('Pruebas de homologación de FC y CCF (normativa 2026)', { kinds: ['FC', 'CCF'], normative: '2026' }, 202),
};

// As sendProblem (main/http/problem.ts) writes it: the same type, title and status for the code.
const problemOf = (code: ErrorCode) => ({
  type: `urn:sello:problem:${code.toLowerCase().replace(/_/g, '-')}`,
  title: TITLES[code],
  status: statusOf(code),
  detail: 'Lo que pasó, en palabras para quien atiende.',
  code,
  ...(code === 'TOO_MANY_REQUESTS' || code === 'SERVICE_UNAVAILABLE' ? { retryAfter: 30 } : {}),
});

/**
 * One problem body per error code, by status: the answer example of every error a route documents. The body is
 * the shape the server gives every problem (main/http/problem.ts); the detail is a placeholder, never a real one.
 */
export const PROBLEM_EXAMPLES: Readonly<Record<string, Readonly<Record<string, AnswerExample>>>> = (() => {
  const out: Record<string, Record<string, AnswerExample>> = {};
  for (const code of ERROR_CODES) {
    const status = String(statusOf(code));
    const value =
      code === 'VALIDATION_FAILED'
        ? {
            ...problemOf(code),
            detail: 'El cuerpo no cumple el contrato.',
            errors: [{ path: 'items.0.quantity', code: 'NOT_INTEGER', message: 'La cantidad debe ser un número entero.' }],
          }
        : problemOf(code);
    (out[status] ??= {})[code] = { summary: code, value };
  }
  return out;
})();

/**
 * An event MH has not answered yet (202): the record the 201 example shows, as it stands before MH's answer. A demo
 * station's MH always answers, so this one is derived, not recorded; the honesty test validates it all the same.
 */
function pendingOf(key: string): Record<string, Record<string, AnswerExample>> {
  const answered = RECORDED_ANSWERS[key]?.['201']?.recorded;
  if (!answered) return {};
  const value = { ...(answered.value as Record<string, unknown>), status: 'PENDING', mhResponse: null };
  return { '202': { pending: { summary: 'MH no ha respondido todavía: el estado sigue PENDING', value } } };
}

/** Success bodies, by operation then status then name: what a fresh demo station answered to the examples above. */
const SUCCESS_EXAMPLES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, AnswerExample>>>>>> = {
  ...RECORDED_ANSWERS,
  ...Object.fromEntries(
    ['POST /dte/invalidate', 'POST /dte/return', 'POST /dte/returns/{id}/invalidate', 'POST /events/eoe'].map((key) => [
      key,
      { ...RECORDED_ANSWERS[key], ...pendingOf(key) },
    ]),
  ),
};

/**
 * Answer bodies, by operation, then status, then example name: the success bodies above, and for each error
 * status the operation documents (statuses.ts) one problem per code it can give there.
 */
export const ANSWER_EXAMPLES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, AnswerExample>>>>>> =
  Object.fromEntries(
    Object.entries(OPERATIONS).map(([key, op]) => {
      const [method, path] = key.split(' ') as [string, string];
      // The roles do not change the codes of a station route (every route may answer 401 and 403: statuses.ts).
      const codes = STATION_STATUSES.errors({ key, method, path, roles: ['pos'], op });
      const errors = [...byStatus(codes)].map(([status, all]) => [
        String(status),
        Object.fromEntries(all.map((code) => [code, PROBLEM_EXAMPLES[String(status)]![code]!])),
      ]);
      return [key, { ...Object.fromEntries(errors), ...SUCCESS_EXAMPLES[key] }];
    }),
  );

/** Webhook bodies as the station POSTs them, by `WEBHOOK <event>` then example name (webhooks.ts; never sent to the server). */
/** The approved FC's webhook: the others are drawn from it. */
const WEBHOOK_EXAMPLES_BASE: AnswerExample = {
  summary: 'MH aprobó una factura',
  value: {
    event: 'dte.approved',
    deliveryId: '8d1f0a52-6c3b-4e7a-9f21-0b5c7d9e1a34',
    occurredAt: '2026-03-14T10:32:05-06:00',
    data: {
      id: '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e01',
      companyId: '5b0e3c2a-1d4f-4a6b-8c9d-0e1f2a3b4c5d',
      controlNumber: 'DTE-01-M001P001-000000000000042',
      environment: 'TEST',
      type: 'FC',
      version: 1,
      status: 'APPROVED',
      mhResponse: {
        version: 2,
        ambiente: '00',
        versionApp: 2,
        estado: 'PROCESADO',
        codigoGeneracion: '3F2B6C1E-8A4D-4F0B-9C2E-5D7A1B3C4E01',
        selloRecibido: '2026A1B2C3D4E5F60718293A4B5C6D7E8F90ABCD',
        fhProcesamiento: '14/03/2026 10:32:05',
        clasificaMsg: '10',
        codigoMsg: '001',
        descripcionMsg: 'RECIBIDO',
        observaciones: [],
      },
      generatedAt: '2026-03-14T10:32:03-06:00',
      createdAt: '2026-03-14T10:32:03-06:00',
      updatedAt: '2026-03-14T10:32:05-06:00',
      branchCode: 'M001',
      posNumber: 1,
      recipientName: 'María Elena Hernández',
      total: '10.17',
    },
  },
};

export const WEBHOOK_EXAMPLES: Readonly<Record<string, Readonly<Record<string, AnswerExample>>>> = {
  'WEBHOOK dte.approved': { factura: WEBHOOK_EXAMPLES_BASE },
  ...webhookExamples(),
};

/** The other events, from the approved FC above as each would find it. */
function webhookExamples(): Record<string, Record<string, AnswerExample>> {
  const approved = WEBHOOK_EXAMPLES_BASE.value as { data: Record<string, unknown> };
  const at = (event: string, summary: string, occurredAt: string, data: Record<string, unknown>, deliveryId: string) => ({
    [`WEBHOOK ${event}`]: { factura: { summary, value: { event, deliveryId, occurredAt, data: { ...approved.data, ...data } } } },
  });
  return {
    ...at(
      'dte.created',
      'Se emitió una factura',
      '2026-03-14T10:32:03-06:00',
      { status: 'CREATED', mhResponse: null, updatedAt: '2026-03-14T10:32:03-06:00' },
      '0b7e2c41-5d9a-4f3e-8a61-2c4d6e8f0a12',
    ),
    ...at(
      'dte.rejected',
      'MH rechazó una factura',
      '2026-03-14T10:32:05-06:00',
      {
        status: 'REJECTED',
        mhResponse: {
          estado: 'RECHAZADO',
          codigoMsg: '004',
          descripcionMsg: 'RECHAZADO',
          observaciones: ['[resumen.totalPagar] NO COINCIDE'],
        },
      },
      '1c8f3d52-6eab-4a4f-9b72-3d5e7f9a1b23',
    ),
    ...at(
      'dte.invalidated',
      'MH aprobó la invalidación de una factura',
      '2026-03-15T08:10:00-06:00',
      { status: 'INVALIDATED', updatedAt: '2026-03-15T08:10:00-06:00' },
      '2d9a4e63-7fbc-4b5a-8c83-4e6f8a0b2c34',
    ),
    ...at(
      'invalidation.rejected',
      'MH rechazó la invalidación de una factura',
      '2026-03-15T08:10:00-06:00',
      {},
      '3eab5f74-8acd-4c6b-9d94-5f7a9b1c3d45',
    ),
  };
}
