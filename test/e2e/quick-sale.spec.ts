// Venta rápida as a cashier works it, keyboard only at 1366×768: products by barcode and by name at shelf
// prices, the $9.00 sale on screen, in MH's signed document and on the receipt, Enter never issuing, the
// payment with change, and mixed payments reaching MH's pagos.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_KEY, DEMO_USERS, checkScreen, login, pdfText, simMode } from './helpers';

const SCREW = { code: 'QS-E2E-TORN', barcodes: ['7410000000011'], description: 'Tornillo galvanizado 1/4', shelfPrice: '0.25' };
const HAMMER = { code: 'QS-E2E-MART', barcodes: ['7410000000028'], description: 'Martillo de uña 16 oz', shelfPrice: '8.50' };
const API = { 'X-API-Version': '1' };

/** The catalog has the shop's products (a supervisor's session over HTTP; the screen is another test's). */
async function stock(request: APIRequestContext): Promise<void> {
  const session = await request.post('/session', {
    data: { login: DEMO_USERS.supervisor.login, password: DEMO_USERS.supervisor.password },
    headers: API,
  });
  expect(session.ok()).toBe(true);
  for (const p of [SCREW, HAMMER]) {
    const found = (await (await request.get(`/products?code=${p.code}`, { headers: API })).json()) as { items: unknown[] };
    if (found.items.length === 0) expect((await request.post('/products', { data: p, headers: API })).status()).toBe(201);
  }
  await request.delete('/session', { headers: API });
}

/** Every key the cashier presses, counted: the issue note reports them. */
function keyboard(page: Page) {
  let count = 0;
  return {
    type: async (text: string) => {
      count += text.length;
      await page.keyboard.type(text);
    },
    press: async (key: string) => {
      count += 1;
      await page.keyboard.press(key);
    },
    count: () => count,
  };
}

async function signed(request: APIRequestContext, controlNumber: string) {
  const list = (await (await request.get(`/dte?q=${controlNumber}`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as {
    items: { id: string; status: string }[];
  };
  const id = list.items[0]!.id;
  await expect
    .poll(
      async () => ((await (await request.get(`/dte/${id}`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { status: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe('APPROVED');
  const json = (await (await request.get(`/dte/${id}/download/json`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as {
    resumen: { totalPagar: number; pagos: { codigo: string; montoPago: number; referencia: string | null }[] };
    cuerpoDocumento: { cantidad: number; precioUni: number; ventaGravada: number }[];
  };
  return { id, json };
}

test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
  await stock(request);
});

test('three items at shelf prices, keyboard only: $9.00 on screen, in MH’s document and on the receipt', async ({ page, request }) => {
  await login(page, DEMO_USERS.cajero);
  await expect(page.getByRole('heading', { name: 'Venta rápida' })).toBeVisible();
  const search = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await expect(search).toBeFocused();
  const keys = keyboard(page);

  // Two scans of the screw's barcode, then the hammer by a word of its name.
  await keys.type(SCREW.barcodes[0]!);
  await keys.press('Enter');
  await expect(page.getByTestId('sale-line-0')).toContainText(SCREW.description);
  await keys.type(SCREW.barcodes[0]!);
  await keys.press('Enter');
  await expect(page.getByLabel(`Cantidad de ${SCREW.description}`)).toHaveValue('2');
  await keys.type('martillo');
  await expect(page.getByRole('listbox', { name: 'Productos encontrados' })).toContainText(HAMMER.description);
  await keys.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$9.00');
  await expect(page.getByTestId('sale-line-total-0')).toHaveText('$0.50');
  await expect(page.getByTestId('sale-line-total-1')).toHaveText('$8.50');
  await checkScreen(page, 'sale-cart');

  // Enter in a line's field goes back to the search box and issues nothing.
  const before = (
    (await (await request.get('/dte?type=FC&limit=200', { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { items: unknown[] }
  ).items.length;
  await page.getByLabel(`Cantidad de ${HAMMER.description}`).focus();
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toHaveCount(0);
  const after = (
    (await (await request.get('/dte?type=FC&limit=200', { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { items: unknown[] }
  ).items.length;
  expect(after).toBe(before);

  // F4: cash received $10.00, change $1.00; F12 issues.
  await keys.press('F4');
  await expect(page.locator('#sale-cash')).toBeFocused();
  await keys.type('10');
  await expect(page.getByTestId('sale-change')).toHaveText('Cambio $1.00');
  await checkScreen(page, 'sale-paid');
  await keys.press('F12');
  const done = page.getByTestId('sale-done');
  await expect(done).toContainText('Venta emitida');
  await expect(page.getByTestId('sale-done-change')).toHaveText('Cambio $1.00');
  await expect(page.getByTestId('sale-received')).toHaveText('$10.00');
  await expect(page.getByTestId('sale-total')).toHaveText('$9.00');
  const controlNumber = /DTE-01-[A-Z0-9]{8}-\d{15}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect(controlNumber).not.toBe('');
  await expect(page.getByTestId('sale-status')).toHaveText('Aprobado', { timeout: 30_000 });
  await checkScreen(page, 'sale-done');
  console.log(`quick sale keystrokes (two scans, one name, cash $10, issue): ${keys.count()}`);

  // MH's document: the shelf total to the cent, paid in cash.
  const { id, json } = await signed(request, controlNumber);
  expect(json.resumen.totalPagar).toBe(9);
  expect(json.resumen.pagos).toEqual([{ codigo: '01', montoPago: 9, referencia: null, plazo: null, periodo: null }]);
  expect(json.cuerpoDocumento.map((l) => l.ventaGravada)).toEqual([0.5, 8.5]);
  // The receipt says $9.00 and who served.
  const receipt = await page.request.get(`/dte/${id}/receipt`);
  expect(receipt.ok()).toBe(true);
  const text = pdfText(await receipt.body());
  expect(text).toMatch(/9\.00/);
  expect(text).toContain('Cajera Demo');

  // The next scan starts the next sale.
  await page.keyboard.type(HAMMER.barcodes[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toHaveCount(0);
  await expect(page.getByTestId('sale-total')).toHaveText('$8.50');
});

test('a mixed payment and a card reach MH’s pagos; short cash is refused with what is missing', async ({ page, request }) => {
  await login(page, DEMO_USERS.cajero);
  const search = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await search.fill(HAMMER.barcodes[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$8.50');
  await search.fill(SCREW.barcodes[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$8.75');

  // Cash that does not reach the total: F12 takes the cashier back to the amount, nothing is issued.
  await page.keyboard.press('F4');
  await page.keyboard.type('5');
  // Said once the cashier tries to issue (or leaves the field), not while typing.
  await expect(page.getByTestId('sale-pay-problem')).toHaveCount(0);
  await page.keyboard.press('F12');
  await expect(page.getByTestId('sale-pay-problem')).toHaveText('Faltan $3.75: el efectivo recibido no alcanza.');
  await expect(page.locator('#sale-cash')).toBeFocused();
  await expect(page.getByTestId('sale-done')).toHaveCount(0);

  // Mixed: $5.00 cash, the rest on a credit card.
  await page.getByRole('radio', { name: 'Mixto' }).check();
  await page.locator('#sale-cash').fill('5');
  await page.getByLabel('El resto con').selectOption('credit');
  await page.getByLabel('Referencia (opcional)').fill('4242');
  await expect(page.getByTestId('sale-rest')).toHaveText('Resto: $3.75');
  await page.keyboard.press('Control+Enter');
  const done = page.getByTestId('sale-done');
  await expect(done).toContainText('Venta emitida');
  await expect(done).toContainText('Tarjeta de crédito $3.75 · 4242');
  const controlNumber = /DTE-01-[A-Z0-9]{8}-\d{15}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  const { json } = await signed(request, controlNumber);
  expect(json.resumen.pagos).toEqual([
    { codigo: '01', montoPago: 5, referencia: null, plazo: null, periodo: null },
    { codigo: '03', montoPago: 3.75, referencia: '4242', plazo: null, periodo: null },
  ]);

  // A card sale, chosen by keyboard from the payment group.
  await page.keyboard.press('Escape');
  await search.fill(SCREW.barcodes[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$0.25');
  await page.keyboard.press('F4');
  await page.getByRole('radio', { name: 'Tarjeta de débito' }).check();
  await page.keyboard.press('F12');
  await expect(done).toContainText('Tarjeta de débito $0.25');
  const card = /DTE-01-[A-Z0-9]{8}-\d{15}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect((await signed(request, card)).json.resumen.pagos).toEqual([
    { codigo: '02', montoPago: 0.25, referencia: null, plazo: null, periodo: null },
  ]);
});

const fcCount = async (request: APIRequestContext) =>
  ((await (await request.get('/dte?type=FC&limit=200', { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { items: unknown[] }).items
    .length;

test('the answer lost on its way back: the stored sale is found and shown, never issued twice', async ({ page, request }) => {
  await login(page, DEMO_USERS.cajero);
  const search = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await search.fill(SCREW.barcodes[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$0.25');
  const before = await fcCount(request);
  // The station stores the sale; its answer never reaches the screen.
  let lost = 0;
  await page.route('**/dte/fc', async (route) => {
    if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    return route.abort('connectionreset');
  });
  // Every POST the page sends, so a sale that reached the station another way is named if `lost` stays 0.
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(new URL(r.url()).pathname)));
  // Nothing was issued before the answer could be lost.
  await expect(page.getByTestId('sale-done')).toHaveCount(0);
  await page.keyboard.press('F12');
  await expect(page.getByTestId('sale-done')).toContainText('Venta emitida');
  expect(lost, `POSTs seen: ${JSON.stringify(posts)}`).toBe(1);
  expect(await fcCount(request)).toBe(before + 1);
});

test('F12 behind the lock issues nothing, not even after the unlock', async ({ page, request }) => {
  await login(page, DEMO_USERS.cajero);
  const search = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await search.fill(SCREW.barcodes[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$0.25');
  const before = await fcCount(request);
  await page.keyboard.press('Control+l');
  await expect(page.getByRole('dialog', { name: 'Pantalla bloqueada' })).toBeVisible();
  await page.keyboard.press('F12');
  await page.locator('#lock-password').fill(DEMO_USERS.cajero.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Pantalla bloqueada' })).toHaveCount(0);
  await expect(page.getByTestId('sale-total')).toHaveText('$0.25');
  await expect(page.getByTestId('sale-done')).toHaveCount(0);
  expect(await fcCount(request)).toBe(before);
});
