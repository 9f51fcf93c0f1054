// Emitir's new kinds (docs/decisions/0084-emitir-new-kinds.md) at 1366×768. The NR to another branch of the
// company, by keyboard alone: the destination picked from the company's branches, the goods from the catalog, F12,
// sealed by the MH simulator with MH's own schemas. Then each other new kind's form (CL, DCL, CD) opens and issues.
// Its own station, as retorno.spec.ts has: the demo company with its catalog and branches, its own simulator.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PRODUCTS } from '../../main/core/catalog/demo-products';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { createMhSimulator, type MhSimulator } from '../../main/mh-sim/server';
import { DEMO_BRANCHES, DEMO_STATION } from '../../main/core/station/demo';
import { DEMO_KEY, DEMO_USERS, checkScreen, fill, logIn } from './helpers';

const schemas = (folder: string) => fileURLToPath(new URL(`../../../shared/mh/schemas/${folder}`, import.meta.url));
const headers = { 'X-API-Key': DEMO_KEY };

let sim: MhSimulator;
let core: Core;
let app: Awaited<ReturnType<typeof buildHttpServer>>;
let base = '';

test.beforeAll(async () => {
  process.env.SELLO_SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'sello-e2e-nr-key-')), 'secret.key');
  sim = createMhSimulator({ schemasDir: schemas('legacy-v1-2023'), schemasV2Dir: schemas('v2-2026') });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const simUrl = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  core = createCore({
    dataDir: mkdtempSync(join(tmpdir(), 'sello-e2e-nr-')),
    mh: { baseUrl: simUrl, user: DEMO_STATION.company.nit, password: 'demo' },
    initialStation: DEMO_STATION,
    allowedMhUrls: ['http://127.0.0.1:*'],
  });
  core.products.loadSamples(DEMO_PRODUCTS, 'system');
  const key = core.signing.publicKey();
  sim.registerKey(core.signing.nit()!, key!.export({ format: 'der', type: 'spki' }).toString('base64'));
  app = await buildHttpServer(core, { logger: silentLogger, uiDir: fileURLToPath(new URL('../../dist/renderer', import.meta.url)) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await app?.close();
  core?.close();
  await sim?.app.close();
});

/** Presses Tab until `target` has the focus (at most `max` times): how a person reaches it without a mouse. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached with Tab');
}

/** The newest document of a kind, read through the contract, and its signed MH JSON. */
async function newest(page: Page, kind: string) {
  const list = (await (await page.request.get(`${base}/dte?type=${kind}&limit=1`, { headers })).json()) as { items: { id: string }[] };
  const id = list.items[0]!.id;
  const json = (await (await page.request.get(`${base}/dte/${id}/download/json`, { headers })).json()) as Record<string, unknown>;
  return { id, json };
}

const kindTab = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Tipo de documento' }).getByRole('button', { name, exact: true });

test('a cashier sends goods to another branch in one step, by keyboard; MH seals the NR', async ({ page }) => {
  await page.goto(`${base}/`);
  await logIn(page, DEMO_USERS.cajero);
  await tabTo(page, page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Emitir', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, kindTab(page, 'Nota de remisión'));
  await page.keyboard.press('Enter');

  // The destination has the focus: the company's branches, this station's own (M001) left out.
  const destination = page.locator('#f-destinationBranch');
  await expect(destination).toBeFocused();
  await expect(destination.locator('option')).toHaveText([
    'Ninguna: los bienes van a otro receptor',
    'B001 · Bodega Mejicanos',
    'S002 · Sucursal Santa Ana Centro',
  ]);
  // A letter picks the branch as on any list; the reason is already a transfer (CAT-025 04).
  await page.keyboard.press('S');
  await expect(destination).toHaveValue('S002');
  await expect(page.locator('#f-destinationBranch-hint')).toHaveText('Destino: Avenida Independencia Sur 15, SANTA ANA CENTRO, Santa Ana');
  await expect(page.locator('#f-goodsTitle')).toHaveValue('TRASLADO');

  // The goods from the catalog: the code, Enter, the quantity.
  await tabTo(page, page.locator('#f-items-0-product'));
  await page.keyboard.type('ABA-007');
  await page.keyboard.press('Enter');
  await expect(page.locator('#f-items-0-description')).toHaveValue('Café molido tostado 200 g');
  await expect(page.locator('#f-items-0-quantity')).toBeFocused();
  await page.keyboard.type('24');
  await expect(page.getByTestId('total')).not.toHaveText('—');
  await checkScreen(page, 'nr-branch-form', { fullPage: false });
  await page.keyboard.press('F12');

  await expect(page.locator('.issued')).toContainText(/DTE-04-M001P001-\d{15}/);
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 15_000 });
  await checkScreen(page, 'nr-branch-issued', { fullPage: false });

  // What MH sealed: the company itself receives, at the branch's address, goods sent as a transfer.
  const { json } = await newest(page, 'NR');
  const receptor = json.receptor as Record<string, unknown>;
  expect(receptor.numDocumento).toBe(DEMO_STATION.company.nit);
  expect(receptor.bienTitulo).toBe('04');
  const santaAna = DEMO_BRANCHES.find((b) => b.code === 'S002')!;
  expect(receptor.direccion).toMatchObject({ departamento: '02', complemento: santaAna.address.complement });
  expect((json.cuerpoDocumento as { cantidad: number; descripcion: string }[])[0]).toMatchObject({
    cantidad: 24,
    descripcion: 'Café molido tostado 200 g',
  });
  expect(json.selloRecibido).toBeTruthy();
});

/** Fills the fields of a form by path, issues it, and waits for MH's seal. */
async function issueForm(page: Page, kind: string, fields: [string, string][]) {
  await kindTab(page, kind).click();
  for (const [path, value] of fields) await fill(page, path, value);
  await page.getByRole('button', { name: /Emitir \(F12\)/ }).click();
  await expect(page.locator('.issued')).toContainText('Documento emitido', { timeout: 10_000 });
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 15_000 });
}

const taxpayer: [string, string][] = [
  ['recipient.name', 'Distribuidora La Ceiba, S.A. de C.V.'],
  ['recipient.identificationDocument.number', '06141234567890'],
  ['recipient.nrc', '1234567'],
  ['recipient.economicActivity', '46900'],
  ['recipient.email', 'compras@laceiba.example.com'],
  ['recipient.address.department', '06'],
  ['recipient.address.municipality', '23'],
  ['recipient.address.complement', 'Calle Arce 1010'],
];

test('the CL, the DCL and the CD: each form opens with its own fields and issues', async ({ page }) => {
  // A factura sold for the principal, which the CL liquidates.
  const sold = await page.request.post(`${base}/dte/fc`, {
    headers: { ...headers, Prefer: 'wait=10' },
    data: {
      id: '0e570000-0000-4000-8000-0000000000f1',
      paymentType: 'CONTADO',
      items: [{ type: 'BIENES', description: 'Aceite vegetal 750 ml', quantity: 10, unitPrice: 2.43, saleType: 'GRAVADA' }],
    },
  });
  expect(sold.status(), await sold.text()).toBeLessThan(300);
  // El Salvador's date (UTC−6): a period may not end after the document's day.
  const today = new Date(Date.now() - 6 * 3600_000).toISOString().slice(0, 10);

  await page.goto(`${base}/`);
  await logIn(page, DEMO_USERS.supervisor);
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Emitir', exact: true }).click();

  await issueForm(page, 'Liquidación', [
    ...taxpayer,
    ['items.0.taxDocumentNumber', '0e570000-0000-4000-8000-0000000000f1'],
    ['items.0.taxDocumentGeneratedAt', today],
    ['items.0.taxedSales', '24.30'],
  ]);
  expect(((await newest(page, 'CL')).json.cuerpoDocumento as unknown[]).length).toBe(1);
  await checkScreen(page, 'cl-issued', { fullPage: false });

  await page.getByRole('button', { name: 'Nuevo documento' }).click();
  await issueForm(page, 'Contable de liquidación', [
    ...taxpayer,
    ['periodStart', today.slice(0, 8) + '01'],
    ['periodEnd', today],
    ['operationsValue', '1130.00'],
    ['commission', '20.00'],
    ['commissionPercent', '2'],
  ]);
  await checkScreen(page, 'dcl-issued', { fullPage: false });

  await page.getByRole('button', { name: 'Nuevo documento' }).click();
  await issueForm(page, 'Donación', [
    ['recipient.name', 'María Elena Campos'],
    ['recipient.identificationDocument.number', '01234567-8'],
    ['recipient.address.department', '06'],
    ['recipient.address.municipality', '23'],
    ['recipient.address.complement', 'Colonia Médica, calle 2'],
    ['items.0.description', 'Donación en efectivo para el comedor'],
    ['items.0.unitValue', '250'],
    ['attachments.0.name', 'Resolución 123-2026'],
    ['attachments.0.details', 'Calificación de la entidad donataria'],
  ]);
  await checkScreen(page, 'cd-issued', { fullPage: false });
});
