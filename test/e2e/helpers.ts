import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_KEY = 'sello-demo-api-key';
export const SIM = () => process.env.SELLO_E2E_SIM_URL ?? 'http://127.0.0.1:8432';

export interface Person {
  readonly login: string;
  readonly name: string;
  readonly password: string;
}

/** The demo station's people, as its login screen lists them. */
export const DEMO_USERS = {
  admin: { login: 'admin', name: 'Administradora Demo', password: 'demo-admin' },
  supervisor: { login: 'supervisor', name: 'Supervisor Demo', password: 'demo-super' },
  cajero: { login: 'cajero', name: 'Cajera Demo', password: '123456' },
} as const satisfies Record<string, Person>;

/** Types a login and its password on the login screen (already shown) and waits for the app with their name. */
export async function logIn(page: Page, who: Person): Promise<void> {
  await page.getByLabel('Usuario', { exact: true }).fill(who.login);
  await page.getByLabel('Contraseña o PIN', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Entrar (Enter)' }).click();
  await expect(page.getByTestId('session-user')).toContainText(who.name);
}

/** Opens the app and logs in: the demo's administrator unless told otherwise (every screen is theirs). */
export async function login(page: Page, who: Person = DEMO_USERS.admin): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await logIn(page, who);
}

/** Logs out from the header; the login screen is back. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
}

/** Opens the folded "Más opciones" around a field, outermost first, until the field is shown. */
export async function unfold(page: Page, id: string): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const folded = page.locator(`[data-more][hidden]:has(#${id})`).first();
    if ((await folded.count()) === 0) return;
    const region = await folded.getAttribute('id');
    await page.locator(`[aria-controls="${region}"]`).click();
  }
}

/** Fills a form field by its path (the input's id is `f-` + the path with dashes), opening "Más opciones" if it is folded. */
export async function fill(page: Page, path: string, value: string): Promise<void> {
  const id = `f-${path.replace(/\./g, '-')}`;
  await unfold(page, id);
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
  await page.getByRole('button', { name: /Emitir \(F12\)/ }).click();
  const status = page.locator('.issued');
  await expect(status).toContainText('Documento emitido', { timeout: 10_000 });
  const text = (await status.textContent()) ?? '';
  return /DTE-\d{2}-[A-Z0-9]{8}-\d{15}/.exec(text)?.[0] ?? '';
}

export async function simMode(request: APIRequestContext, mode: string): Promise<void> {
  const res = await request.post(`${SIM()}/_sim/mode`, { data: { mode } });
  expect(res.ok()).toBe(true);
}

/**
 * A screenshot kept as a test artifact, and no serious or critical accessibility violation. The whole page unless
 * `fullPage` is false (a fixed overlay, such as the lock, covers the window, not the page below it).
 */
export async function checkScreen(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync('test-results/e2e/screens', { recursive: true });
  await page.screenshot({ path: `test-results/e2e/screens/${name}.png`, fullPage });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  writeFileSync(`test-results/e2e/screens/${name}.axe.json`, JSON.stringify(results.violations, null, 2));
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

/** A PDF's text as poppler's pdftotext reads it (test/support/pdf.ts is vitest's; this runs under Playwright). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

/** One of Ajustes' sections (renderer/src/settings/settings-sections.ts), opened from its button by keyboard. */
export async function settingsSection(page: Page, name: string): Promise<void> {
  const button = page.getByRole('group', { name: 'Secciones de Ajustes' }).getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** The full forms (Emitir): the app opens on Venta rápida. */
export async function openIssue(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Emitir', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Tipo de documento' })).toBeVisible();
}

/**
 * A page as on a counter with no internet: every request to another origin refused and listed, and every CSP
 * violation listed (both lists should stay empty).
 */
export async function watchOffline(page: Page, baseURL: string): Promise<{ elsewhere: string[]; violations: string[] }> {
  const origin = new URL(baseURL).origin;
  const seen = { elsewhere: [] as string[], violations: [] as string[] };
  await page.route('**/*', (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    seen.elsewhere.push(route.request().url());
    return route.abort();
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.violations.push(m.text());
  });
  // A script string: these specs compile without the DOM's types.
  await page.addInitScript({
    content:
      "document.addEventListener('securitypolicyviolation', (e) => console.error('Refused to load: CSP ' + e.violatedDirective + ' ' + e.blockedURI));",
  });
  return seen;
}
