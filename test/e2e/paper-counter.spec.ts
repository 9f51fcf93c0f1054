// Paper that stays at the counter (issue 55, items 6 and 7; docs/decisions/0075-paper-at-the-counter.md), keyboard
// only at 1366×768. With the PDF receipt (the default) a sale prints from a hidden frame and no tab opens. With
// ESC/POS, a return's receipt and a close ticket arrive at the thermal printer as bytes, on a station of this file
// (the 2026 normative, whose Devolución MH accepts) printing to a virtual TCP printer. A good reprint clears the
// "No se pudo imprimir"; a cashier is not offered "Descartar"; a document's history reads in Spanish.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { createMhSimulator, type MhSimulator } from '../../main/mh-sim/server';
import { DEMO_STATION } from '../../main/core/station/demo';
import { startVirtualPrinter, type VirtualPrinter } from '../support/virtual-printer';
import { DEMO_KEY, DEMO_USERS, checkScreen, logIn, login, logout } from './helpers';

const SHOTS = '/tmp/shots-paper-counter';
const UI = { 'X-API-Version': '1' };
const schemas = (folder: string) => fileURLToPath(new URL(`../../../shared/mh/schemas/${folder}`, import.meta.url));
const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
const open = async (page: Page, name: string) => {
  await nav(page).getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
};
const scanBox = (page: Page) => page.getByLabel('Código de barras, código o nombre del producto (F2)');
const printedText = (r: { lines: readonly { text: string }[] }) => r.lines.map((l) => l.text).join('\n');
/** A code typed at a person's pace and Enter: these tests are about paper, not about telling scans apart. */
const enterCode = async (page: Page, code: string) => {
  await page.keyboard.type(code, { delay: 40 });
  await page.keyboard.press('Enter');
};
/**
 * The pages the context opens from now on. The accessibility check opens a blank page of its own and closes it;
 * a receipt in a new tab would stay open.
 */
function tabsOpened(context: BrowserContext): () => string[] {
  const opened: Page[] = [];
  context.on('page', (p) => opened.push(p));
  return () => opened.filter((p) => !p.isClosed()).map((p) => p.url());
}

test.describe('the PDF receipt (the default)', () => {
  test('a sale, its reprint and a document’s receipt print from a hidden frame: no tab opens', async ({ page, context }) => {
    const opened = tabsOpened(context);
    await login(page, DEMO_USERS.cajero);
    await expect(scanBox(page)).toBeFocused();
    await enterCode(page, '7415060001004');
    await expect(page.getByTestId('sale-total')).not.toHaveText('$0.00');
    await page.keyboard.press('F12');
    const done = page.getByTestId('sale-done');
    await expect(done).toContainText('Venta emitida');
    await expect(page.getByTestId('sale-print')).toHaveText('Recibo enviado a la impresora.', { timeout: 15_000 });
    // The receipt went to a frame of this page, which prints it; the frame is not seen and takes no focus.
    const frame = page.getByTestId('print-frame');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('aria-hidden', 'true');
    await page.keyboard.press('F9');
    await expect(page.getByTestId('sale-print')).toHaveText('Recibo enviado a la impresora.', { timeout: 15_000 });
    await expect(frame).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/pdf-receipt-no-tab.png` });
    const control = /DTE-01-[A-Z0-9]{8}-\d{15}/.exec((await done.textContent()) ?? '')?.[0] ?? '';

    // Documentos: one document found is "1 documento"; its history in words; its receipt again from the detail.
    await open(page, 'Documentos');
    const search = page.getByLabel('Buscar cliente, número de control o código');
    await search.focus();
    await page.keyboard.type(control);
    const row = page.getByRole('row', { name: new RegExp(control) });
    await expect(row).toContainText('Aprobado', { timeout: 20_000 });
    await expect(page.getByText('1 documento', { exact: true })).toBeVisible();
    await row.focus();
    await page.keyboard.press('Enter');
    const timeline = page.locator('ol.timeline');
    await expect(timeline).toContainText('Emitido y firmado');
    await expect(timeline).toContainText('Aprobado por MH');
    await expect(timeline).toContainText('Comprobante impreso');
    await expect(timeline).not.toContainText(/\b[a-z]+\.[a-z_.]+\b/);
    // Under the normative in force here MH takes no returns: the detail says why there is no "Devolución".
    await expect(page.getByTestId('returns-unavailable')).toContainText('solo con la normativa de 2026');
    await page.getByRole('button', { name: 'Imprimir comprobante' }).focus();
    await page.keyboard.press('Enter');
    await expect(frame).toHaveCount(3);
    await checkScreen(page, 'paper-counter-detail', { fullPage: false });
    expect(context.pages()).toHaveLength(1);
    expect(opened()).toEqual([]);
  });
});

test.describe('Ajustes in sections', () => {
  test('one section at a time, each reached by keyboard, none as tall as the old page', async ({ page }) => {
    await login(page);
    await open(page, 'Ajustes');
    const sections = page.getByRole('group', { name: 'Secciones de Ajustes' }).getByRole('button');
    await expect(sections).toHaveText([
      'Estación y MH',
      'Personas y claves de API',
      'Correo y webhooks',
      'Impresión',
      'Copias y auditoría',
    ]);
    await expect(sections.first()).toHaveAttribute('aria-pressed', 'true');
    await sections.nth(2).focus();
    await page.keyboard.press('Tab');
    await expect(sections.nth(3)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sections.nth(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('printing-panel')).toBeVisible();
    await expect(page.getByTestId('settings-station')).toBeHidden();
    await expect(page.getByTestId('mail-panel')).toBeHidden();
    const heights: Record<string, number> = {};
    for (let i = 0; i < 5; i += 1) {
      await sections.nth(i).focus();
      await page.keyboard.press('Enter');
      await expect(sections.nth(i)).toHaveAttribute('aria-pressed', 'true');
      heights[await sections.nth(i).innerText()] = Number(await page.evaluate('document.documentElement.scrollHeight'));
    }
    console.log('Ajustes heights', JSON.stringify(heights));
    for (const [name, h] of Object.entries(heights)) expect(h, name).toBeLessThan(2600);
    await sections.nth(3).focus();
    await page.keyboard.press('Enter');
    await page.screenshot({ path: `${SHOTS}/settings-sections.png` });
    await checkScreen(page, 'paper-counter-settings', { fullPage: false });
  });
});

test.describe('the guide’s NC screen', () => {
  test('a supervisor chooses Nota de crédito in Emitir by keyboard', async ({ page }) => {
    await login(page, DEMO_USERS.supervisor);
    await open(page, 'Emitir');
    const kinds = page.getByRole('group', { name: 'Tipo de documento' });
    await kinds.getByRole('button', { name: 'Nota de crédito', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(kinds.getByRole('button', { name: 'Nota de crédito', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `${SHOTS}/nota-credito.png` });
  });
});

test.describe('ESC/POS at the counter', () => {
  let sim: MhSimulator;
  let core: Core;
  let app: Awaited<ReturnType<typeof buildHttpServer>>;
  let printer: VirtualPrinter;
  let base = '';
  const BREAD = { code: 'PAPEL-E2E-PAN', barcodes: ['7419999990019'], description: 'Pan dulce de la casa', shelfPrice: '2.50' };

  test.beforeAll(async () => {
    process.env.SELLO_SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'sello-e2e-paper-key-')), 'secret.key');
    sim = createMhSimulator({ schemasDir: schemas('legacy-v1-2023'), schemasV2Dir: schemas('v2-2026') });
    await sim.app.listen({ host: '127.0.0.1', port: 0 });
    const simUrl = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
    const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
    core = createCore({
      dataDir: mkdtempSync(join(tmpdir(), 'sello-e2e-paper-')),
      mh: { baseUrl: simUrl, user: DEMO_STATION.company.nit, password: 'demo' },
      initialStation: { ...DEMO_STATION, company, mhNormative: { current: '2026' } },
      allowedMhUrls: ['http://127.0.0.1:*'],
    });
    const key = core.signing.publicKey();
    sim.registerKey(core.signing.nit()!, key!.export({ format: 'der', type: 'spki' }).toString('base64'));
    app = await buildHttpServer(core, { logger: silentLogger, uiDir: fileURLToPath(new URL('../../dist/renderer', import.meta.url)) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    printer = await startVirtualPrinter();
  });
  test.afterAll(async () => {
    await app?.close();
    core?.close();
    await sim?.app.close();
    await printer?.close();
  });

  test('a return’s receipt and a close ticket print on the thermal printer; no tab; the history in words', async ({ page, context }) => {
    const opened = tabsOpened(context);
    // The administrator points the station at the printer (the request of Ajustes → Impresión).
    await page.goto(`${base}/`);
    await logIn(page, DEMO_USERS.admin);
    const saved = await page.request.put(`${base}/settings/printing`, {
      headers: UI,
      data: {
        printer: null,
        receiptWidth: 80,
        silentReceipt: false,
        receiptOutput: 'escpos',
        escpos: { connection: { kind: 'network', host: '127.0.0.1', port: printer.port }, codepage: 'cp858', qr: 'native', drawer: false },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await page.request.post(`${base}/products`, { headers: UI, data: BREAD })).status()).toBe(201);
    await logout(page);

    // A factura sealed by MH, and one of its breads given back by the supervisor.
    const id = 'c0a7e000-0000-4000-8000-0000000e2e01';
    const sold = await page.request.post(`${base}/dte/fc`, {
      headers: { 'X-API-Key': DEMO_KEY, Prefer: 'wait=10' },
      data: {
        id,
        paymentType: 'CONTADO',
        items: [{ type: 'BIENES', description: 'Pan dulce de la casa', quantity: 2, unitPrice: 2.5, saleType: 'GRAVADA' }],
      },
    });
    expect(sold.status(), await sold.text()).toBeLessThan(300);
    const control = ((await sold.json()) as { controlNumber: string }).controlNumber;
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`${base}/dte/${id}`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { status: string })
            .status,
        {
          timeout: 15_000,
        },
      )
      .toBe('APPROVED');
    await logIn(page, DEMO_USERS.supervisor);
    const returned = await page.request.post(`${base}/dte/return`, {
      headers: UI,
      data: { lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'Pan equivocado, sin abrir' },
    });
    expect(returned.status(), await returned.text()).toBe(201);

    // Documentos → the factura → its return's receipt: bytes at the printer, no PDF, no tab.
    await open(page, 'Documentos');
    await page.getByLabel('Buscar cliente, número de control o código').focus();
    await page.keyboard.type(control);
    const row = page.getByRole('row', { name: new RegExp(control) });
    await expect(row).toContainText('Aprobado', { timeout: 15_000 });
    await row.focus();
    await page.keyboard.press('Enter');
    const events = page.getByTestId('returns-events');
    await expect(events).toContainText('Aprobada por MH');
    await events.getByRole('button', { name: /^Imprimir comprobante de la devolución/ }).focus();
    await page.keyboard.press('Enter');
    const [ret] = await printer.waitForReceipts(1, 10_000);
    expect(printedText(ret!)).toContain('DEVOLUCIÓN (EVENTO DE RETORNO)');
    expect(printedText(ret!)).toContain('Pan equivocado, sin abrir');
    expect(ret!.cut).toBe(true);
    // The history says what happened in words, the return's among them.
    const timeline = page.locator('ol.timeline');
    await expect(timeline).toContainText('Devolución solicitada');
    await expect(timeline).toContainText('Devolución aceptada por MH');
    await expect(timeline).not.toContainText('dte.return');
    // What the guide shows (manual.spec.ts): the form of another return, its first quantity focused; Esc leaves it.
    await page
      .getByRole('region', { name: 'Devoluciones (Evento de Retorno)' })
      .getByRole('button', { name: 'Devolución', exact: true })
      .focus();
    await page.keyboard.press('Enter');
    // Exact: the first return's own form, "Enviar por correo la devolución por $…", is not this one.
    const form = page.getByRole('form', { name: 'Devolución', exact: true });
    await expect(form.getByLabel('Cantidad que se devuelve de Pan dulce de la casa (quedan 1)')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/return-printed.png` });
    await checkScreen(page, 'paper-counter-return', { fullPage: false });

    // The station's close, made and then printed from Cierre de caja's list: a ticket on the printer.
    const made = await page.request.post(`${base}/closes`, { headers: UI, data: { scope: 'station' } });
    expect(made.status(), await made.text()).toBe(201);
    await open(page, 'Cierre de caja');
    const first = page.getByTestId('close-list').getByRole('button').first();
    await first.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Imprimir en ticket' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('close-view')).toContainText('Enviado a imprimir.');
    const [, ticket] = await printer.waitForReceipts(2, 10_000);
    expect(printedText(ticket!)).toContain('CORTE DE CAJA');
    expect(printedText(ticket!)).toContain('Estación completa');
    expect(ticket!.cut).toBe(true);
    await page.screenshot({ path: `${SHOTS}/close-printed.png` });
    expect(context.pages()).toHaveLength(1);
    expect(opened()).toEqual([]);
    await logout(page);
  });

  test('a cashier: the failed receipt’s message goes once it reprints, and no "Descartar" is offered', async ({ page }) => {
    await page.goto(`${base}/`);
    await logIn(page, DEMO_USERS.cajero);
    const before = printer.receipts().length;
    printer.setState({ paperOut: true });
    await expect(scanBox(page)).toBeFocused();
    await enterCode(page, BREAD.barcodes[0]!);
    await expect(page.getByTestId('sale-total')).toHaveText('$2.50');
    await page.keyboard.press('Alt+3');
    await page.keyboard.press('F12');
    await expect(page.getByTestId('sale-done')).toContainText('Venta emitida');
    await expect(page.getByTestId('sale-print')).toContainText('No se pudo imprimir el recibo', { timeout: 15_000 });

    printer.setState({ paperOut: false });
    const pending = page.getByTestId('printer-pending');
    await expect(pending).toContainText('1 comprobante sin imprimir', { timeout: 15_000 });
    await pending.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('printer-pending-dialog');
    await expect(dialog).toContainText('un supervisor puede descartarlos');
    await expect(dialog.getByRole('button', { name: 'Descartar' })).toHaveCount(0);
    await checkScreen(page, 'paper-counter-pending-cashier', { fullPage: false });
    await expect(dialog.getByRole('button', { name: 'Reimprimir' })).toBeFocused();
    await page.keyboard.press('Enter');
    // A reprint waits for the seal and the printer's answer (main/core/printer/connection.ts), as the first print did.
    await expect(dialog).toContainText('No hay comprobantes pendientes.', { timeout: 15_000 });
    await page.keyboard.press('Escape');
    // The sale on screen no longer says it did not print.
    await expect(page.getByTestId('sale-print')).toHaveText('Recibo enviado a la impresora.');
    await printer.waitForReceipts(before + 1, 10_000);
    await page.screenshot({ path: `${SHOTS}/reprinted.png` });
  });
});
