// A weighed product at Venta rápida, keyboard only at 1366×768 (docs/decisions/0072-decimal-quantities.md): the
// cheese sold by the pound by its code, F3 to its quantity, 1.5, Enter back to the search, F12; MH's simulator seals it
// ("Aprobado") with cantidad 1.5 and the total to the cent ($4.49 for 1.5 lb at $2.99).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_KEY, DEMO_USERS, checkScreen, login, simMode } from './helpers';

const CHEESE = {
  code: 'E2E-QUESO-LB',
  barcodes: ['7410000000721'],
  description: 'Queso duro por libra',
  unitMeasure: 'LIBRA',
  shelfPrice: '2.99',
};
const SCREW = {
  code: 'E2E-TORN-UN',
  barcodes: ['7410000000738'],
  description: 'Tornillo de 1 pulgada',
  unitMeasure: 'UNIDAD',
  shelfPrice: '0.10',
};
const API = { 'X-API-Version': '1' };

/** The catalog has the products (a supervisor's session over HTTP; the catalog screen is another test's). */
async function stock(request: APIRequestContext): Promise<void> {
  const session = await request.post('/session', {
    data: { login: DEMO_USERS.supervisor.login, password: DEMO_USERS.supervisor.password },
    headers: API,
  });
  expect(session.ok()).toBe(true);
  for (const p of [CHEESE, SCREW]) {
    const found = (await (await request.get(`/products?code=${p.code}`, { headers: API })).json()) as { items: unknown[] };
    if (found.items.length === 0) expect((await request.post('/products', { data: p, headers: API })).status()).toBe(201);
  }
  await request.delete('/session', { headers: API });
}

test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
  await stock(request);
});

test('1.5 lb at the counter, keyboard only: sealed with cantidad 1.5 and $4.49', async ({ page, request }) => {
  await login(page, DEMO_USERS.cajero);
  await expect(page.getByRole('heading', { name: 'Venta rápida' })).toBeVisible();
  const search = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await expect(search).toBeFocused();

  // A counted product refuses a fraction; the weighed one takes it.
  await page.keyboard.type(SCREW.code, { delay: 30 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-line-0')).toContainText(SCREW.description);
  await page.keyboard.press('F3');
  const screwQuantity = page.getByLabel(`Cantidad de ${SCREW.description}`);
  await expect(screwQuantity).toBeFocused();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await page.keyboard.press('F12');
  await expect(screwQuantity).toHaveAttribute('aria-invalid', 'true');
  await expect(screwQuantity).toHaveAttribute('title', /entera/);
  await expect(screwQuantity).toBeFocused();
  // Ctrl+A and Delete, then the line is dropped with its ✕ (Tab reaches it).
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Quitar ${SCREW.description}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-line-0')).toHaveCount(0);

  // The cheese by its code (typed, so no scanner timing is involved), F3: its quantity with the 1 selected; 1.5
  // and Enter go back to the search box.
  await page.keyboard.press('F2');
  await expect(search).toBeFocused();
  await page.keyboard.type(CHEESE.code, { delay: 30 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-line-0')).toContainText(CHEESE.description);
  await page.keyboard.press('F3');
  const quantity = page.getByLabel(`Cantidad de ${CHEESE.description}`);
  await expect(quantity).toBeFocused();
  await page.keyboard.type('1.5');
  await expect(quantity).toHaveValue('1.5');
  await expect(page.getByTestId('sale-line-total-0')).toHaveText('$4.49');
  await expect(page.getByTestId('sale-total')).toHaveText('$4.49');
  // ↑ and ↓ move by the pound's hundredth.
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('1.51');
  await page.keyboard.press('ArrowDown');
  await expect(quantity).toHaveValue('1.5');
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await checkScreen(page, 'weighed-cart');

  // Cash, exact amount; F12 issues.
  await page.keyboard.press('F4');
  await page.keyboard.type('5');
  await expect(page.getByTestId('sale-change')).toHaveText('Cambio $0.51');
  await page.keyboard.press('F12');
  const done = page.getByTestId('sale-done');
  await expect(done).toContainText('Venta emitida');
  const controlNumber = /DTE-01-[A-Z0-9]{8}-\d{15}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect(controlNumber).not.toBe('');
  await expect(page.getByTestId('sale-status')).toHaveText('Aprobado', { timeout: 30_000 });
  await checkScreen(page, 'weighed-approved');

  // MH's signed document: cantidad 1.5 in pounds (CAT-014 36), the line and the total exact.
  const key = { 'X-API-Key': DEMO_KEY };
  const list = (await (await request.get(`/dte?q=${controlNumber}`, { headers: key })).json()) as {
    items: { id: string; status: string }[];
  };
  expect(list.items[0]!.status).toBe('APPROVED');
  const json = (await (await request.get(`/dte/${list.items[0]!.id}/download/json`, { headers: key })).json()) as {
    cuerpoDocumento: { cantidad: number; uniMedida: number; precioUni: number; ventaGravada: number }[];
    resumen: { totalPagar: number };
  };
  expect(json.cuerpoDocumento).toEqual([expect.objectContaining({ cantidad: 1.5, uniMedida: 36, precioUni: 2.99, ventaGravada: 4.485 })]);
  expect(json.resumen.totalPagar).toBe(4.49);
});
