// A virtual ESC/POS network printer for the tests: a real TCP server on loopback (the raw port a TM-T20 opens on
// 9100) that keeps every byte it printed, parses them (escpos-parse.ts), and answers DLE EOT in real time as an
// Epson does. Paper out, cover open and errors are states the test sets; a refusing printer is one that stopped
// listening (connection refused, as a printer switched off).
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { parseEscpos, type ParsedReceipt } from './escpos-parse';

export interface PrinterState {
  paperOut: boolean;
  paperNearEnd: boolean;
  coverOpen: boolean;
  error: boolean;
}

export interface VirtualPrinter {
  readonly host: string;
  readonly port: number;
  /** The receipts printed so far (ended by a cut). */
  receipts(): ParsedReceipt[];
  /** Every byte printed, in order (status requests included; bytes sent while stopped are not). */
  bytes(): Buffer;
  /** Bytes that arrived while the printer could not print (held by a real one, or lost). */
  discarded(): Buffer;
  setState(s: Partial<PrinterState>): void;
  /** Stops listening (connection refused) until turned back on, on the same port. */
  refuse(on: boolean): Promise<void>;
  waitForReceipts(n: number, timeoutMs: number): Promise<ParsedReceipt[]>;
  close(): Promise<void>;
}

const BASE = 0x12; // bits 1 and 4: always set in a DLE EOT answer

export function statusByte(n: number, s: PrinterState): number {
  const stopped = s.paperOut || s.coverOpen || s.error;
  switch (n) {
    case 1:
      return BASE | (stopped ? 0x08 : 0);
    case 2:
      return BASE | (s.coverOpen ? 0x04 : 0) | (s.paperOut ? 0x20 : 0) | (s.error ? 0x40 : 0);
    case 3:
      return BASE | (s.error ? 0x08 : 0);
    case 4:
      return BASE | (s.paperNearEnd || s.paperOut ? 0x0c : 0) | (s.paperOut ? 0x60 : 0);
    default:
      return BASE;
  }
}

export async function startVirtualPrinter(o: { port?: number } = {}): Promise<VirtualPrinter> {
  const state: PrinterState = { paperOut: false, paperNearEnd: false, coverOpen: false, error: false };
  const printed: Buffer[] = [];
  const lost: Buffer[] = [];
  const sockets = new Set<Socket>();
  const host = '127.0.0.1';
  let server: Server | null = null;
  let port = o.port ?? 0;

  const onConnection = (socket: Socket) => {
    sockets.add(socket);
    let mine = Buffer.alloc(0);
    let answered = 0;
    socket.on('data', (chunk: Buffer) => {
      mine = Buffer.concat([mine, chunk]);
      const stopped = state.paperOut || state.coverOpen || state.error;
      // A stopped printer still answers its status; what it would print is not printed.
      const requests = parseEscpos(mine)
        .flatMap((r) => r.events)
        .filter((e) => e.type === 'status-request');
      const onlyStatus = parseEscpos(chunk).every((r) => r.events.every((e) => e.type === 'status-request'));
      if (stopped && !onlyStatus) lost.push(chunk);
      else printed.push(chunk);
      for (const req of requests.slice(answered)) socket.write(Uint8Array.of(statusByte(req.n, state)));
      answered = requests.length;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer(onConnection);
      s.once('error', reject);
      s.listen(port, host, () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      const s = server;
      server = null;
      s.close(() => resolve());
    });
  await listen();

  const receipts = () => parseEscpos(Buffer.concat(printed)).filter((r) => r.cut);
  return {
    host,
    get port() {
      return port;
    },
    receipts,
    bytes: () => Buffer.concat(printed),
    discarded: () => Buffer.concat(lost),
    setState: (s) => Object.assign(state, s),
    refuse: (on) => (on ? stop() : listen()),
    async waitForReceipts(n, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const got = receipts();
        if (got.length >= n) return got;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`the virtual printer got ${receipts().length} receipts, not ${n}, in ${timeoutMs} ms`);
    },
    close: stop,
  };
}

/** The receipts a device-path printer was sent (the station appends to the file). */
export const parseFile = (path: string): ParsedReceipt[] => parseEscpos(readFileSync(path));
