// The counter's other screens: documents, contingency, invalidation, API keys; with screenshots and axe.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SIM, checkScreen, issue, login, settingsSection, simMode } from './helpers';

const fc = (d: string): [string, string][] => [
  ['items.0.description', d],
  ['items.0.quantity', '1'],
  ['items.0.unitPrice', '8'],
];

test.beforeEach(async ({ page, request }) => {
  await simMode(request, 'normal');
  // The demo's administrator: invalidation, retry and Ajustes are theirs.
  await login(page);
});

test('MH down → contingency banner → documents queued → MH back → all sealed', async ({ page, request }) => {
  await simMode(request, 'down');
  await issue(page, 'Factura', fc('Venta durante la caída'));
  await expect(page.getByTestId('sync-banner')).toContainText('CONTINGENCIA', { timeout: 20_000 });
  await issue(page, 'Factura', fc('Venta en contingencia'));
  await page.getByRole('button', { name: 'Envío a MH' }).click();
  await expect(page.getByTestId('queue-pending')).not.toHaveText('0');
  await checkScreen(page, 'sync-contingency');
  await simMode(request, 'normal');
  await page.getByRole('button', { name: 'Reintentar ahora' }).click();
  // First the cese (MH answers again), then the event, the lote and its result.
  await expect(page.getByTestId('sync-banner')).toContainText('MH volvió', { timeout: 15_000 });
  await expect(page.getByTestId('sync-banner')).toContainText('Conectado con MH', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Documentos' }).click();
  await page.getByRole('combobox', { name: 'Estado', exact: true }).selectOption('CREATED');
  await expect(page.getByText('No hay documentos con estos filtros.')).toBeVisible({ timeout: 15_000 });
});

test('documents: filters, detail, invalidation with its window', async ({ page }) => {
  const control = await issue(page, 'Factura', fc('Venta a invalidar'));
  await page.getByRole('button', { name: 'Documentos' }).click();
  await page.getByLabel('Buscar cliente, número de control o código').fill(control);
  const row = page.getByRole('row', { name: new RegExp(control) });
  await expect(row).toContainText('Aprobado', { timeout: 10_000 });
  await checkScreen(page, 'documents');
  await row.click();
  await expect(page.getByText(/Puede invalidarse hasta/)).toBeVisible();
  await checkScreen(page, 'detail');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Guardar JSON' }).click();
  const saved = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    identificacion: { numeroControl: string };
    selloRecibido?: string;
  };
  expect(saved.identificacion.numeroControl).toBe(control);
  await page.getByRole('button', { name: 'Invalidar' }).click();
  // MH's type 2: the sale was undone, no replacement; the requester (the person logged in) gives a document.
  await page.getByLabel('2 · Rescindir de la operación realizada').check();
  await page.getByLabel('Motivo de la invalidación (opcional)').fill('El cliente canceló la compra');
  await page.locator('#inv-requester-identificationDocument-number').fill('01234567-8');
  await page.getByRole('button', { name: 'Confirmar invalidación' }).click();
  await expect(page.locator('.detail .status')).toHaveText('Invalidado', { timeout: 10_000 });
});

test('an API key created in Ajustes works against the HTTP API', async ({ page, request }) => {
  await page.getByRole('button', { name: 'Ajustes' }).click();
  await settingsSection(page, 'Personas y claves de API');
  await page.getByLabel('Nombre de la clave (p. ej. Caja 2)').fill('Caja 2');
  await page.getByRole('button', { name: 'Crear clave' }).click();
  const key = (await page.getByTestId('new-key').textContent()) ?? '';
  expect(key).toMatch(/^sello_/);
  const res = await request.get('/health', { headers: { 'X-API-Key': key } });
  expect(res.status()).toBe(200);
  await expect(page.getByTestId('station')).toContainText('06142803901121');
  await expect(page.getByTestId('station')).toContainText('Cargado (NIT 06142803901121)');
  await checkScreen(page, 'settings');
});

test('Ajustes: a copy of the database made now, and the audit chain checked', async ({ page, request }) => {
  await page.getByRole('button', { name: 'Ajustes' }).click();
  await settingsSection(page, 'Copias y auditoría');
  await page.getByRole('button', { name: 'Hacer una copia ahora' }).click();
  await expect(page.getByText('Copia lista.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('backups')).toContainText('manual');
  await page.getByRole('button', { name: 'Verificar el registro de auditoría' }).click();
  await expect(page.getByTestId('audit-result')).toContainText('Registro íntegro');
  // Not for a POS: the copies and the chain are the app's.
  expect((await request.get('/backups', { headers: { 'X-API-Key': 'sello-demo-api-key' } })).status()).toBe(403);
  await checkScreen(page, 'settings-backups');
});

test('MH refuses the API password: the sync screen says so and what to do; issuing goes on', async ({ page, request }) => {
  const refuse = (on: boolean) => request.post(`${SIM()}/_sim/refuse-logins`, { data: { refuse: on } });
  expect((await refuse(true)).ok()).toBe(true);
  try {
    await issue(page, 'Factura', fc('Venta con la clave de MH cambiada'));
    await page.getByRole('button', { name: 'Envío a MH' }).click();
    await expect(page.getByTestId('sync-state')).toContainText('MH rechazó las credenciales', { timeout: 20_000 });
    await expect(page.getByTestId('credentials-help')).toContainText('Ajustes');
    await expect(page.getByTestId('sync-banner')).toContainText('MH rechazó las credenciales');
    await checkScreen(page, 'sync-credentials');
  } finally {
    await refuse(false);
  }
  // The password works again: one press of "Reintentar ahora" and the queue drains.
  await page.getByRole('button', { name: 'Reintentar ahora' }).click();
  await expect(page.getByTestId('sync-banner')).toContainText('Conectado con MH', { timeout: 30_000 });
  await expect(page.getByTestId('queue-pending')).toHaveText('0', { timeout: 30_000 });
});
