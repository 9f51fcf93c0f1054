// The thermal printer the way the product runs it (docs/decisions/0041-escpos-receipts.md): a real
// `sello serve --demo` process (real HTTP, real timers, its embedded MH simulator) printing over real TCP to the
// virtual ESC/POS printer. Paper runs out: the sale still completes, the receipt is kept; the process is killed
// for real (SIGKILL) and started again on the same data: the receipt is still pending, and prints once the paper
// is back. "Abrir gaveta" reaches the printer and the close.
import { afterEach, describe, expect, it } from 'vitest';
import type { DayClose } from '../../shared/close';
import type { PendingReceipt, PrinterStatus } from '../../shared/printing';
import type { DteRecord } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { exitOf, startServe } from '../support/serve-process';
import { parseEscpos } from '../support/escpos-parse';
import { startVirtualPrinter } from '../support/virtual-printer';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

async function session(url: string, login: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(res.status).toBe(201);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { Cookie: cookie, 'X-API-Version': '1', 'Content-Type': 'application/json' };
}

/** A POST with no body says no content type, as the app's own client does. */
const noBody = ({ 'Content-Type': _, ...rest }: Record<string, string>) => rest;

describe('the thermal printer on sello serve', () => {
  it('paper out keeps the receipt across a kill; it prints when the paper is back; the drawer reaches the close', async () => {
    const printer = await startVirtualPrinter();
    cleanups.push(() => printer.close());
    const t = tempDir('sello-escpos-serve-');
    cleanups.push(t.cleanup);
    const args = ['--demo', '--port', '0', '--data-dir', t.dir];
    const first = await startServe(args);
    cleanups.push(() => first.child.kill('SIGKILL'));

    const admin = await session(first.url, 'admin', 'demo-admin');
    const put = await fetch(`${first.url}/settings/printing`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({
        printer: null,
        receiptWidth: 80,
        silentReceipt: false,
        receiptOutput: 'escpos',
        escpos: { connection: { kind: 'network', host: '127.0.0.1', port: printer.port }, codepage: 'cp858', qr: 'native', drawer: true },
      }),
    });
    expect(put.status, await put.clone().text()).toBe(200);

    const cashier = await session(first.url, 'cajero', '123456');
    const sell = async (url: string, headers: Record<string, string>, id: string) => {
      const res = await fetch(`${url}/dte/fc`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...fcBody(id), generatedAt: undefined, payments: [{ method: '01', amount: 10.08 }], cashReceived: 20 }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as DteRecord).controlNumber;
    };
    const print = (url: string, headers: Record<string, string>, id: string) =>
      fetch(`${url}/dte/${id}/print`, { method: 'POST', headers: noBody(headers) });
    const status = async (url: string, headers: Record<string, string>) =>
      (await (await fetch(`${url}/printer/status`, { headers })).json()) as PrinterStatus;

    // A normal sale: printed with no dialog, the drawer opened, one cut.
    const a = '0e5c0000-0000-4000-8000-000000000001';
    const aNumber = await sell(first.url, cashier, a);
    const ok = await print(first.url, cashier, a);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const [ra] = await printer.waitForReceipts(1, 10_000);
    expect(ra!.lines.map((l) => l.text).join('\n')).toContain(aNumber);
    expect(ra!.pulses).toHaveLength(1);
    expect(ra!.cut).toBe(true);

    // The paper runs out: the counter hears it before the next sale.
    printer.setState({ paperOut: true });
    expect(await status(first.url, cashier)).toMatchObject({ state: 'paperOut', message: expect.stringMatching(/papel/) as string });
    const b = '0e5c0000-0000-4000-8000-000000000002';
    const bNumber = await sell(first.url, cashier, b);
    const refused = await print(first.url, cashier, b);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/en cola para reimprimir/);
    expect(printer.receipts()).toHaveLength(1);

    // Killed for real, started again on the same data: the receipt is still waiting.
    first.child.kill('SIGKILL');
    await exitOf(first.child);
    const second = await startServe(args);
    cleanups.push(() => second.child.kill('SIGKILL'));
    const cashier2 = await session(second.url, 'cajero', '123456');
    const pending = (await (await fetch(`${second.url}/printer/pending`, { headers: cashier2 })).json()) as PendingReceipt[];
    expect(pending).toEqual([expect.objectContaining({ dteId: b, numeroControl: bNumber })]);
    expect(await status(second.url, cashier2)).toMatchObject({ state: 'paperOut', pending: 1 });

    printer.setState({ paperOut: false });
    const reprint = await fetch(`${second.url}/printer/pending/${pending[0]!.id}/print`, { method: 'POST', headers: noBody(cashier2) });
    expect(reprint.status, await reprint.clone().text()).toBe(200);
    const got = await printer.waitForReceipts(2, 10_000);
    expect(got[1]!.lines.map((l) => l.text).join('\n')).toContain(bNumber);
    expect(await status(second.url, cashier2)).toMatchObject({ state: 'ready', pending: 0 });

    // "Abrir gaveta": the pulse alone, and the cashier's close lists it.
    const kick = await fetch(`${second.url}/printer/drawer`, { method: 'POST', headers: noBody(cashier2) });
    expect(kick.status, await kick.clone().text()).toBe(200);
    await expect.poll(() => parseEscpos(printer.bytes()).flatMap((r) => r.pulses).length, { timeout: 5000 }).toBe(3);
    const close = await fetch(`${second.url}/closes`, { method: 'POST', headers: cashier2, body: JSON.stringify({ scope: 'me' }) });
    expect(close.status, await close.clone().text()).toBe(201);
    const kicks = ((await close.json()) as DayClose).summary.drawerKicks ?? [];
    expect(kicks.map((k) => k.by)).toEqual(['user:cajero']);
  });
});
