// Receipts straight to the thermal printer under `sello serve` (docs/decisions/0041-escpos-receipts.md), keyboard
// only at 1366×768: an administrator points Ajustes → Impresión at a virtual ESC/POS printer (a TCP server in this
// test process) and prints a test; a cashier's cash sale prints with no dialog, opens the drawer and cuts; a card
// sale does not open it; paper out shows at the counter before the next sale, the sale completes, its receipt
// waits and prints once the paper is back; F8 opens the drawer. The receipt is drawn as an image and looked at.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parseEscpos } from '../support/escpos-parse';
import { receiptHtml } from '../support/receipt-image';
import { startVirtualPrinter, type VirtualPrinter } from '../support/virtual-printer';
import { DEMO_USERS, checkScreen, login, logout, settingsSection, simMode } from './helpers';

const SHOTS = '/tmp/shots-escpos';
const ITEM = { code: 'ESCPOS-E2E-PAN', barcodes: ['7419999999999'], description: 'Pan francés con ñandú', shelfPrice: '2.50' };
const API = { 'X-API-Version': '1' };
let printer: VirtualPrinter;

async function asAdmin(request: APIRequestContext, work: () => Promise<void>): Promise<void> {
  const session = await request.post('/session', {
    data: { login: DEMO_USERS.admin.login, password: DEMO_USERS.admin.password },
    headers: API,
  });
  expect(session.ok()).toBe(true);
  try {
    await work();
  } finally {
    await request.delete('/session', { headers: API });
  }
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
async function open(page: Page, name: string): Promise<void> {
  await nav(page).getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}
async function focusAndPress(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Enter'): Promise<void> {
  await locator.focus();
  await page.keyboard.press(key);
}

/** One bread by barcode, a payment key, F12: the control number of the sale. */
async function sell(page: Page, pay: 'cash' | 'card'): Promise<string> {
  const box = page.getByLabel('Código de barras, código o nombre del producto (F2)');
  await page.keyboard.press('F2');
  await expect(box).toBeFocused();
  // A scanner's pace: a key every 5 ms.
  await page.keyboard.type(ITEM.barcodes[0]!, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-total')).toHaveText('$2.50');
  if (pay === 'cash') {
    await page.keyboard.press('F4');
    await page.keyboard.type('5');
  } else {
    await page.keyboard.press('Alt+3');
  }
  await page.keyboard.press('F12');
  const done = page.getByTestId('sale-done');
  await expect(done).toContainText('Venta emitida');
  return /DTE-01-[A-Z0-9]{8}-\d{15}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
}

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  printer = await startVirtualPrinter();
});
test.afterAll(async ({ request }) => {
  // The other specs print the PDF receipt: the station goes back to it.
  await asAdmin(request, async () => {
    const s = (await (await request.get('/settings/printing', { headers: API })).json()) as Record<string, unknown>;
    expect((await request.put('/settings/printing', { data: { ...s, receiptOutput: 'pdf' }, headers: API })).ok()).toBe(true);
  });
  await printer.close();
});
test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
  await asAdmin(request, async () => {
    const found = (await (await request.get(`/products?code=${ITEM.code}`, { headers: API })).json()) as { items: unknown[] };
    if (found.items.length === 0) expect((await request.post('/products', { data: ITEM, headers: API })).status()).toBe(201);
    // Each case on its own: the station prints to this worker's printer (the first case also sets it by keyboard).
    const settings = {
      printer: null,
      receiptWidth: 80,
      silentReceipt: false,
      receiptOutput: 'escpos',
      escpos: { connection: { kind: 'network', host: '127.0.0.1', port: printer.port }, codepage: 'cp858', qr: 'native', drawer: true },
    };
    expect((await request.put('/settings/printing', { data: settings, headers: API })).ok()).toBe(true);
  });
  printer.setState({ paperOut: false });
});

test('Ajustes → Impresión: ESC/POS to a network printer, a test print with accents and QR', async ({ page }) => {
  await login(page, DEMO_USERS.admin);
  await open(page, 'Ajustes');
  await settingsSection(page, 'Impresión');
  const panel = page.getByTestId('printing-panel');
  await focusAndPress(page, panel.getByRole('radio', { name: 'PDF (impresora del sistema)' }), 'Space');
  await expect(panel.getByLabel('Dirección IP o nombre de la impresora')).toBeHidden();
  await focusAndPress(page, panel.getByRole('radio', { name: 'ESC/POS directo (impresora térmica)' }), 'Space');
  await panel.getByLabel('Dirección IP o nombre de la impresora').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('http://impresora');
  await panel.getByLabel('Puerto').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(String(printer.port));
  await focusAndPress(page, panel.getByRole('button', { name: 'Guardar impresión' }));
  // A bad address is refused by name, nothing stored.
  await expect(panel.getByTestId('printing-say')).toContainText('sin http:// ni puerto');
  await expect(panel.getByLabel('Dirección IP o nombre de la impresora')).toHaveAttribute('aria-invalid', 'true');
  await panel.getByLabel('Dirección IP o nombre de la impresora').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('127.0.0.1');
  await focusAndPress(page, panel.getByRole('button', { name: 'Guardar impresión' }));
  await expect(panel.getByTestId('printing-say')).toHaveText('Configuración de impresión guardada.');
  await focusAndPress(page, panel.getByRole('button', { name: 'Imprimir prueba' }));
  await expect(panel.getByTestId('printing-say')).toContainText('Prueba enviada');
  const [testPage] = await printer.waitForReceipts(1, 5000);
  expect(testPage!.lines.map((l) => l.text).join('\n')).toContain('Acentos: á é í ó ú ü ñ Ñ ¿? ¡!');
  expect(testPage!.qr).toEqual(['https://admin.factura.gob.sv/consultaPublica']);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-printing.png` });
  await checkScreen(page, 'escpos-settings', { fullPage: false });
});

test('a cash sale prints with no dialog, opens the drawer and cuts; a card sale does not open it', async ({ page, context }) => {
  const popups: string[] = [];
  context.on('page', (p) => popups.push(p.url()));
  await login(page, DEMO_USERS.cajero);
  const before = printer.receipts().length;
  const control = await sell(page, 'cash');
  await expect(page.getByTestId('sale-print')).toHaveText('Recibo enviado a la impresora.', { timeout: 10_000 });
  const got = await printer.waitForReceipts(before + 1, 10_000);
  const receipt = got[before]!;
  expect(receipt.lines.map((l) => l.text).join('\n')).toContain(control);
  expect(receipt.lines.map((l) => l.text).join('\n')).toContain('Pan francés con ñandú');
  expect(receipt.pulses).toHaveLength(1);
  expect(receipt.cut).toBe(true);
  expect(receipt.qr[0]).toMatch(/^https:\/\/admin\.factura\.gob\.sv\/consultaPublica\?ambiente=00&codGen=[0-9A-F-]{36}&fechaEmi=/);

  // The receipt as the paper looks, drawn from the bytes, and looked at.
  const image = await context.newPage();
  await image.setContent(await receiptHtml(receipt, 48));
  await image.screenshot({ path: `${SHOTS}/receipt-80mm.png`, fullPage: true });
  await image.close();
  popups.length = 0;

  await page.keyboard.press('Escape');
  await sell(page, 'card');
  await expect(page.getByTestId('sale-print')).toHaveText('Recibo enviado a la impresora.', { timeout: 10_000 });
  const card = (await printer.waitForReceipts(before + 2, 10_000))[before + 1]!;
  expect(card.pulses).toHaveLength(0);
  expect(popups).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/sale-printed.png` });
  await checkScreen(page, 'escpos-sale', { fullPage: false });
});

test('paper out shows before the sale, the sale completes, its receipt waits and prints once the paper is back', async ({ page }) => {
  await login(page, DEMO_USERS.cajero);
  printer.setState({ paperOut: true });
  // Asked when the counter opens (and every 10 s): said before anyone pays.
  await expect(page.getByTestId('printer-state')).toHaveText('Impresora sin papel: cambie el rollo antes de cobrar.', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/paper-out-before-sale.png` });
  await checkScreen(page, 'escpos-paper-out', { fullPage: false });
  const before = printer.receipts().length;
  const control = await sell(page, 'cash');
  await expect(page.getByTestId('sale-print')).toContainText('en cola para reimprimir', { timeout: 10_000 });
  await expect(page.getByTestId('printer-pending')).toContainText('1 comprobante sin imprimir');
  expect(printer.receipts()).toHaveLength(before);

  printer.setState({ paperOut: false });
  await focusAndPress(page, page.getByTestId('printer-pending'));
  const dialog = page.getByTestId('printer-pending-dialog');
  await expect(dialog).toContainText(control);
  await expect(dialog.getByRole('button', { name: 'Reimprimir' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/pending-dialog.png` });
  await checkScreen(page, 'escpos-pending', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('No hay comprobantes pendientes.');
  const printed = (await printer.waitForReceipts(before + 1, 10_000))[before]!;
  expect(printed.lines.map((l) => l.text).join('\n')).toContain(control);
  expect(printed.pulses).toHaveLength(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('printer-state')).toBeHidden({ timeout: 15_000 });
});

test('F8 opens the drawer with no sale, and the cashier’s close lists it', async ({ page, request }) => {
  await login(page, DEMO_USERS.cajero);
  await expect(page.getByTestId('open-drawer')).toBeVisible();
  const pulses = () => parseEscpos(printer.bytes()).flatMap((r) => r.pulses).length;
  const before = pulses();
  await page.keyboard.press('F8');
  await expect(page.getByTestId('printer-strip')).toContainText('Gaveta abierta');
  await expect.poll(pulses, { timeout: 5000 }).toBe(before + 1);
  await logout(page);
  // The cashier's close lists the opening with no sale.
  const session = await request.post('/session', {
    data: { login: DEMO_USERS.cajero.login, password: DEMO_USERS.cajero.password },
    headers: API,
  });
  expect(session.ok()).toBe(true);
  const close = await request.post('/closes', { data: { scope: 'me' }, headers: API });
  expect(close.status()).toBe(201);
  const kicks = ((await close.json()) as { summary: { drawerKicks?: { by: string }[] } }).summary.drawerKicks ?? [];
  expect(kicks.map((k) => k.by)).toContain('user:cajero');
  await request.delete('/session', { headers: API });
});
