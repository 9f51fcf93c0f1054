// Screens fetched when they first open (docs/decisions/0042-speed-where-people-feel-it.md): the login loads
// none of the app's screens, the quick sale comes with the app, the others once it is drawn (fetched once); and a screen
// whose file cannot be fetched (a window left open across an update) says so with a way back, never a blank window.
import { expect, test } from '@playwright/test';
import { DEMO_USERS, checkScreen, logIn } from './helpers';

const chunk = (url: string) => /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(url)?.[1] ?? null;

test('the login loads no screen; the quick sale comes with the app; the others follow it, fetched once', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const name = chunk(r.url());
    if (name) fetched.push(name);
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  for (const screen of ['SettingsScreen', 'DocumentsScreen', 'IssueScreen', 'BooksScreen', 'CloseScreen', 'ProductsScreen'])
    expect(fetched, screen).not.toContain(screen);
  await logIn(page, DEMO_USERS.admin);
  await expect(page.locator('#sale-title')).toBeVisible();
  expect(fetched).toContain('App');
  // Once the quick sale is drawn and the thread idle, the other screens are fetched ahead (prefetchWhenIdle).
  await expect.poll(() => fetched.includes('SettingsScreen')).toBe(true);
  expect(fetched.indexOf('SettingsScreen')).toBeGreaterThan(fetched.indexOf('App'));
  await page.getByRole('button', { name: 'Ajustes' }).click();
  await expect(page.locator('#settings-title')).toBeVisible();
  // Opening it used the fetch already made.
  expect(fetched.filter((n) => n === 'SettingsScreen')).toHaveLength(1);
});

test('a screen whose file cannot be fetched says so and offers to reload; the other screens still open', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.route(/\/assets\/SyncScreen-[\w-]+\.js$/, (r) => r.abort());
  await page.goto('/');
  await logIn(page, DEMO_USERS.admin);
  await page.getByRole('button', { name: 'Envío a MH' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'No se pudo abrir esta pantalla' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Recargar la ventana' })).toBeVisible();
  await checkScreen(page, 'screen-not-fetched');
  await page.getByRole('button', { name: 'Venta rápida' }).click();
  await expect(alert).toHaveCount(0);
  // The file is there again (the update finished): the reload the message offers opens the screen.
  await page.unroute(/\/assets\/SyncScreen-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Envío a MH' }).click();
  await alert.getByRole('button', { name: 'Recargar la ventana' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' }).or(page.getByTestId('session-user'))).toBeVisible();
  if (await page.getByRole('heading', { name: 'Iniciar sesión' }).isVisible()) await logIn(page, DEMO_USERS.admin);
  await page.getByRole('button', { name: 'Envío a MH' }).click();
  await expect(page.locator('#sync-title')).toBeVisible();
});
