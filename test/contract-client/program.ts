// A POS program written only against the OpenAPI document: its types are generated from dist/openapi.json by
// openapi-typescript (scripts/contract-client.mjs) and its calls made with openapi-fetch, with no cast anywhere,
// so a document that drifts from the server fails to compile or fails here. Against a `sello serve --demo`
// station: an FC waited to APPROVED, its PDF and signed JSON, a CCF and the NC that adjusts it, the FC invalidated,
// and a return (Evento de Retorno) of the CCF. docs/decisions/0078-examples-sent-answers-checked.md.
import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { components, operations, paths } from '../../dist/contract-client/api';

type DteRecord = components['schemas']['DteRecord'];
type CcfRecipient = operations['postDteCcf']['requestBody']['content']['application/json']['recipient'];

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error('uso: program.ts http://127.0.0.1:PUERTO');
const pos = createClient<paths>({ baseUrl, headers: { 'X-API-Key': 'sello-demo-api-key', 'X-API-Version': '1' } });

function ok<T>(what: string, r: { data?: T; error?: unknown; response: Response }): T {
  if (r.data === undefined) throw new Error(`${what}: ${r.response.status} ${JSON.stringify(r.error)}`);
  console.log(`${what}: ${r.response.status}`);
  return r.data;
}

/** Reads the document until MH's answer is in: APPROVED, or a failure said aloud. */
async function approved(id: string): Promise<DteRecord> {
  for (let i = 0; i < 60; i++) {
    const r = await pos.GET('/dte/{id}', { params: { path: { id } } });
    const dte = ok(`GET /dte/${id}`, r);
    if (dte.status === 'APPROVED') return dte;
    if (dte.status === 'REJECTED') throw new Error(`MH rechazó ${id}: ${JSON.stringify(dte.mhResponse)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${id} no llegó a APPROVED`);
}

const started = Date.now();
const recipient: CcfRecipient = {
  economicActivity: '46900',
  contributorSize: 'MEDIANO',
  contributorType: 'JURIDICA',
  nrc: '1234567',
  name: 'Distribuidora La Ceiba, S.A. de C.V.',
  phone: '25556666',
  email: 'compras@laceiba.example.com',
  address: { department: '06', municipality: '14', complement: 'Colonia Escalón, Calle El Mirador 4520' },
  identificationDocument: { type: 'NIT', number: '06141234567890' },
};

/** An FC to a consumer, answered once MH has (Prefer: wait). */
async function issueFc(id: string): Promise<DteRecord> {
  return ok(
    'POST /dte/fc',
    await pos.POST('/dte/fc', {
      params: { header: { Prefer: 'wait=10' } },
      body: {
        id,
        recipient: { name: 'María Elena Hernández', identificationDocument: { type: 'DUI', number: '012345678' } },
        items: [
          { type: 'BIENES', description: 'Café molido 1 lb', quantity: 2, unitMeasure: 'LIBRA', unitPrice: 4.5, saleType: 'GRAVADA' },
        ],
      },
    }),
  );
}

const fcId = randomUUID();
const fc = await issueFc(fcId);
if (fc.id !== fcId) throw new Error(`el FC volvió con otro id: ${fc.id}`);
await approved(fcId);

const pdf = await pos.GET('/dte/{id}/download/pdf', { params: { path: { id: fcId } }, parseAs: 'arrayBuffer' });
const pdfBytes = ok('GET /dte/{id}/download/pdf', pdf);
if (Buffer.from(pdfBytes).subarray(0, 5).toString() !== '%PDF-') throw new Error('el PDF no empieza con %PDF-');
const signed = ok('GET /dte/{id}/download/json', await pos.GET('/dte/{id}/download/json', { params: { path: { id: fcId } } }));
if (!JSON.stringify(signed).includes(fcId.toUpperCase())) throw new Error('el JSON firmado no lleva el código de generación');

const ccfId = randomUUID();
ok(
  'POST /dte/ccf',
  await pos.POST('/dte/ccf', {
    params: { header: { Prefer: 'wait=10' } },
    body: {
      id: ccfId,
      paymentType: 'CREDITO',
      recipient,
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
  }),
);
await approved(ccfId);

const ncId = randomUUID();
ok(
  'POST /dte/nc',
  await pos.POST('/dte/nc', {
    params: { header: { Prefer: 'wait=10' } },
    body: {
      id: ncId,
      recipient,
      relatedTaxDocuments: [{ id: ccfId }],
      items: [
        { type: 'BIENES', description: 'Devolución resma papel', quantity: 2, unitPrice: 3.75, saleType: 'GRAVADA', documentNumber: ccfId },
      ],
    },
  }),
);
await approved(ncId);

const invalidation = await pos.POST('/dte/invalidate', { body: { dteId: fcId, type: 2, reason: 'El cliente anuló la compra' } });
ok('POST /dte/invalidate', invalidation);
if (invalidation.response.status !== 201 && invalidation.response.status !== 202)
  throw new Error(`invalidar respondió ${invalidation.response.status}`);

// The Evento de Retorno is the 2026 normative's: an administrator switches the demo station to it (a session, not a key).
const login = await pos.POST('/session', { body: { login: 'admin', password: 'demo-admin' } });
ok('POST /session', login);
const cookie = (login.response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const admin = createClient<paths>({ baseUrl, headers: { Cookie: cookie, 'X-API-Version': '1' } });
ok('PUT /settings/normative', await admin.PUT('/settings/normative', { body: { current: '2026' } }));

// A return is of an FC, FEX or FSE (MH): one of the two pounds of coffee of a new FC.
const soldId = randomUUID();
await issueFc(soldId);
await approved(soldId);
const back = ok(
  'POST /dte/return',
  await pos.POST('/dte/return', { body: { lines: [{ dteId: soldId, item: 1, quantity: 1 }], reason: 'Empaque dañado' } }),
);
if (back.status !== 'APPROVED' && back.status !== 'PENDING') throw new Error(`la devolución quedó ${back.status}`);
ok('GET /dte/{id}/returns', await pos.GET('/dte/{id}/returns', { params: { path: { id: soldId } } }));

console.log(`programa tipado: FC, PDF, JSON firmado, CCF, NC, invalidación y devolución en ${Date.now() - started} ms`);
