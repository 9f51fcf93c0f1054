// The API reference at /docs (main/http/openapi/docs-page.ts), as an integrator opens it: drawn by the station
// alone (every request to another host refused, as on a counter with no internet), with no CSP violation, found
// and opened with the keyboard at 1366×768.
import { expect, test } from '@playwright/test';
import { checkScreen, watchOffline } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

test('the API reference draws offline under the strict CSP, and opens an operation from the keyboard', async ({ page, baseURL }) => {
  const { violations, elsewhere } = await watchOffline(page, baseURL!);

  await page.goto('/docs');
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Documentos', level: 2 })).toBeVisible();
  await expect(page.locator('#intro')).toContainText('Sello: servicio DTE local');

  // The filter narrows to the FC, Enter goes to it and Enter opens it: its body's fields and the example show.
  await page.getByLabel('Buscar').focus();
  await page.keyboard.type('/dte/fc', { delay: 5 });
  const fc = page.locator('details:not(.hidden)');
  await expect(fc).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(fc.locator('summary')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(fc.getByRole('cell', { name: 'items[].unitPrice' })).toBeVisible();
  await expect(fc.locator('pre')).toContainText('Café molido 1 lb');
  await expect(fc).toContainText('422 (VALIDATION_FAILED');

  await checkScreen(page, 'api-docs-fc', { fullPage: false });
  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});
