// The head office hub's screens (project `hub`; its server is hub/hub-fixture.ts: a private PostgreSQL, `sello hub`,
// two station cores of two branches replicating to it, M002 in contingency). An accountant reads every branch's
// documents, filters them and opens one with its signed JSON; Sucursales flags the branch in contingency; Libros shows
// the company's month and one point's, and downloads an annex and a book; an auditor reads the books too and is
// shown nothing of the administrator's; an ADMIN makes and deactivates a person. Screens at 1366×768, each with
// axe's serious findings checked.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkScreen, pdfText, watchOffline } from './helpers';
import { HUB_E2E_PEOPLE } from './hub/people';

type Who = (typeof HUB_E2E_PEOPLE)[keyof typeof HUB_E2E_PEOPLE];
const nav = (page: Page) => page.getByRole('navigation', { name: 'Central' });
const rows = (page: Page) => page.getByTestId('hub-document-row');

/** The login, by keyboard: the user field has the focus, Tab to the password, Enter. */
async function logIn(page: Page, who: Who): Promise<void> {
  await page.goto('/hub/');
  await expect(page.getByRole('heading', { name: 'Central de la empresa' })).toBeVisible();
  await expect(page.getByLabel('Usuario')).toBeFocused();
  await page.keyboard.type(who.login);
  await page.keyboard.press('Tab');
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session-user')).toContainText(who.name);
}

test('the hub serves its screens with the strict CSP, and /hub leads to them', async ({ page, request }) => {
  const res = await request.get('/hub/');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(await res.text()).not.toMatch(/<script>|<style>/);
  const asset = /src="(\/hub\/assets\/[^"]+\.js)"/.exec(await res.text())![1]!;
  expect((await request.get(asset)).headers()['content-security-policy']).toContain("default-src 'self'");
  await page.goto('/hub');
  await expect(page).toHaveURL(/\/hub\/$/);
  await expect(page.getByRole('heading', { name: 'Central de la empresa' })).toBeVisible();
});

test("the hub's API reference draws offline under the strict CSP, and opens the books' operation", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const { violations, elsewhere } = await watchOffline(page, baseURL!);
  await page.goto('/hub/docs');
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
  await expect(page.locator('#intro')).toContainText('Sello: API de la central');
  await expect(page.getByRole('heading', { name: 'Estaciones', level: 2 })).toBeVisible();
  // The filter, Enter to the first match and Enter to open it: the month and the point of sale it reads.
  await page.getByLabel('Buscar').focus();
  await page.keyboard.type('GET /hub/v1/books', { delay: 5 });
  await page.keyboard.press('Enter');
  const books = page.locator('details:not(.hidden)').first();
  await expect(books.locator('summary')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(books).toContainText('point');
  await expect(books).toContainText('Quién puede llamarla: cualquier persona de la central');
  await checkScreen(page, 'hub-api-docs', { fullPage: false });
  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test('an accountant reads every branch, filters by branch and by text, and opens a signed document', async ({ page }) => {
  await page.goto('/hub/');
  await page.getByLabel('Usuario').fill(HUB_E2E_PEOPLE.accountant.login);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos');
  await expect(page.getByLabel('Contraseña')).toHaveValue('');
  await checkScreen(page, 'hub-login');

  await logIn(page, HUB_E2E_PEOPLE.accountant);
  await expect(page.getByTestId('session-user')).toHaveText('Rosa Contreras · Contador');
  await expect(page.getByRole('heading', { name: 'Documentos de todas las sucursales' })).toBeVisible();
  // Both branches, M001's approved by MH, M002's waiting (its MH is down).
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).filter({ hasText: 'M001' })).toHaveCount(3);
  await expect(rows(page).filter({ hasText: 'M002' })).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'M001' }).filter({ hasText: 'Aprobado' })).toHaveCount(3);
  await expect(rows(page).filter({ hasText: 'M002' }).filter({ hasText: 'Por enviar a MH' })).toHaveCount(2);
  await expect(page.getByText('5 documentos')).toBeVisible();
  // No Personas for an accountant.
  await expect(nav(page).getByRole('button', { name: 'Personas' })).toHaveCount(0);
  await checkScreen(page, 'hub-documents');

  // One branch.
  await page.getByLabel('Sucursal', { exact: true }).selectOption('M002');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'M001' })).toHaveCount(0);
  await expect(rows(page).first()).toContainText('M002');

  // Text, every branch again: Enter in the search field applies the filters.
  await page.getByRole('button', { name: 'Limpiar' }).click();
  await expect(rows(page)).toHaveCount(5);
  await page.getByLabel('Buscar cliente o número de control').fill('cañas');
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Ferretería Cañas, S.A. de C.V.');
  await expect(rows(page).first()).toContainText('M001');

  // Its detail: where it was issued, MH's seal, and the signed JSON and its JWS as stored.
  const link = rows(page).first().getByRole('link');
  const control = (await link.textContent())!.trim();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Documento ${control}` })).toBeVisible();
  await expect(page).toHaveURL(/#\/documentos\/[0-9a-f-]{36}$/);
  const json = page.getByTestId('hub-signed-json');
  await expect(json).toContainText(`"numeroControl": "${control}"`);
  await expect(json).toContainText('"nombre": "Ferretería Cañas, S.A. de C.V."');
  await expect(json).toContainText('"codEstable": "M001"');
  await expect(page.getByTestId('hub-jws')).toHaveText(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(page.getByText('Sin sello: MH aún no lo ha recibido.')).toHaveCount(0);
  await checkScreen(page, 'hub-detail');

  // Its letter PDF, drawn at the hub from the stored JSON: MH's seal and the recipient on it.
  const pdfLink = page.getByRole('link', { name: 'PDF carta' });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  expect(text).toContain(control);
  expect(text).toContain('Ferretería Cañas, S.A. de C.V.');
  expect(text).not.toContain('PENDIENTE');
  // A document of the branch in contingency: no seal yet, and the PDF says it was issued in contingency, as the
  // station's does: M002 re-signed it into its contingency event and the hub keeps that re-signing (3e32839). The
  // re-signed copy replicates a moment after the first, so the PDF is asked again until it shows.
  const m002 = (await (await page.request.get('/hub/v1/documents?branch=M002&limit=1')).json()) as {
    documents: { id: string; controlNumber: string }[];
  };
  const waitingPdf = async () => pdfText(await (await page.request.get(`/hub/v1/documents/${m002.documents[0]!.id}/pdf`)).body());
  await expect.poll(waitingPdf, { timeout: 15_000 }).toContain('DOCUMENTO EMITIDO EN CONTINGENCIA');
  const waiting = await waitingPdf();
  expect(waiting).toContain(m002.documents[0]!.controlNumber);
  expect(waiting).toContain('Sello de recepción: PENDIENTE');
  expect(waiting).toMatch(/Contingencia \(tipo \d\)/);
  expect(waiting).not.toContain('PENDIENTE DE TRANSMISIÓN');

  // Back: the list as it was left, filter included.
  await page.getByRole('button', { name: 'Volver a la lista' }).click();
  await expect(page.getByLabel('Buscar cliente o número de control')).toHaveValue('cañas');
  await expect(rows(page)).toHaveCount(1);
});

test('Sucursales flags the branch in contingency and puts it first', async ({ page }) => {
  await logIn(page, HUB_E2E_PEOPLE.accountant);
  await nav(page).getByRole('button', { name: 'Sucursales' }).click();
  await expect(page.getByRole('heading', { name: 'Sucursales', exact: true })).toBeVisible();
  const cards = page.getByTestId('hub-station');
  await expect(cards).toHaveCount(2);
  const santaAna = cards.filter({ has: page.getByRole('heading', { name: 'Sucursal Santa Ana' }) });
  const matriz = cards.filter({ has: page.getByRole('heading', { name: 'Casa matriz San Salvador' }) });
  await expect(santaAna).toContainText('En contingencia');
  await expect(santaAna).toContainText('Sucursal M002 · Caja P001');
  await expect(santaAna).toContainText(/Último contacto\s*hace (menos de 1|\d+) min/);
  await expect(
    santaAna
      .getByRole('list', { name: /Alertas/ })
      .getByRole('listitem')
      .first(),
  ).toContainText(/En contingencia desde/);
  await expect(matriz).not.toContainText('En contingencia');
  await expect(matriz).toContainText('Conectada con MH');
  // Worst first: the branch in contingency heads the page, though M001-P001 comes first by id.
  await expect(cards.first()).toHaveAttribute('data-station', 'M002-P001');
  // Above them, what MH did not confirm: the fixture's invalidation MH shows standing, by its number (decision 0064).
  const seals = page.getByRole('article', { name: 'Confirmación con MH' });
  await expect(seals.getByRole('listitem').first()).toContainText(/Aviso:\s*MH muestra vigentes 1 documento que una sucursal invalidó/);
  await expect(seals.getByRole('table')).toContainText('DTE-01-M001P001-');
  await expect(seals.getByRole('table')).toContainText('Lo muestra vigente aunque se invalidó');
  await checkScreen(page, 'hub-health');
});

/** This month on El Salvador's calendar (`2026-11`): the month the fixture's documents were issued in. */
const monthInSv = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador', year: 'numeric', month: '2-digit' }).format(new Date());

test("an accountant reads the company's month in Libros, one point's, and downloads an annex and a book", async ({ page }) => {
  const month = monthInSv();
  const compact = month.replace('-', '');
  await logIn(page, HUB_E2E_PEOPLE.accountant);
  // By keyboard: the bar's Libros, then the month field and the point of sale.
  await nav(page).getByRole('button', { name: 'Libros' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/libros$/);
  const heading = page.getByRole('heading', { name: 'Libros de la empresa', level: 1 });
  await expect(heading).toBeFocused();
  const month$ = page.getByLabel('Mes', { exact: true });
  const point = page.getByLabel('Empresa o punto de venta', { exact: true });
  const reportPoint = page.getByLabel('Punto de venta', { exact: true });
  // The station's own books screen (renderer/src/books/BooksScreen.tsx), over the hub's API.
  const annexes = page.getByTestId('books-annexes');
  const tab = (name: string) => page.getByRole('group', { name: 'Secciones' }).getByRole('button', { name });
  // It opens on the month declared now (the previous one), every point of sale.
  const [y, m] = month.split('-').map(Number) as [number, number];
  await expect(month$).toHaveValue(m === 1 ? `12/${y - 1}` : `${String(m - 1).padStart(2, '0')}/${y}`);
  await expect(point).toHaveValue('');
  await expect(annexes).toHaveAttribute('aria-busy', 'false');

  // The month of the fixture's documents: "Preparando…" while the hub builds it (held back a second here, as a big
  // month takes seconds), then both branches' annexes.
  await page.route(/\/hub\/v1\/books\?/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await month$.fill(`${month.slice(5, 7)}/${month.slice(0, 4)}`);
  await expect(annexes).toHaveAttribute('aria-busy', 'true');
  await expect(annexes.getByRole('status')).toContainText('Preparando los anexos y los libros de');
  await expect(annexes.getByRole('status')).toContainText('(toda la empresa)');
  await checkScreen(page, 'hub-books-calculating', { fullPage: false });
  await expect(annexes).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await page.unroute(/\/hub\/v1\/books\?/);
  await expect(annexes.getByRole('heading', { level: 2 })).toContainText('(toda la empresa)');
  const annex2 = page.getByTestId('annexes').locator('tr[data-annex="2"]');
  await expect(annex2).toContainText(`A2_${compact}.CSV`);
  await checkScreen(page, 'hub-books');

  // The IVA books and the report: the company's débito, its five documents, two still waiting for MH.
  const figures = async () => {
    await tab('Libros de IVA').click();
    const debito = (await page.getByTestId('iva-total').locator('strong').textContent())!;
    await tab('Reportes').click();
    const totals = (await page.getByTestId('report-totals').textContent())!;
    return { debito, totals, attention: (await page.getByTestId('report-attention').textContent())! };
  };
  await tab('Reportes').click();
  await expect(page.getByTestId('report-totals')).toContainText('5 documentos');
  const whole = await figures();
  expect(whole.debito).toMatch(/^\$[\d,]+\.\d\d$/);
  expect(whole.attention).toContain('2 documentos esperan respuesta de MH');
  await expect(reportPoint).toHaveValue('');
  await tab('Anexos F-07').click();

  // One point of sale, M001P001 (the first after "Toda la empresa", by keyboard): fewer documents, a smaller débito.
  await point.focus();
  await page.keyboard.press('ArrowDown');
  await expect(point).toHaveValue('M001P001');
  await expect(annexes).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(annexes.getByRole('heading', { level: 2 })).toContainText('(M001P001)');
  await expect(annex2).toContainText(`A2_${compact}_M001P001.CSV`);
  await checkScreen(page, 'hub-books-point');
  await tab('Reportes').click();
  // The report opens on the same point of sale.
  await expect(reportPoint).toHaveValue('M001P001');
  await expect(page.getByTestId('report-totals')).toContainText('3 documentos');
  const one = await figures();
  expect(one.attention).toContain('Ninguno');
  const amount = (t: string) => Number(t.replace(/[$,]/g, ''));
  expect(amount(one.debito)).toBeGreaterThan(0);
  expect(amount(one.debito)).toBeLessThan(amount(whole.debito));
  const pointDebito = one.debito;
  await tab('Anexos F-07').click();

  // Its Anexo 2, saved by the browser under MH's name: M001's documents, not M002's.
  const [csv] = await Promise.all([page.waitForEvent('download'), annex2.getByRole('button', { name: /^Descargar A2_/ }).click()]);
  expect(csv.suggestedFilename()).toBe(`A2_${compact}_M001P001.CSV`);
  const csvText = new TextDecoder('windows-1252').decode(readFileSync(await csv.path()));
  // One line for the day, M001's generation codes from the first to the last (MH's DEL and AL), none of M002's.
  const codes = async (branch: string) => {
    const r = (await (await page.request.get(`/hub/v1/documents?branch=${branch}&limit=10`)).json()) as { documents: { id: string }[] };
    return r.documents.map((d) => d.id.replaceAll('-', '').toUpperCase()).sort();
  };
  const [m001, m002] = [await codes('M001'), await codes('M002')];
  expect(csvText.trim().split('\r\n')).toHaveLength(1);
  expect(csvText).toContain(`;${m001[0]};${m001.at(-1)};`);
  for (const code of m002) expect(csvText).not.toContain(code);

  // M001P001's consumers' book as PDF: the débito the page shows is on it.
  await tab('Libros de IVA').click();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar PDF: Libro de ventas a consumidores finales' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`libro-consumidores-${month}.pdf`);
  const bookText = pdfText(readFileSync(await pdf.path()));
  expect(bookText).toContain(pointDebito.replace('$', ''));
});

test('an auditor reads, and sees nothing of the administrator', async ({ page }) => {
  await logIn(page, HUB_E2E_PEOPLE.auditor);
  await expect(page.getByTestId('session-user')).toHaveText('Julio Auditor · Auditor');
  await expect(rows(page)).toHaveCount(5);
  // The books are every reader's: Libros is in the bar and the month answers.
  await expect(nav(page).getByRole('button', { name: 'Libros' })).toBeEnabled();
  expect((await page.request.get(`/hub/v1/books?month=${monthInSv()}`)).status()).toBe(200);
  await expect(nav(page).getByRole('button', { name: 'Personas' })).toHaveCount(0);
  // Typing the address of Personas lands on the documents; the API says no as well.
  await page.goto('/hub/#/personas');
  await expect(page.getByRole('heading', { name: 'Documentos de todas las sucursales' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Personas de la central' })).toHaveCount(0);
  expect((await page.request.get('/hub/v1/people')).status()).toBe(403);
  expect(
    (await page.request.post('/hub/v1/people', { data: { login: 'x', name: 'X', role: 'ADMIN', password: 'Clave#2026' } })).status(),
  ).toBe(403);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Central de la empresa' })).toBeVisible();
  expect((await page.request.get('/hub/v1/documents')).status()).toBe(401);
});

test('an ADMIN makes a person and deactivates them; the deactivated person cannot log in', async ({ page }) => {
  await logIn(page, HUB_E2E_PEOPLE.admin);
  await nav(page).getByRole('button', { name: 'Personas' }).click();
  await expect(page.getByRole('heading', { name: 'Personas de la central' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table).toContainText('contadora');
  await expect(table).toContainText('auditor');
  await page.getByLabel('Usuario', { exact: true }).fill('tesoreria');
  await page.getByLabel('Nombre', { exact: true }).fill('Elsa Tesorería');
  await page.getByLabel('Rol').selectOption('ACCOUNTANT');
  await page.getByLabel('Contraseña (8 caracteres o más)').fill('Tesoro#2026');
  await page.getByRole('button', { name: 'Crear persona' }).click();
  await expect(page.getByRole('status')).toHaveText('Elsa Tesorería fue creada.');
  const row = page.getByRole('row', { name: /tesoreria/ });
  await expect(row).toContainText('Contador');
  await expect(row).toContainText('Activa');
  await checkScreen(page, 'hub-people');

  await page.getByRole('button', { name: 'Desactivar a Elsa Tesorería' }).click();
  await expect(row).toContainText('Inactiva');
  const r = await page.request.post('/hub/v1/session', { data: { login: 'tesoreria', password: 'Tesoro#2026' } });
  expect(r.status()).toBe(401);
});
