// Cierre de caja (issue 14 item 6): a cashier's own close, a supervisor's station close printed on the receipt,
// a second close of the same period showing the difference, another person's close, and an earlier close
// opened read-only. Documents are issued through the HTTP API (the page's own session, or the demo's POS key).
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { usd } from '../../renderer/src/money';
import { DEMO_KEY, DEMO_USERS, checkScreen, logIn, login, logout, pdfText, simMode } from './helpers';

const asTheUi = { 'X-API-Version': '1' };
const asThePos = { 'X-API-Key': DEMO_KEY };

// A cashier of this spec's own, created by the administrator: her close counts only what this spec sells.
const ROSA = { login: 'lucia', name: 'Lucía Portillo', password: '135790' };

interface Sold {
  readonly id: string;
  readonly controlNumber: string;
  readonly total: string;
}

/** An FC of one taxed line at `net` before IVA, approved by the simulator before this returns. */
async function sell(request: APIRequestContext, headers: Record<string, string>, net: number, paymentType = 'CONTADO'): Promise<Sold> {
  const id = randomUUID();
  const res = await request.post('/dte/fc', {
    headers: { ...headers, Prefer: 'wait=10' },
    data: {
      id,
      paymentType,
      items: [{ type: 'BIENES', description: 'Venta para el cierre', quantity: 1, unitPrice: net, saleType: 'GRAVADA' }],
    },
  });
  expect(res.status()).toBe(201);
  await expect
    .poll(async () => ((await (await request.get(`/dte/${id}`, { headers })).json()) as { status: string }).status, { timeout: 15_000 })
    .toBe('APPROVED');
  const record = (await (await request.get(`/dte/${id}`, { headers })).json()) as { controlNumber: string; total: string };
  return { id, controlNumber: record.controlNumber, total: record.total };
}

const openClose = (page: Page) =>
  page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Cierre de caja' }).click();
const view = (page: Page) => page.getByTestId('close-view');
/** A row of the close's tables by its first cell (exact), e.g. "Factura (FC)". */
const row = (page: Page, name: string) => view(page).getByRole('row', { name: new RegExp(`^${name.replace(/[()$.+]/g, '\\$&')}(\\s|$)`) });

// One station: the cashier the first test creates is the one the others close.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
});

test('a cashier closes her own sales only and sees her totals', async ({ page }) => {
  // The administrator adds the cashier (Ajustes' own call).
  await login(page);
  const created = await page.request.post('/users', { headers: asTheUi, data: { ...ROSA, role: 'CASHIER' } });
  expect(created.status()).toBe(201);
  await logout(page);
  await logIn(page, ROSA);

  // Her sales, issued with her own session: 10.00 + IVA in cash, 4.00 + IVA on credit.
  await sell(page.request, asTheUi, 10);
  await sell(page.request, asTheUi, 4, 'CREDITO');

  await openClose(page);
  await expect(page.getByRole('heading', { name: 'Cierre de caja', level: 1 })).toBeVisible();
  // A cashier has one choice: her own sales; the station and other people are not offered.
  await expect(page.getByTestId('close-whose')).toHaveText('Mis ventas (Lucía Portillo)');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Mis cierres anteriores' })).toContainText('Aún no hay cierres.');
  await checkScreen(page, 'close-cashier-empty');

  await page.getByRole('button', { name: /^Hacer cierre/ }).click();
  await expect(view(page).getByRole('heading', { name: 'Cierre: Lucía Portillo (lucia)' })).toBeFocused();
  await expect(view(page)).toContainText('Cierre hecho y guardado.');
  await expect(page.getByTestId('close-net')).toHaveText('$15.82');
  await expect(row(page, 'Factura (FC)')).toContainText('2$15.82');
  await expect(row(page, '01 · Billetes y monedas')).toContainText('1$11.30');
  await expect(row(page, 'Al crédito')).toContainText('1$4.52');
  await expect(page.getByTestId('close-iva')).toHaveText('$1.82');
  await expect(page.getByTestId('close-difference')).toHaveCount(0);
  // The close is a record: nothing on screen edits or deletes it.
  await expect(view(page).getByRole('button', { name: /editar|modificar|borrar|eliminar/i })).toHaveCount(0);
  // Newest first in her list.
  await expect(page.getByTestId('close-list').getByRole('listitem').first()).toContainText('$15.82');
  await checkScreen(page, 'close-cashier');

  // The server agrees: a cashier may not close the station.
  expect((await page.request.post('/closes', { headers: asTheUi, data: { scope: 'station' } })).status()).toBe(403);
});

test('a supervisor closes the station, prints it, and a second close shows the difference', async ({ page, context, request }) => {
  await sell(request, asThePos, 20);
  await login(page, DEMO_USERS.supervisor);
  await openClose(page);
  await expect(page.getByRole('radio', { name: 'Toda la estación' })).toBeChecked();
  // Keyboard alone: Enter on the button makes the close; the close takes the focus, Tab reaches its printing.
  await page.getByRole('button', { name: /^Hacer cierre/ }).focus();
  // Enter works on the button: it says so once it has the focus.
  await expect(page.getByRole('button', { name: 'Hacer cierre (Enter)' })).toBeFocused();
  await page.keyboard.press('Enter');
  const heading = view(page).getByRole('heading', { name: /^Cierre: Estación completa/ });
  await expect(heading).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Imprimir en ticket' })).toBeFocused();
  const id = (await page.getByTestId('close-id').textContent()) ?? '';
  const first = (await (await page.request.get(`/closes/${id}`, { headers: asTheUi })).json()) as {
    summary: { netSales: string; byKind: { FC: { count: number } } };
  };
  // Lucía's sales and the POS's are all the station's.
  expect(first.summary.byKind.FC.count).toBeGreaterThanOrEqual(3);
  // As the screen writes it (renderer/src/money.ts): thousands separated, so the station's earlier sales never matter.
  const net = usd(first.summary.netSales);
  await expect(page.getByTestId('close-net')).toHaveText(net);
  await checkScreen(page, 'close-station');

  // The ticket prints from a hidden frame of this page (docs/decisions/0075-paper-at-the-counter.md): no tab
  // opens; the frame is given this close's receipt, and its text, read back, has the totals.
  const tabs: Page[] = [];
  context.on('page', (p) => tabs.push(p));
  const frame = page.getByTestId('print-frame');
  await expect(frame).toHaveCount(0);
  const fetched = page.waitForResponse((r) => new URL(r.url()).pathname === `/closes/${id}/receipt`);
  await page.getByRole('button', { name: 'Imprimir en ticket' }).click();
  const receipt = await fetched;
  await expect(view(page).getByText('Enviado a imprimir.')).toBeVisible();
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  expect(tabs).toEqual([]);
  expect(context.pages()).toHaveLength(1);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toContain('application/pdf');
  // The page read the body into the frame's blob: the same receipt is asked again to read its text.
  const again = await page.request.get(`/closes/${id}/receipt`, { headers: asTheUi });
  expect(again.status()).toBe(200);
  const text = pdfText(await again.body());
  expect(text).toContain('CORTE DE CAJA');
  expect(text).toContain(net);
  expect(text).toContain('Supervisor Demo');

  // Another sale, then a second close of the same period: the difference says what changed.
  const later = await sell(request, asThePos, 5);
  await page.getByRole('button', { name: /^Hacer cierre/ }).click();
  const difference = page.getByTestId('close-difference');
  await expect(difference).toBeVisible();
  await expect(difference).toContainText(/Un cierre anterior ya cubría este periodo \(.+\), hecho el .+ por Supervisor Demo\./);
  await expect(difference.getByRole('row', { name: /^Venta neta/ })).toContainText('+$5.65');
  await expect(difference.getByRole('row', { name: /^Factura \(FC\): cantidad/ })).toContainText('+1');
  await expect(difference).toContainText(later.controlNumber);
  await checkScreen(page, 'close-difference');

  // The earlier close opens from the list, read-only, as it was.
  await page.getByTestId('close-list').getByRole('button').nth(1).click();
  await expect(view(page)).toContainText('Cierre guardado: solo lectura.');
  await expect(page.getByTestId('close-id')).toHaveText(id);
  await expect(page.getByTestId('close-net')).toHaveText(net);
  await expect(view(page).getByRole('button', { name: /editar|modificar|borrar|eliminar/i })).toHaveCount(0);
});

test("a supervisor closes one person's sales by their login", async ({ page }) => {
  await login(page, DEMO_USERS.supervisor);
  await openClose(page);
  // An end in the future is refused by the server, on its field; "Volver a hoy" puts the default period back.
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador' }).format(new Date(Date.now() + 86_400_000));
  await page.getByLabel('Hasta', { exact: true }).fill(`${tomorrow.slice(8, 10)}/${tomorrow.slice(5, 7)}/${tomorrow.slice(0, 4)} 10:00`);
  await page.getByRole('button', { name: /^Hacer cierre/ }).click();
  await expect(page.locator('#close-to-error')).toHaveText('El periodo no puede terminar en el futuro.');
  await expect(page.getByLabel('Hasta', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Volver a hoy' }).click();
  await expect(page.locator('#close-to-error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Volver a hoy' })).toHaveCount(0);

  await page.getByRole('radio', { name: 'Otra persona' }).check();
  // A supervisor may not read the people list (ADMIN only): the login is typed.
  const who = page.getByLabel('Usuario de la persona');
  await who.fill('nadie');
  await who.press('Enter');
  await expect(page.locator('#close-person-error')).toContainText('No hay una persona con el usuario nadie.');
  await expect(who).toBeFocused();
  await checkScreen(page, 'close-person-error');
  await who.fill('lucia');
  await who.press('Enter');
  await expect(view(page).getByRole('heading', { name: 'Cierre: Lucía Portillo (lucia)' })).toBeVisible();
  await expect(page.getByTestId('close-net')).toHaveText('$15.82');
  // Her own close came first: this one is compared with it and nothing changed.
  await expect(page.getByTestId('close-difference')).toContainText('Las cifras no cambiaron.');
});
