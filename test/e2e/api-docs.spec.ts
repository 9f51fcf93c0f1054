// The API reference at /docs (main/http/openapi/docs-page.ts), as an integrator opens it: drawn by the station
// alone (every request to another host refused, as on a counter with no internet), with no CSP violation, found
// and opened with the keyboard at 1366×768. The descriptions' Markdown is drawn (code, not backticks), and the
// body's fields, the answers with their headers, the errors and the webhooks show what the served document holds:
// the expectations are read from /openapi.json itself, so the page is checked against the document of the moment.
import { expect, test } from '@playwright/test';
import { checkScreen, watchOffline } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

type Json = Record<string, unknown>;
const BT = '`';

/** A local `$ref`, followed. */
function deref(doc: Json, s: unknown): Json {
  let v = s as Json | undefined;
  for (let n = 0; v && typeof v.$ref === 'string' && n < 20; n++) {
    let t: unknown = doc;
    for (const part of v.$ref.slice(2).split('/')) t = (t as Json | undefined)?.[part];
    v = t as Json | undefined;
  }
  return v ?? {};
}

test('the API reference draws offline under the strict CSP, Markdown drawn, an operation opened from the keyboard', async ({
  page,
  baseURL,
}) => {
  const { violations, elsewhere } = await watchOffline(page, baseURL!);
  const doc = (await (await page.request.get('/openapi.json')).json()) as Json;
  const fcOp = ((doc.paths as Json)['/dte/fc'] as Json).post as Json;

  await page.goto('/docs');
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Documentos', level: 2 })).toBeVisible();
  const intro = page.locator('#intro');
  await expect(intro).toContainText('Sello: servicio DTE local');
  // The document's description has `code` spans: drawn as <code>, never as backticks.
  const info = (doc.info as Json).description as string;
  expect(info).toContain(BT);
  await expect(intro.locator('code').first()).toBeVisible();
  expect(await intro.innerText()).not.toContain(BT);

  // From the page's start, Tab reaches the search box (after the download link).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Buscar')).toBeFocused();
  // The filter narrows to the FC, Enter goes to it and Enter opens it.
  await page.keyboard.type('/dte/fc', { delay: 5 });
  const fc = page.locator('details[data-text]:not(.hidden)');
  await expect(fc).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(fc.locator('summary').first()).toBeFocused();
  await page.keyboard.press('Enter');

  // The operation's description, Markdown drawn: its code spans as <code>, no backtick left.
  const description = fc.locator('.body > p').first();
  await expect(description).toBeVisible();
  expect(String(fcOp.description)).toContain(BT);
  await expect(fc.locator('.body > p code').first()).toBeVisible();
  expect(await description.innerText()).not.toContain(BT);

  // The body's fields with their descriptions (the Spanish part, the English under it).
  const body = deref(doc, ((deref(doc, fcOp.requestBody).content as Json)['application/json'] as Json).schema);
  const items = deref(doc, (body.properties as Json).items);
  const unitPrice = deref(doc, (deref(doc, items.items).properties as Json).unitPrice);
  const priceRow = fc.getByRole('row').filter({ has: page.getByRole('cell', { name: 'items[].unitPrice' }) });
  await expect(priceRow).toBeVisible();
  if (typeof unitPrice.description === 'string')
    await expect(priceRow).toContainText(unitPrice.description.split(' / ')[0]!.replace(/`/g, '').slice(0, 30));
  await checkScreen(page, 'api-docs-fc', { fullPage: false });

  // The answers: each success status with its headers and fields, and each error status in one table.
  const responses = fcOp.responses as Json;
  for (const status of Object.keys(responses).filter((s) => s < '400')) {
    await expect(fc.getByRole('heading', { name: `Respuesta ${status}`, level: 4 })).toBeAttached();
  }
  const created = deref(doc, responses['201']);
  const answer = fc.getByRole('heading', { name: 'Respuesta 201', level: 4 });
  await expect(answer).toBeAttached();
  // The answer's heading at the top of the window for the screenshot (a string: these specs have no DOM types).
  await page.evaluate(
    "[...document.querySelectorAll('details[data-text]:not(.hidden) h4')].find((h) => h.textContent === 'Respuesta 201').scrollIntoView()",
  );
  for (const name of Object.keys((created.headers as Json | undefined) ?? {}))
    await expect(fc.getByRole('cell', { name, exact: true }).first()).toBeAttached();
  await checkScreen(page, 'api-docs-fc-answers', { fullPage: false });
  const errorTable = fc.locator('table.errors');
  for (const status of Object.keys(responses).filter((s) => s >= '400'))
    await expect(errorTable.getByRole('cell', { name: status, exact: true })).toBeAttached();
  await expect(errorTable).toContainText('VALIDATION_FAILED');

  // A webhook, reached by its link: the payload's fields and the signature header.
  const hooks = Object.keys((doc.webhooks as Json | undefined) ?? {});
  if (hooks.length > 0) {
    const first = (((doc.webhooks as Json)[hooks[0]!] as Json).post as Json).operationId as string;
    await page.goto(`/docs#${first}`);
    await expect(page.locator('body[data-ready="true"]')).toBeAttached();
    const hook = page.locator(`details[id="${first}"]`);
    await expect(hook.locator('summary')).toBeFocused();
    // Required fields and headers carry their " *".
    await expect(hook.getByRole('cell', { name: /^deliveryId( \*)?$/ })).toBeVisible();
    await expect(hook.getByRole('cell', { name: /^X-Sello-Signature( \*)?$/ })).toBeVisible();
    await hook.getByRole('heading', { name: /^Cuerpo/, level: 4 }).scrollIntoViewIfNeeded();
    await checkScreen(page, 'api-docs-webhook', { fullPage: false });
  }

  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});
