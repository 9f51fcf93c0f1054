// Documents made from documents (issue 14, items 3 and 5): a credit note from a CCF's lines, the limit of what
// notes may give back, and a rejected document corrected and issued again. At 1366×768, with screenshots.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_KEY, checkScreen, login, simMode } from './helpers';

const POS = { 'X-API-Key': DEMO_KEY };

interface Doc {
  id: string;
  controlNumber: string;
  status: string;
}
interface Detail {
  record: Doc;
  body: { items: Record<string, unknown>[]; recipient: Record<string, unknown> };
}

/** A CCF of two lines, as a POS sends it: $37.50 and $30.00, both taxed. */
const ccf = (id: string, generatedAt?: string) => ({
  id,
  ...(generatedAt ? { generatedAt } : {}),
  recipient: {
    name: 'Distribuidora La Ceiba, S.A. de C.V.',
    nrc: '1234567',
    economicActivity: '46900',
    email: 'compras@laceiba.example.com',
    address: { department: '06', municipality: '23', complement: 'Calle Arce 1010' },
    identificationDocument: { type: 'NIT', number: '06141234567890' },
  },
  items: [
    { type: 'BIENES', description: 'Resma papel bond carta', quantity: 10, unitMeasure: 'UNIDAD', unitPrice: 3.75, saleType: 'GRAVADA' },
    { type: 'BIENES', description: 'Caja de clips', quantity: 3, unitMeasure: 'UNIDAD', unitPrice: 10, saleType: 'GRAVADA' },
  ],
});

async function post(request: APIRequestContext, body: ReturnType<typeof ccf>): Promise<Doc> {
  const res = await request.post('/dte/ccf', { headers: POS, data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as Doc;
}

async function until(request: APIRequestContext, id: string, status: string): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`/dte/${id}`, { headers: POS })).json()) as Doc).status, { timeout: 15_000 })
    .toBe(status);
}

const detail = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/dte/${id}/detail`, { headers: POS })).json()) as Detail;

/** Documentos, the document found by its control number, its detail open. */
async function openDetail(page: Page, control: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: 'Documentos' }).click();
  await page.getByLabel('Buscar cliente, número de control o código').fill(control);
  await page.getByRole('row', { name: new RegExp(control) }).click();
  await expect(page.locator('.detail')).toContainText(control);
}

const submit = (page: Page) => page.locator('form button[type=submit]', { hasText: /^Emitir/ });

test.beforeEach(async ({ page, request }) => {
  await simMode(request, 'normal');
  // The demo's administrator: notes are a supervisor's, corrections anyone's who issues the kind.
  await login(page);
});

test('a credit note from the lines of a CCF; a second beyond what remains is refused', async ({ page, request }) => {
  const original = await post(request, ccf(randomUUID()));
  await until(request, original.id, 'APPROVED');
  await openDetail(page, original.controlNumber);
  await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();

  // The first step: the original's lines. Keyboard only: Space marks the first, Tab to its quantity, Enter continues.
  await expect(page.getByRole('heading', { name: `Nota de crédito del Crédito fiscal ${original.controlNumber}` })).toBeVisible();
  await expect(page.getByLabel('Incluir Resma papel bond carta')).toBeFocused();
  await expect(page.getByTestId('left-GRAVADA')).toHaveText('Gravada: quedan $67.50; esta nota devuelve $0.00');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Cantidad de Resma papel bond carta')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await expect(page.getByTestId('left-GRAVADA')).toHaveText('Gravada: quedan $67.50; esta nota devuelve $15.00');
  await checkScreen(page, 'notes-lines');
  await page.keyboard.press('Enter');

  // The note's form: the customer, the picked line, the original related (picked, not typed) and named by the line.
  await expect(page.locator('#f-recipient-name')).toHaveValue('Distribuidora La Ceiba, S.A. de C.V.');
  await expect(page.locator('#f-items-0-description')).toHaveValue('Resma papel bond carta');
  await expect(page.locator('#f-items-0-quantity')).toHaveValue('4');
  await expect(page.locator('#f-items-1-description')).toHaveCount(0);
  await expect(page.getByTestId('picked-document')).toContainText(original.controlNumber);
  await expect(page.locator('#f-items-0-documentNumber option:checked')).toHaveText(original.controlNumber);
  // Another related document is found by search, never by typing its code: the same one, found again.
  await page.getByRole('group', { name: 'Documento relacionado' }).getByRole('button', { name: 'Quitar' }).click();
  await page.locator('#f-relatedTaxDocuments-0-id').fill('La Ceiba');
  await page
    .getByRole('list', { name: 'Documentos encontrados' })
    .getByRole('button', { name: new RegExp(original.controlNumber) })
    .click();
  await expect(page.getByTestId('picked-document')).toContainText(original.controlNumber);
  await checkScreen(page, 'notes-form');
  await submit(page).click();
  await expect(page.locator('.issued')).toContainText(/Documento emitido: DTE-05-/, { timeout: 10_000 });

  // The note's lines are the picked ones.
  const notes = (await (await request.get('/dte?type=NC&limit=1', { headers: POS })).json()) as { items: Doc[] };
  const note = await detail(request, notes.items[0]!.id);
  expect(note.body.items).toEqual([
    expect.objectContaining({
      description: 'Resma papel bond carta',
      quantity: 4,
      unitPrice: 3.75,
      saleType: 'GRAVADA',
      documentNumber: original.id.toLowerCase(),
    }),
  ]);

  // A second note for every unit: the step says how much remains, and the station refuses it.
  await openDetail(page, original.controlNumber);
  await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await page.getByLabel('Incluir Resma papel bond carta').check();
  await page.getByLabel('Incluir Caja de clips').check();
  await expect(page.getByTestId('left-GRAVADA')).toHaveText('Gravada: quedan $52.50; esta nota devuelve $67.50');
  await expect(page.locator('.credit-left [role=alert]')).toContainText('más de lo que queda');
  await checkScreen(page, 'notes-over-step');
  await page.getByRole('button', { name: 'Continuar (Enter)' }).click();
  await expect(page.locator('#f-items-1-description')).toHaveValue('Caja de clips');
  await submit(page).click();
  await expect(page.locator('#f-items-error')).toContainText('se piden $67.50 y quedan $52.50');
  await checkScreen(page, 'notes-over-refused');
  // Still the one note on this CCF.
  const all = (await (await request.get(`/dte?type=NC&q=${encodeURIComponent('La Ceiba')}&limit=100`, { headers: POS })).json()) as {
    items: Doc[];
  };
  const onThis = await Promise.all(all.items.map((d) => detail(request, d.id)));
  expect(onThis.filter((d) => d.body.items.some((i) => i.documentNumber === original.id.toLowerCase()))).toHaveLength(1);
});

test('a rejected CCF corrected and issued again: a new document, the rejected one stays', async ({ page, request }) => {
  await simMode(request, 'reject');
  const rejected = await post(request, ccf(randomUUID()));
  await until(request, rejected.id, 'REJECTED');
  await simMode(request, 'normal');
  await openDetail(page, rejected.controlNumber);
  // A rejected document gets no note.
  await expect(page.getByRole('button', { name: 'Emitir nota de crédito' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Corregir y emitir de nuevo' }).click();

  await expect(
    page.getByRole('heading', { name: `Corrección del Crédito fiscal ${rejected.controlNumber}, rechazado por MH` }),
  ).toBeVisible();
  await expect(page.getByTestId('mh-summary')).toHaveText('DOCUMENTO RECHAZADO (SIMULADOR EN MODO RECHAZO)');
  await expect(page.locator('#f-recipient-name')).toHaveValue('Distribuidora La Ceiba, S.A. de C.V.');
  await expect(page.locator('#f-items-1-description')).toHaveValue('Caja de clips');
  await checkScreen(page, 'notes-correction');
  await submit(page).click();
  await expect(page.locator('.issued')).toContainText(/Documento emitido: DTE-03-/, { timeout: 10_000 });
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 15_000 });

  // A new document with the same data; the rejected one is as it was.
  const control = /DTE-03-[A-Z0-9]{8}-\d{15}/.exec((await page.locator('.issued').textContent()) ?? '')?.[0] ?? '';
  expect(control).not.toBe(rejected.controlNumber);
  const found = (await (await request.get(`/dte?q=${control}`, { headers: POS })).json()) as { items: Doc[] };
  const fresh = await detail(request, found.items[0]!.id);
  const old = await detail(request, rejected.id);
  expect(old.record.status).toBe('REJECTED');
  expect(fresh.record.id).not.toBe(rejected.id);
  expect(fresh.body.items).toEqual(old.body.items);
  expect(fresh.body.recipient).toEqual(old.body.recipient);
});

test("MH's observation naming a field is shown beside it", async ({ page, request }) => {
  // Five days old: MH takes only today's or yesterday's date, and names the field.
  const stale = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
  const rejected = await post(request, ccf(randomUUID(), stale));
  await until(request, rejected.id, 'REJECTED');
  await openDetail(page, rejected.controlNumber);
  await page.getByRole('button', { name: 'Corregir y emitir de nuevo' }).click();
  // The date is left out (the new document is issued today), and MH's words stay beside its field.
  await expect(page.locator('#f-generatedAt')).toHaveValue('');
  await expect(page.locator('#f-generatedAt').locator('xpath=..').locator('.field-note')).toContainText(
    'MH: FECHA FUERA DEL RANGO PERMITIDO',
  );
  await checkScreen(page, 'notes-correction-field');
  await submit(page).click();
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 15_000 });
});
