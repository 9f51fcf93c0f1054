// Productos at 1366×768: a supervisor adds a product by its shelf price, finds it with a scanner, edits it,
// imports a file with a good and a bad row, and exports; a cashier looks prices up and changes nothing.
// Codes start with CAT-E2E- and barcodes with 7410099: every spec shares the demo station.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, checkScreen, login } from './helpers';

test.describe.configure({ mode: 'serial' });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
const searchBox = (page: Page) => page.getByLabel('Buscar por código, descripción o código de barras');
const table = (page: Page) => page.getByTestId('products');
const barcode = (form: Locator, n: number) => form.getByRole('textbox', { name: `Código de barras ${n}`, exact: true });

async function openProducts(page: Page): Promise<void> {
  await nav(page).getByRole('button', { name: 'Productos' }).click();
  await expect(page.getByRole('heading', { name: 'Productos', level: 1 })).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
}

/** No horizontal scroll at 1366×768: the page is no wider than the window. */
async function fitsWidth(page: Page): Promise<void> {
  // A string, not a function: these specs compile without the DOM's types.
  expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
}

test('a supervisor adds a product by its shelf price, scans it and edits it', async ({ page }) => {
  await login(page, DEMO_USERS.supervisor);
  await openProducts(page);

  // Added with the price the shelf shows: the net price follows, as the server will store it.
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar producto' });
  const code = form.getByLabel('Código', { exact: true });
  await expect(code).toBeFocused();
  await code.fill('CAT-E2E-001');
  await form.getByLabel('Descripción').fill('Chicle de menta');
  await expect(form.getByLabel('Unidad de medida (CAT-014)')).toHaveValue('UNIDAD');
  await expect(form.getByLabel('Unidad de medida (CAT-014)').locator('option:checked')).toHaveText('59 · Unidad');
  await form.getByLabel('Precio con IVA ($)').fill('$0.25');
  await expect(form.getByLabel('Precio sin IVA ($)')).toHaveValue('0.22');
  await expect(form.getByTestId('error-price')).toHaveCount(0);
  await expect(form).toContainText('Se guarda 0.22123894');
  // A second barcode is a row asked for; a scanner's Enter in a barcode saves, as in every field, adding no row.
  await barcode(form, 1).fill('7410099000011');
  await barcode(form, 1).press('Tab');
  await expect(form.getByRole('button', { name: 'Quitar el código de barras 1' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Agregar código de barras' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(barcode(form, 2)).toBeFocused();
  await page.keyboard.type('CHICLE25');
  await expect(form).toBeVisible();
  await checkScreen(page, 'catalog-add');
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(form.getByRole('textbox', { name: 'Código de barras 3', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('products-notice')).toHaveText('Producto CAT-E2E-001 agregado.');
  await expect(page.getByRole('button', { name: 'Agregar producto' })).toBeFocused();

  // The server's refusal shows beside the field it names: a barcode another product has.
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  const second = page.getByRole('dialog', { name: 'Agregar producto' });
  await second.getByLabel('Código', { exact: true }).fill('CAT-E2E-002');
  await second.getByLabel('Descripción').fill('Chicle de fresa');
  await second.getByLabel('Tipo de venta').selectOption('EXENTA');
  await second.getByLabel('Precio sin IVA ($)').fill('0.30');
  await expect(second.getByLabel('Precio con IVA ($)')).toHaveValue('0.30');
  await barcode(second, 1).fill('7410099000011');
  await second.getByLabel('Descripción').press('Enter');
  await expect(second.getByTestId('error-barcode-0')).toHaveText('El código de barras 7410099000011 ya es del producto CAT-E2E-001.');
  await expect(barcode(second, 1)).toBeFocused();
  await checkScreen(page, 'catalog-server-error');
  // Esc cancels, and focus is back where the form was opened.
  await page.keyboard.press('Escape');
  await expect(second).toBeHidden();
  await expect(page.getByRole('button', { name: 'Agregar producto' })).toBeFocused();

  // A scan: the digits and Enter in the search box find the product by its barcode.
  await searchBox(page).focus();
  await page.keyboard.type('7410099000011');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveText('Código de barras 7410099000011: CAT-E2E-001, Chicle de menta.');
  const row = table(page).getByRole('row', { name: /CAT-E2E-001/ });
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([
    'CAT-E2E-001',
    '7410099000011CHICLE25',
    'Chicle de menta',
    '59 · Unidad',
    'Gravada',
    '$0.25',
    '$0.22',
    'Sí',
    'Editar',
  ]);
  await fitsWidth(page);
  await checkScreen(page, 'catalog-scanned');
  // A barcode nobody has: said so, with the way to add it.
  await searchBox(page).fill('7410099999999');
  await searchBox(page).press('Enter');
  await expect(page.getByTestId('scan-result')).toContainText('Ningún producto tiene el código de barras 7410099999999.');
  await expect(page.getByRole('button', { name: 'Agregar un producto con el código de barras 7410099999999' })).toBeVisible();

  // Edited from the net price: the shelf price follows; Enter saves this small form.
  await searchBox(page).fill('CAT-E2E-001');
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await row.getByRole('button', { name: 'Editar CAT-E2E-001' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar CAT-E2E-001' });
  await expect(edit.getByLabel('Precio con IVA ($)')).toHaveValue('0.25');
  await expect(barcode(edit, 2)).toHaveValue('CHICLE25');
  await edit.getByLabel('Precio sin IVA ($)').fill('1');
  await expect(edit.getByLabel('Precio con IVA ($)')).toHaveValue('1.13');
  await edit.getByLabel('Descripción').fill('Chicle de menta, caja');
  await edit.getByRole('button', { name: 'Quitar el código de barras 2' }).click();
  await edit.getByLabel('Descripción').press('Enter');
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('products-notice')).toHaveText('Producto CAT-E2E-001 guardado.');
  await expect(row.getByRole('cell')).toHaveText([
    'CAT-E2E-001',
    '7410099000011',
    'Chicle de menta, caja',
    '59 · Unidad',
    'Gravada',
    '$1.13',
    '$1.00',
    'Sí',
    'Editar',
  ]);
  await expect(row.getByRole('button', { name: 'Editar CAT-E2E-001' })).toBeFocused();
});

test('an import previews every row, then saves the good ones; the export downloads the catalog', async ({ page }) => {
  await login(page, DEMO_USERS.supervisor);
  await openProducts(page);

  await page.getByRole('button', { name: 'Importar CSV o XLSX…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar productos' });
  const csv =
    'codigo;descripcion;precio_con_iva;codigo_barras;unidad\r\nCAT-E2E-100;Galleta de vainilla;$0,50;7410099000103;59\r\nCAT-E2E-101;Galleta rota;abc;;\r\n';
  await dialog.getByLabel('Archivo CSV o XLSX').setInputFiles({ name: 'galletas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByTestId('import-summary')).toHaveText(
    '2 filas en el archivo: 1 nuevo, 0 con cambios, 0 sin cambios, 1 con errores.',
  );
  const rows = dialog.getByTestId('import-rows').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Nuevo');
  await expect(rows.nth(0)).toContainText('Galleta de vainilla · $0.50');
  await expect(rows.nth(1)).toContainText('Con errores');
  await expect(rows.nth(1)).toContainText('precio_con_iva: "abc" no es un precio');
  await expect(page.getByTestId('products').getByText('CAT-E2E-100')).toHaveCount(0);
  await fitsWidth(page);
  await checkScreen(page, 'catalog-import-preview');

  await dialog.getByRole('button', { name: 'Importar 1 producto válido' }).click();
  await expect(dialog.getByTestId('import-done')).toHaveText(
    'Listo: 1 producto creado y 0 actualizados. 1 fila con errores no se importó.',
  );
  await expect(dialog.getByRole('button', { name: 'Cerrar (Esc)' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await searchBox(page).fill('galleta');
  const imported = table(page).getByRole('row', { name: /CAT-E2E-100/ });
  await expect(imported).toContainText('Galleta de vainilla');
  await expect(imported).toContainText('$0.50');
  await expect(table(page).getByText('CAT-E2E-101')).toHaveCount(0);

  // The export: the catalog's CSV, as the browser downloads it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('codigo,codigo_barras,descripcion,unidad,tipo_item,tipo_venta,precio_con_iva,precio_sin_iva,activo');
  expect(lines).toContain('CAT-E2E-001,7410099000011,"Chicle de menta, caja",UNIDAD,BIENES,GRAVADA,1.13,1.00,sí');
  expect(lines).toContain('CAT-E2E-100,7410099000103,Galleta de vainilla,UNIDAD,BIENES,GRAVADA,0.50,0.44247788,sí');
  await expect(page.getByTestId('products-notice')).toHaveText(`Descargado: ${download.suggestedFilename()}.`);
  // And the workbook: a ZIP (XLSX), named the same way.
  const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar XLSX' }).click()]);
  expect(workbook.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const xlsx = readFileSync(await workbook.path());
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  // The workbook comes back unchanged: read in the page as base64, every row "Sin cambios", nothing to import.
  await page.getByRole('button', { name: 'Importar CSV o XLSX…' }).click();
  await dialog.getByLabel('Archivo CSV o XLSX').setInputFiles({ name: workbook.suggestedFilename(), mimeType: '', buffer: xlsx });
  await expect(dialog.getByTestId('import-summary')).toHaveText(
    /^(\d+) filas en el archivo: 0 nuevos, 0 con cambios, \1 sin cambios, 0 con errores\.$/,
  );
  await expect(dialog).toContainText('No hay productos nuevos ni cambios que importar.');
  await expect(dialog.getByRole('button', { name: /^Importar \d+/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the list goes a page at a time, by keyboard', async ({ page }) => {
  await login(page, DEMO_USERS.supervisor);
  await openProducts(page);
  const rows = Array.from({ length: 55 }, (_, i) => `CAT-E2E-P${String(i + 1).padStart(2, '0')},Producto de página ${i + 1},1.00`);
  await page.getByRole('button', { name: 'Importar CSV o XLSX…' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Importar productos' });
  await expect(dialog.getByLabel('Archivo CSV o XLSX')).toBeFocused();
  await dialog.getByLabel('Archivo CSV o XLSX').setInputFiles({
    name: 'paginas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['codigo,descripcion,precio_con_iva', ...rows].join('\n')),
  });
  await dialog.getByRole('button', { name: 'Importar 55 productos válidos' }).press('Enter');
  await expect(dialog.getByTestId('import-done')).toHaveText('Listo: 55 productos creados y 0 actualizados.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await searchBox(page).focus();
  await page.keyboard.type('CAT-E2E-P');
  const body = table(page).locator('tbody tr');
  await expect(body).toHaveCount(50);
  await expect(body.first()).toContainText('CAT-E2E-P01');
  const pages = page.getByRole('navigation', { name: 'Páginas' });
  await expect(pages).toContainText('Página 1 · 50 productos');
  await expect(pages.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Siguiente' }).press('Enter');
  await expect(pages).toContainText('Página 2 · 5 productos');
  await expect(body).toHaveCount(5);
  await expect(body.first()).toContainText('CAT-E2E-P51');
  await expect(pages.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await checkScreen(page, 'catalog-page-2');
  await pages.getByRole('button', { name: 'Anterior' }).press('Enter');
  await expect(pages).toContainText('Página 1 · 50 productos');
  await fitsWidth(page);
  // Esc in the search box clears it.
  await searchBox(page).press('Escape');
  await expect(searchBox(page)).toHaveValue('');
});

test('a cashier looks prices up and sees nothing to change', async ({ page }) => {
  await login(page, DEMO_USERS.cajero);
  await openProducts(page);
  await expect(page.getByText('Consulta de precios: solo un supervisor o un administrador agrega o cambia productos.')).toBeVisible();
  await searchBox(page).fill('CAT-E2E');
  await expect(table(page).getByRole('row', { name: /CAT-E2E-001/ })).toContainText('$1.13');
  await expect(table(page).getByRole('row', { name: /CAT-E2E-100/ })).toContainText('$0.50');
  await expect(page.getByRole('button', { name: 'Agregar producto' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Importar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
  await fitsWidth(page);
  await checkScreen(page, 'catalog-cashier');
  // The server refuses what the screen does not offer.
  const refused = await page.request.post('/products', {
    headers: { 'X-API-Version': '1' },
    data: { code: 'CAT-E2E-999', description: 'No', shelfPrice: '1' },
  });
  expect(refused.status()).toBe(403);
});
