// A print is done only when the printer confirms it (docs/decisions/0066-printers-and-logos-with-bounds.md): a
// real core printing over real TCP to printers that misbehave (accept and hang, read and never answer, reset in
// the middle of the receipt) keeps the receipt for reprint and says so; the good virtual printer
// (test/support/virtual-printer.ts) still prints. Device paths and logos stored by an older version are checked
// again at print time: a plain file is never written, a logo that does not decode is left off, logged once.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PrintSettings } from '../../shared/printing';
import type { Core } from '../../main/core/create-core';
import type { Logger } from '../../main/core/logger';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';
import { parseEscpos } from '../support/escpos-parse';
import { startVirtualPrinter } from '../support/virtual-printer';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `c0f10000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const ACTOR = 'user:admin';
const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
const logger: Logger = { ...silentLogger, warn: (message, fields) => warnings.push({ message, fields }) };
const servers: Server[] = [];

const cardSale = (id: string) => ({
  ...fcBody(id),
  generatedAt: undefined,
  payments: [{ method: '03', amount: 10.08, reference: '4242' }],
});

function useNetwork(port: number) {
  core.printing.set(
    {
      printer: null,
      receiptWidth: 80,
      silentReceipt: false,
      receiptOutput: 'escpos',
      escpos: { connection: { kind: 'network', host: '127.0.0.1', port }, codepage: 'cp858', qr: 'native', drawer: false },
    },
    ACTOR,
  );
}

/** What an older version could have stored, written past today's checks straight into the settings table. */
function storeAsOlderVersion(s: PrintSettings) {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'));
  try {
    db.prepare("UPDATE settings SET value = ? WHERE key = 'printing'").run(JSON.stringify(s));
  } finally {
    db.close();
  }
}

async function approved(): Promise<string> {
  const id = core.dtes.create('FC', cardSale(newId()), ACTOR).record.id;
  for (let i = 0; i < 40 && core.dtes.get(id).status !== 'APPROVED'; i++) {
    await core.sync.runOnce();
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(core.dtes.get(id).status).toBe('APPROVED');
  return id;
}

/** A TCP server that plays a printer with `behave` deciding what it does with each connection. */
async function misbehaving(behave: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    behave(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** Answers the status asked before the sale ("ready"), so the receipt's bytes are sent. */
const READY = Uint8Array.of(0x12, 0x12, 0x12);

async function printedAndKept(id: string) {
  const admin = await sessionHeaders(app, 'admin');
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: `/dte/${id}/print`, headers: admin });
  return { res, ms: performance.now() - t0, pending: core.printer.pending().filter((p) => p.dteId === id) };
}

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 0 });
  dir = tempDir('sello-print-confirm-');
  core = coreWithSimulator(dir.dir, sim, { timeoutMs: 2000, lotePollMs: 0, logger });
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterAll(async () => {
  for (const s of servers) s.close();
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});
beforeEach(() => {
  for (const p of core.printer.pending()) core.printer.discard(p.id, ACTOR);
});

describe('a network printer confirms the receipt, or it is kept for reprint', () => {
  it('a printer that accepts the connection and never reads: not printed, kept, and the answer says so', async () => {
    useNetwork(await misbehaving((socket) => socket.pause()));
    const id = await approved();
    const { res, ms, pending } = await printedAndKept(id);
    expect(res.statusCode).toBe(503);
    expect(res.json<{ code: string; detail: string }>()).toMatchObject({
      code: 'PRINT_FAILED',
      detail: expect.stringMatching(/no confirmó.*en cola para reimprimir/) as string,
    });
    expect(pending).toHaveLength(1);
    // The status before the sale (1 s) and the confirmation after it (5 s), no more.
    expect(ms).toBeLessThan(8_000);
  }, 15_000);

  it('a printer that reads the receipt and never answers its status: not printed, kept', async () => {
    let got = 0;
    useNetwork(await misbehaving((socket) => socket.on('data', (c: Buffer) => (got += c.length))));
    const id = await approved();
    const { res, pending } = await printedAndKept(id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).not.toEqual({ printed: true });
    expect(pending).toHaveLength(1);
    expect(got).toBeGreaterThan(500); // the whole receipt went out; only the confirmation was missing
  }, 15_000);

  it('a printer that resets the connection in the middle of the receipt: not printed, kept, at once', async () => {
    useNetwork(
      await misbehaving((socket) => {
        let got = 0;
        socket.on('data', (c: Buffer) => {
          got += c.length;
          if (got <= 9) socket.write(READY);
          else if (got > 200) socket.resetAndDestroy();
        });
      }),
    );
    const id = await approved();
    const { res, ms, pending } = await printedAndKept(id);
    expect(res.statusCode).toBe(503);
    expect(res.json<{ detail: string }>().detail).toMatch(/se cortó|no confirmó/);
    expect(pending).toHaveLength(1);
    expect(ms).toBeLessThan(7_000);
  }, 15_000);

  it('the good printer answers its status after the receipt: printed, nothing kept, and it reprints what was kept', async () => {
    const hung = await misbehaving((socket) => socket.pause());
    useNetwork(hung);
    const id = await approved();
    await expect(core.printer.printReceipt(id, ACTOR)).rejects.toMatchObject({ code: 'PRINT_FAILED' });
    const printer = await startVirtualPrinter();
    try {
      useNetwork(printer.port);
      const other = await approved();
      expect(await core.printer.printReceipt(other, ACTOR)).toEqual({ printed: true });
      const [job] = core.printer.pending();
      expect(job!.dteId).toBe(id);
      expect(await core.printer.reprint(job!.id, ACTOR)).toEqual({ printed: true });
      const receipts = await printer.waitForReceipts(2, 5_000);
      expect(receipts.map((r) => r.lines.map((l) => l.text).join('\n'))).toEqual([
        expect.stringContaining(core.dtes.get(other).controlNumber),
        expect.stringContaining(core.dtes.get(id).controlNumber),
      ]);
      // The status asked after each receipt reached the printer after its cut.
      const events = parseEscpos(printer.bytes()).flatMap((r) => r.events.map((e) => e.type));
      expect(events.filter((t) => t === 'status-request').length).toBe(12);
      expect(core.printer.pending()).toEqual([]);
    } finally {
      await printer.close();
    }
  }, 20_000);
});

describe('settings stored by an older version, checked again at print time', () => {
  it('a device path that is a plain file is never written: the receipt is kept and the admin told what to fix', async () => {
    const files = mkdtempSync(join(tmpdir(), 'sello-print-confirm-'));
    try {
      const printer = await startVirtualPrinter();
      useNetwork(printer.port);
      await printer.close();
      const target = join(files, 'x');
      storeAsOlderVersion({
        ...core.printing.get(),
        escpos: { ...core.printing.get().escpos!, connection: { kind: 'device', path: target } },
      });
      const id = await approved();
      const { res, pending } = await printedAndKept(id);
      expect(res.statusCode).toBe(503);
      expect(res.json<{ detail: string }>().detail).toMatch(/no es una impresora.*Ajustes → Impresión/);
      expect(pending).toHaveLength(1);
      expect(existsSync(target)).toBe(false);
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
  });

  it('a logo that does not decode is left off the receipt, which prints; logged once, not per receipt', async () => {
    const printer = await startVirtualPrinter();
    try {
      useNetwork(printer.port);
      const png = PNG.sync.write(new PNG({ width: 64, height: 32 }));
      const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(64, 0xab)]).toString('base64');
      storeAsOlderVersion({ ...core.printing.get(), logo: corrupt });
      warnings.length = 0;
      for (let i = 0; i < 2; i++) expect(await core.printer.printReceipt(await approved(), ACTOR)).toEqual({ printed: true });
      const receipts = await printer.waitForReceipts(2, 5_000);
      expect(receipts.every((r) => !r.events.some((e) => e.type === 'image'))).toBe(true);
      // The PDF receipt too: no 500, no logo.
      const pdf = await core.dtes.receipt(core.dtes.list({ limit: 1 }).items[0]!.id, 80, ACTOR);
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      expect(warnings.filter((w) => /logo/.test(w.message))).toHaveLength(1);
    } finally {
      await printer.close();
    }
  });
});

describe.skipIf(process.getuid?.() !== 0)('a device the kernel exposes at a printer’s name', () => {
  const base = 95_000 + (process.pid % 4_000);
  const nodes = [`/dev/lp${base}`, `/dev/lp${base + 1}`];
  beforeAll(() => {
    // The kernel's null (takes every byte) and full (refuses every write, ENOSPC) devices, under a printer's name.
    execFileSync('mknod', [nodes[0]!, 'c', '1', '3']);
    execFileSync('mknod', [nodes[1]!, 'c', '1', '7']);
  });
  afterAll(() => nodes.forEach((p) => rmSync(p, { force: true })));

  const useDevice = (path: string) =>
    core.printing.set(
      {
        printer: null,
        receiptWidth: 80,
        silentReceipt: false,
        receiptOutput: 'escpos',
        escpos: { connection: { kind: 'device', path }, codepage: 'cp858', qr: 'native', drawer: false },
      },
      ACTOR,
    );

  it('prints when the device takes every byte, and keeps the receipt when the write fails', async () => {
    useDevice(nodes[0]!);
    expect(await core.printer.status()).toMatchObject({ state: 'unknown' });
    const id = await approved();
    expect(await core.printer.printReceipt(id, ACTOR)).toEqual({ printed: true });
    useDevice(nodes[1]!);
    const { res, pending } = await printedAndKept(await approved());
    expect(res.statusCode).toBe(503);
    expect(res.json<{ detail: string }>().detail).toMatch(/ENOSPC.*en cola para reimprimir/);
    expect(pending).toHaveLength(1);
  });

  it('writes the whole receipt to a serial port: a pseudo-terminal read back byte for byte', async (ctx) => {
    const files = mkdtempSync(join(tmpdir(), 'sello-print-confirm-'));
    const out = join(files, 'serial.bin');
    // A raw pseudo-terminal plays the USB-serial adapter: what the station writes to it, Python copies to a file.
    const copier = `import os, sys, tty
m, s = os.openpty()
tty.setraw(s)
print(os.ttyname(s), flush=True)
with open(sys.argv[1], 'wb') as f:
    while True:
        f.write(os.read(m, 65536)); f.flush()`;
    const python = spawn('python3', ['-c', copier, out], { stdio: ['ignore', 'pipe', 'inherit'] });
    const node = `/dev/ttyUSB${base}`;
    try {
      const slave = await new Promise<string>((resolve) => python.stdout.once('data', (b: Buffer) => resolve(b.toString().trim())));
      // Bound over a printer's name (a node made with mknod would name another devpts instance in a container).
      writeFileSync(node, '');
      try {
        execFileSync('mount', ['--bind', slave, node], { stdio: 'ignore' });
      } catch {
        ctx.skip();
      }
      expect(statSync(node).isCharacterDevice()).toBe(true);
      useDevice(node);
      const id = await approved();
      expect(await core.printer.printReceipt(id, ACTOR)).toEqual({ printed: true });
      expect(await core.printer.testPrint(ACTOR)).toEqual({ printed: true });
      await expect.poll(() => parseEscpos(readFileSync(out)).filter((r) => r.cut).length, { timeout: 5_000 }).toBe(2);
      const [receipt, test] = parseEscpos(readFileSync(out)).filter((r) => r.cut);
      expect(receipt!.lines.map((l) => l.text).join('\n')).toContain(core.dtes.get(id).controlNumber);
      expect(test!.lines.map((l) => l.text).join('\n')).toContain('PRUEBA DE IMPRESIÓN');
    } finally {
      python.kill('SIGKILL');
      try {
        execFileSync('umount', ['-l', node], { stdio: 'ignore' });
      } catch {
        // Not mounted: the bind was refused and the case skipped.
      }
      rmSync(node, { force: true });
      rmSync(files, { recursive: true, force: true });
    }
  });
});
