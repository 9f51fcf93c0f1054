// Money follows the person and the drawer (issue 55 items 2, 3 and 6's drawer), keyboard only at 1366×768: a
// one-drawer shop with two people on a station of its own (the demo company under the Normativa DTE v2.0, its own MH
// simulator, a virtual ESC/POS printer with a drawer). Lucía, the cashier, is asked her float at the counter and
// confirms $500.00 for $50.00; she sells in cash and by card, prints the cash sale and opens the drawer with F8.
// Ernesto, the supervisor, corrects her float with a reason, pays a return out in cash and credits an NC to the
// customer's account. Her close, his and the station's reconcile to the cent on screen and on paper, add up to each
// other, and the station's is the sales report's net sales. docs/decisions/0073-money-follows-the-person.md.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
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
import { usd as money } from '../../renderer/src/money';
import type { DayClose } from '../../shared/close';
import { Dec } from '../../shared/tax';
import { startVirtualPrinter, type VirtualPrinter } from '../support/virtual-printer';
import { checkScreen, pdfText } from './helpers';

const schemas = (folder: string) => fileURLToPath(new URL(`../../../shared/mh/schemas/${folder}`, import.meta.url));
const SHOTS = '/tmp/shots-shift-money';
const asTheUi = { 'X-API-Version': '1' };
const LUCIA = { login: 'lucia', name: 'Lucía Portillo', password: 'caja-2468', role: 'CASHIER' } as const;
const ERNESTO = { login: 'ernesto', name: 'Ernesto Rivas', password: 'super-1357', role: 'SUPERVISOR' } as const;

let sim: MhSimulator;
let core: Core;
let app: Awaited<ReturnType<typeof buildHttpServer>>;
let printer: VirtualPrinter;
let base = '';

const address = { department: '06', municipality: '23', district: '14', complement: 'Calle Arce 1010' };
const consumer = { name: 'Ana Beatriz Flores', address, identificationDocument: { type: 'DUI', number: '012345678' } };
const taxpayer = {
  name: 'Distribuidora La Ceiba, S.A. de C.V.',
  nrc: '1234567',
  economicActivity: '46900',
  email: 'compras@laceiba.example.com',
  address,
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

test.beforeAll(async () => {
  process.env.SELLO_SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'sello-e2e-shift-key-')), 'secret.key');
  sim = createMhSimulator({ schemasDir: schemas('legacy-v1-2023'), schemasV2Dir: schemas('v2-2026') });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const simUrl = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core = createCore({
    dataDir: mkdtempSync(join(tmpdir(), 'sello-e2e-shift-')),
    mh: { baseUrl: simUrl, user: DEMO_STATION.company.nit, password: 'demo' },
    initialStation: { ...DEMO_STATION, company, mhNormative: { current: '2026' } },
    allowedMhUrls: ['http://127.0.0.1:*'],
  });
  const key = core.signing.publicKey();
  sim.registerKey(core.signing.nit()!, key!.export({ format: 'der', type: 'spki' }).toString('base64'));
  for (const p of [LUCIA, ERNESTO]) core.people.users.create(p, 'test', new Date().toISOString());
  app = await buildHttpServer(core, { logger: silentLogger, uiDir: fileURLToPath(new URL('../../dist/renderer', import.meta.url)) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  printer = await startVirtualPrinter();
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await app?.close();
  core?.close();
  await sim?.app.close();
  await printer?.close();
});

/** Presses `key` until `target` has the focus (at most `max` times): how a person reaches it without a mouse. */
async function keyTo(page: Page, target: ReturnType<Page['locator']>, key = 'Tab', max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement))
      return;
    await page.keyboard.press(key);
  }
  throw new Error(`not reached with ${key}`);
}

/** Logs in with the keyboard: the user, Tab, the password, Enter. */
async function keyLogin(page: Page, who: { login: string; name: string; password: string }) {
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByLabel('Usuario', { exact: true }).focus();
  await page.keyboard.type(who.login);
  await page.keyboard.press('Tab');
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session-user')).toContainText(who.name);
}

async function keyLogout(page: Page) {
  await keyTo(page, page.getByRole('button', { name: 'Cerrar sesión' }), 'Shift+Tab', 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
}

/** Issues a document with the page's session, waiting for MH's seal; its id and total. */
async function approved(page: Page, kind: 'fc' | 'ccf' | 'nc', body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const id = randomUUID();
  const res = await page.request.post(`${base}/dte/${kind}`, {
    headers: { ...asTheUi, Prefer: 'wait=10', ...headers },
    data: { id, ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect
    .poll(async () => ((await (await page.request.get(`${base}/dte/${id}`, { headers: asTheUi })).json()) as { status: string }).status, {
      timeout: 20_000,
    })
    .toBe('APPROVED');
  const record = (await (await page.request.get(`${base}/dte/${id}`, { headers: asTheUi })).json()) as { total: string };
  return { id, total: record.total };
}

async function openClose(page: Page) {
  const tab = page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Cierre de caja' });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Cierre de caja', level: 1 })).toBeVisible();
}

const latestClose = async (page: Page) => {
  const list = (await (await page.request.get(`${base}/closes?limit=1`, { headers: asTheUi })).json()) as { items: { id: string }[] };
  return (await (await page.request.get(`${base}/closes/${list.items[0]!.id}`, { headers: asTheUi })).json()) as DayClose;
};

test('two people, one drawer: each close adds up, the station is their sum and the books', async ({ page }) => {
  test.setTimeout(180_000);
  // The administrator wires the thermal printer and its drawer (the setting, not what this spec is about).
  await page.request.post(`${base}/session`, { data: { login: 'admin', password: 'demo-admin' } });
  const put = await page.request.put(`${base}/settings/printing`, {
    headers: asTheUi,
    data: {
      printer: null,
      receiptWidth: 80,
      silentReceipt: false,
      receiptOutput: 'escpos',
      escpos: { connection: { kind: 'network', host: '127.0.0.1', port: printer.port }, codepage: 'cp858', qr: 'native', drawer: true },
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.request.delete(`${base}/session`);

  // Lucía opens her shift at the counter: the float is asked above the sale; the scan box keeps the focus.
  await page.goto(base);
  await keyLogin(page, LUCIA);
  await expect(page.getByRole('heading', { name: 'Venta rápida' })).toBeVisible();
  const search = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await expect(search).toBeFocused();
  const asked = page.getByTestId('shift-float');
  await expect(asked).toContainText('Fondo inicial de su caja');
  await keyTo(page, page.getByLabel('Fondo inicial ($)'), 'Shift+Tab', 8);
  await page.keyboard.type('500');
  await page.keyboard.press('Enter');
  // Confirmed before it is saved: she reads $500.00 and, in a hurry, confirms it anyway.
  await expect(page.getByTestId('shift-float-confirm')).toContainText('Su caja abre con $500.00');
  await expect(page.getByRole('button', { name: 'Sí, registrar (Enter)' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/float-confirm.png` });
  await checkScreen(page, 'shift-float-confirm', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(asked).toHaveCount(0);
  await expect(search).toBeFocused();
  // Asked once: the station refuses a second float for the shift.
  const again = await page.request.post(`${base}/closes/openings`, { headers: asTheUi, data: { scope: 'me', amount: '50.00' } });
  expect(again.status()).toBe(422);

  // Her sales: in cash, by card, and a CCF in cash; the cash sale printed (the drawer opens), then F8.
  const cash = await approved(page, 'fc', { paymentType: 'CONTADO', recipient: consumer, items: [line('Café molido 400 g', 10)] });
  const cardNet = 4;
  const card = await approved(page, 'fc', {
    paymentType: 'CONTADO',
    recipient: consumer,
    items: [line('Azúcar 1 kg', cardNet)],
    payments: [{ method: '02', amount: Number(new Dec(cardNet).times('1.13').toFixed(2)), reference: '4242' }],
  });
  const ccf = await approved(page, 'ccf', { paymentType: 'CONTADO', recipient: taxpayer, items: [line('Resma papel bond carta', 20)] });
  const printed = await page.request.post(`${base}/dte/${cash.id}/print`, { headers: asTheUi });
  expect(printed.status(), await printed.text()).toBe(200);
  await search.focus();
  await page.keyboard.press('F8');
  await expect
    .poll(() => printer.receipts().flatMap((r) => r.pulses).length + printer.bytes().length, { timeout: 5000 })
    .toBeGreaterThan(0);
  await keyLogout(page);

  // Ernesto pays a return out in cash and credits an NC to the customer's account.
  await keyLogin(page, ERNESTO);
  const ret = await page.request.post(`${base}/dte/return`, {
    headers: { ...asTheUi, 'Sello-Refund-Method': 'cash' },
    data: { lines: [{ dteId: cash.id, item: 1, quantity: 1 }], reason: 'Café vencido, se devuelve el dinero' },
  });
  expect([201, 202], await ret.text()).toContain(ret.status());
  const nc = await approved(
    page,
    'nc',
    {
      paymentType: 'CONTADO',
      recipient: taxpayer,
      relatedTaxDocuments: [{ id: ccf.id }],
      items: [{ ...line('Devolución resma papel', 5), documentNumber: ccf.id }],
    },
    { 'Sello-Refund-Method': 'account' },
  );

  // He corrects Lucía's float in her close, with a reason, and closes it: it takes $50.00 and shows both figures.
  await openClose(page);
  await page.getByRole('radio', { name: 'Toda la estación' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Otra persona' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Usuario de la persona')).toBeFocused();
  await page.keyboard.type('lucia');
  await expect(page.getByTestId('float-recorded')).toContainText('$500.00 (Lucía Portillo,');
  await keyTo(page, page.getByRole('button', { name: 'Corregir el fondo' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Fondo correcto ($)')).toBeFocused();
  await page.keyboard.type('50.00');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // A correction needs a reason: said on the field, nothing saved.
  await expect(page.getByText('Escriba el motivo de la corrección (al menos 5 letras).')).toBeVisible();
  await page.getByLabel('Motivo de la corrección').focus();
  await page.keyboard.type('Tecleó 500 por 50');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('float-recorded')).toContainText('Corregido a $50.00 por Ernesto Rivas: «Tecleó 500 por 50»');
  await page.screenshot({ path: `${SHOTS}/float-corrected.png` });
  await checkScreen(page, 'shift-float-corrected', { fullPage: false });

  const cashSales = new Dec(cash.total).plus(ccf.total);
  const luciaExpected = new Dec('50.00').plus(cashSales);
  await keyTo(page, page.getByLabel('Efectivo contado ($)'));
  await page.keyboard.type(luciaExpected.toFixed(2));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-view').getByRole('heading', { name: /^Cierre: Lucía Portillo/ })).toBeFocused();
  const drawer = page.getByTestId('close-drawer');
  await expect(drawer.getByTestId('close-float-recorded')).toHaveText('$500.00');
  await expect(drawer.getByTestId('close-float-corrected')).toHaveText('$50.00');
  await expect(drawer.getByRole('row', { name: /^Fondo inicial/ })).toContainText('$50.00');
  await expect(drawer.getByRole('row', { name: /^= Efectivo esperado/ })).toContainText(money(luciaExpected));
  await expect(page.getByTestId('close-over-short')).toHaveText('$0.00');
  await expect(page.getByTestId('close-pulses')).toContainText('Venta · Lucía Portillo');
  await expect(page.getByTestId('close-pulses')).toContainText('Sin venta · Lucía Portillo');
  const lucia = await latestClose(page);
  // The form starts empty for the next close: nothing of hers stays typed.
  await expect(page.getByLabel('Efectivo contado ($)')).toHaveValue('');

  // His own close: no float recorded (0.00 typed), the cash return he paid out, the NC on account.
  await page.getByRole('radio', { name: 'Otra persona' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: 'Mis ventas' })).toBeChecked();
  await keyTo(page, page.getByLabel('Fondo inicial ($)'));
  await expect(page.getByLabel('Fondo inicial ($)')).toHaveValue('');
  await page.keyboard.type('0.00');
  await page.keyboard.press('Tab');
  const returnCash = new Dec(((await ret.json()) as { total: string }).total);
  const ernestoExpected = returnCash.neg();
  await page.keyboard.type('0.00');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-view').getByRole('heading', { name: /^Cierre: Ernesto Rivas/ })).toBeFocused();
  await expect(drawer.getByRole('row', { name: /^= Efectivo esperado/ })).toContainText(money(ernestoExpected));
  const refunds = page.getByTestId('close-refunds');
  await expect(refunds.getByRole('row', { name: /^Nota de crédito/ })).toContainText('Abono a la cuenta');
  await expect(refunds.getByRole('row', { name: /^Devolución/ })).toContainText('Efectivo');
  await expect(page.getByTestId('close-pulses')).toContainText('Devolución · Ernesto Rivas');
  const ernesto = await latestClose(page);

  // The station's close takes the registered float and asks only the count; it is the sum of the two.
  await page.getByRole('radio', { name: 'Mis ventas' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: 'Toda la estación' })).toBeChecked();
  await expect(page.getByTestId('float-recorded')).toContainText('$50.00 (Lucía Portillo,');
  await expect(page.getByLabel('Fondo inicial ($)')).toHaveCount(0);
  const stationExpected = luciaExpected.plus(ernestoExpected);
  await keyTo(page, page.getByLabel('Efectivo contado ($)'));
  await page.keyboard.type(stationExpected.toFixed(2));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-view').getByRole('heading', { name: /^Cierre: Estación completa/ })).toBeFocused();
  await expect(drawer.getByRole('row', { name: /^= Efectivo esperado/ })).toContainText(money(stationExpected));
  await expect(page.getByTestId('close-over-short')).toHaveText('$0.00');
  await page.screenshot({ path: `${SHOTS}/station-close.png`, fullPage: true });
  await checkScreen(page, 'shift-station-close');
  const station = await latestClose(page);

  // To the cent: the people's net sales add up to the station's, which is the sales report's.
  const net = new Dec(cash.total).plus(card.total).plus(ccf.total).minus(nc.total).minus(returnCash);
  expect(station.summary.netSales).toBe(net.toFixed(2));
  expect(new Dec(lucia.summary.netSales).plus(ernesto.summary.netSales).toFixed(2)).toBe(station.summary.netSales);
  expect(new Dec(lucia.summary.drawer!.expected).plus(ernesto.summary.drawer!.expected).toFixed(2)).toBe(station.summary.drawer!.expected);
  const today = new Date(Date.now() - 6 * 3600_000).toISOString().slice(0, 10);
  const report = await page.request.get(`${base}/reports/sales?from=${today}&to=${today}`, { headers: asTheUi });
  expect(report.status(), await report.text()).toBe(200);
  expect(((await report.json()) as { totals: { sales: string } }).totals.sales).toBe(station.summary.netSales);
  expect(station.summary.drawerPulses?.map((p) => p.cause)).toEqual(['sale', 'manual', 'refund']);

  // On paper (the ticket): both floats, who paid each refund and how, every pulse, the expected cash.
  const ticket = await page.request.get(`${base}/closes/${station.id}/receipt?width=80`, { headers: asTheUi });
  expect(ticket.status()).toBe(200);
  const text = pdfText(await ticket.body()).replace(/\s+/g, ' ');
  for (const words of [
    'Fondo registrado (Lucía Portillo)',
    '$500.00',
    'Fondo corregido por Ernesto Rivas',
    'Motivo: Tecleó 500 por 50',
    'NC · abono a la cuenta · Ernesto Rivas',
    'Devolución · efectivo · Ernesto Rivas',
    'APERTURAS DE GAVETA',
    money(stationExpected),
    money(net),
  ])
    expect(text, words).toContain(words);
});
