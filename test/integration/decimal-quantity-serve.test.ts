// Decimal quantities over HTTP on a real `sello serve` (the demo, its MH simulator sealing for real; decision 0072):
// a POS written against the spec sees the spec (a fraction is 422 NOT_INTEGER at items.0.quantity, nothing stored),
// and one that opts in with `Sello-Extensions: decimal-quantity` gets the document sealed with cantidad 1.5 and
// exact totals, valid for MH's official schema. The OpenAPI document says so and keeps the spec's integer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DteRecord } from '../../shared/records';
import { netFromShelf } from '../../shared/tax';
import { DEMO_KEY, tempDir } from '../support/core';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { exitOf, startServe } from '../support/serve-process';

let server: Awaited<ReturnType<typeof startServe>>;
let dir: ReturnType<typeof tempDir>;

const pos = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { 'X-API-Key': DEMO_KEY, 'X-API-Version': '1', 'Content-Type': 'application/json', ...init.headers },
  });

/** 1.5 lb of cheese at a shelf price of $2.99 (the contract's price is before IVA). */
const weighedSale = (id: string, quantity: number) => ({
  id,
  items: [
    {
      type: 'BIENES',
      internalCode: 'QUE-LB',
      description: 'Queso duro por libra',
      quantity,
      unitMeasure: 'LIBRA',
      unitPrice: Number(netFromShelf('2.99').toFixed(8)),
      saleType: 'GRAVADA',
    },
  ],
});

beforeAll(async () => {
  dir = tempDir('sello-decimal-');
  server = await startServe(['--demo', '--port', '0', '--data-dir', dir.dir]);
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await exitOf(server.child);
  dir.cleanup();
});

async function approved(id: string): Promise<DteRecord> {
  for (let i = 0; i < 60; i++) {
    const record = (await (await pos(`/dte/${id}`)).json()) as DteRecord;
    if (record.status === 'APPROVED') return record;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the demo MH did not seal ${id}`);
}

describe('decimal quantities on a real sello serve', () => {
  it("without the opt-in: 1.5 is the spec's 422 naming items.0.quantity, and nothing is stored", async () => {
    const id = '0072e2e0-0000-4000-8000-000000000001';
    const res = await pos('/dte/fc', { method: 'POST', body: JSON.stringify(weighedSale(id, 1.5)) });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('sello-extensions-applied')).toBeNull();
    const problem = (await res.json()) as { code: string; errors: { path: string; code: string }[] };
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'items.0.quantity', code: 'NOT_INTEGER' })]);
    expect((await pos(`/dte/${id}`)).status).toBe(404);
    // The same body with a whole quantity is the spec's 201, untouched by the extension.
    const whole = await pos('/dte/fc', { method: 'POST', body: JSON.stringify(weighedSale(id, 2)) });
    expect(whole.status).toBe(201);
    expect(whole.headers.get('sello-extensions-applied')).toBeNull();
  });

  it('with Sello-Extensions: decimal-quantity: accepted, sealed by the simulator with cantidad 1.5 and exact totals', async () => {
    const id = '0072e2e0-0000-4000-8000-000000000002';
    const res = await pos('/dte/fc', {
      method: 'POST',
      headers: { 'Sello-Extensions': 'decimal-quantity' },
      body: JSON.stringify(weighedSale(id, 1.5)),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('sello-extensions-applied')).toBe('decimal-quantity');
    const record = await approved(id);
    expect(record.total).toBe('4.49');
    const signed = await pos(`/dte/${id}/download/json`);
    expect(signed.status).toBe(200);
    const doc = (await signed.json()) as {
      identificacion: { version: number };
      cuerpoDocumento: Record<string, unknown>[];
      resumen: Record<string, unknown>;
    };
    expect(doc.cuerpoDocumento[0]).toMatchObject({ cantidad: 1.5, uniMedida: 36, precioUni: 2.99, ventaGravada: 4.485 });
    expect(doc.resumen).toMatchObject({ totalGravada: 4.49, totalPagar: 4.49, totalIva: 0.52 });
    const validator = doc.identificacion.version === 1 ? validatorFor('fe-fc-v1.json') : validatorForV2('fe-f-v2.json');
    // The receiver's copy carries the signature and MH's seal beside the document MH's schema describes.
    const { firmaElectronica: _signature, selloRecibido: seal, ...unsigned } = doc as typeof doc & Record<string, unknown>;
    expect(seal).toEqual(expect.any(String));
    expect(validator(unsigned), schemaErrors(validator)).toBe(true);
    // A replay with the opt-in is the same document (200); without it, the spec refuses the fraction again.
    const again = await pos('/dte/fc', {
      method: 'POST',
      headers: { 'Sello-Extensions': 'decimal-quantity' },
      body: JSON.stringify(weighedSale(id, 1.5)),
    });
    expect(again.status).toBe(200);
    expect((await pos('/dte/fc', { method: 'POST', body: JSON.stringify(weighedSale(id, 1.5)) })).status).toBe(422);
  });

  it('with the opt-in, 9 decimals are still 422 at items.0.quantity; an unknown extension is 422 naming the header', async () => {
    const nine = await pos('/dte/fc', {
      method: 'POST',
      headers: { 'Sello-Extensions': 'decimal-quantity' },
      body: JSON.stringify(weighedSale('0072e2e0-0000-4000-8000-000000000003', 0.123456789)),
    });
    expect(nine.status).toBe(422);
    expect(((await nine.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ path: 'items.0.quantity', code: 'TOO_MANY_DECIMALS' }),
    ]);
    const unknown = await pos('/dte/fc', {
      method: 'POST',
      headers: { 'Sello-Extensions': 'decimal-quantities' },
      body: JSON.stringify(weighedSale('0072e2e0-0000-4000-8000-000000000004', 1.5)),
    });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ path: 'Sello-Extensions', code: 'UNKNOWN_CODE' }),
    ]);
    expect((await pos('/dte/0072e2e0-0000-4000-8000-000000000004')).status).toBe(404);
  });

  it('the OpenAPI document: the spec integer stays the schema, and the opt-in header is documented', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string; description: string }[]; requestBody: unknown }>>;
    };
    const op = doc.paths['/dte/fc']!.post!;
    const header = op.parameters.find((p) => p.name === 'Sello-Extensions');
    expect(header).toMatchObject({ in: 'header' });
    expect(header!.description).toContain('decimal-quantity');
    const items = (
      op.requestBody as {
        content: { 'application/json': { schema: { properties: { items: { items: { properties: { quantity: { type: string } } } } } } } };
      }
    ).content['application/json'].schema.properties.items.items.properties;
    expect(items.quantity.type).toBe('integer');
  });
});
