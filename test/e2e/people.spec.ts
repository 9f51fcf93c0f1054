// Who is at the counter: the login screen, what each role sees, people added in Ajustes, the lock (Ctrl+L and
// an ended session) with the screen's state kept underneath.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, checkScreen, fill, issue, logIn, login, logout, pdfText, settingsSection, simMode, openIssue } from './helpers';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
const kinds = (page: Page) => page.getByRole('group', { name: 'Tipo de documento' });

test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
});

test('the login screen lists the demo people; a cashier issues and the receipt names her', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Usuario', { exact: true })).toBeFocused();
  const people = page.getByRole('table');
  for (const u of Object.values(DEMO_USERS)) await expect(people).toContainText(`${u.login}${u.name}`);
  await expect(people).toContainText('123456');

  // A wrong PIN: the screen says what happened and what to do; the password field is cleared for another try.
  await page.getByLabel('Usuario', { exact: true }).fill('cajero');
  await page.getByLabel('Contraseña o PIN', { exact: true }).fill('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-error')).toContainText('Usuario o contraseña incorrectos');
  await expect(page.getByLabel('Contraseña o PIN', { exact: true })).toHaveValue('');
  await checkScreen(page, 'login');

  // A row's button fills the form; Enter logs in.
  await page.getByRole('button', { name: 'Usar los datos de Cajera Demo' }).click();
  await expect(page.getByLabel('Contraseña o PIN', { exact: true })).toHaveValue('123456');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session-user')).toContainText('Cajera Demo · Cajero');
  await expect(page.getByRole('heading', { name: 'Venta rápida' })).toBeVisible();

  // A cashier: no Ajustes, no credit or debit notes.
  await openIssue(page);
  await expect(nav(page).getByRole('button', { name: 'Ajustes' })).toHaveCount(0);
  await expect(kinds(page).getByRole('button', { name: 'Nota de crédito' })).toHaveCount(0);
  await expect(kinds(page).getByRole('button', { name: 'Crédito fiscal' })).toBeVisible();
  const control = await issue(page, 'Factura', [
    ['items.0.description', 'Horchata grande'],
    ['items.0.quantity', '2'],
    ['items.0.unitPrice', '1.50'],
  ]);
  await checkScreen(page, 'cashier-issued');

  // The detail names who issued it, and offers no invalidation to a cashier.
  await nav(page).getByRole('button', { name: 'Documentos' }).click();
  await page.getByLabel('Buscar cliente, número de control o código').fill(control);
  const row = page.getByRole('row', { name: new RegExp(control) });
  await expect(row).toContainText('Aprobado', { timeout: 10_000 });
  await row.click();
  await expect(page.getByTestId('issued-by')).toHaveText('Emitido por: Cajera Demo');
  await expect(page.getByRole('button', { name: 'Invalidar' })).toHaveCount(0);
  await checkScreen(page, 'cashier-detail');

  // The receipt, read back: who served the customer. The page's own session fetches it, as the UI does.
  const list = (await (await page.request.get(`/dte?q=${control}&limit=1`)).json()) as { items: { id: string }[] };
  const receipt = await page.request.get(`/dte/${list.items[0]!.id}/receipt`);
  expect(receipt.status()).toBe(200);
  expect(pdfText(await receipt.body())).toMatch(/Atendió:\s*Cajera Demo/);

  // Sending to MH: the state, no retry button. The server refuses a cashier what the screens do not offer.
  await nav(page).getByRole('button', { name: 'Envío a MH' }).click();
  await expect(page.getByTestId('queue-pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar ahora' })).toHaveCount(0);
  const asTheUi = { headers: { 'X-API-Version': '1' } };
  expect((await page.request.get('/users', asTheUi)).status()).toBe(403);
  expect((await page.request.post('/sync/retry', asTheUi)).status()).toBe(403);
});

test('a supervisor has notes, invalidation and retry, but no Ajustes', async ({ page }) => {
  await login(page, DEMO_USERS.supervisor);
  await expect(page.getByTestId('session-user')).toContainText('Supervisor Demo · Supervisor');
  await expect(nav(page).getByRole('button', { name: 'Ajustes' })).toHaveCount(0);
  await openIssue(page);
  await expect(kinds(page).getByRole('button', { name: 'Nota de crédito' })).toBeVisible();
  await expect(kinds(page).getByRole('button', { name: 'Nota de débito' })).toBeVisible();
  const control = await issue(page, 'Factura', [
    ['items.0.description', 'Café de altura'],
    ['items.0.quantity', '1'],
    ['items.0.unitPrice', '4'],
  ]);
  await nav(page).getByRole('button', { name: 'Documentos' }).click();
  await page.getByLabel('Buscar cliente, número de control o código').fill(control);
  const row = page.getByRole('row', { name: new RegExp(control) });
  await expect(row).toContainText('Aprobado', { timeout: 10_000 });
  await row.click();
  await expect(page.getByTestId('issued-by')).toHaveText('Emitido por: Supervisor Demo');
  await expect(page.getByRole('button', { name: 'Invalidar' })).toBeVisible();
  await nav(page).getByRole('button', { name: 'Envío a MH' }).click();
  await expect(page.getByRole('button', { name: 'Reintentar ahora' })).toBeVisible();
});

test('Ajustes → Personas: an administrator adds a cashier, who logs in; promoted, then deactivated', async ({ page }) => {
  const rosa = { login: 'rosa.martinez', name: 'Rosa Martínez', password: '246810' };
  await login(page);
  await nav(page).getByRole('button', { name: 'Ajustes' }).click();
  await settingsSection(page, 'Personas y claves de API');
  const people = page.getByTestId('users');
  for (const u of Object.values(DEMO_USERS)) await expect(people).toContainText(u.name);

  await page.getByRole('button', { name: 'Agregar persona' }).click();
  const form = page.getByRole('form', { name: 'Nueva persona' });
  await expect(page.locator('#user-login')).toBeFocused();
  // Checked as typed with the core's rules: a login without capitals or spaces, a cashier's PIN of 6 digits or more.
  await page.locator('#user-login').fill('Rosa Martínez');
  await page.locator('#user-name').focus();
  await expect(page.locator('#user-login-error')).toBeVisible();
  await page.locator('#user-login').fill(rosa.login);
  await expect(page.locator('#user-login-error')).toHaveCount(0);
  await page.locator('#user-name').fill(rosa.name);
  await page.locator('#user-role').selectOption('CASHIER');
  await expect(page.locator('#user-password-hint')).toContainText('PIN de al menos 6 dígitos');
  await page.locator('#user-password').fill('2468');
  await page.locator('#user-confirm').focus();
  await expect(page.locator('#user-password-error')).toContainText('6 dígitos');
  await page.locator('#user-password').fill(rosa.password);
  await page.locator('#user-confirm').fill('246811');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('#user-confirm-error')).toContainText('No coincide');
  await expect(page.locator('#user-confirm')).toBeFocused();
  // A supervisor's secret is a password: the rule shown follows the role.
  await page.locator('#user-role').selectOption('SUPERVISOR');
  await expect(page.locator('#user-password-hint')).toContainText('contraseña de al menos 8 caracteres');
  await expect(page.locator('#user-password-error')).toContainText('8 caracteres');
  await page.locator('#user-role').selectOption('CASHIER');
  await page.locator('#user-confirm').fill(rosa.password);
  await checkScreen(page, 'settings-users');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Rosa Martínez ya puede entrar.')).toBeVisible();
  await expect(people.getByRole('row', { name: /rosa\.martinez/ })).toContainText('PIN');

  // A login already taken: the core's refusal names the field.
  await page.getByRole('button', { name: 'Agregar persona' }).click();
  await page.locator('#user-login').fill('cajero');
  await page.locator('#user-name').fill('Otra Cajera');
  await page.locator('#user-password').fill('135790');
  await page.locator('#user-confirm').fill('135790');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('#user-login-error')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await logout(page);
  await logIn(page, rosa);
  await expect(page.getByTestId('session-user')).toContainText('Rosa Martínez · Cajero');
  await logout(page);

  // Promoted to supervisor: a PIN is not enough for that role, so a password comes with the change.
  await logIn(page, DEMO_USERS.admin);
  await nav(page).getByRole('button', { name: 'Ajustes' }).click();
  await settingsSection(page, 'Personas y claves de API');
  await page.getByRole('button', { name: 'Cambiar los datos de Rosa Martínez' }).click();
  const change = page.getByRole('form', { name: 'Cambiar los datos de Rosa Martínez' });
  await expect(page.locator('#user-name')).toBeFocused();
  await page.locator('#user-role').selectOption('SUPERVISOR');
  await change.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('#user-password-error')).toContainText('no entra con PIN');
  const promoted = { ...rosa, password: 'Rosa#Super2026' };
  await page.locator('#user-password').fill(promoted.password);
  await page.locator('#user-confirm').fill(promoted.password);
  await change.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos de Rosa Martínez guardados.')).toBeVisible();
  await expect(people.getByRole('row', { name: /rosa\.martinez/ })).toContainText('SupervisorContraseña');
  await logout(page);
  await logIn(page, promoted);
  await expect(page.getByTestId('session-user')).toContainText('Rosa Martínez · Supervisor');
  await logout(page);

  // Deactivated: the row says so, and her password no longer opens a session.
  await logIn(page, DEMO_USERS.admin);
  await nav(page).getByRole('button', { name: 'Ajustes' }).click();
  await settingsSection(page, 'Personas y claves de API');
  await page.getByRole('button', { name: 'Desactivar a Rosa Martínez' }).click();
  await expect(page.getByText('Rosa Martínez ya no puede entrar.')).toBeVisible();
  await expect(people.getByRole('row', { name: /rosa\.martinez/ })).toContainText('No');
  await logout(page);
  await page.getByLabel('Usuario', { exact: true }).fill(rosa.login);
  await page.getByLabel('Contraseña o PIN', { exact: true }).fill(promoted.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-error')).toContainText('Usuario o contraseña incorrectos');
});

test('Ctrl+L locks over a half-typed document; the PIN unlocks it as it was; an ended session locks too', async ({ page }) => {
  await login(page, DEMO_USERS.cajero);
  await openIssue(page);
  await fill(page, 'items.0.description', 'Pupusas de queso');
  await fill(page, 'items.0.quantity', '3');
  await page.keyboard.press('Control+l');
  const lock = page.getByRole('dialog', { name: 'Pantalla bloqueada' });
  await expect(lock).toBeVisible();
  await expect(lock).toContainText('Cajera Demo (cajero)');
  await expect(page.locator('#lock-password')).toBeFocused();
  // The station's session ended with the lock: another tab could not carry on behind it.
  expect((await page.request.get('/session')).status()).toBe(401);
  // Tab stays within the dialog; the app behind it cannot be reached.
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    await expect(lock.locator(':focus')).toHaveCount(1);
  }
  await checkScreen(page, 'lock', { fullPage: false });

  await page.locator('#lock-password').fill('111111');
  await page.keyboard.press('Enter');
  await expect(lock.getByRole('alert')).toContainText('Cajera Demo');
  await page.locator('#lock-password').fill(DEMO_USERS.cajero.password);
  await page.keyboard.press('Enter');
  await expect(lock).toHaveCount(0);
  await expect(page.locator('#f-items-0-description')).toHaveValue('Pupusas de queso');
  await expect(page.locator('#f-items-0-quantity')).toHaveValue('3');
  // Back where the cashier was typing.
  await expect(page.locator('#f-items-0-quantity')).toBeFocused();

  // The session ends on the station (here: its cookie is gone) while the document is typed: the next call is
  // held behind the lock, and sent once the same person is back.
  await fill(page, 'items.0.unitPrice', '1.25');
  await page.context().clearCookies();
  await page.getByRole('button', { name: /Emitir \(F12\)/ }).click();
  const ended = page.getByRole('dialog', { name: 'Su sesión terminó' });
  await expect(ended).toBeVisible();
  await page.locator('#lock-password').fill(DEMO_USERS.cajero.password);
  await page.keyboard.press('Enter');
  await expect(ended).toHaveCount(0);
  await expect(page.locator('.issued')).toContainText('Documento emitido', { timeout: 10_000 });

  // "Cambiar de usuario" ends it and goes back to the login screen.
  await page.keyboard.press('Control+l');
  await page.getByRole('button', { name: 'Cambiar de usuario' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await logIn(page, DEMO_USERS.supervisor);
});

test('the station does not answer: the login screen says so and what to check', async ({ page }) => {
  await page.goto('/');
  await page.route('**/session', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
  await page.getByRole('button', { name: 'Usar los datos de Cajera Demo' }).click();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-error')).toContainText('No se pudo conectar con la estación');
  await expect(page.getByTestId('login-error')).toContainText('Sello siga abierto');
});
