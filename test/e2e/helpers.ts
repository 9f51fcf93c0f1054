import { writeFileSync, mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_KEY = 'sello-demo-api-key';
export const SIM = () => process.env.SELLO_E2E_SIM_URL ?? 'http://127.0.0.1:8432';

/** Fills a form field by its path (the input's id is `f-` + the path with dashes). */
export async function fill(page: Page, path: string, value: string): Promise<void> {
  const id = `f-${path.replace(/\./g, '-')}`;
  const field = page.locator(`#${id}`);
  // A CSS test rather than reading tagName in the page: these helpers compile without the DOM's types.
  if ((await page.locator(`select#${id}`).count()) > 0) await field.selectOption(value);
  else await field.fill(value);
}

export async function issue(page: Page, kindLabel: string, fields: [string, string][], include: string[] = []): Promise<string> {
  await page.getByRole('button', { name: 'Emitir', exact: true }).click();
  await page.getByRole('group', { name: 'Tipo de documento' }).getByRole('button', { name: kindLabel, exact: true }).click();
  for (const legend of include) await page.getByRole('group', { name: legend }).getByLabel('Incluir').check();
  for (const [path, value] of fields) await fill(page, path, value);
  await page.getByRole('button', { name: /Emitir \(Enter\)/ }).click();
  const status = page.locator('.issued');
  await expect(status).toContainText('Documento emitido', { timeout: 10_000 });
  const text = (await status.textContent()) ?? '';
  return /DTE-\d{2}-[A-Z0-9]{8}-\d{15}/.exec(text)?.[0] ?? '';
}

export async function simMode(request: APIRequestContext, mode: string): Promise<void> {
  const res = await request.post(`${SIM()}/_sim/mode`, { data: { mode } });
  expect(res.ok()).toBe(true);
}

/** A screenshot kept as a test artifact, and no serious or critical accessibility violation. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/e2e/screens', { recursive: true });
  await page.screenshot({ path: `test-results/e2e/screens/${name}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  writeFileSync(`test-results/e2e/screens/${name}.axe.json`, JSON.stringify(results.violations, null, 2));
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}
