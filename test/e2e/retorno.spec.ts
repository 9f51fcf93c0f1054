// Devolución (MH's Evento de Retorno, fe-eret-v1) at the counter, keyboard only, at 1366×768. Its own station, as
// first-run.spec.ts has its own MH: the demo company under the Normativa DTE v2.0 (`mhNormative: {current: '2026'}`,
// with the CAT-008 district that normative needs), served by the real HTTP server with the built UI, talking to an
// MH simulator that judges the ER with MH's fe-eret-v1 schema. The shared demo station stays as it was.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { createMhSimulator, type MhSimulator } from '../../main/mh-sim/server';
import { DEMO_STATION } from '../../main/core/station/demo';
import { DEMO_KEY, DEMO_USERS, checkScreen, logIn, pdfText } from './helpers';

const schemas = (folder: string) => fileURLToPath(new URL(`../../../shared/mh/schemas/${folder}`, import.meta.url));

let sim: MhSimulator;
let core: Core;
let app: Awaited<ReturnType<typeof buildHttpServer>>;
let base = '';

test.beforeAll(async () => {
  // The station's secrets sealed with a key file of this run (never the user's configuration folder).
  process.env.SELLO_SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'sello-e2e-retorno-key-')), 'secret.key');
  sim = createMhSimulator({ schemasDir: schemas('legacy-v1-2023'), schemasV2Dir: schemas('v2-2026') });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const simUrl = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core = createCore({
    dataDir: mkdtempSync(join(tmpdir(), 'sello-e2e-retorno-')),
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

/** Presses Tab until `target` has the focus (at most `max` times): how a person reaches it without a mouse. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached with Tab');
}

test('a supervisor gives back goods of a sealed factura with the keyboard; MH seals the Evento de Retorno', async ({ page }) => {
  // A factura through the contract, sealed by MH: two coffees, one ice cream.
  const res = await page.request.post(`${base}/dte/fc`, {
    headers: { 'X-API-Key': DEMO_KEY, Prefer: 'wait=10' },
    data: {
      id: '7e7a0000-0000-4000-8000-000000000001',
      paymentType: 'CONTADO',
      recipient: { name: 'Carlos Mauricio Rivas', identificationDocument: { type: 'DUI', number: '045678901' }, phone: '22224444' },
      items: [
        { type: 'BIENES', description: 'Café de altura 1 lb', quantity: 2, unitPrice: 7.5, saleType: 'GRAVADA', unitMeasure: 'LIBRA' },
        { type: 'BIENES', description: 'Helado de vainilla', quantity: 1, unitPrice: 2.25, saleType: 'GRAVADA' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const control = ((await res.json()) as { controlNumber: string }).controlNumber;
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`${base}/dte/7e7a0000-0000-4000-8000-000000000001`, { headers: { 'X-API-Key': DEMO_KEY } })
          ).json()) as { status: string }
        ).status,
      { timeout: 15_000 },
    )
    .toBe('APPROVED');

  await page.goto(`${base}/`);
  await logIn(page, DEMO_USERS.supervisor);
  // Documentos, the search and the document's row, all from the keyboard.
  await tabTo(page, page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Documentos' }));
  await page.keyboard.press('Enter');
  const search = page.getByLabel('Buscar cliente, número de control o código');
  await tabTo(page, search);
  await page.keyboard.type(control);
  const row = page.getByRole('row', { name: new RegExp(control) });
  await expect(row).toContainText('Aprobado', { timeout: 15_000 });
  await tabTo(page, row);
  await page.keyboard.press('Enter');

  const panel = page.getByRole('region', { name: 'Devoluciones (Evento de Retorno)' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Sin devoluciones.');
  await expect(page.locator('.detail').getByRole('button', { name: 'Invalidar', exact: true })).toBeVisible();
  await expect(panel).toContainText(/hasta el .* \(3 meses desde el sello\)/);
  await tabTo(page, panel.getByRole('button', { name: 'Devolución' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Devolución' });
  // The first line's quantity has the focus; the limits are in the table and in each field's name.
  const coffee = form.getByLabel('Cantidad que se devuelve de Café de altura 1 lb (quedan 2)');
  await expect(coffee).toBeFocused();
  // Too much first: said in place, nothing sent.
  await page.keyboard.type('3');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('El cliente devolvió un café sin abrir');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toContainText('Quedan 2 por devolver.');
  await coffee.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await checkScreen(page, 'retorno-form', { fullPage: false });
  await tabTo(page, form.getByRole('button', { name: 'Confirmar devolución' }), 5);
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('detail-notice')).toContainText('MH aprobó la devolución.');
  const events = panel.getByTestId('returns-events');
  await expect(events).toContainText('Aprobada por MH');
  await expect(events).toContainText('1 × Café de altura 1 lb ($8.48)');
  await expect(events).toContainText('El cliente devolvió un café sin abrir');
  await expect(events).toContainText('Sello de MH');
  await expect(panel).toContainText('MH no deja invalidar el documento');
  // Before the return the supervisor could invalidate; with it, the invalidation is not offered.
  await expect(page.locator('.detail').getByRole('button', { name: 'Invalidar', exact: true })).toHaveCount(0);
  await checkScreen(page, 'retorno-done', { fullPage: false });
  expect(sim.state.counts.retornodte).toBe(1);

  // The customer asks for it by e-mail: its PDF and signed JSON are queued to the address typed.
  await tabTo(page, events.getByLabel('Enviar por correo a'));
  await page.keyboard.type('carlos.rivas@example.com', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('detail-notice')).toContainText('La devolución se enviará a carlos.rivas@example.com');

  // The return was a mistake: the supervisor invalidates it (MF2 p.17), and the document may be invalidated again.
  await tabTo(page, events.getByRole('button', { name: 'Invalidar esta devolución' }));
  await page.keyboard.press('Enter');
  const undo = page.getByRole('form', { name: 'Invalidar esta devolución' });
  await expect(undo.getByLabel('Motivo de la invalidación')).toBeFocused();
  await page.keyboard.type('Se registró en el documento equivocado', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('detail-notice')).toContainText('MH invalidó la devolución');
  await expect(events).toContainText('Invalidada');
  await expect(panel).not.toContainText('MH no deja invalidar el documento');
  await expect(page.locator('.detail').getByRole('button', { name: 'Invalidar', exact: true })).toBeVisible();
  await checkScreen(page, 'retorno-invalidated', { fullPage: false });
  expect(sim.state.invalidated.size).toBe(1);
});

test('MH down: a return at the counter is made in contingency, printed, and sealed after the event', async ({ page }) => {
  // MH's return is found by the station's own probe, on its backoff (sync/backoff.ts: up to 60 s with jitter after
  // the failures while MH was down), so the wait for the seal below allows a whole backoff, and the test with it.
  test.setTimeout(150_000);
  const headers = { 'X-API-Key': DEMO_KEY };
  const sell = async (id: string, description: string) => {
    const res = await page.request.post(`${base}/dte/fc`, {
      headers: { ...headers, Prefer: 'wait=10' },
      data: {
        id,
        paymentType: 'CONTADO',
        items: [{ type: 'BIENES', description, quantity: 2, unitPrice: 3.5, saleType: 'GRAVADA' }],
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return ((await res.json()) as { controlNumber: string }).controlNumber;
  };
  const control = await sell('7e7a0000-0000-4000-8000-000000000011', 'Pan dulce');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`${base}/dte/7e7a0000-0000-4000-8000-000000000011`, { headers })).json()) as { status: string })
          .status,
      {
        timeout: 15_000,
      },
    )
    .toBe('APPROVED');

  // MH goes down: the next sale fails its sends and the station enters contingency.
  sim.setMode('down');
  await sell('7e7a0000-0000-4000-8000-000000000012', 'Pan francés');
  await expect
    .poll(async () => ((await (await page.request.get(`${base}/sync/status`, { headers })).json()) as { state: string }).state, {
      timeout: 30_000,
    })
    .toBe('contingency');

  await page.goto(`${base}/`);
  await logIn(page, DEMO_USERS.supervisor);
  await expect(page.getByTestId('sync-banner')).toContainText('CONTINGENCIA');
  // Documentos, the search and the document's row, all from the keyboard.
  const openDetail = async () => {
    await tabTo(page, page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Documentos' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Buscar cliente, número de control o código'));
    await page.keyboard.type(control, { delay: 5 });
    const row = page.getByRole('row', { name: new RegExp(control) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await tabTo(page, row);
    await page.keyboard.press('Enter');
  };
  await openDetail();
  const panel = page.getByRole('region', { name: 'Devoluciones (Evento de Retorno)' });
  await tabTo(page, panel.getByRole('button', { name: 'Devolución' }));
  await page.keyboard.press('Enter');
  await page.keyboard.type('1', { delay: 5 });
  await tabTo(page, page.getByLabel('Motivo de la devolución'), 5);
  await page.keyboard.type('Pan golpeado, sin internet en la tienda', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('detail-notice')).toContainText('Devolución hecha en contingencia');
  const events = panel.getByTestId('returns-events');
  await expect(events).toContainText('En espera de MH');
  await expect(events).toContainText('Hecha en contingencia');

  // The customer's receipt now: no seal yet, and it says why.
  const [receipt] = await Promise.all([
    page.waitForResponse((r) => /\/dte\/returns\/[^/]+\/receipt/.test(r.url())),
    (async () => {
      await tabTo(page, events.getByRole('button', { name: /^Imprimir comprobante de la devolución/ }));
      await page.keyboard.press('Enter');
    })(),
  ]);
  expect(receipt.status()).toBe(200);
  // The same receipt again with the page's session: the window the app opened holds a blob Playwright cannot read.
  const paper = pdfText(await (await page.request.get(receipt.url())).body()).replace(/\s+/g, ' ');
  expect(paper).toContain('DEVOLUCIÓN (EVENTO DE RETORNO)');
  expect(paper).toContain('DEVOLUCIÓN HECHA EN CONTINGENCIA');
  expect(paper).toContain('Contingencia (tipo');
  await checkScreen(page, 'retorno-contingency', { fullPage: false });

  // MH back: the event, the documents, then the return; the detail shows it sealed.
  sim.setMode('normal');
  const returns = async () =>
    (
      (await (await page.request.get(`${base}/dte/7e7a0000-0000-4000-8000-000000000011/returns`, { headers })).json()) as {
        events: { status: string; seal: string | null }[];
      }
    ).events;
  await expect.poll(async () => (await returns())[0]?.status, { timeout: 90_000 }).toBe('APPROVED');
  const [event] = [...sim.state.events.values()] as { detalleDTE: { tipoDoc: string }[] }[];
  expect(event!.detalleDTE.map((d) => d.tipoDoc)).toContain('18');
  await page.reload();
  await openDetail();
  await expect(events).toContainText('Aprobada por MH');
  await expect(events).toContainText((await returns())[0]!.seal!);
});
