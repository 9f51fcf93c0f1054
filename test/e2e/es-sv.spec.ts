// es-SV at the counter (issue 33), keyboard only at 1366×768: the header holds the company and the person whole,
// the app's own month field is typed as MM/AAAA and stepped with the arrows, and Ajustes opens in sections.
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkScreen, login } from './helpers';

const SHOTS = '/tmp/shots-words';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
const open = async (page: Page, name: string) => {
  await nav(page).getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
};
/** Nothing cut off: the element's content fits its box (scrollWidth <= clientWidth); its height for one line. */
interface Box {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly clientHeight: number;
}
const whole = async (el: Locator) => {
  const m = await el.evaluate((e: Box) => ({ scroll: e.scrollWidth, client: e.clientWidth, height: e.clientHeight }));
  expect(m.scroll).toBeLessThanOrEqual(m.client);
  return m;
};
// This month and the one before on El Salvador's calendar, as the field writes them (MM/AAAA).
const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador' }).format(new Date());
const y = Number(ymd.slice(0, 4));
const m = Number(ymd.slice(5, 7));
const THIS_MONTH = `${ymd.slice(5, 7)}/${y}`;
const TODAY = `${ymd.slice(8, 10)}/${THIS_MONTH}`;
const MONTH_BEFORE = m === 1 ? `12/${y - 1}` : `${String(m - 1).padStart(2, '0')}/${y}`;
const MONTHS = [
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

test('the header shows the company and the person whole at 1366×768', async ({ page }) => {
  await login(page);
  const company = page.locator('.topbar .company');
  await expect(company).toContainText('Sucursal');
  await whole(company);
  const person = page.getByTestId('session-user');
  const p = await whole(person);
  // One line: the person's name and role never wrap.
  expect(p.height).toBeLessThan(30);
  // The screens keep one row of their own, and the logout stays on screen.
  expect((await nav(page).boundingBox())?.height ?? 999).toBeLessThan(48);
  const logout = await page.getByRole('button', { name: 'Cerrar sesión' }).boundingBox();
  expect((logout?.x ?? 9999) + (logout?.width ?? 0)).toBeLessThanOrEqual(1366);
  await shot(page, 'header');
  await checkScreen(page, 'es-sv-header', { fullPage: false });
});

test('a month is typed as MM/AAAA, stepped with the arrows, and a wrong one is said after leaving it', async ({ page }) => {
  await login(page);
  await open(page, 'Libros y reportes');
  const month = page.getByLabel('Mes', { exact: true });
  // It opens on the month declared (the one before), written as people here write it.
  await expect(month).toHaveValue(MONTH_BEFORE);
  await month.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(THIS_MONTH);
  await expect(page.getByRole('heading', { name: `Anexos F-07 de ${MONTHS[m - 1]} de ${y}` })).toBeVisible();
  // The arrow down goes back a month.
  await page.keyboard.press('ArrowDown');
  await expect(month).toHaveValue(MONTH_BEFORE);
  const before = MONTH_BEFORE.split('/');
  await expect(page.getByRole('heading', { name: `Anexos F-07 de ${MONTHS[Number(before[0]) - 1]} de ${before[1]}` })).toBeVisible();
  // Half a month is kept as typed, and said wrong only once the person leaves the field.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('13/20');
  await expect(page.locator('#books-month-format')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.locator('#books-month-format')).toHaveText('Ese mes no está completo: escríbalo como MM/AAAA, por ejemplo 11/2026.');
  await expect(month).toHaveValue('13/20');
  await expect(month).toHaveAttribute('aria-invalid', 'true');
  // Said once: the screen adds no second message of its own.
  await expect(page.locator('.books-top .field-error')).toHaveCount(1);
  await shot(page, 'books-month');
  await checkScreen(page, 'es-sv-books-month', { fullPage: false });
  // Emptied: nothing said while in the field, the same one message once left.
  await month.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await expect(page.locator('.books-top .field-error')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.locator('.books-top .field-error')).toHaveCount(1);
  await expect(page.locator('#books-month-format')).toBeVisible();
});

test('the reports take days typed as DD/MM/AAAA', async ({ page }) => {
  await login(page);
  await open(page, 'Libros y reportes');
  await page.getByRole('button', { name: 'Reportes', exact: true }).focus();
  await page.keyboard.press('Enter');
  const from = page.getByLabel('Desde');
  await expect(from).toHaveValue(/^01\/\d{2}\/\d{4}$/);
  await from.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`02/${THIS_MONTH}`);
  // Down a day with the arrow, as a native field would, but in Spanish order.
  await page.keyboard.press('ArrowDown');
  await expect(from).toHaveValue(`01/${THIS_MONTH}`);
  const to = page.getByLabel('Hasta');
  await to.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(TODAY);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-totals')).toContainText(`Del 01/${THIS_MONTH} al ${TODAY}`);
  await shot(page, 'reports-dates');
  await checkScreen(page, 'es-sv-reports', { fullPage: false });
});

test('Ajustes opens in sections: one shown at a time, each reached by keyboard, none taller than a few screens', async ({ page }) => {
  await login(page);
  await open(page, 'Ajustes');
  const sections = page.getByRole('group', { name: 'Secciones de Ajustes' }).getByRole('button');
  await expect(sections).toHaveText(['Estación y MH', 'Personas y claves de API', 'Correo y webhooks', 'Impresión', 'Copias y auditoría']);
  await expect(sections.first()).toHaveAttribute('aria-pressed', 'true');
  // By keyboard: Tab onto the printing section's button, Enter; only its panel shows, and it is short.
  await sections.nth(2).focus();
  await page.keyboard.press('Tab');
  await expect(sections.nth(3)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sections.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('printing-panel')).toBeVisible();
  await expect(page.getByTestId('settings-station')).toBeHidden();
  await expect(page.getByTestId('mail-panel')).toBeHidden();
  // The whole page was about 4,000 px tall; each section is now at most a few screens.
  for (let i = 0; i < 5; i += 1) {
    await sections.nth(i).focus();
    await page.keyboard.press('Enter');
    const height = await page.evaluate('document.documentElement.scrollHeight');
    expect(Number(height), await sections.nth(i).innerText()).toBeLessThan(2600);
  }
  await sections.nth(3).focus();
  await page.keyboard.press('Enter');
  await shot(page, 'settings-sections');
  await page.evaluate('window.scrollTo(0, 0)');
  await checkScreen(page, 'es-sv-settings', { fullPage: false });
});

test('the documents list filters by days typed as DD/MM/AAAA', async ({ page }) => {
  await login(page);
  await open(page, 'Documentos');
  const from = page.getByLabel('Desde', { exact: true });
  await from.focus();
  await page.keyboard.type(TODAY);
  await expect(from).toHaveValue(TODAY);
  // A day that does not exist is said after leaving the field, and filters nothing.
  const to = page.getByLabel('Hasta', { exact: true });
  await to.focus();
  await page.keyboard.type('31/02/2026');
  await page.keyboard.press('Tab');
  await expect(page.locator('#list-to-format')).toContainText('Esa fecha no existe o no está completa');
  await expect(page.getByRole('alert').filter({ hasText: /error|inválid/i })).toHaveCount(0);
  await shot(page, 'documents-filters');
  await checkScreen(page, 'es-sv-documents', { fullPage: false });
});
