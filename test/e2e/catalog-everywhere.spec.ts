// One catalog everywhere (issue 33), keyboard only at 1366×768: the demo sells its own shop from a clean start,
// a CCF in Emitir takes its lines from the same catalog (by name and by barcode), and "Productos más vendidos"
// lists that product once, net of IVA, saying so in its header.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_KEY, DEMO_USERS, checkScreen, fill, login, simMode } from './helpers';

// Demo products (main/core/catalog/demo-products.ts): what a new station's counter has on its first start.
const RICE = { code: 'ABA-001', barcode: '7415060001004', description: 'Arroz blanco precocido 1 lb', net: '0.84070796' };
const COLA = { code: 'BEB-001', barcode: '7415060002827', description: 'Coca-Cola 600 ml', net: '0.75221239' };
const SHOTS = '/tmp/shots-catalog';
const API = { 'X-API-Key': DEMO_KEY };

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
/** A button reached and pressed with the keyboard. */
const press = async (page: Page, name: string, scope = nav(page)) => {
  await scope.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
};

async function mhDocument(request: APIRequestContext, controlNumber: string) {
  const list = (await (await request.get(`/dte?q=${controlNumber}`, { headers: API })).json()) as { items: { id: string }[] };
  const id = list.items[0]!.id;
  const json = (await (await request.get(`/dte/${id}/download/json`, { headers: API })).json()) as {
    cuerpoDocumento: { codigo: string | null; descripcion: string; cantidad: number; precioUni: number }[];
  };
  return json;
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
});

test('the demo sells from a clean start: two demo barcodes scanned, paid and issued', async ({ page }) => {
  await login(page, DEMO_USERS.cajero);
  await expect(page.getByRole('heading', { name: 'Venta rápida' })).toBeVisible();
  const search = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await expect(search).toBeFocused();
  await expect(page.getByText('Todavía no hay productos')).toHaveCount(0);
  for (const code of [RICE.barcode, RICE.barcode, COLA.barcode]) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('sale-line-0')).toContainText(RICE.description);
  await expect(page.getByLabel(`Cantidad de ${RICE.description}`)).toHaveValue('2');
  await expect(page.getByTestId('sale-line-1')).toContainText(COLA.description);
  // Shelf prices with IVA: 2 × $0.95 + $0.85.
  await expect(page.getByTestId('sale-total')).toHaveText('$2.75');
  await page.keyboard.press('F4');
  await expect(page.locator('#sale-cash')).toBeFocused();
  await page.keyboard.type('5');
  await expect(page.getByTestId('sale-change')).toHaveText('Cambio $2.25');
  await shot(page, 'demo-sale-cart');
  await page.keyboard.press('F12');
  await expect(page.getByTestId('sale-done')).toContainText('Venta emitida');
  await expect(page.getByTestId('sale-status')).toHaveText('Aprobado', { timeout: 30_000 });
  await shot(page, 'demo-sale-done');
  await checkScreen(page, 'catalog-everywhere-sale');
});

test('a CCF in Emitir takes its lines from the catalog: by name, by barcode, and an unknown one said', async ({ page, request }) => {
  await login(page);
  await press(page, 'Emitir');
  await press(page, 'Crédito fiscal', page.getByRole('group', { name: 'Tipo de documento' }));
  await expect(page.getByRole('heading', { name: /Crédito fiscal/ })).toBeVisible();
  for (const [path, value] of [
    ['recipient.name', 'Distribuidora La Ceiba, S.A. de C.V.'],
    ['recipient.identificationDocument.number', '06141234567890'],
    ['recipient.nrc', '1234567'],
    ['recipient.economicActivity', '46900'],
    ['recipient.email', 'compras@laceiba.example.com'],
    ['recipient.address.department', '06'],
    ['recipient.address.municipality', '23'],
    ['recipient.address.complement', 'Calle Arce 1010'],
  ] as const)
    await fill(page, path, value);

  // First line: a word of the name, the match listed with its price on the CCF's basis, Enter picks it.
  const product0 = page.locator('#f-items-0-product');
  await product0.focus();
  await page.keyboard.type('arroz');
  const results = page.getByRole('listbox', { name: 'Productos encontrados' });
  await expect(results).toContainText(`${RICE.code} · ${RICE.description} · $0.84 sin IVA ($0.95 con IVA)`);
  await shot(page, 'ccf-picker-results');
  await checkScreen(page, 'catalog-everywhere-picker');
  await page.keyboard.press('Enter');
  await expect(page.locator('#f-items-0-description')).toHaveValue(RICE.description);
  await expect(page.locator('#f-items-0-unitPrice')).toHaveValue(RICE.net);
  await expect(page.locator('#f-items-0-unitMeasure')).toHaveValue('36 · libra');
  await expect(page.locator('#f-items-0-internalCode')).toHaveValue(RICE.code);
  // What is left to say is how many: the quantity has the focus, its 1 selected.
  await expect(page.locator('#f-items-0-quantity')).toBeFocused();
  await page.keyboard.type('3');

  // "Agregar línea": the focus goes to the new line's search, in sight.
  await press(page, 'Agregar línea', page.locator('form'));
  const product1 = page.locator('#f-items-1-product');
  await expect(product1).toBeFocused();
  await expect(product1).toBeInViewport();
  await shot(page, 'ccf-added-line');
  // A code nobody has: said, kept for correction, nothing filled.
  await page.keyboard.type('7415060009999');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Ningún producto activo con «7415060009999»')).toBeVisible();
  await expect(product1).toBeFocused();
  await expect(product1).toHaveValue('7415060009999');
  await expect(page.locator('#f-items-1-description')).toHaveValue('');
  // The scanner reads the right one: the barcode picks it at once.
  await page.keyboard.press('Control+A');
  await page.keyboard.type(COLA.barcode);
  await page.keyboard.press('Enter');
  await expect(page.locator('#f-items-1-description')).toHaveValue(COLA.description);
  await expect(page.locator('#f-items-1-unitPrice')).toHaveValue(COLA.net);
  await expect(page.locator('#f-items-1-quantity')).toBeFocused();
  // 3 × 0.84 + 0.75 = 3.27 net, + 13 % IVA.
  await expect(page.getByTestId('total')).toHaveText('$3.70');
  await shot(page, 'ccf-two-lines');
  await checkScreen(page, 'catalog-everywhere-ccf');

  await page.keyboard.press('F12');
  const status = page.locator('.issued');
  await expect(status).toContainText('Documento emitido', { timeout: 10_000 });
  const control = /DTE-03-[A-Z0-9]{8}-\d{15}/.exec((await status.textContent()) ?? '')?.[0] ?? '';
  expect(control).not.toBe('');
  // MH's document carries the catalog's codes and net prices.
  const json = await mhDocument(request, control);
  expect(json.cuerpoDocumento.map((l) => [l.codigo, l.descripcion, l.cantidad, l.precioUni])).toEqual([
    [RICE.code, RICE.description, 3, Number(RICE.net)],
    [COLA.code, COLA.description, 1, Number(COLA.net)],
  ]);
});

test('"Productos más vendidos" says its basis and lists the rice once: FC and CCF, net of IVA', async ({ page }) => {
  await login(page, DEMO_USERS.supervisor);
  await press(page, 'Libros y reportes');
  await expect(page.getByRole('heading', { name: 'Libros y reportes', level: 1 })).toBeVisible();
  await press(page, 'Reportes', page.locator('main'));
  // Today at the station, El Salvador's date: the sales above.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador' }).format(new Date());
  await page.getByLabel('Desde').fill(today);
  await page.getByLabel('Hasta').fill(today);
  await press(page, 'Ver reporte', page.locator('main'));
  const block = page.getByTestId('report-products');
  await expect(block.getByRole('heading', { name: 'Productos más vendidos (montos sin IVA)' })).toBeVisible();
  await expect(block).toContainText('todos los montos sin IVA');
  const table = block.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Total sin IVA (US$)' })).toBeVisible();
  const rice = table.getByRole('row').filter({ hasText: RICE.description });
  await expect(rice).toHaveCount(1);
  // FC: 2 × $0.95 = $1.90 with IVA, $1.68 net; CCF: 3 × $0.84070796 = $2.52. Quantity 5.
  await expect(rice.getByRole('cell')).toHaveText([RICE.code, '5', '$4.20']);
  await block.scrollIntoViewIfNeeded();
  await shot(page, 'report-products');
  await checkScreen(page, 'catalog-everywhere-report');
});
