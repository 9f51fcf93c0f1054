// A new installation: the demo's administrator logs in, the welcome, the wizard with a generated MH certificate
// (a wrong password first) and the station's first administrator, who then logs in on the real station; it
// issues to an MH simulator that knows its certificate, and its data is edited in Ajustes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { fileURLToPath } from 'node:url';
import { createMhSimulator } from '../../main/mh-sim/server';
import { DEMO_USERS, checkScreen, fill, issue, logIn } from './helpers';

const NIT = '06140506901017';
const CERT_PASSWORD = 'Llave#Privada2026';
const ADMIN = { login: 'marta.lopez', name: 'Marta López', password: 'Pluma#Admin2026' };

test('first run: the wizard sets up a station with its certificate, and it issues to MH', async ({ page }) => {
  const xml = generateMhCertificate(NIT, CERT_PASSWORD);
  const certFile = join(mkdtempSync(join(tmpdir(), 'sello-e2e-cert-')), `${NIT}.crt`);
  writeFileSync(certFile, xml);
  // MH, as the station's taxpayer registered the certificate there; validating with MH's official schemas.
  const sim = createMhSimulator({ schemasDir: fileURLToPath(new URL('../../../shared/mh/schemas/legacy-v1-2023', import.meta.url)) });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.app.server.address();
  const mh = { ...sim, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => sim.app.close() };
  expect(sim.checks).toBe('schemas');
  mh.registerKey(NIT, parseMhCertificate(xml, CERT_PASSWORD).publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
  try {
    // Nothing set up yet: the demo stands in, with its people on the login screen.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText(DEMO_USERS.admin.name);
    await logIn(page, DEMO_USERS.admin);
    await expect(page.getByRole('heading', { name: 'Bienvenido a Sello' })).toBeVisible();
    await checkScreen(page, 'first-run-welcome');
    // Looking around the demo first: the welcome steps aside (also after a reload), the wizard waits in Ajustes.
    await page.getByRole('button', { name: 'Probar con la demostración' }).click();
    await expect(page.getByRole('heading', { name: 'Venta rápida' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Venta rápida' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bienvenido a Sello' })).toHaveCount(0);
    // Another window with none of this one's storage: the station remembers the answer, no welcome again.
    const other = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 1366, height: 768 } });
    const second = await other.newPage();
    await second.goto(new URL('/', page.url()).href);
    await logIn(second, DEMO_USERS.admin);
    await expect(second.getByRole('heading', { name: 'Venta rápida' })).toBeVisible();
    await expect(second.getByRole('heading', { name: 'Bienvenido a Sello' })).toHaveCount(0);
    await other.close();
    await page.getByRole('button', { name: 'Ajustes' }).click();
    await page.getByRole('button', { name: 'Configurar mi estación' }).click();

    // Step 1, the company: going on with nothing typed names the fields.
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.locator('#f-company-nit-error')).toBeVisible();
    // NIT, NRC and phone as printed on the company's card; leaving a field shows the digits MH wants.
    await fill(page, 'company.nit', '0614-050690-101-7');
    await page.screenshot({ path: 'test-results/e2e/screens/first-run-nit-hyphenated.png' });
    await fill(page, 'company.nrc', '123456-7');
    await expect(page.locator('#f-company-nit')).toHaveValue(NIT);
    await fill(page, 'company.name', 'Librería La Pluma, S.A. de C.V.');
    await fill(page, 'company.economicActivity', '47610');
    await fill(page, 'company.phone', '2222-3333');
    await fill(page, 'company.email', 'ventas@lapluma.example');
    await fill(page, 'company.address.department', '06');
    await fill(page, 'company.address.municipality', '23');
    await fill(page, 'company.address.complement', 'Calle Arce 1010, San Salvador');
    await expect(page.locator('#f-company-nrc')).toHaveValue('1234567');
    await expect(page.locator('#f-company-phone')).toHaveValue('22223333');
    // The activity's description follows the activity picked from MH's catalog.
    await expect(page.locator('#f-company-economicActivityDescription')).not.toHaveValue('');
    await checkScreen(page, 'first-run-company');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2, branch and point of sale.
    await fill(page, 'branch.mhCode', 'S001');
    await fill(page, 'branch.posNumber', '3');
    // Said on purpose: this point of sale never issued, so its numbers start at 1 (decision 0029).
    await fill(page, 'newPointOfSale', 'yes');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3, MH: the user follows the NIT; the address is MH's test API unless pointed elsewhere (here, the simulator).
    await expect(page.locator('#f-mh-user')).toHaveValue(NIT);
    await expect(page.locator('#f-mh-baseUrl')).toHaveValue('https://apitest.dtes.mh.gob.sv');
    await fill(page, 'mh.baseUrl', mh.url);
    await fill(page, 'mh.password', 'Api#Clave-2026');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 4, the certificate (with a wrong password, caught by the core before anything is stored).
    await page.locator('#f-certificate-file').setInputFiles(certFile);
    await fill(page, 'certificate.password', 'equivocada');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 5, the first administrator: a password of 8 or more, typed twice alike.
    await page.getByRole('button', { name: 'Guardar y empezar a emitir' }).click();
    await expect(page.locator('#f-admin-login-error')).toBeVisible();
    await fill(page, 'admin.login', ADMIN.login);
    await fill(page, 'admin.name', ADMIN.name);
    await fill(page, 'admin.password', 'corta');
    await expect(page.locator('#f-admin-password-error')).toContainText('8 caracteres');
    await fill(page, 'admin.password', ADMIN.password);
    await fill(page, 'admin.passwordConfirm', 'Pluma#Admin2025');
    await expect(page.locator('#f-admin-passwordConfirm-error')).toContainText('No coincide');
    await checkScreen(page, 'first-run-admin');
    await fill(page, 'admin.passwordConfirm', ADMIN.password);
    await page.getByRole('button', { name: 'Guardar y empezar a emitir' }).click();
    // The certificate's password was wrong: back to its step, the administrator kept.
    await expect(page.locator('#f-certificate-password-error')).toContainText('contraseña');
    await checkScreen(page, 'first-run-certificate');
    await fill(page, 'certificate.password', CERT_PASSWORD);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.locator('#f-admin-login')).toHaveValue(ADMIN.login);
    await page.getByRole('button', { name: 'Guardar y empezar a emitir' }).click();

    // The real station has its own people: its administrator logs in (the login already typed), nobody is listed.
    await expect(page.getByTestId('login-notice')).toContainText('Estación configurada', { timeout: 15_000 });
    await expect(page.getByLabel('Usuario', { exact: true })).toHaveValue(ADMIN.login);
    await expect(page.getByRole('table')).toHaveCount(0);
    await logIn(page, ADMIN);
    await expect(page.getByTestId('session-user')).toContainText('Administrador');
    await expect(page.locator('.company')).toContainText('Librería La Pluma');
    await expect(page.getByText('DEMOSTRACIÓN')).toHaveCount(0);

    const control = await issue(page, 'Factura', [
      ['items.0.description', 'Cuaderno universitario'],
      ['items.0.quantity', '3'],
      ['items.0.unitPrice', '2.25'],
    ]);
    expect(control).toMatch(/^DTE-01-S001P003-0{14}1$/);
    await expect(page.getByTestId('issued-status')).toHaveText('Aprobado', { timeout: 15_000 });
    expect(mh.state.received.size).toBe(1);

    // Ajustes: the same form, without what names the station; a change is saved.
    await page.getByRole('button', { name: 'Ajustes' }).click();
    await expect(page.getByTestId('station')).toContainText(`${NIT} / 1234567`);
    await expect(page.getByTestId('station')).toContainText(`${NIT} · ${mh.url}`);
    await page.getByRole('button', { name: 'Editar datos de la estación' }).click();
    await expect(page.locator('#f-company-nit')).toHaveCount(0);
    await fill(page, 'company.phone', '2222 4444');
    await checkScreen(page, 'settings-station-edit');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Cambios guardados.')).toBeVisible({ timeout: 10_000 });
  } finally {
    await mh.close();
  }
});
