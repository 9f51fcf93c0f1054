// Libros y reportes (issue 16): a supervisor picks this month, reads the F-07 annexes and downloads two of
// them as MH's portal takes them, downloads both IVA books in PDF and XLSX, and reads the sales report's charts
// and tables; an administrator changes the books' settings; a cashier is not offered the screen. The documents
// are issued first through the HTTP API with the demo's POS key, so this spec does not lean on the others.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import type { DteKind } from '../../shared/contract';
import { todayBody } from '../fixtures/bodies';
import { DEMO_KEY, DEMO_USERS, login, simMode } from './helpers';

const asThePos = { 'X-API-Key': DEMO_KEY };
const asTheUi = { 'X-API-Version': '1' };
/** The month of today, El Salvador time: the documents the test issues are this month's (it ran in November first). */
const TODAY_ISO = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador' }).format(new Date());
const MONTH = TODAY_ISO.slice(0, 7);
const [YEAR, MM] = [Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7))];
/** The month before (the one being declared, where the screen opens). */
const PREVIOUS = MM === 1 ? `${YEAR - 1}-12` : `${YEAR}-${String(MM - 1).padStart(2, '0')}`;
const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
/** "noviembre de 2026", as the screen names a month. */
const named = (m: string) => `${MONTH_NAMES[Number(m.slice(5, 7)) - 1]} de ${m.slice(0, 4)}`;
/** "11/2026", as the month field shows it. */
const shown = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
const COMPACT = MONTH.replace('-', '');
/** Today in El Salvador (the station's calendar), and as its screens write it: the documents are issued today. */
const TODAY = TODAY_ISO;
const TODAY_SHOWN = `${TODAY.slice(8, 10)}/${TODAY.slice(5, 7)}/${TODAY.slice(0, 4)}`;

/**
 * A small export: the station's sales stay under $1,000 for the specs that run after this one (close.spec.ts
 * compares its net sales with the figure as the API writes it, without thousands' commas).
 */
const smallExport = (body: Record<string, unknown>) => ({
  ...body,
  items: [{ description: 'Café oro lavado, saco 69 kg', quantity: 4, unitMeasure: 'KILOGRAMO', unitPrice: 6.85 }],
  insurance: undefined,
  freight: undefined,
});

/** Issues a document of `kind` as a POS would and waits until MH's answer is `status`. */
async function issued(request: APIRequestContext, kind: DteKind, status = 'APPROVED', related: string | null = null): Promise<string> {
  const id = randomUUID();
  const body = todayBody(kind, id, related);
  const res = await request.post(`/dte/${kind.toLowerCase()}`, {
    headers: { ...asThePos, Prefer: 'wait=10' },
    data: kind === 'FEX' ? smallExport(body) : body,
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect
    .poll(async () => ((await (await request.get(`/dte/${id}`, { headers: asThePos })).json()) as { status: string }).status, {
      timeout: 20_000,
    })
    .toBe(status);
  return id;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
const openBooks = (page: Page) => nav(page).getByRole('button', { name: 'Libros y reportes' }).click();

/** The screens and the person keep one line of the bar at 1366 px, inside the window. */
async function barFits(page: Page): Promise<void> {
  expect((await nav(page).boundingBox())?.height ?? 999).toBeLessThan(48);
  const logout = await page.getByRole('button', { name: 'Cerrar sesión' }).boundingBox();
  expect((logout?.x ?? 9999) + (logout?.width ?? 0)).toBeLessThanOrEqual(1366);
}

/** A screenshot of the whole page for a person to look at, and no accessibility violation of any impact. */
async function look(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/e2e/screens', { recursive: true });
  await page.screenshot({ path: `test-results/e2e/screens/${name}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** Clicks what starts a download and answers the file's name and bytes. */
async function download(page: Page, start: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const coming = page.waitForEvent('download');
  await start();
  const d: Download = await coming;
  return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
}

/** An annex's lines: Windows-1252 text, CRLF after each, `;` between cells. */
const annexLines = (bytes: Buffer) =>
  new TextDecoder('windows-1252')
    .decode(bytes)
    .split('\r\n')
    .filter((l) => l !== '');

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
});

test('a supervisor reads this month: annexes, IVA books and the sales report', async ({ page, request }) => {
  // The month's documents: consumers' and contributors' sales, a credit note, an export, a purchase from an
  // excluded subject, a retention, and one sale MH rejects.
  const ccf = await issued(request, 'CCF');
  await issued(request, 'FC');
  await issued(request, 'FC');
  await issued(request, 'NC', 'APPROVED', ccf);
  await issued(request, 'FEX');
  await issued(request, 'FSE');
  await issued(request, 'CR');
  await simMode(request, 'reject');
  await issued(request, 'FC', 'REJECTED');
  await simMode(request, 'normal');

  await login(page, DEMO_USERS.supervisor);
  // After "Cierre de caja", before "Envío a MH"; keyboard alone opens it.
  const entries = await nav(page).getByRole('button').allTextContents();
  expect(entries.indexOf('Libros y reportes')).toBe(entries.indexOf('Cierre de caja') + 1);
  await nav(page).getByRole('button', { name: 'Libros y reportes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Libros y reportes', level: 1 })).toBeVisible();
  await barFits(page);

  // It opens on the month being declared (the one before today's); this month, where today's documents are, is picked.
  const month = page.getByLabel('Mes', { exact: true });
  await expect(month).toHaveValue(shown(PREVIOUS));
  await expect(page.getByRole('heading', { name: `Anexos F-07 de ${named(PREVIOUS)}` })).toBeVisible();
  // The app's own month field, typed as people in El Salvador write a month.
  await month.fill(shown(MONTH));
  await expect(page.getByRole('heading', { name: `Anexos F-07 de ${named(MONTH)}` })).toBeVisible();
  const annexes = page.getByTestId('annexes');
  await expect(annexes.getByRole('row')).toHaveCount(8);
  const row = (annex: string) => annexes.locator(`tr[data-annex="${annex}"]`);
  await expect(row('1')).toContainText(`A1_${COMPACT}_M001P001.CSV`);
  // Anexo 1: the CCF and the NC at least; Anexo 2: this day's consumers' sales and the export.
  expect(Number(await row('1').locator('td.num').textContent())).toBeGreaterThanOrEqual(2);
  expect(Number(await row('2').locator('td.num').textContent())).toBeGreaterThanOrEqual(1);
  await expect(row('1')).toContainText('Casilla 95');
  await expect(row('5')).toContainText('Casilla 66');
  // Nothing wider than the window (these specs compile without the DOM's types: the expression is text).
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1366);
  await look(page, 'books-annexes');

  // Annex 1 by the keyboard: its button takes the focus and Enter downloads it.
  const a1 = await download(page, async () => {
    await page.getByRole('button', { name: `Descargar A1_${COMPACT}_M001P001.CSV` }).focus();
    await page.keyboard.press('Enter');
  });
  expect(a1.name).toBe(`A1_${COMPACT}_M001P001.CSV`);
  const lines1 = annexLines(a1.bytes);
  expect(lines1.length).toBeGreaterThanOrEqual(2);
  for (const l of lines1) {
    expect(l.split(';').length).toBeGreaterThan(10);
    expect(l.split(';').at(-1)).toBe('1');
  }
  await expect(page.getByRole('status').filter({ hasText: `Descargado: A1_${COMPACT}_M001P001.CSV.` })).toBeVisible();
  const a2 = await download(page, () => page.getByRole('button', { name: `Descargar A2_${COMPACT}_M001P001.CSV` }).click());
  expect(a2.name).toBe(`A2_${COMPACT}_M001P001.CSV`);
  const lines2 = annexLines(a2.bytes);
  expect(lines2.length).toBeGreaterThanOrEqual(1);
  for (const l of lines2) expect(l.split(';').at(-1)).toBe('2');
  // All of them with rows, in one ZIP.
  const all = await download(page, () => page.getByRole('button', { name: /^Descargar todos en un ZIP/ }).click());
  expect(all.name).toBe(`anexos-${COMPACT}.zip`);
  expect(all.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(all.bytes.includes(Buffer.from(`A1_${COMPACT}_M001P001.CSV`))).toBe(true);

  // Libros de IVA: both books, each as PDF and as XLSX.
  await page.getByRole('button', { name: 'Libros de IVA', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Libros de IVA de ${named(MONTH)}` })).toBeVisible();
  for (const [book, title] of [
    ['consumidores', 'Libro de ventas a consumidores finales'],
    ['contribuyentes', 'Libro de ventas a contribuyentes'],
  ] as const) {
    const pdf = await download(page, () => page.getByRole('button', { name: `Descargar PDF: ${title}` }).click());
    expect(pdf.name).toBe(`libro-${book}-${MONTH}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const xlsx = await download(page, () => page.getByRole('button', { name: `Descargar XLSX: ${title}` }).click());
    expect(xlsx.name).toBe(`libro-${book}-${MONTH}.xlsx`);
    expect(xlsx.bytes.length).toBeGreaterThan(1000);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  }
  const summary = page.getByRole('table', { name: 'Resumen de IVA del mes' });
  await expect(summary.getByRole('row', { name: /^IVA incluido \(débito fiscal\)/ })).toContainText('$');
  await expect(summary.locator('tfoot')).toContainText('Débito fiscal del mes');
  await look(page, 'books-iva');

  // Reportes: the month's days up to today, the charts with their tables beside them.
  await page.getByRole('button', { name: 'Reportes', exact: true }).click();
  await expect(page.getByLabel('Desde')).toHaveValue(`01/${shown(MONTH)}`);
  await expect(page.getByLabel('Hasta')).toHaveValue(TODAY_SHOWN);
  const byDay = page.getByTestId('report-by-day');
  await expect(byDay.locator('svg.recharts-surface')).toBeVisible();
  await expect(byDay.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  const dayTable = byDay.getByRole('table', { name: 'Ventas por día' });
  await expect(dayTable.getByRole('row', { name: new RegExp(`^${TODAY_SHOWN}`) })).toContainText('$');
  // The figure on hover.
  await byDay.locator('.recharts-bar-rectangle path').last().hover();
  await expect(byDay.locator('.recharts-tooltip-wrapper')).toContainText(TODAY_SHOWN);
  for (const id of ['by-kind', 'taxes', 'products']) {
    await expect(page.getByTestId(`report-${id}`).locator('.recharts-bar-rectangle path').first()).toBeVisible();
    await expect(page.getByTestId(`report-${id}`).getByRole('table')).toBeVisible();
  }
  await expect(page.getByTestId('report-by-kind').getByRole('row', { name: /^Nota de crédito \(NC\)/ })).toContainText('-$');
  const attention = page.getByTestId('report-attention');
  await expect(attention).toContainText(/\d+ rechazados? por MH/);
  await expect(attention.getByRole('cell', { name: 'Rechazado' }).first()).toBeVisible();
  // Every table exports as CSV for Excel: a BOM, commas, the same columns.
  const csv = await download(page, () => byDay.getByRole('button', { name: 'Exportar CSV: Ventas por día' }).click());
  expect(csv.name).toBe(`ventas-por-dia-${MONTH}-01_${TODAY}.csv`);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFFFecha,Documentos,Ventas (US$),IVA (US$)\r\n')).toBe(true);
  expect(text).toMatch(new RegExp(`\\r\\n${TODAY},\\d+,\\d+\\.\\d{2},\\d+\\.\\d{2}\\r\\n`));
  await look(page, 'books-reports');

  // Filters: one point of sale, one day.
  await page.getByLabel('Punto de venta').selectOption('M001P001');
  await page.getByLabel('Desde').fill(TODAY_SHOWN);
  await page.getByRole('button', { name: 'Ver reporte' }).click();
  await expect(page.getByTestId('report-totals')).toContainText(`Del ${TODAY_SHOWN} al ${TODAY_SHOWN}`);
  await expect(dayTable.getByRole('row')).toHaveCount(3);
  // A reversed period is said on its field, before asking the station.
  await page.getByLabel('Desde').fill('23/11/2026');
  await page.getByLabel('Hasta').fill('20/11/2026');
  await page.getByRole('button', { name: 'Ver reporte' }).click();
  await expect(page.locator('#report-to-error')).toHaveText('La fecha inicial va antes que la final.');
});

test('an administrator changes the books’ settings; a supervisor is not offered them', async ({ page }) => {
  await login(page, DEMO_USERS.admin);
  await barFits(page);
  await openBooks(page);
  await page.getByRole('button', { name: 'Ajustes de los libros' }).click();
  const encoding = page.getByLabel('Codificación de los archivos');
  await expect(encoding).toHaveValue('windows-1252');
  // MH's matrix: an expense (2) goes with types 1 to 3.
  await page.getByLabel('Tipo de costo o gasto').selectOption('5');
  await expect(page.locator('#books-purchaseCost-error')).toContainText('no va con la clasificación');
  await page.getByRole('button', { name: 'Guardar los ajustes' }).click();
  await expect(page.getByLabel('Tipo de costo o gasto')).toBeFocused();
  await page.getByLabel('Tipo de costo o gasto').selectOption('2');
  await encoding.selectOption('utf-8');
  await page.getByRole('button', { name: 'Guardar los ajustes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ajustes guardados.' })).toBeVisible();
  expect(((await (await page.request.get('/settings/books', { headers: asTheUi })).json()) as { encoding: string }).encoding).toBe('utf-8');
  await look(page, 'books-settings');
  // Back as it was, for whoever runs next.
  await encoding.selectOption('windows-1252');
  await page.getByRole('button', { name: 'Guardar los ajustes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ajustes guardados.' })).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await login(page, DEMO_USERS.supervisor);
  await openBooks(page);
  await expect(page.getByRole('button', { name: 'Anexos F-07' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajustes de los libros' })).toHaveCount(0);
});

test('a cashier is not offered Libros y reportes, and the station refuses her', async ({ page }) => {
  await login(page, DEMO_USERS.cajero);
  await expect(nav(page).getByRole('button', { name: 'Cierre de caja' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Libros y reportes' })).toHaveCount(0);
  expect((await page.request.get(`/books?month=${MONTH}`, { headers: asTheUi })).status()).toBe(403);
  expect((await page.request.get(`/reports/sales?from=${MONTH}-01&to=${TODAY}`, { headers: asTheUi })).status()).toBe(403);
});
