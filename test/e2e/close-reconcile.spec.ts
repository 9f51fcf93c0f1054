// The close that adds up (issue 33 finding 5), keyboard only at 1366×768: a supervisor of this spec's own sells
// in cash and by card, gives an NC back in cash, and closes her shift with a $50.00 float and the cash counted
// $1.00 short. The screen and the paper show the expected cash, the count, the shortage, and the lines that
// add up to the net sales. Documents go through the HTTP API with her session and the real MH simulator.
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { usd as money } from '../../renderer/src/money';
import { Dec } from '../../shared/tax';
import { DEMO_USERS, checkScreen, logIn, login, logout, pdfText, simMode } from './helpers';

const asTheUi = { 'X-API-Version': '1' };
const MARTA = { login: 'marta', name: 'Marta Alvarado', password: 'cierre-2468' };
const SHOTS = '/tmp/shots-close';

const recipient = {
  name: 'Distribuidora La Ceiba, S.A. de C.V.',
  nrc: '1234567',
  economicActivity: '46900',
  email: 'compras@laceiba.example.com',
  address: { department: '06', municipality: '23', complement: 'Calle Arce 1010' },
  identificationDocument: { type: 'NIT', number: '06141234567890' },
};
const line = (description: string, unitPrice: number) => ({
  type: 'BIENES',
  description,
  quantity: 1,
  unitMeasure: 'UNIDAD',
  unitPrice,
  saleType: 'GRAVADA',
});

/** Issues a document with her session and waits for MH's approval; its signed total. */
async function approved(
  request: APIRequestContext,
  kind: 'fc' | 'ccf' | 'nc',
  body: Record<string, unknown>,
): Promise<{ id: string; total: string }> {
  const id = randomUUID();
  const res = await request.post(`/dte/${kind}`, { headers: { ...asTheUi, Prefer: 'wait=10' }, data: { id, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  await expect
    .poll(async () => ((await (await request.get(`/dte/${id}`, { headers: asTheUi })).json()) as { status: string }).status, {
      timeout: 15_000,
    })
    .toBe('APPROVED');
  const record = (await (await request.get(`/dte/${id}`, { headers: asTheUi })).json()) as { total: string };
  return { id, total: record.total };
}

test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
  mkdirSync(SHOTS, { recursive: true });
});

test('a shift closed with a float, cash and card sales, an NC paid back in cash, counted $1.00 short', async ({ page }) => {
  await login(page, DEMO_USERS.admin);
  const created = await page.request.post('/users', { headers: asTheUi, data: { ...MARTA, role: 'SUPERVISOR' } });
  expect(created.status(), await created.text()).toBe(201);
  await logout(page);
  await logIn(page, MARTA);

  // Her shift: an FC in cash, an FC by debit card, a CCF in cash, and an NC of that CCF paid back in cash.
  const cash = await approved(page.request, 'fc', { paymentType: 'CONTADO', items: [line('Café molido 400 g', 10)] });
  const cardNet = 4;
  const card = await approved(page.request, 'fc', {
    paymentType: 'CONTADO',
    items: [line('Azúcar 1 kg', cardNet)],
    payments: [{ method: '02', amount: Number(new Dec(cardNet).times('1.13').toFixed(2)), reference: '4242' }],
  });
  const ccf = await approved(page.request, 'ccf', { paymentType: 'CONTADO', recipient, items: [line('Resma papel bond carta', 20)] });
  const nc = await approved(page.request, 'nc', {
    paymentType: 'CONTADO',
    recipient,
    relatedTaxDocuments: [{ id: ccf.id }],
    items: [{ ...line('Devolución resma papel', 5), documentNumber: ccf.id }],
  });
  const cashIn = new Dec(cash.total).plus(ccf.total);
  const refund = new Dec(nc.total);
  const expected = new Dec('50.00').plus(cashIn).minus(refund);
  const counted = expected.minus(1);
  const net = cashIn.plus(card.total).minus(refund);

  // Keyboard only: the tab of Cierre de caja, then Enter.
  const tab = page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Cierre de caja' });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Cierre de caja', level: 1 })).toBeVisible();
  // Focus is still on the tab: Enter there opens the tab again, so the button does not promise it.
  await expect(tab).toBeFocused();
  await expect(page.getByRole('button', { name: 'Hacer cierre', exact: true })).toBeVisible();

  // "Mis ventas" among the radios (arrows), then Tab past the period to the drawer.
  await page.getByRole('radio', { name: 'Toda la estación' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Mis ventas' })).toBeChecked();
  const float = page.getByLabel('Fondo inicial ($)');
  const count = page.getByLabel('Efectivo contado ($)');
  // The native date fields take a Tab per part (day, month, year, hour…): as many as it takes, up to 20.
  for (let i = 0; i < 20 && (await page.locator('#close-openingFloat:focus').count()) === 0; i++) await page.keyboard.press('Tab');
  await expect(float).toBeFocused();
  await page.keyboard.type('50.00');
  await expect(page.getByRole('button', { name: 'Hacer cierre (Enter)' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(count).toBeFocused();

  // A comma is not an amount: said once she leaves the field, not while she types.
  await page.keyboard.type('12,5');
  await expect(page.getByText('Escriba un monto en dólares con hasta 2 decimales')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByText('Escriba un monto en dólares con hasta 2 decimales, por ejemplo 50.00.')).toBeVisible();
  await expect(count).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(counted.toFixed(2));
  await expect(count).toHaveAttribute('aria-invalid', 'false');
  await page.keyboard.press('Enter');

  const view = page.getByTestId('close-view');
  await expect(view.getByRole('heading', { name: 'Cierre: Marta Alvarado (marta)' })).toBeFocused();
  const drawer = page.getByTestId('close-drawer');
  const drawerRow = (name: string) => drawer.getByRole('row', { name: new RegExp(`^${name.replace(/[()$.+=−]/g, '\\$&')}`) });
  await expect(drawerRow('Fondo inicial')).toContainText('$50.00');
  await expect(drawerRow('+ Ventas en efectivo')).toContainText(money(cashIn));
  await expect(drawerRow('− Devoluciones en efectivo')).toContainText(money(refund));
  await expect(drawerRow('= Efectivo esperado')).toContainText(money(expected));
  await expect(drawerRow('Efectivo contado')).toContainText(money(counted));
  await expect(drawerRow('Faltante')).toBeVisible();
  await expect(page.getByTestId('close-over-short')).toHaveText('-$1.00');

  // The lines add up to the net sales: cash, card, and the NC paid back in cash against them.
  const rec = page.getByTestId('close-reconciliation');
  await expect(rec.getByRole('row', { name: /^Billetes y monedas/ })).toContainText(`2${money(cashIn)}`);
  await expect(rec.getByRole('row', { name: /^Tarjeta d/i })).toContainText(`1${money(new Dec(card.total))}`);
  await expect(rec.getByRole('row', { name: /^Notas de crédito devueltas en efectivo/ })).toContainText(`1${money(refund.neg())}`);
  await expect(rec.getByRole('row', { name: /^= Venta neta/ })).toContainText(money(net));
  await expect(page.getByTestId('close-net')).toHaveText(money(net));
  await page.screenshot({ path: `${SHOTS}/close-reconciled.png`, fullPage: true });
  await checkScreen(page, 'close-reconciled');

  // The paper says the same.
  const list = (await (await page.request.get('/closes?limit=1', { headers: asTheUi })).json()) as { items: { id: string }[] };
  const receipt = await page.request.get(`/closes/${list.items[0]!.id}/receipt?width=80`, { headers: asTheUi });
  expect(receipt.status()).toBe(200);
  const text = pdfText(await receipt.body()).replace(/\s+/g, ' ');
  for (const words of ['EFECTIVO EN CAJA', '= Efectivo esperado', 'Faltante', '-$1.00', money(expected), '= Venta neta', money(net)])
    expect(text, words).toContain(words);
});

test('a cashier records her float when the shift opens; the close takes it and asks only the count', async ({ page }) => {
  const ROSA = { login: 'rosa', name: 'Rosa Menjívar', password: 'turno-1357' };
  await login(page, DEMO_USERS.admin);
  const created = await page.request.post('/users', { headers: asTheUi, data: { ...ROSA, role: 'CASHIER' } });
  expect(created.status(), await created.text()).toBe(201);
  await logout(page);
  await logIn(page, ROSA);

  // The start of her shift, keyboard only: Cierre de caja, the float, "Registrar al abrir el turno".
  const tab = page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Cierre de caja' });
  await tab.focus();
  await page.keyboard.press('Enter');
  // As a person does: the screen is there before the Tabs into it (it may still be on its way, decision 0042).
  await expect(page.getByRole('heading', { name: 'Cierre de caja', level: 1 })).toBeVisible();
  const float = page.getByLabel('Fondo inicial ($)');
  for (let i = 0; i < 20 && (await page.locator('#close-openingFloat:focus').count()) === 0; i++) await page.keyboard.press('Tab');
  await expect(float).toBeFocused();
  await page.keyboard.type('25.00');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Registrar al abrir el turno' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('float-recorded')).toContainText('Fondo inicial registrado al abrir el turno: $25.00 (Rosa Menjívar,');
  await expect(float).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/close-float-recorded.png` });
  await checkScreen(page, 'close-float-recorded');
  // Recorded once: the station refuses a second float for the same shift, naming the field.
  const again = await page.request.post('/closes/openings', { headers: asTheUi, data: { scope: 'me', amount: '90.00' } });
  expect(again.status()).toBe(422);

  // Her sale in cash, then the close with the count alone, $1.00 short.
  const sale = await approved(page.request, 'fc', { paymentType: 'CONTADO', items: [line('Frijol rojo 1 lb', 3)] });
  const expected = new Dec('25.00').plus(sale.total);
  const count = page.getByLabel('Efectivo contado ($)');
  await count.focus();
  await page.keyboard.type(expected.minus(1).toFixed(2));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-view').getByRole('heading', { name: /^Cierre: Rosa Menjívar/ })).toBeFocused();
  const drawer = page.getByTestId('close-drawer');
  await expect(drawer.getByRole('row', { name: /^Fondo inicial/ })).toContainText('$25.00');
  await expect(drawer.getByRole('row', { name: /^= Efectivo esperado/ })).toContainText(money(expected));
  await expect(page.getByTestId('close-over-short')).toHaveText('-$1.00');
  // The close ended the shift: the next one records its own float.
  await expect(page.getByLabel('Fondo inicial ($)')).toBeVisible();
  await expect(page.getByTestId('float-recorded')).toHaveCount(0);
});
