// Invalidation as MH defines it, and the full forms as a cashier meets them: Enter walks, F12 issues, the rare
// fields fold under "Más opciones", and the documents' detail sits beside the list, at 1366×768.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_KEY, checkScreen, fill, issue, login, pdfText, simMode } from './helpers';

const fc = (d: string): [string, string][] => [
  ['items.0.description', d],
  ['items.0.quantity', '1'],
  ['items.0.unitPrice', '12'],
];

/** Every document of the station, page by page (a count that a page's limit does not cap). */
async function countDocuments(request: APIRequestContext): Promise<number> {
  let n = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = (await (await request.get(`/dte?limit=200${query}`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as {
      items: unknown[];
      nextCursor: string | null;
    };
    n += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return n;
}

/** The longest start two texts share. */
const sharedStart = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(0, i);
};

/** Finds a document in Documentos by its control number and waits until MH approved it. */
async function approvedRow(page: Page, control: string) {
  await page.getByLabel('Buscar cliente, número de control o código').fill(control);
  const row = page.getByRole('row', { name: new RegExp(control) });
  await expect(row).toContainText('Aprobado', { timeout: 15_000 });
  return row;
}

test.beforeEach(async ({ page, request }) => {
  await simMode(request, 'normal');
  // The demo's administrator may invalidate.
  await login(page);
});

test('invalidation type 1: the replacement picked by search, the document ends invalidated, its receipt says ANULADO', async ({ page }) => {
  const wrong = await issue(page, 'Factura', fc('Venta con el precio equivocado'));
  const right = await issue(page, 'Factura', fc('Venta con el precio correcto'));
  await page.getByRole('button', { name: 'Documentos' }).click();
  // The replacement must be approved by MH before it can be picked.
  await approvedRow(page, right);
  const row = await approvedRow(page, wrong);
  await row.click();

  // The detail takes its own column: it covers none of the list's columns at 1366×768.
  const detail = page.locator('.detail');
  await expect(detail).toBeVisible();
  const table = (await page.getByRole('table', { name: 'Documentos emitidos' }).boundingBox())!;
  const panel = (await detail.boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(table.x + table.width);
  for (const header of await page.getByRole('columnheader').all()) {
    if (!(await header.isVisible())) continue;
    const box = (await header.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x);
  }
  await checkScreen(page, 'invalidation-detail', { fullPage: false });

  await page.getByRole('button', { name: 'Invalidar' }).click();
  const form = page.getByRole('form', { name: 'Invalidar documento' });
  await expect(page.getByText(/Puede invalidarse hasta .* \(quedan /)).toBeVisible();
  // Sent without a type: the form names what is missing beside it.
  await form.getByRole('button', { name: 'Confirmar invalidación' }).click();
  await expect(form.getByText('Elija el tipo de invalidación.')).toBeVisible();
  await form.getByLabel('1 · Error en la información del documento tributario electrónico a invalidar').check();
  await form.getByRole('button', { name: 'Confirmar invalidación' }).click();
  await expect(page.locator('#inv-dteReplaceId-error')).toBeVisible();
  await expect(page.locator('#inv-requester-identificationDocument-number-error')).toBeVisible();
  await checkScreen(page, 'invalidation-errors');

  // Searched by what both control numbers share: the replacement is offered, the document itself never is.
  const picker = form.getByRole('group', { name: 'Documento que lo reemplaza' });
  await picker.getByRole('searchbox').fill(sharedStart(wrong, right));
  const found = picker.getByRole('list', { name: 'Documentos encontrados' });
  await expect(found.getByRole('button', { name: new RegExp(right) })).toBeVisible();
  await expect(found.getByRole('button', { name: new RegExp(wrong) })).toHaveCount(0);
  await found.getByRole('button', { name: new RegExp(right) }).click();
  await expect(picker.getByTestId('picked-document')).toContainText(right);
  // Picked: the focus goes on to the next field to fill, never back to the page (issue 33).
  await expect(form.getByLabel('Motivo de la invalidación (opcional)')).toBeFocused();
  // The responsible comes from the station; the requester is the person logged in, who types a document.
  await expect(form.locator('#inv-manager-name')).toHaveValue('Responsable de Demostración');
  await expect(form.locator('#inv-requester-name')).toHaveValue('Administradora Demo');
  await form.locator('#inv-requester-identificationDocument-number').fill('04567891-2');
  await form.getByLabel('Motivo de la invalidación (opcional)').fill('Se emitió con el precio equivocado');
  await checkScreen(page, 'invalidation-type1');
  await form.getByRole('button', { name: 'Confirmar invalidación' }).click();

  await expect(detail.locator('.status').first()).toHaveText('Invalidado', { timeout: 15_000 });
  await expect(page.getByTestId('detail-notice')).toBeVisible();
  const id = ((await detail.locator('p.mono').textContent()) ?? '').trim().toLowerCase();
  const receipt = await page.request.get(`/dte/${id}/receipt`);
  expect(receipt.ok()).toBe(true);
  expect(pdfText(await receipt.body())).toContain('ANULADO');
  // The contract's download serves APPROVED documents only; the detail's letter prints the ANULADO copy (the app's route).
  expect((await page.request.get(`/dte/${id}/download/pdf`)).status()).toBe(404);
  const letter = page.waitForResponse((r) => r.url().endsWith(`/dte/${id}/letter`));
  await detail.getByRole('button', { name: 'PDF carta' }).click();
  expect((await letter).status()).toBe(200);
  const copy = await page.request.get(`/dte/${id}/letter`);
  expect(copy.headers()['content-type']).toBe('application/pdf');
  expect(pdfText(await copy.body())).toContain('ANULADO: DOCUMENTO INVALIDADO ANTE MH');
  await checkScreen(page, 'invalidation-done', { fullPage: false });
});

test('Enter in a line walks the fields and never issues; F12 issues', async ({ page, request }) => {
  await page.getByRole('button', { name: 'Emitir', exact: true }).click();
  await page.getByRole('group', { name: 'Tipo de documento' }).getByRole('button', { name: 'Factura', exact: true }).click();
  const before = await countDocuments(request);

  // A new line starts filled in: one, goods, taxed, by the unit.
  await expect(page.locator('#f-items-0-quantity')).toHaveValue('1');
  await expect(page.locator('#f-items-0-unitMeasure')).toHaveValue('59 · unidad');
  await expect(page.locator('#f-items-0-saleType')).toHaveValue('GRAVADA');
  await expect(page.locator('#f-items-0-type')).toHaveValue('BIENES');

  const description = page.locator('#f-items-0-description');
  await description.click();
  await page.keyboard.type('Tornillos de 1/2"');
  await page.keyboard.press('Enter');
  await expect(page.locator('#f-items-0-quantity')).toBeFocused();
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await expect(page.locator('#f-items-0-unitMeasure')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#f-items-0-unitPrice')).toBeFocused();
  await page.keyboard.type('0.25');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // The line's total as it is typed: 4 × 0.25.
  await expect(page.locator('.list-item').first().locator('.line-total')).toContainText('$1.00');
  await expect(page.locator('.issued')).toHaveCount(0);
  expect(await countDocuments(request)).toBe(before);

  // A second line starts as the first: its unit, one of it, never an empty choice.
  await page.getByRole('button', { name: 'Agregar línea' }).click();
  await expect(page.locator('#f-items-1-unitMeasure')).toHaveValue('59 · unidad');
  await expect(page.locator('#f-items-1-quantity')).toHaveValue('1');
  await page.getByRole('button', { name: 'Quitar' }).last().click();

  // The total and the button stay in the window at 1366×768.
  await expect(page.getByTestId('total')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Emitir (F12)' })).toBeInViewport();
  await checkScreen(page, 'forms-fc-window', { fullPage: false });

  await description.focus();
  await page.keyboard.press('F12');
  await expect(page.locator('.issued')).toContainText('Documento emitido', { timeout: 10_000 });
  expect(await countDocuments(request)).toBe(before + 1);
});

test('"Más opciones" opens with the keyboard; catalogs show code and name', async ({ page }) => {
  await page.getByRole('button', { name: 'Emitir', exact: true }).click();
  await page.getByRole('group', { name: 'Tipo de documento' }).getByRole('button', { name: 'Crédito fiscal', exact: true }).click();
  // The rare fields of a line are folded: Tab from the line's last usual field reaches "Más opciones".
  await expect(page.locator('#f-items-0-psv')).toBeHidden();
  await page.locator('#f-items-0-type').focus();
  await page.keyboard.press('Tab');
  const more = page.locator('.list-item').first().getByRole('button', { name: 'Más opciones' });
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#f-items-0-psv')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('#f-items-0-internalCode')).toBeFocused();
  // Space closes it again, as any button.
  await more.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('#f-items-0-psv')).toBeHidden();

  // A catalog picked by its code reads "code · name" once left.
  await fill(page, 'recipient.economicActivity', '46900');
  await page.locator('#f-recipient-name').focus();
  await expect(page.locator('#f-recipient-economicActivity')).toHaveValue(/^46900 · \S/);
  await fill(page, 'recipient.address.department', '06');
  await expect(page.locator('#f-recipient-address-department option:checked')).toHaveText('06 · San Salvador');
  await checkScreen(page, 'forms-ccf');
  await page.locator('.list-item').first().getByRole('button', { name: 'Más opciones' }).click();
  await checkScreen(page, 'forms-ccf-more', { fullPage: false });
});
