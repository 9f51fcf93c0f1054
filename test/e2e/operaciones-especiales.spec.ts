// Eventos de Operaciones Especiales on the sync screen (docs/decisions/0083-evento-de-operaciones-especiales.md), at
// 1366×768, keyboard only. Its own station under the Normativa DTE v2.0 with an MH simulator that judges fe-eop-v1;
// the POS reports a month of ranges (sealed) and one MH refuses; the screen lists both with MH's answer in words.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { localDateTime } from '../../main/core/clock';
import { createMhSimulator, type MhSimulator } from '../../main/mh-sim/server';
import { DEMO_STATION } from '../../main/core/station/demo';
import { DEMO_KEY, DEMO_USERS, checkScreen, logIn } from './helpers';

const schemas = (folder: string) => fileURLToPath(new URL(`../../../shared/mh/schemas/${folder}`, import.meta.url));

let sim: MhSimulator;
let core: Core;
let app: Awaited<ReturnType<typeof buildHttpServer>>;
let base = '';

test.beforeAll(async () => {
  process.env.SELLO_SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'sello-e2e-eoe-key-')), 'secret.key');
  sim = createMhSimulator({ schemasDir: schemas('legacy-v1-2023'), schemasV2Dir: schemas('v2-2026') });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const simUrl = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core = createCore({
    dataDir: mkdtempSync(join(tmpdir(), 'sello-e2e-eoe-')),
    mh: { baseUrl: simUrl, user: DEMO_STATION.company.nit, password: 'demo' },
    initialStation: { ...DEMO_STATION, company, mhNormative: { current: '2026' } },
    allowedMhUrls: ['http://127.0.0.1:*'],
  });
  const key = core.signing.publicKey();
  sim.registerKey(core.signing.nit()!, key!.export({ format: 'der', type: 'spki' }).toString('base64'));
  app = await buildHttpServer(core, { logger: silentLogger, uiDir: fileURLToPath(new URL('../../dist/renderer', import.meta.url)) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await app?.close();
  core?.close();
  await sim?.app.close();
});

test('the sync screen lists the special operations events with MH’s answer', async ({ page }) => {
  const period = localDateTime(new Date()).date.slice(0, 7);
  const report = (items: unknown[]) =>
    page.request.post(`${base}/events/eoe`, { headers: { 'X-API-Key': DEMO_KEY }, data: { period, items } });
  const sealed = await report([
    { type: '02', from: 'FS-000001', to: 'FS-000250', description: 'Ventas al detalle del mes', taxed: 1250.5 },
  ]);
  expect(sealed.status(), await sealed.text()).toBe(201);
  sim.setMode('reject');
  const refused = await report([{ type: '97', from: 'CCI-0001', to: 'CCI-0040', description: 'Consumo interno', exempt: 80 }]);
  expect(refused.status()).toBe(201);
  sim.setMode('normal');

  await page.goto(base);
  await logIn(page, DEMO_USERS.supervisor);
  await page.getByRole('button', { name: 'Envío a MH' }).focus();
  await page.keyboard.press('Enter');
  const list = page.getByTestId('special-operations');
  await expect(list).toBeVisible();
  await expect(list.locator('li[data-status="APPROVED"]')).toContainText('Aprobado por MH');
  await expect(list.locator('li[data-status="APPROVED"]')).toContainText('$1413.07');
  await expect(list.locator('li[data-status="REJECTED"]')).toContainText('MH lo rechazó: EVENTO RECHAZADO');
  await list.scrollIntoViewIfNeeded();
  await checkScreen(page, 'sync-special-operations', { fullPage: false });
});
