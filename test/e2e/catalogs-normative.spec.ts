// The payment methods a cashier is offered follow the normative in force (docs/decisions/0086-catalogs-per-normative.md),
// keyboard first at 1366×768. Its own station, as retorno.spec.ts has: the demo company with the CAT-008 district
// the 2026 normative needs, on the legacy normative with a switch to 2026 scheduled a few seconds ahead. Before the
// switch, Emitir offers 06 (vales) and 10 (tarjeta de regalo); on the instant it takes effect, without reloading,
// neither is offered, every method at the counter is one of the 2026 CAT-017, and a card sale is sealed by MH.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { createMhSimulator, type MhSimulator } from '../../main/mh-sim/server';
import { DEMO_STATION } from '../../main/core/station/demo';
import { DEMO_PRODUCTS } from '../../main/core/catalog/demo-products';
import { DEMO_USERS, checkScreen, logIn } from './helpers';

const schemas = (folder: string) => fileURLToPath(new URL(`../../../shared/mh/schemas/${folder}`, import.meta.url));

/** MH's 2026 CAT-017: 01–05, 08, 09, 11–14 and 99 (no 06, no 10). */
const CAT017_2026 = ['01', '02', '03', '04', '05', '08', '09', '11', '12', '13', '14', '99'];

let sim: MhSimulator;
let core: Core;
let app: Awaited<ReturnType<typeof buildHttpServer>>;
let base = '';

test.beforeAll(async () => {
  process.env.SELLO_SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'sello-e2e-catalogs-key-')), 'secret.key');
  sim = createMhSimulator({ schemasDir: schemas('legacy-v1-2023'), schemasV2Dir: schemas('v2-2026') });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const simUrl = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core = createCore({
    dataDir: mkdtempSync(join(tmpdir(), 'sello-e2e-catalogs-')),
    mh: { baseUrl: simUrl, user: DEMO_STATION.company.nit, password: 'demo' },
    initialStation: { ...DEMO_STATION, company, mhNormative: { current: 'legacy' } },
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

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name, exact: true }).click();

/** The CAT-017 codes Emitir's first payment line offers. */
const emitirCodes = (page: Page) =>
  page.locator('#f-payments-0-method option').evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value).filter(Boolean));

test('the choices follow the normative: 06 and 10 until the switch, only the 2026 CAT-017 from its instant', async ({ page }) => {
  // The switch comes 12 s from now; the page learns of it when it loads.
  const at = new Date(Date.now() + 12_000);
  core.normative.set({ current: 'legacy', switchAt: at.toISOString().replace('Z', '+00:00') }, 'user:admin');
  await page.goto(`${base}/`);
  await logIn(page, DEMO_USERS.admin);

  // Emitir under the legacy normative: a payment line offers all fourteen, 06 and 10 among them.
  await nav(page, 'Emitir');
  await page.getByRole('button', { name: 'Agregar forma de pago' }).press('Enter');
  const method = page.locator('#f-payments-0-method');
  await expect(method).toBeVisible();
  await expect.poll(() => emitirCodes(page)).toContain('06');
  expect(await emitirCodes(page)).toContain('10');
  expect(Date.now(), 'the legacy choices were read before the switch').toBeLessThan(at.getTime());

  // The instant passes with the form open: the same select loses 06 and 10, no reload.
  await expect.poll(() => emitirCodes(page), { timeout: 20_000 }).toEqual(CAT017_2026);
  await method.focus();
  await checkScreen(page, 'emitir-payments-2026', { fullPage: false });

  // The counter: every method offered (and the one the mixed payment adds) is in the 2026 catalog.
  await nav(page, 'Venta rápida');
  const radios = page.locator('input[name="sale-method"][data-cat017]');
  await expect(radios.first()).toBeVisible();
  const offered = await radios.evaluateAll((rs) => rs.map((r) => (r as unknown as { dataset: { cat017: string } }).dataset.cat017));
  expect(offered.length).toBeGreaterThan(0);
  for (const code of offered) expect(CAT017_2026).toContain(code);

  // A card sale, keyboard only: a product scanned at a scanner's pace, Alt+2 (débito), F12; MH seals a v2.0 factura.
  await page.keyboard.press('F2');
  await expect(page.getByLabel('Código de barras, código o nombre del producto (F2)')).toBeFocused();
  await page.keyboard.type(DEMO_PRODUCTS[0]!.barcodes[0]!, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).not.toHaveText('$0.00');
  await page.keyboard.press('Alt+2');
  await expect(page.locator('input[name="sale-method"][value="debit"]')).toBeChecked();
  await page.keyboard.press('F12');
  await expect(page.getByTestId('sale-done')).toContainText('Venta emitida', { timeout: 10_000 });
  await checkScreen(page, 'counter-2026', { fullPage: false });
  await expect.poll(() => core.dtes.list({}).items.map((d) => [d.version, d.status]), { timeout: 15_000 }).toEqual([[2, 'APPROVED']]);
});
