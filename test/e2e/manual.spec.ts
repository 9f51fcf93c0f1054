// The user guide's screens (docs/manual/), taken by the suite on the demo station at 1366×768 so they never go
// stale: each test walks what one chapter tells a person to do, with the keyboard, and writes the screens the
// chapter shows. The last test checks that the guide shows exactly the screens written here.
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, checkScreen, login, simMode } from './helpers';

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
  await nav(page, 'Cierre de caja').click();
  await expect(page.getByRole('heading', { name: 'Cierre de caja', level: 1 })).toBeVisible();
  await shot(page, 'cierre');
});

test('la guía muestra exactamente las pantallas que esta prueba toma', () => {
  const shown = new Set<string>();
  for (const file of readdirSync(MANUAL).filter((f) => f.endsWith('.md')))
    for (const m of readFileSync(join(MANUAL, file), 'utf8').matchAll(/\]\(img\/([\w-]+\.png)\)/g)) shown.add(m[1]!);
  expect([...shown].sort()).toEqual([...written].sort());
  expect(readdirSync(IMG).sort()).toEqual([...written].sort());
});
