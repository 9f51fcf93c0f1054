// Where the ESC/POS bytes go, from the station process (so the browser UI under `sello serve` prints with no
// dialog too): a network printer's raw TCP port, or a device the OS exposes as a file (docs/decisions/0041).
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Socket } from 'node:net';
import type { PrinterConnection } from '../../../shared/printing';
import { checkDevicePath, nodeDeviceFs, type DeviceFs } from './device-path';
import { readStatus, STATUS_ANSWER_LENGTH, STATUS_REQUEST, type ReadStatus } from './escpos-status';

/** Measured on a LAN printer: a connection opens in a few ms; 2 s means it is off or the address is wrong. */
export const CONNECT_MS = 2_000;
/** A printer answers DLE EOT in real time; 1 s is generous. */
export const STATUS_MS = 1_000;
/** A whole receipt with its QR is a few KB: at 9100 it is taken in well under a second. */
export const SEND_MS = 5_000;
/** The status after the receipt waits behind the bytes the printer has not read yet: a receipt's printing time. */
export const CONFIRM_MS = 5_000;

export class PrinterUnreachable extends Error {
  constructor(
    message: string,
    readonly state: 'offline' | 'error',
    /** What to do, when it is not what the printer's state says (a path that is not a printer). */
    readonly advice: string | null = null,
  ) {
    super(message);
  }
}

/** How a device path is checked before it is opened (printer/device-path.ts); the tests name another platform. */
export interface LinkOptions {
  readonly platform?: NodeJS.Platform;
  readonly deviceFs?: DeviceFs;
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
      // A reset later is seen by the step that waits (write, confirmation), never thrown from the socket.
      socket.on('error', () => undefined);
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

const cut = (e: Error) => new PrinterUnreachable(`La conexión con la impresora se cortó a mitad del comprobante (${e.message})`, 'offline');

/** Hands the bytes to the connection; taken by the kernel is not printed: `confirmed` says that. */
function write(socket: Socket, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterUnreachable('La impresora dejó de recibir el comprobante', 'error'));
    }, SEND_MS);
    socket.write(bytes, (e) => {
      clearTimeout(timer);
      if (e) reject(cut(e));
      else resolve();
    });
  });
}

/**
 * DLE EOT after the receipt: the printer reads its input in order, so its answer says every byte before it
 * reached the printer and in what state it is now. No answer in time, or the connection closed, is not printed.
 */
function confirmed(socket: Socket): Promise<ReadStatus> {
  return new Promise((resolve, reject) => {
    let got = Buffer.alloc(0);
    let closedBy: Error | null = null;
    const finish = (outcome: ReadStatus | PrinterUnreachable) => {
      clearTimeout(timer);
      socket.removeListener('data', onData);
      socket.removeListener('error', onError);
      socket.removeListener('close', onClose);
      if (outcome instanceof PrinterUnreachable) reject(outcome);
      else resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length < STATUS_ANSWER_LENGTH) return;
      finish(
        readStatus(got.subarray(0, STATUS_ANSWER_LENGTH)) ??
          new PrinterUnreachable('La impresora no confirmó el comprobante con su estado', 'error'),
      );
    };
    const onError = (e: Error) => (closedBy = e);
    const onClose = () => finish(cut(closedBy ?? new Error('cerrada por la impresora')));
    const timer = setTimeout(
      () => finish(new PrinterUnreachable('La impresora recibió la conexión pero no confirmó el comprobante', 'error')),
      CONFIRM_MS,
    );
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.write(STATUS_REQUEST);
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
        // Printed only when the printer says so after the last byte (a hung or reset printer answered nothing).
        const after = await confirmed(socket);
        socket.end();
        return after;
      } finally {
        socket.destroy();
      }
    },
  };
}

/** Opens a checked device: on Linux its real path, never created, never a terminal that takes this process. */
async function openDevice(path: string, platform: NodeJS.Platform): Promise<FileHandle> {
  if (platform === 'win32') return open(path, 'a');
  const file = await open(path, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NOFOLLOW);
  // The node opened is the one checked: a path swapped between the check and the open is refused here.
  if (!(await file.stat()).isCharacterDevice()) {
    await file.close();
    throw Object.assign(new Error('not a character device'), { code: 'ENOTCHR' });
  }
  return file;
}

/** `/dev/usb/lp0`, a serial port, `\\localhost\share`: written as a file; no status comes back this way. */
function device(path: string, o: LinkOptions): PrinterLink {
  const platform = o.platform ?? process.platform;
  return {
    status: () => Promise.resolve(null),
    async send(bytes) {
      // Checked again at each print: a path stored by an older version never reaches a plain file.
      const checked = checkDevicePath(path, platform, o.deviceFs ?? nodeDeviceFs);
      if (!checked.ok && checked.reason === 'missing') throw new PrinterUnreachable(`No se encontró ${path}`, 'offline');
      if (!checked.ok)
        throw new PrinterUnreachable(
          `${path} no es una impresora`,
          'error',
          `${checked.message} Corríjalo en Ajustes → Impresión y reimprima el comprobante.`,
        );
      let file;
      try {
        file = await openDevice(checked.path, platform);
        // Done when the device took every byte: a short write is a receipt cut in half.
        for (let at = 0; at < bytes.length;) {
          const { bytesWritten } = await file.write(bytes, at, bytes.length - at);
          if (bytesWritten <= 0) throw Object.assign(new Error('short write'), { code: 'EIO' });
          at += bytesWritten;
        }
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

export function printerLink(c: PrinterConnection, o: LinkOptions = {}): PrinterLink {
  switch (c.kind) {
    case 'network':
      return network(c.host, c.port);
    case 'device':
      return device(c.path, o);
    default: {
      const never: never = c;
      return never;
    }
  }
}
