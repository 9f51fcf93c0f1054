// E-mail delivery and webhooks as an administrator meets them (issue 15, the screens): Ajustes → Correo pointed at
// a real SMTP server started here (smtp-server, messages parsed with postal-mime) and its test message; an FC with
// the customer's e-mail arrives with its PDF and JSON and the detail says it was sent; "Enviar por correo" to
// another address; a refused address fails and Envío a MH sends it again; Ajustes → Webhooks pointed at a
// node:http receiver started here gets signed POSTs, and its log says delivered. At 1366×768, keyboard first.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { testSmtp, type TestSmtp } from '../support/smtp';
import { webhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { DEMO_KEY, DEMO_USERS, checkScreen, logIn, login, logout, pdfText, settingsSection, simMode } from './helpers';

const asThePos = { 'X-API-Key': DEMO_KEY };
const CUSTOMER = 'cliente.delivery@example.com';
const OTHER = 'contabilidad.delivery@example.com';
const REFUSED = 'no-existe.delivery@example.com';
const SENDER = 'facturas@tornillo.example.com';

let smtp: TestSmtp;
let receiver: WebhookReceiver;

// One station and one mail server: each test builds on the settings the one before saved.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  smtp = await testSmtp();
  smtp.refuse.add(REFUSED);
  // The server wants a login, as a provider's does: the one typed in Ajustes.
  smtp.password = 'Clave-del-correo-2026';
  receiver = await webhookReceiver();
});

test.afterAll(async () => {
  await smtp.stop();
  await receiver.close();
});

test.beforeEach(async ({ request }) => {
  await simMode(request, 'normal');
});

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name, exact: true }).click();

/** An FC of one line with the customer's e-mail, through the POS's API, approved by the simulator. */
async function sellTo(request: APIRequestContext, email: string | null): Promise<{ id: string; controlNumber: string }> {
  const id = randomUUID();
  const res = await request.post('/dte/fc', {
    headers: { ...asThePos, Prefer: 'wait=10' },
    data: {
      id,
      recipient: { name: 'Cliente de correo', ...(email ? { email } : {}) },
      items: [{ type: 'BIENES', description: 'Tornillos por correo', quantity: 2, unitPrice: 5, saleType: 'GRAVADA' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await expect
    .poll(async () => ((await (await request.get(`/dte/${id}`, { headers: asThePos })).json()) as { status: string }).status, {
      timeout: 15_000,
    })
    .toBe('APPROVED');
  const record = (await (await request.get(`/dte/${id}`, { headers: asThePos })).json()) as { controlNumber: string };
  return { id, controlNumber: record.controlNumber };
}

/** Documentos → the document found by its control number → its detail. */
async function openDetail(page: Page, controlNumber: string) {
  await nav(page, 'Documentos');
  await page.getByLabel('Buscar cliente, número de control o código').fill(controlNumber);
  const row = page.getByRole('row', { name: new RegExp(controlNumber) });
  await expect(row).toContainText('Aprobado', { timeout: 15_000 });
  await row.click();
  const detail = page.locator('.detail');
  await expect(detail.getByRole('heading', { name: new RegExp(controlNumber) })).toBeVisible();
  return detail;
}

const received = (to: string) => smtp.received.filter((m) => m.to.includes(to));

test('Ajustes → Correo: errors beside the field, saved with the password kept hidden, a test message arrives', async ({ page }) => {
  await login(page);
  await nav(page, 'Ajustes');
  await settingsSection(page, 'Correo y webhooks');
  const panel = page.getByTestId('mail-panel');
  await expect(panel.getByRole('heading', { name: 'Correo (SMTP)' })).toBeVisible();
  await expect(panel).toContainText('Aún no hay servidor de correo');

  // Keyboard first: each field after the other with Tab; a wrong sender is named beside its field.
  await panel.getByLabel('Servidor', { exact: true }).focus();
  await page.keyboard.type('127.0.0.1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(smtp.port));
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Seguridad')).toBeFocused();
  await expect(panel.getByLabel('Seguridad')).toHaveValue('starttls');
  // The test server has no STARTTLS: plain SMTP is a choice said on purpose, and only for this machine.
  await panel.getByLabel('Seguridad').selectOption('local');
  await panel.getByLabel('Seguridad').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('sello');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Clave-del-correo-2026');
  await page.keyboard.press('Tab');
  await page.keyboard.type('El Tornillo');
  await page.keyboard.press('Tab');
  await page.keyboard.type('facturas-sin-arroba');
  await page.keyboard.press('Enter');
  const fromAddress = panel.getByLabel('Correo del remitente');
  await expect(fromAddress).toBeFocused();
  await expect(fromAddress).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.locator('#smtp-from-address-error')).toHaveText('Correo electrónico no válido.');
  await checkScreen(page, 'delivery-smtp-error');

  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(SENDER);
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('smtp-message')).toHaveText(/Configuración del correo guardada/);
  // The password is never shown back: only that one is stored, and an empty field keeps it.
  await expect(panel.getByLabel('Contraseña', { exact: true })).toHaveValue('');
  await expect(panel).toContainText('Guardada. Déjela vacía para conservarla.');

  // The test message goes through what was saved, and the server's answer is shown.
  await panel.getByLabel('Enviar la prueba a').fill('prueba.delivery@example.com');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('smtp-test-result')).toContainText('Prueba enviada a prueba.delivery@example.com', { timeout: 20_000 });
  const [test1] = await waitFor(() => received('prueba.delivery@example.com'), 1);
  expect(test1?.mail.subject).toContain('Prueba de correo de Sello');
  expect(test1?.mail.from?.address).toBe(SENDER);
  await checkScreen(page, 'delivery-smtp');

  // Another port: the stored password is not sent there; the form asks for it again, saying why.
  const port = panel.getByLabel('Puerto');
  await port.fill('2525');
  const again =
    'Cambió el servidor o el puerto: escriba otra vez la contraseña. La guardada solo se envía al servidor para el que se escribió.';
  await expect(panel.locator('#smtp-password-hint')).toHaveText(again);
  await port.press('Enter');
  await expect(panel.locator('#smtp-password-error')).toHaveText(again);
  await expect(panel.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await port.fill(String(smtp.port));
  await expect(panel.locator('#smtp-password-hint')).toHaveText('Guardada. Déjela vacía para conservarla.');
});

test('an FC with the customer e-mail arrives with its PDF and JSON; the detail says sent; "Enviar por correo" to another', async ({
  page,
  request,
}) => {
  const before = received(CUSTOMER).length;
  const doc = await sellTo(request, CUSTOMER);
  const [mail] = (await waitFor(() => received(CUSTOMER), before + 1)).slice(before);
  const names = (mail?.mail.attachments ?? []).map((a) => a.filename).sort();
  expect(names).toEqual([`${doc.id.toUpperCase()}.json`, `${doc.id.toUpperCase()}.pdf`]);
  const pdf = mail?.mail.attachments.find((a) => a.filename?.endsWith('.pdf'));
  expect(pdfText(Buffer.from(pdf?.content as ArrayBuffer))).toContain(doc.controlNumber);
  const json = mail?.mail.attachments.find((a) => a.filename?.endsWith('.json'));
  const signed = JSON.parse(Buffer.from(json?.content as ArrayBuffer).toString('utf8')) as {
    selloRecibido?: string;
    firmaElectronica?: string;
  };
  expect(signed.firmaElectronica).toBeTruthy();
  expect(signed.selloRecibido).toBeTruthy();

  // A supervisor sees it in the detail, and sends it to another address typed there (another address than the
  // customer's is a supervisor's right: docs/decisions/0067-email-rights-and-small-guards.md).
  await login(page, DEMO_USERS.supervisor);
  const detail = await openDetail(page, doc.controlNumber);
  const deliveries = detail.getByTestId('deliveries');
  await expect(deliveries.getByTestId('delivery').first()).toContainText('Enviado', { timeout: 15_000 });
  await expect(deliveries.getByTestId('delivery').first()).toContainText(CUSTOMER);
  await expect(deliveries.getByTestId('delivery').first()).toContainText(/enviado \d{2}\/\d{2}\/\d{4}/);
  const to = deliveries.getByLabel('Enviar por correo a');
  await expect(to).toHaveValue(CUSTOMER);

  // A wrong address is named beside the field, and focused.
  await to.fill('contabilidad@');
  await to.press('Enter');
  await expect(deliveries.locator('#send-email-error')).toContainText('Correo electrónico no válido.');
  await expect(to).toBeFocused();
  await to.fill(OTHER);
  await to.press('Enter');
  await expect(deliveries.getByTestId('send-result')).toContainText(OTHER);
  const [again] = await waitFor(() => received(OTHER), 1);
  expect((again?.mail.attachments ?? []).length).toBe(2);
  await expect(deliveries.getByTestId('delivery').filter({ hasText: OTHER })).toContainText('Enviado', { timeout: 15_000 });
  // The note beside the field follows the message it asked for.
  await expect(deliveries.getByTestId('send-result')).toHaveText(`Correo enviado a ${OTHER}.`);
  await checkScreen(page, 'delivery-detail', { fullPage: false });
});

test('a refused address fails with the server words; Envío a MH retries the failed e-mails', async ({ page, request }) => {
  const doc = await sellTo(request, REFUSED);
  await login(page, DEMO_USERS.supervisor);
  const detail = await openDetail(page, doc.controlNumber);
  const failed = detail.getByTestId('delivery').filter({ hasText: REFUSED });
  await expect(failed).toContainText('Falló', { timeout: 20_000 });
  await expect(failed).toContainText('User unknown');

  await nav(page, 'Envío a MH');
  const queue = page.getByTestId('mail-queue');
  await expect(queue.getByRole('heading', { name: 'Correos a clientes' })).toBeVisible();
  await expect(queue.getByTestId('mail-failed')).not.toHaveText('0');
  const failedBefore = Number(await queue.getByTestId('mail-failed').textContent());
  await queue.getByRole('button', { name: 'Reintentar los correos fallidos' }).focus();
  await page.keyboard.press('Enter');
  await expect(queue.getByTestId('mail-retried')).toHaveText(
    failedBefore === 1 ? '1 correo fallido vuelve a la cola.' : `${failedBefore} correos fallidos vuelven a la cola.`,
  );
  await checkScreen(page, 'delivery-sync');
  // Refused again by the same server: the counts come back by themselves, without a sync push.
  await expect(queue.getByTestId('mail-failed')).toHaveText(String(failedBefore), { timeout: 20_000 });
  // The detail says so too: failed once more, never lost.
  await openDetail(page, doc.controlNumber);
  await expect(page.locator('.detail').getByTestId('delivery').filter({ hasText: REFUSED })).toContainText('Falló', { timeout: 20_000 });
  await logout(page);
  // A cashier sees the counts and no retry.
  await logIn(page, DEMO_USERS.cajero);
  await nav(page, 'Envío a MH');
  await expect(page.getByTestId('mail-queue')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar los correos fallidos' })).toHaveCount(0);
});

test('Ajustes → Webhooks: added with its secret shown once, signed POSTs arrive, the log says delivered, sent again, deleted', async ({
  page,
  request,
}) => {
  await login(page);
  await nav(page, 'Ajustes');
  await settingsSection(page, 'Correo y webhooks');
  const panel = page.getByTestId('webhooks-panel');
  await panel.getByRole('button', { name: 'Agregar un webhook' }).focus();
  await page.keyboard.press('Enter');
  const url = panel.getByLabel('Dirección del receptor');
  await expect(url).toBeFocused();
  // A wrong address is named beside the field.
  await page.keyboard.type('ftp://127.0.0.1/hooks');
  await page.keyboard.press('Enter');
  await expect(panel.locator('#webhook-url-error')).toBeVisible();
  await expect(url).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(receiver.url);
  await expect(panel.getByRole('group', { name: 'Eventos que recibe' }).getByRole('checkbox')).toHaveCount(5);
  await page.keyboard.press('Enter');

  const secret = panel.getByLabel('Secreto del webhook');
  await expect(secret).toBeFocused();
  const value = await secret.inputValue();
  expect(value).toMatch(/^whsec_/);
  receiver.setSecret(value);
  await expect(panel.getByTestId('webhook-secret')).toContainText('no se volverá a mostrar');
  const row = panel.getByTestId('webhooks').getByRole('row', { name: new RegExp(receiver.url.replace(/[.:/]/g, '\\$&')) });
  await expect(row).toContainText('Activo');
  await expect(row).toContainText('Todos');
  await checkScreen(page, 'delivery-webhook-added');
  await panel.getByRole('button', { name: 'Ya lo copié' }).click();
  await expect(panel.getByTestId('webhook-secret')).toHaveCount(0);

  const doc = await sellTo(request, null);
  await expect
    .poll(
      () =>
        receiver
          .acknowledged()
          .filter((r) => r.documentId === doc.id)
          .map((r) => r.event),
      { timeout: 20_000 },
    )
    .toEqual(['dte.created', 'dte.approved']);
  expect(receiver.received.filter((r) => r.documentId === doc.id).every((r) => r.verified)).toBe(true);

  await row.getByRole('button', { name: new RegExp('^Ver envíos') }).click();
  const log = panel.getByTestId('webhook-log');
  const lines = log.getByTestId('webhook-delivery').filter({ hasText: doc.id.toUpperCase() });
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Aprobado por MH' })).toContainText('Entregado');
  await expect(lines.filter({ hasText: 'Aprobado por MH' })).toContainText('HTTP 200');
  await expect(lines.filter({ hasText: 'Documento creado' })).toContainText('Entregado');
  await checkScreen(page, 'delivery-webhook-log');

  // "Enviar de nuevo": the same delivery id and body reach the receiver again.
  const approved = receiver.acknowledged().find((r) => r.documentId === doc.id && r.event === 'dte.approved');
  await lines
    .filter({ hasText: 'Aprobado por MH' })
    .getByRole('button', { name: /^Enviar de nuevo/ })
    .click();
  await expect(log).toContainText('Envío en cola de nuevo');
  await expect
    .poll(() => receiver.received.filter((r) => r.deliveryId === approved?.deliveryId && r.status === 200).length, { timeout: 20_000 })
    .toBe(2);
  const [first, second] = receiver.received.filter((r) => r.deliveryId === approved?.deliveryId);
  expect(second?.raw).toBe(first?.raw);
  expect(second?.verified).toBe(true);
  await expect(lines.filter({ hasText: 'Aprobado por MH' })).toContainText('Entregado', { timeout: 10_000 });

  // Disabled, then deleted after a confirmation whose safe answer has the focus.
  await row.getByRole('button', { name: `Desactivar ${receiver.url}` }).click();
  await expect(row).toContainText('Desactivado por un administrador.');
  await row.getByRole('button', { name: `Eliminar ${receiver.url}` }).click();
  const confirm = panel.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'No, conservarlo' })).toBeFocused();
  await checkScreen(page, 'delivery-webhook-confirm');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('webhooks-message')).toHaveText(`Webhook eliminado: ${receiver.url}.`);
  await expect(panel.getByTestId('webhooks')).toHaveCount(0);
});

/** Polls a list until it holds `n` items (messages arrive on the delivery loop's time). */
async function waitFor<T>(list: () => T[], n: number, ms = 20_000): Promise<T[]> {
  await expect.poll(() => list().length, { timeout: ms }).toBeGreaterThanOrEqual(n);
  return list();
}
