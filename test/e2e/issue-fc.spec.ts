import { expect, test } from '@playwright/test';

test('a cashier issues an FC through the form and sees it listed', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('status').first()).toContainText('DEMOSTRACIÓN');
  await expect(page.getByRole('heading', { name: 'Documentos emitidos' })).toBeVisible();

  await page.getByRole('button', { name: 'Nueva factura' }).click();
  await page.getByLabel('Nombre').fill('Rosa Amelia Cañas');

  // Validated while typing, with the same schema as the core: an empty description is refused.
  await page.getByLabel('Precio unitario sin IVA (US$)').fill('4.50');
  await page.getByRole('button', { name: 'Emitir factura' }).click();
  await expect(page.getByText('No puede estar vacío.')).toBeVisible();

  await page.getByLabel('Descripción').fill('Pupusas revueltas (docena)');
  await page.getByLabel('Cantidad').fill('2');
  // 2 × 4.50 before IVA = 9.00 + 13 % = 10.17, computed live by the same tax module as the core.
  await expect(page.getByTestId('total')).toHaveText('$10.17');
  await page.getByRole('button', { name: 'Emitir factura' }).click();

  await expect(page.getByRole('heading', { name: 'Documentos emitidos' })).toBeVisible();
  const row = page.getByRole('row', { name: /Rosa Amelia Cañas/ });
  await expect(row).toContainText(/DTE-01-M001P001-\d{15}/);
  // The demo's MH simulator seals it within moments; the list shows it after a refresh.
  await expect(async () => {
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(row).toContainText('Aprobado', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.screenshot({ path: 'test-results/e2e/documentos.png', fullPage: true });
});
