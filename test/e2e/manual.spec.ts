// The user guide's screens (docs/manual/), taken by the suite on the demo station at 1366×768 so they never go
// stale: each test walks what one chapter tells a person to do, with the keyboard, and writes the screens the
// chapter shows. The last test checks that the guide shows exactly the screens written here.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createCore } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import { buildHttpServer } from '../../main/http/server';
import { createMhSimulator } from '../../main/mh-sim/server';
import { DEMO_KEY, DEMO_USERS, checkScreen, logIn, login, openIssue, settingsSection, simMode } from './helpers';

const MANUAL = fileURLToPath(new URL('../../docs/manual', import.meta.url));
const IMG = join(MANUAL, 'img');
const written = new Set<string>();

/** A screen for the guide (and the accessibility check every screen gets). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(IMG, { recursive: true });
  await page.screenshot({ path: join(IMG, `${name}.png`) });
  written.add(`${name}.png`);
  await checkScreen(page, `manual-${name}`, { fullPage: false });
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name, exact: true });

test.afterEach(async ({ request }) => {
  await simMode(request, 'normal');
});

test('cajero: entrar, vender con el lector, cobrar y ver el documento aprobado', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByLabel('Usuario', { exact: true }).fill(DEMO_USERS.cajero.login);
  await shot(page, 'entrar');
  await page.getByLabel('Contraseña o PIN', { exact: true }).fill(DEMO_USERS.cajero.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session-user')).toContainText(DEMO_USERS.cajero.name);

  const search = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await expect(search).toBeFocused();
  // A scanner types the barcode and Enter, a key every 5 ms; then a product by a word of its name.
  await page.keyboard.type('7415060001004', { delay: 5 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('7415060001004', { delay: 5 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('café molido', { delay: 5 });
  await expect(page.getByRole('listbox', { name: 'Productos encontrados' })).toContainText('Café molido tostado 200 g');
  await shot(page, 'venta-busqueda');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$5.00');
  await page.keyboard.press('F4');
  await page.keyboard.type('10');
  await expect(page.getByTestId('sale-change')).toHaveText('Cambio $5.00');
  await shot(page, 'venta-cobro');
  await page.keyboard.press('F12');
  await expect(page.getByTestId('sale-status')).toHaveText('Aprobado', { timeout: 30_000 });
  await shot(page, 'venta-emitida');

  await nav(page, 'Documentos').click();
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  await shot(page, 'documentos');
});

test('supervisor: sin internet se sigue vendiendo, y la pantalla Envío a MH dice qué pasa', async ({ page, request }) => {
  await simMode(request, 'down');
  await login(page, DEMO_USERS.supervisor);
  await page.keyboard.type('7415060001844', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$1.35');
  await page.keyboard.press('F12');
  await expect(page.getByTestId('sale-done')).toContainText('Venta emitida');
  await nav(page, 'Envío a MH').click();
  await expect(page.getByRole('heading', { name: 'Envío a MH', level: 1 })).toBeVisible();
  // The state MH's outage puts the station in (the heading "Contingencias" is always there: it proves nothing).
  await expect(page.getByRole('main')).toContainText('Sin conexión con MH', { timeout: 30_000 });
  await shot(page, 'envio-mh-sin-conexion');
  await simMode(request, 'normal');

  await nav(page, 'Productos').click();
  await expect(page.getByRole('heading', { name: 'Productos', level: 1 })).toBeVisible();
  await shot(page, 'productos');
});

test('contador: los libros y anexos del mes', async ({ page }) => {
  await login(page, DEMO_USERS.supervisor);
  await nav(page, 'Libros y reportes').click();
  await expect(page.getByRole('heading', { name: 'Libros y reportes', level: 1 })).toBeVisible();
  // This month, where the guide's sales are (the screen opens on the month before, the one declared now).
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador' }).format(new Date());
  await page.getByLabel('Mes', { exact: true }).focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`, { delay: 5 });
  await expect(page.getByRole('heading', { name: /^Anexos F-07 de / })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'libros');
});

test('administrador: los ajustes de la estación', async ({ page }) => {
  await login(page, DEMO_USERS.admin);
  await nav(page, 'Ajustes').click();
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  await shot(page, 'ajustes');
  // The receipt printer: the thermal printer's choice shown, not saved (the demo keeps printing PDFs).
  await settingsSection(page, 'Impresión');
  const printing = page.getByTestId('printing-panel');
  await printing.getByRole('radio', { name: 'ESC/POS directo (impresora térmica)' }).focus();
  await page.keyboard.press('Space');
  await expect(printing.getByLabel('Dirección IP o nombre de la impresora')).toBeVisible();
  await shot(page, 'ajustes-impresion');
  await nav(page, 'Cierre de caja').click();
  await expect(page.getByRole('heading', { name: 'Cierre de caja', level: 1 })).toBeVisible();
  await shot(page, 'cierre');
});

test('supervisor: una nota de crédito', async ({ page }) => {
  await login(page, DEMO_USERS.supervisor);
  await openIssue(page);
  const kinds = page.getByRole('group', { name: 'Tipo de documento' });
  await kinds.getByRole('button', { name: 'Nota de crédito', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(kinds.getByRole('button', { name: 'Nota de crédito', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The focus went down to the form's fields: the guide shows the type chosen, at the top of Emitir.
  await page.evaluate('window.scrollTo(0, 0)');
  await expect(kinds).toBeInViewport();
  await shot(page, 'nota-credito');
});

test('supervisor: una devolución, en una estación con la normativa de 2026', async ({ page }) => {
  // A station of this test: MH takes returns only under the 2026 normative, and the shared demo stays as it is.
  process.env.SELLO_SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'sello-e2e-manual-key-')), 'secret.key');
  const schemas = (folder: string) => fileURLToPath(new URL(`../../../shared/mh/schemas/${folder}`, import.meta.url));
  const sim = createMhSimulator({ schemasDir: schemas('legacy-v1-2023'), schemasV2Dir: schemas('v2-2026') });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  const core = createCore({
    dataDir: mkdtempSync(join(tmpdir(), 'sello-e2e-manual-')),
    mh: { baseUrl: `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`, user: DEMO_STATION.company.nit, password: 'demo' },
    initialStation: { ...DEMO_STATION, company, mhNormative: { current: '2026' } },
    allowedMhUrls: ['http://127.0.0.1:*'],
  });
  sim.registerKey(core.signing.nit()!, core.signing.publicKey()!.export({ format: 'der', type: 'spki' }).toString('base64'));
  const app = await buildHttpServer(core, { logger: silentLogger, uiDir: fileURLToPath(new URL('../../dist/renderer', import.meta.url)) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const id = 'a4a10000-0000-4000-8000-000000000001';
    const sold = await page.request.post(`${base}/dte/fc`, {
      headers: { 'X-API-Key': DEMO_KEY, Prefer: 'wait=10' },
      data: {
        id,
        paymentType: 'CONTADO',
        recipient: { name: 'Carlos Mauricio Rivas', identificationDocument: { type: 'DUI', number: '045678901' } },
        items: [
          { type: 'BIENES', description: 'Café de altura 1 lb', quantity: 2, unitPrice: 7.5, saleType: 'GRAVADA', unitMeasure: 'LIBRA' },
          { type: 'BIENES', description: 'Helado de vainilla', quantity: 1, unitPrice: 2.25, saleType: 'GRAVADA' },
        ],
      },
    });
    expect(sold.status(), await sold.text()).toBeLessThan(300);
    const control = ((await sold.json()) as { controlNumber: string }).controlNumber;
    await page.goto(`${base}/`);
    await logIn(page, DEMO_USERS.supervisor);
    await nav(page, 'Documentos').click();
    await page.getByLabel('Buscar cliente, número de control o código').fill(control);
    const row = page.getByRole('row', { name: new RegExp(control) });
    await expect(row).toContainText('Aprobado', { timeout: 20_000 });
    await row.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Devoluciones (Evento de Retorno)' });
    await panel.getByRole('button', { name: 'Devolución', exact: true }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Devolución', exact: true });
    await expect(form.getByLabel('Cantidad que se devuelve de Café de altura 1 lb (quedan 2)')).toBeFocused();
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('El cliente devolvió un café sin abrir', { delay: 5 });
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'devolucion');
  } finally {
    // The page's event stream (main/http/server.ts) holds the station's server open: the page leaves it first.
    await page.goto('about:blank');
    await app.close();
    core.close();
    await sim.app.close();
  }
});

test('la guía muestra exactamente las pantallas que esta prueba toma', () => {
  const shown = new Set<string>();
  for (const file of readdirSync(MANUAL).filter((f) => f.endsWith('.md')))
    for (const m of readFileSync(join(MANUAL, file), 'utf8').matchAll(/\]\(img\/([\w-]+\.png)\)/g)) shown.add(m[1]!);
  expect([...shown].sort()).toEqual([...written].sort());
  expect(readdirSync(IMG).sort()).toEqual([...written].sort());
});
