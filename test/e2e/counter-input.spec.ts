// The counter's input rules and its price overrides (issue 55 items 4 and 5, docs/decisions/0074-price-overrides-and-scans.md),
// keyboard only at 1366×768, the scanner at 5 ms a key: the scan after each dialog (the pending question, the
// supervisor's, the printer's pending receipts) lands in the cart; "ace" typed and then a scan adds the product
// and keeps "ace"; a price below the shelf is approved by a supervisor (a cashier's own PIN does not approve) and
// recorded; scans while the screen is locked never count as wrong PINs; F2 goes to the sale from other screens.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_USERS, checkScreen, login, simMode } from './helpers';

// The spec's own products (EAN-13 with their check digit), whatever the demo's catalog holds.
const OIL = { code: 'CI-E2E-ACE', barcodes: ['7413000000018'], description: 'Aceite CINPUT de soya 750 ml', shelfPrice: '2.50' };
const SALT = { code: 'CI-E2E-SAL', barcodes: ['7413000000025'], description: 'Sal CINPUT yodada 1 lb', shelfPrice: '0.40' };
const BOX = 'Código de barras, código o nombre del producto (F2)';
const API = { 'X-API-Version': '1' };
const SHOTS = '/tmp/shots-counter-input';

async function as(request: APIRequestContext, who: { login: string; password: string }, work: () => Promise<void>): Promise<void> {
  const session = await request.post('/session', { data: { login: who.login, password: who.password }, headers: API });
  expect(session.ok()).toBe(true);
  try {
    await work();
  } finally {
    await request.delete('/session', { headers: API });
  }
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A scanner: the code at 5 ms a key, then Enter at the same pace. */
const scan = (page: Page, code: string) => page.keyboard.type(`${code}\n`, { delay: 5 });
/** A person: a key every 150 ms. */
const typeSlowly = (page: Page, text: string) => page.keyboard.type(text, { delay: 150 });
const quantity = (page: Page, p: { description: string }) => page.getByLabel(`Cantidad de ${p.description}`, { exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

test.beforeEach(async ({ request, page }) => {
  await simMode(request, 'normal');
  await as(request, DEMO_USERS.supervisor, async () => {
    for (const p of [OIL, SALT]) {
      const found = (await (await request.get(`/products?code=${p.code}`, { headers: API })).json()) as { items: unknown[] };
      if (found.items.length === 0) expect((await request.post('/products', { data: p, headers: API })).status()).toBe(201);
    }
  });
  // The cashier's shift has its float (asked at the first sale otherwise: another spec's subject).
  await as(request, DEMO_USERS.cajero, async () => {
    const opened = await request.post('/closes/openings', { data: { scope: 'me', amount: '50.00' }, headers: API });
    expect([201, 409, 422]).toContain(opened.status());
  });
  await login(page, DEMO_USERS.cajero);
  await expect(page.getByLabel(BOX)).toBeFocused();
});

test('"ace" typed, then a scan: the product is added and "ace" stays in the box', async ({ page }) => {
  const box = page.getByLabel(BOX);
  await typeSlowly(page, 'ace');
  // The cashier takes the scanner up.
  await page.waitForTimeout(500);
  await scan(page, OIL.barcodes[0]!);
  await expect(quantity(page, OIL)).toHaveValue('1');
  await expect(box).toHaveValue('ace');
  await expect(page.getByTestId('sale-stop')).toHaveCount(0);
  await expect(box).toBeFocused();
  // Again, with the name list showing under the box: still the scan, not the list's pick.
  await typeSlowly(page, 'ite');
  await page.waitForTimeout(500);
  await scan(page, SALT.barcodes[0]!);
  await expect(quantity(page, SALT)).toHaveValue('1');
  await expect(quantity(page, OIL)).toHaveValue('1');
  await expect(box).toHaveValue('aceite');
  await shot(page, 'ace-and-scan');
  await checkScreen(page, 'counter-input-ace', { fullPage: false });
});

test('the scan after each dialog lands in the cart', async ({ page, request }) => {
  const box = page.getByLabel(BOX);
  // 1. F12 with text pending asks; Esc goes back, and the next scan lands (the text kept apart).
  await typeSlowly(page, 'sal');
  await page.keyboard.press('F12');
  const ask = page.getByRole('alertdialog', { name: 'Hay algo sin agregar a la venta' });
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await scan(page, OIL.barcodes[0]!);
  await expect(quantity(page, OIL)).toHaveValue('1');
  await expect(box).toHaveValue('sal');
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');

  // 2. The supervisor's question (a price below the shelf), left with Esc: the next scan lands.
  await page.getByLabel(`Precio con IVA de ${OIL.description}`).focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2.00');
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await page.keyboard.press('F12');
  const approval = page.getByRole('dialog', { name: 'Precio por debajo del de estante' });
  await expect(approval).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(approval).toHaveCount(0);
  await scan(page, SALT.barcodes[0]!);
  await expect(quantity(page, SALT)).toHaveValue('1');

  // 3. A button pressed (the beep's checkbox, by Space): the scan still lands in the cart.
  await page.getByRole('checkbox', { name: 'Sonido cuando un código no se encuentra' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await scan(page, SALT.barcodes[0]!);
  await expect(quantity(page, SALT)).toHaveValue('2');
  await expect(box).toBeFocused();

  // 4. The printer's pending receipts (a printer that does not answer): the list closed with Esc, the next scan lands.
  await as(request, DEMO_USERS.admin, async () => {
    const s = (await (await request.get('/settings/printing', { headers: API })).json()) as Record<string, unknown>;
    const escpos = { connection: { kind: 'network', host: '127.0.0.1', port: 9 }, codepage: 'cp858', qr: 'native', drawer: false };
    expect((await request.put('/settings/printing', { data: { ...s, receiptOutput: 'escpos', escpos }, headers: API })).ok()).toBe(true);
  });
  try {
    await page.getByLabel(`Precio con IVA de ${OIL.description}`).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2.50');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Alt+3');
    await page.keyboard.press('F12');
    await expect(page.getByTestId('sale-done')).toContainText('Venta emitida');
    const pending = page.getByTestId('printer-pending');
    await expect(pending).toBeVisible({ timeout: 20_000 });
    await pending.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('printer-pending-dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(box).toBeFocused();
    await scan(page, OIL.barcodes[0]!);
    await expect(quantity(page, OIL)).toHaveValue('1');
    await expect(page.getByTestId('sale-total')).toHaveText('$2.50');
    await shot(page, 'after-printer-dialog');
  } finally {
    await as(request, DEMO_USERS.admin, async () => {
      const s = (await (await request.get('/settings/printing', { headers: API })).json()) as Record<string, unknown>;
      expect((await request.put('/settings/printing', { data: { ...s, receiptOutput: 'pdf' }, headers: API })).ok()).toBe(true);
      // The receipt that could not print is dropped, so no other spec sees it.
      const list = (await (await request.get('/printer/pending', { headers: API })).json()) as { id: string }[];
      for (const p of list) await request.delete(`/printer/pending/${p.id}`, { headers: API });
    });
  }
});

test("a price below the shelf: a cashier's own PIN does not approve, a supervisor's password does, and it is recorded", async ({
  page,
  request,
}) => {
  const box = page.getByLabel(BOX);
  await scan(page, OIL.barcodes[0]!);
  await scan(page, OIL.barcodes[0]!);
  await expect(quantity(page, OIL)).toHaveValue('2');
  await page.getByLabel(`Precio con IVA de ${OIL.description}`).focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1.99');
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await page.keyboard.press('F12');
  const approval = page.getByRole('dialog', { name: 'Precio por debajo del de estante' });
  await expect(approval).toContainText('$2.50 → $1.99');
  await expect(approval.getByLabel('Usuario del supervisor')).toBeFocused();
  await shot(page, 'approval-asked');
  await checkScreen(page, 'counter-input-approval', { fullPage: false });

  // The cashier's own PIN: refused by the station, said beside the login.
  await page.keyboard.type(DEMO_USERS.cajero.login);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_USERS.cajero.password);
  await page.keyboard.press('Enter');
  await expect(approval.getByRole('alert')).toContainText('es cajero');
  await expect(approval.getByLabel('Usuario del supervisor')).toBeFocused();
  await expect(page.getByTestId('sale-done')).toHaveCount(0);

  // The supervisor types theirs: approved, and the sale is issued.
  await page.keyboard.press('Control+A');
  await page.keyboard.type(DEMO_USERS.supervisor.login);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_USERS.supervisor.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toContainText('Venta emitida');
  await expect(approval).toHaveCount(0);
  await expect(box).toBeFocused();
  const control = /DTE-01-[A-Z0-9]{8}-\d{15}/.exec((await page.getByTestId('sale-done').textContent()) ?? '')?.[0] ?? '';
  await shot(page, 'approval-issued');

  await as(request, DEMO_USERS.supervisor, async () => {
    const list = (await (await request.get('/price-overrides', { headers: API })).json()) as {
      items: { controlNumber: string; shelfPrice: string; price: string; quantity: string; askedBy: string; approvedBy: string }[];
    };
    expect(list.items.filter((o) => o.controlNumber === control)).toEqual([
      expect.objectContaining({ shelfPrice: '2.50', price: '1.99', quantity: '2', askedBy: 'user:cajero', approvedBy: 'user:supervisor' }),
    ]);
  });
});

test('scans while the screen is locked never count as wrong PINs; the PIN then unlocks at once', async ({ page }) => {
  await page.keyboard.press('Control+L');
  const lock = page.getByTestId('lock');
  await expect(lock).toBeVisible();
  await expect(page.locator('#lock-password')).toBeFocused();
  // More scans than the wrong attempts a login may have before it waits (auth/login-backoff.ts: five).
  for (let i = 0; i < 7; i++) {
    await scan(page, i % 2 ? OIL.barcodes[0]! : SALT.barcodes[0]!);
    await expect(lock.getByRole('alert')).toContainText('no cuenta como intento');
    await expect(page.locator('#lock-password')).toHaveValue('');
  }
  await shot(page, 'locked-scans');
  await checkScreen(page, 'counter-input-locked', { fullPage: false });
  await typeSlowly(page, DEMO_USERS.cajero.password);
  await page.keyboard.press('Enter');
  await expect(lock).toHaveCount(0);
  await expect(page.getByLabel(BOX)).toBeFocused();
  await scan(page, SALT.barcodes[0]!);
  await expect(quantity(page, SALT)).toHaveValue('1');
});

test('F2 goes to the sale and its scan box from every screen', async ({ page }) => {
  const box = page.getByLabel(BOX);
  for (const screen of ['Documentos', 'Cierre de caja', 'Productos', 'Envío a MH', 'Emitir']) {
    await nav(page).getByRole('button', { name: screen, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(nav(page).getByRole('button', { name: screen, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(box).toHaveCount(0);
    await page.keyboard.press('F2');
    await expect(box).toBeFocused();
    await expect(nav(page).getByRole('button', { name: 'Venta rápida', exact: true })).toHaveAttribute('aria-current', 'page');
  }
  await scan(page, OIL.barcodes[0]!);
  await expect(quantity(page, OIL)).toHaveValue('1');
});
