// The README's first command sells at once (issue 33): a real `sello serve --demo` process whose catalog has the
// demo's shop, a cashier finds a product by its barcode and sells it, and a start after a hard kill neither
// doubles the catalog nor brings back what someone changed.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../../main/core/catalog/demo-products';
import type { Product, ProductPage } from '../../shared/catalog';
import type { DteRecord } from '../../shared/records';
import { tempDir } from '../support/core';
import { exitOf, startServe } from '../support/serve-process';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

const JSON_V1 = { 'X-API-Version': '1', 'Content-Type': 'application/json' };

async function session(url: string, login: string, password: string): Promise<string> {
  const res = await fetch(`${url}/session`, { method: 'POST', headers: JSON_V1, body: JSON.stringify({ login, password }) });
  expect(res.status).toBe(201);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function products(url: string, cookie: string, query: string): Promise<Product[]> {
  const res = await fetch(`${url}/products?${query}`, { headers: { ...JSON_V1, Cookie: cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as ProductPage).items;
}

describe('sello serve --demo: a demo that sells', () => {
  it('a cashier scans a demo barcode and sells it; after a kill -9 the catalog is the same, not doubled', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const first = await startServe(['--demo', '--port', '0', '--data-dir', t.dir]);
    cleanups.push(() => first.child.kill('SIGKILL'));
    const cashier = await session(first.url, 'cajero', '123456');
    expect(await products(first.url, cashier, 'limit=200')).toHaveLength(DEMO_PRODUCTS.length);

    const oil = DEMO_PRODUCTS.find((p) => p.description.startsWith('Aceite'))!;
    const [found] = await products(first.url, cashier, `barcode=${oil.barcodes[0]!}`);
    expect(found).toMatchObject({ code: oil.code, shelfPrice: '2.75', saleType: 'GRAVADA' });

    const id = '4b1f6c2e-8d3a-4e5f-9a0b-1c2d3e4f5a6b';
    const created = await fetch(`${first.url}/dte/fc`, {
      method: 'POST',
      headers: { ...JSON_V1, 'X-API-Key': 'sello-demo-api-key' },
      body: JSON.stringify({
        id,
        paymentType: 'CONTADO',
        items: [
          {
            type: found!.itemType,
            internalCode: found!.code,
            description: found!.description,
            quantity: 2,
            unitMeasure: found!.unitMeasure,
            unitPrice: Number(found!.netPrice),
            saleType: found!.saleType,
          },
        ],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const status = async () =>
      ((await (await fetch(`${first.url}/dte/${id}`, { headers: { 'X-API-Key': 'sello-demo-api-key' } })).json()) as DteRecord).status;
    await expect.poll(status, { timeout: 15_000 }).toBe('APPROVED');

    // A supervisor takes a product off sale, then the process dies for real.
    const supervisor = await session(first.url, 'supervisor', 'demo-super');
    const water = (await products(first.url, supervisor, 'code=BEB-003'))[0]!;
    const put = await fetch(`${first.url}/products/${water.id}`, {
      method: 'PUT',
      headers: { ...JSON_V1, Cookie: supervisor },
      body: JSON.stringify({ ...water, id: undefined, createdAt: undefined, updatedAt: undefined, active: false }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    first.child.kill('SIGKILL');
    await exitOf(first.child);

    const second = await startServe(['--demo', '--port', '0', '--data-dir', t.dir]);
    cleanups.push(() => second.child.kill('SIGKILL'));
    const again = await session(second.url, 'cajero', '123456');
    const all = await products(second.url, again, 'limit=200');
    expect(all).toHaveLength(DEMO_PRODUCTS.length);
    expect(all.find((p) => p.code === 'BEB-003')?.active).toBe(false);
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  }, 90_000);
});
