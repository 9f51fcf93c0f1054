// Issuing every kind through its form, against `sello serve --demo` and its embedded MH simulator.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_KEY, checkScreen, fill, issue, login, openIssue, simMode } from './helpers';

const address: [string, string][] = [
  ['recipient.address.department', '06'],
  ['recipient.address.municipality', '23'],
  ['recipient.address.complement', 'Calle Arce 1010'],
];
const taxpayer: [string, string][] = [
  ['recipient.name', 'Distribuidora La Ceiba, S.A. de C.V.'],
  ['recipient.identificationDocument.number', '06141234567890'],
  ['recipient.nrc', '1234567'],
  ['recipient.economicActivity', '46900'],
  ['recipient.email', 'compras@laceiba.example.com'],
  ...address,
];
const importer: [string, string][] = [
  ['recipient.name', 'Importadora del Norte LLC'],
  ['recipient.country', 'US'],
  ['recipient.address', '1200 Harbor Blvd, Houston, TX 77002'],
  ['recipient.economicActivity', '46900'],
  ['recipient.identificationDocument.number', 'EIN-45-1234567'],
  ['recipient.email', 'imports@norte.example.com'],
];
const line = (description: string): [string, string][] => [
  ['items.0.description', description],
  ['items.0.quantity', '2'],
  ['items.0.unitPrice', '10.50'],
];

test.beforeEach(async ({ page, request }) => {
  await simMode(request, 'normal');
  // The demo's administrator: every kind, credit and debit notes included.
  await login(page);
  await expect(page.getByTestId('sync-banner')).toBeVisible();
  await openIssue(page);
});

test('a keyboard-only FC: type the line, Tab between fields, F12 to issue', async ({ page }) => {
  // The line starts at its catalog search; Enter with nothing typed there goes on to type the line by hand.
  await expect(page.locator('#f-items-0-product')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#f-items-0-description')).toBeFocused();
  await page.keyboard.type('Pupusas revueltas (docena)');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('4.50');
  // 2 × 4.50 before IVA = 9.00 + 13 % = 10.17, live from the same tax module as the core.
  await expect(page.getByTestId('total')).toHaveText('$10.17');
  await page.keyboard.press('F12');
  await expect(page.locator('.issued')).toContainText(/DTE-01-M001P001-\d{15}/);
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 10_000 });
  await checkScreen(page, 'issued');
});

test('validation as you type: the field is named, nothing is issued', async ({ page }) => {
  await fill(page, 'items.0.unitPrice', 'abc');
  await page.getByRole('button', { name: /Emitir \(F12\)/ }).click();
  await expect(page.locator('#f-items-0-description-error')).toHaveText('Campo obligatorio.');
  await expect(page.locator('#f-items-0-unitPrice-error')).toBeVisible();
  await expect(page.locator('.issued')).toHaveCount(0);
  await checkScreen(page, 'issue-fc');
});

test('every kind through its form', async ({ page, request }) => {
  expect(await issue(page, 'Factura', [...line('Café molido'), ['recipient.name', 'María Hernández']], ['Cliente (opcional)'])).toMatch(
    /^DTE-01-/,
  );
  expect(await issue(page, 'Crédito fiscal', [...taxpayer, ...line('Resma de papel')])).toMatch(/^DTE-03-/);
  // The CCF just issued is the one the notes adjust.
  const list = (await (await request.get('/dte?type=CCF&limit=1', { headers: { 'X-API-Key': DEMO_KEY } })).json()) as {
    items: { id: string }[];
  };
  const ccf = list.items[0]!.id;
  await expect
    .poll(
      async () => ((await (await request.get(`/dte/${ccf}`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { status: string }).status,
      { timeout: 10_000 },
    )
    .toBe('APPROVED');
  const note: [string, string][] = [['relatedTaxDocuments.0.id', ccf], ...taxpayer, ...line('Devolución'), ['items.0.documentNumber', ccf]];
  expect(await issue(page, 'Nota de crédito', note)).toMatch(/^DTE-05-/);
  expect(await issue(page, 'Nota de débito', note)).toMatch(/^DTE-06-/);
  expect(
    await issue(page, 'Retención', [
      ['recipient.name', 'Proveedora Industrial'],
      ['recipient.identificationDocument.number', '06141234567890'],
      ['recipient.nrc', '1234567'],
      ['recipient.economicActivity', '46900'],
      ['recipient.email', 'facturas@proveedora.example.com'],
      ...address,
      ['items.0.taxDocumentNumber', 'A000123'],
      ['items.0.taxDocumentGeneratedAt', '2026-11-01'],
      ['items.0.description', 'Retención 1 %'],
      ['items.0.amountSubject', '500'],
      ['items.0.ivaRetained', '5'],
    ]),
  ).toMatch(/^DTE-07-/);
  expect(
    await issue(page, 'Sujeto excluido', [
      ['recipient.name', 'Juan Antonio Martínez'],
      ['recipient.identificationDocument.number', '045678912'],
      ...address,
      ...line('Maíz blanco'),
    ]),
  ).toMatch(/^DTE-14-/);
  expect(await issue(page, 'Exportación', [...importer, ...line('Café oro lavado')])).toMatch(/^DTE-11-/);
});

test('the address book fills the recipient of a past document', async ({ page }) => {
  await issue(page, 'Crédito fiscal', [...taxpayer, ...line('Tinta para impresora')]);
  await page.getByRole('button', { name: 'Nuevo documento' }).click();
  await expect(page.locator('#f-recipient-name')).toHaveValue('');
  await page.getByLabel('Cliente frecuente (buscar por nombre, NIT o DUI)').fill('061412');
  await page
    .getByRole('list', { name: 'Clientes anteriores' })
    .getByRole('button', { name: /Distribuidora La Ceiba/ })
    .click();
  await expect(page.locator('#f-recipient-name')).toHaveValue('Distribuidora La Ceiba, S.A. de C.V.');
  await expect(page.locator('#f-recipient-nrc')).toHaveValue('1234567');
  await expect(page.locator('#f-recipient-address-complement')).toHaveValue('Calle Arce 1010');
});

test('sub-forms: a doctor on an FC and the transport of an export reach MH', async ({ page, request }) => {
  await page.getByRole('button', { name: 'Emitir', exact: true }).click();
  await page.getByRole('group', { name: 'Tipo de documento' }).getByRole('button', { name: 'Factura', exact: true }).click();
  for (const [path, value] of line('Consulta quirúrgica')) await fill(page, path, value);
  await page.getByRole('group', { name: 'Documentos', exact: true }).getByRole('button', { name: 'Más opciones' }).click();
  await page.getByRole('button', { name: 'Agregar documento asociado' }).click();
  await fill(page, 'attachments.0.code', 'DOCTOR');
  await page.getByRole('group', { name: 'Médico (solo tipo Médico)' }).getByLabel('Incluir').check();
  await fill(page, 'attachments.0.doctor.name', 'Dra. Elena Campos');
  await fill(page, 'attachments.0.doctor.identificationDocument.type', 'DUI');
  await fill(page, 'attachments.0.doctor.identificationDocument.number', '012345678');
  await fill(page, 'attachments.0.doctor.service', 'CIRUGIA');
  await page.getByRole('button', { name: /Emitir \(F12\)/ }).click();
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 10_000 });
  const fc = (
    (await (await request.get('/dte?type=FC&limit=1', { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { items: { id: string }[] }
  ).items[0]!.id;
  const fcJson = (await (await request.get(`/dte/${fc}/download/json`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as {
    otrosDocumentos: { medico: { nombre: string; tipoServicio: number } }[];
  };
  expect(fcJson.otrosDocumentos[0]!.medico).toMatchObject({ nombre: 'Dra. Elena Campos', tipoServicio: 1 });

  await page.getByRole('group', { name: 'Tipo de documento' }).getByRole('button', { name: 'Exportación', exact: true }).click();
  for (const [path, value] of [...importer, ...line('Café oro lavado')]) await fill(page, path, value);
  await page.getByRole('group', { name: 'Documentos', exact: true }).getByRole('button', { name: 'Más opciones' }).click();
  await page.getByRole('button', { name: 'Agregar documento asociado' }).click();
  await fill(page, 'attachments.0.code', 'TRANSPORTE');
  await page.getByRole('group', { name: 'Transporte (solo tipo Transporte)' }).getByLabel('Incluir').check();
  await fill(page, 'attachments.0.driver.name', 'Carlos Rivas');
  await fill(page, 'attachments.0.driver.documentIdentificationNumber', '012345678');
  await fill(page, 'attachments.0.driver.transportIdentificationNumber', 'C123456');
  await fill(page, 'attachments.0.driver.transport', 'TERRESTRE');
  await page.getByRole('group', { name: 'Datos de exportación' }).getByRole('button', { name: 'Más opciones' }).click();
  await page.getByRole('button', { name: 'Agregar dato' }).click();
  await fill(page, 'appendices.0.name', 'contenedor');
  await fill(page, 'appendices.0.description', 'Contenedor');
  await fill(page, 'appendices.0.value', 'MSCU1234567');
  await checkScreen(page, 'issue-fex-transport');
  await page.getByRole('button', { name: /Emitir \(F12\)/ }).click();
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 10_000 });
  const fex = (
    (await (await request.get('/dte?type=FEX&limit=1', { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { items: { id: string }[] }
  ).items[0]!.id;
  const fexJson = (await (await request.get(`/dte/${fex}/download/json`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as {
    otrosDocumentos: { placaTrans: string; modoTransp: number }[];
    apendice: { valor: string }[];
  };
  expect(fexJson.otrosDocumentos[0]).toMatchObject({ placaTrans: 'C123456', modoTransp: 1 });
  expect(fexJson.apendice[0]).toMatchObject({ valor: 'MSCU1234567' });
});

test('ids and phones typed as printed: the form shows the digits, MH gets its own form', async ({ page, request }) => {
  await page.getByRole('button', { name: 'Emitir', exact: true }).click();
  await page.getByRole('group', { name: 'Tipo de documento' }).getByRole('button', { name: 'Crédito fiscal', exact: true }).click();
  await fill(page, 'recipient.name', 'Ferretería El Tornillo, S.A. de C.V.');
  await fill(page, 'recipient.identificationDocument.number', '0614-010190-101-3');
  await fill(page, 'recipient.nrc', '123456-7');
  await fill(page, 'recipient.economicActivity', '46900');
  await fill(page, 'recipient.email', 'compras@tornillo.example.com');
  await fill(page, 'recipient.phone', '2222-3333');
  for (const [path, value] of [...address, ...line('Tornillos de 1/2"')]) await fill(page, path, value);
  // Typed as printed, before leaving the field: a screenshot of the form as the cashier sees it.
  await page.locator('#f-recipient-phone').fill('2222-3333');
  await page.locator('#f-recipient-phone').focus();
  mkdirSync('test-results/e2e/screens', { recursive: true });
  await page.screenshot({ path: 'test-results/e2e/screens/issue-ccf-hyphenated.png' });
  // Leaving a field shows the digits the document carries.
  await expect(page.locator('#f-recipient-identificationDocument-number')).toHaveValue('06140101901013');
  await expect(page.locator('#f-recipient-nrc')).toHaveValue('1234567');
  await page.locator('#f-recipient-phone').press('Tab');
  await expect(page.locator('#f-recipient-phone')).toHaveValue('22223333');
  await checkScreen(page, 'issue-ccf-ids');
  await page.getByRole('button', { name: /Emitir \(F12\)/ }).click();
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 10_000 });
  const ccf = (
    (await (await request.get('/dte?type=CCF&limit=1', { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { items: { id: string }[] }
  ).items[0]!.id;
  const ccfJson = (await (await request.get(`/dte/${ccf}/download/json`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as {
    receptor: Record<string, unknown>;
  };
  expect(ccfJson.receptor).toMatchObject({
    nit: '06140101901013',
    nrc: '1234567',
    telefono: '22223333',
    nombre: 'Ferretería El Tornillo, S.A. de C.V.',
  });

  // The address book finds the customer by the NIT as printed.
  await page.getByRole('button', { name: 'Nuevo documento' }).click();
  await page.getByLabel('Cliente frecuente (buscar por nombre, NIT o DUI)').fill('0614-010190');
  await expect(
    page.getByRole('list', { name: 'Clientes anteriores' }).getByRole('button', { name: /Ferretería El Tornillo/ }),
  ).toBeVisible();

  // A consumer's DUI typed as printed (01234567-8) and sent with Ctrl+Enter, without leaving the field: the
  // contract's 9 digits reach the core, and MH's FC gets the DUI with its hyphen (########-#, tipoDocumento 13).
  await page.getByRole('group', { name: 'Tipo de documento' }).getByRole('button', { name: 'Factura', exact: true }).click();
  for (const [path, value] of line('Brocas')) await fill(page, path, value);
  await page.getByRole('group', { name: 'Cliente (opcional)' }).getByLabel('Incluir').check();
  await fill(page, 'recipient.name', 'María Hernández');
  await page.getByRole('group', { name: 'Documento de identidad' }).getByLabel('Incluir').check();
  await fill(page, 'recipient.identificationDocument.type', 'DUI');
  await fill(page, 'recipient.phone', '+503 7777-8888');
  await fill(page, 'recipient.identificationDocument.number', '01234567-8');
  await page.locator('#f-recipient-identificationDocument-number').press('Control+Enter');
  await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 10_000 });
  const fc = (
    (await (await request.get('/dte?type=FC&limit=1', { headers: { 'X-API-Key': DEMO_KEY } })).json()) as { items: { id: string }[] }
  ).items[0]!.id;
  const fcJson = (await (await request.get(`/dte/${fc}/download/json`, { headers: { 'X-API-Key': DEMO_KEY } })).json()) as {
    receptor: Record<string, unknown>;
  };
  expect(fcJson.receptor).toMatchObject({ tipoDocumento: '13', numDocumento: '01234567-8', telefono: '77778888' });
});
