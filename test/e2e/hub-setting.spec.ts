// Ajustes → Oficina central as an administrator meets it, keyboard first at 1366×768: a hub that does not answer is
// a clear error beside the address, saying what to do; a token the hub does not know is an error beside the token;
// a good one shows "Conectado como …" and "Token guardado". The hub here is a stand-in on an ephemeral port that
// answers GET /hub/v1/station (the real hub's integration test is test/integration/hub-setting.test.ts); replication
// is turned off at the end so the shared demo station sends nowhere for the other specs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { checkScreen, login } from './helpers';

const TOKEN = 'sello_station_e2e-hub-setting-token';
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name, exact: true }).click();

let hub: Server;
let hubUrl = '';
test.beforeAll(async () => {
  hub = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const known = req.headers.authorization === `Bearer ${TOKEN}`;
      if (!known) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
      if (req.method === 'GET' && req.url === '/hub/v1/station')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'M001-P001',
            companyId: '06142803901121',
            branchCode: 'M001',
            posNumber: 'P001',
            name: 'Sucursal Centro',
          }),
        );
      if (req.method === 'PUT') return void res.writeHead(204).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"accepted":0}');
    });
  });
  await new Promise<void>((r) => hub.listen(0, '127.0.0.1', r));
  hubUrl = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  hub.closeAllConnections();
  await new Promise((r) => hub.close(r));
});

test('an administrator sets the head office hub: a clear error when it does not answer, then connected', async ({ page }) => {
  await login(page);
  await nav(page, 'Ajustes');
  const panel = page.getByTestId('hub-panel');
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByTestId('hub-state')).toHaveText('Esta estación no envía a ninguna central.');
  await expect(panel.getByTestId('hub-token-hint')).toHaveText('Aún no hay un token guardado.');

  // Keyboard: the address, Tab to the token, Enter sends. Port 9 on this machine: nothing answers.
  const url = panel.getByLabel('Dirección de la central');
  await url.fill('http://127.0.0.1:9');
  await url.press('Tab');
  const token = panel.getByLabel('Token de la estación');
  await expect(token).toBeFocused();
  await expect(token).toHaveAttribute('type', 'password');
  await page.keyboard.type(TOKEN);
  await page.keyboard.press('Enter');
  await expect(panel.locator('#hub-url-error')).toHaveText(
    'La central en http://127.0.0.1:9 no se pudo conectar: revise la dirección y que la central esté encendida y accesible desde esta estación.',
  );
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toBeFocused();
  await expect(panel.getByTestId('hub-message')).toHaveText('La central no confirmó esta estación; no se guardó nada.');
  await panel.scrollIntoViewIfNeeded();
  await checkScreen(page, 'hub-setting-unreachable', { fullPage: false });

  // A public address over plain http: refused before anything leaves the station.
  await url.fill('http://central.example.com');
  await url.press('Enter');
  await expect(panel.locator('#hub-url-error')).toContainText('Use https:// para una central fuera de esta red');

  // The right address, a token the hub does not know: the error is beside the token.
  await url.fill(hubUrl);
  await token.fill('sello_station_not-this-one');
  await token.press('Enter');
  await expect(panel.locator('#hub-token-error')).toHaveText(
    'La central no reconoce este token: pida uno nuevo al administrador de la central.',
  );
  await expect(token).toBeFocused();

  // The right token: saved, connected, the token not shown again.
  await token.fill(TOKEN);
  await token.press('Enter');
  await expect(panel.getByRole('status')).toHaveText(
    'Guardado: la central reconoce esta estación como M001-P001. El envío comienza ahora.',
  );
  await expect(panel.getByTestId('hub-state')).toContainText('Conectado como M001-P001 · Sucursal Centro');
  await expect(panel.getByTestId('hub-token-hint')).toHaveText('Token guardado: deje el campo vacío para conservarlo.');
  await expect(token).toHaveValue('');
  await expect(page.locator('body')).not.toContainText(TOKEN);
  // The panel reads the replication status again every few seconds: the first pass reached the stand-in.
  await expect(panel.getByTestId('hub-state')).toContainText('Último contacto:', { timeout: 15_000 });
  await panel.scrollIntoViewIfNeeded();
  await checkScreen(page, 'hub-setting-connected', { fullPage: false });

  // Another address: the stored token is not sent there; the form asks for it again, saying why, before any request.
  const again = 'Cambió la dirección: escriba otra vez el token. El guardado solo se envía a la dirección para la que se escribió.';
  await url.fill('http://127.0.0.1:9');
  await expect(panel.getByTestId('hub-token-hint')).toHaveText(again);
  await url.press('Enter');
  await expect(panel.locator('#hub-token-error')).toHaveText(again);
  await expect(token).toBeFocused();
  await url.fill(hubUrl);
  await expect(panel.getByTestId('hub-token-hint')).toHaveText('Token guardado: deje el campo vacío para conservarlo.');

  // Off again, so the shared demo station sends nowhere for the other specs.
  await panel.getByRole('button', { name: 'Dejar de enviar a la central' }).click();
  await panel.getByRole('button', { name: 'Sí, dejar de enviar' }).press('Enter');
  await expect(panel.getByRole('status')).toHaveText('La estación ya no envía a la central.');
  await expect(panel.getByTestId('hub-state')).toHaveText('Esta estación no envía a ninguna central.');
});
