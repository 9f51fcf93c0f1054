// Where the ESC/POS bytes go, from the station process (so the browser UI under `sello serve` prints with no
// dialog too): a network printer's raw TCP port, or a device the OS exposes as a file (docs/decisions/0041).
import { open } from 'node:fs/promises';
import { Socket } from 'node:net';
import type { PrinterConnection } from '../../../shared/printing';
import { readStatus, STATUS_ANSWER_LENGTH, STATUS_REQUEST, type ReadStatus } from './escpos-status';

/** Measured on a LAN printer: a connection opens in a few ms; 2 s means it is off or the address is wrong. */
export const CONNECT_MS = 2_000;
/** A printer answers DLE EOT in real time; 1 s is generous. */
export const STATUS_MS = 1_000;
/** A whole receipt with its QR is a few KB: at 9100 it is taken in well under a second. */
export const SEND_MS = 5_000;

export class PrinterUnreachable extends Error {
  constructor(
    message: string,
    readonly state: 'offline' | 'error',
  ) {
    super(message);
  }
}

export interface PrinterLink {
  /** The printer's state, or null when this connection gives none back. */
  status(): Promise<ReadStatus | null>;
  /** Asks the state first where it can; sends only to a ready printer (bytes to a stopped one print late). */
  send(bytes: Uint8Array): Promise<ReadStatus | null>;
}

function connect(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const fail = (why: string) => {
      socket.destroy();
      reject(new PrinterUnreachable(why, 'offline'));
    };
    socket.setTimeout(CONNECT_MS, () => fail(`La impresora ${host}:${port} no respondió`));
    socket.once('error', (e: NodeJS.ErrnoException) => fail(`No se pudo conectar con ${host}:${port} (${e.code ?? e.message})`));
    socket.connect(port, host, () => {
      socket.removeAllListeners('error');
      socket.setTimeout(0);
      resolve(socket);
    });
  });
}

/** Reads the three status bytes; null if the printer says nothing in time (a printer without DLE EOT). */
function askStatus(socket: Socket): Promise<ReadStatus | null> {
  return new Promise((resolve) => {
    let got = Buffer.alloc(0);
    const done = (v: ReadStatus | null) => {
      clearTimeout(timer);
      socket.removeListener('data', onData);
      resolve(v);
    };
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length >= STATUS_ANSWER_LENGTH) done(readStatus(got.subarray(0, STATUS_ANSWER_LENGTH)));
    };
    const timer = setTimeout(() => done(null), STATUS_MS);
    socket.on('data', onData);
    socket.write(STATUS_REQUEST);
  });
}

function write(socket: Socket, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterUnreachable('La impresora dejó de recibir el comprobante', 'error'));
    }, SEND_MS);
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(new PrinterUnreachable(`La conexión con la impresora se cortó (${e.message})`, 'offline'));
    });
    // end() flushes, then the printer closes its side: everything was taken.
    socket.end(bytes, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function network(host: string, port: number): PrinterLink {
  return {
    async status() {
      const socket = await connect(host, port);
      try {
        return await askStatus(socket);
      } finally {
        socket.destroy();
      }
    },
    async send(bytes) {
      const socket = await connect(host, port);
      try {
        const s = await askStatus(socket);
        if (s && s.state !== 'ready') return s;
        await write(socket, bytes);
        return s;
      } finally {
        socket.destroy();
      }
    },
  };
}

/** `/dev/usb/lp0`, a serial port, `\\host\share`: written as a file, appended; no status comes back this way. */
function device(path: string): PrinterLink {
  return {
    status: () => Promise.resolve(null),
    async send(bytes) {
      let file;
      try {
        file = await open(path, 'a');
        await file.write(bytes);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? String(e);
        throw new PrinterUnreachable(
          `No se pudo escribir en ${path} (${code})`,
          code === 'ENOENT' || code === 'ENODEV' ? 'offline' : 'error',
        );
      } finally {
        await file?.close();
      }
      return null;
    },
  };
}

export function printerLink(c: PrinterConnection): PrinterLink {
  switch (c.kind) {
    case 'network':
      return network(c.host, c.port);
    case 'device':
      return device(c.path);
    default: {
      const never: never = c;
      return never;
    }
  }
}
