// An IVA book as a file (decision 0044): its name and type, and its bytes written where they are wanted. A file
// is written as it is drawn, never held whole: into the folder of `sello books`, or, for an answer over HTTP,
// into a private temporary folder it is sent from and then removed with.
import { createWriteStream } from 'node:fs';
import { lstat, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BookFormat } from '../../../shared/books';
import type { Book } from './book-model';

// The drawing libraries (pdfkit, exceljs: tens of MB once loaded) are loaded at the first file drawn, so a process
// that only sums the month (GET /books, the annexes) never holds them (decision 0059).
const pdf = () => import('./book-pdf');
const xlsx = () => import('./book-xlsx');

export const MEDIA = {
  csv: 'text/csv',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const bookFileName = (b: Book, format: BookFormat): string =>
  `${b.id === 'consumidores' ? 'libro-consumidores' : 'libro-contribuyentes'}-${b.header.month}.${format}`;

async function writeTo(b: Book, format: BookFormat, path: string): Promise<void> {
  switch (format) {
    case 'pdf':
      return (await pdf()).writeBookPdf(b, createWriteStream(path));
    case 'xlsx':
      return (await xlsx()).writeBookXlsx(b, path);
    default: {
      const never: never = format;
      throw new Error(`unknown book format ${String(never)}`);
    }
  }
}

/**
 * Writes the book's file at `path`, page by page or row by row: beside it first, renamed once whole, so a file
 * that failed half drawn (a full disk) never stands under the book's name.
 */
export async function writeBook(b: Book, format: BookFormat, path: string): Promise<void> {
  const part = `${path}.part`;
  try {
    await writeTo(b, format, part);
    await rename(part, path);
  } catch (e) {
    await rm(part, { force: true, maxRetries: 3 }).catch(() => undefined);
    throw e;
  }
}

/** The book's file in memory: the IPC answer (shared/api.ts's BookFile), base64 in a result envelope. */
export const bookBytes = async (b: Book, format: BookFormat): Promise<Buffer> =>
  format === 'pdf' ? (await pdf()).bookPdf(b) : (await xlsx()).bookXlsx(b);

/** A book file written for one answer: sent from `path`, then `remove` takes it and its folder away. */
export interface BookDownload {
  readonly fileName: string;
  readonly mediaType: string;
  readonly path: string;
  readonly bytes: number;
  readonly remove: () => Promise<void>;
}

const DOWNLOAD_PREFIX = 'sello-libro-';

/**
 * Folders of answers a process never finished sending (it was killed while writing or sending them): removed
 * when a station or hub starts. Only those untouched for an hour: another Sello process on this machine may be
 * sending one now. File times are the system's, so the system's clock judges them (not the core's, which a test
 * may set anywhere). Best effort: a folder that will not go stays for the next start.
 */
export async function sweepAbandonedDownloads(dir = tmpdir(), olderThanMs = 3_600_000): Promise<number> {
  let swept = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(DOWNLOAD_PREFIX))) {
    const path = join(dir, name);
    // Only a real folder of this user's: never through a link, never another user's in a shared /tmp.
    const info = await lstat(path).catch(() => null);
    if (!info?.isDirectory() || Date.now() - info.mtimeMs < olderThanMs) continue;
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) continue;
    await rm(path, { recursive: true, force: true })
      .then(() => (swept += 1))
      .catch(() => undefined);
  }
  return swept;
}

/** A download made elsewhere (the books' worker thread): removing it removes its private folder. */
export const downloadAt = (d: Omit<BookDownload, 'remove'>): BookDownload => ({ ...d, remove: removeFolder(dirname(d.path)) });

// Never fails the answer: a file a virus scanner still holds is retried, and past that left to the system.
const removeFolder = (dir: string) => () => rm(dir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined);

export async function bookDownload(b: Book, format: BookFormat): Promise<BookDownload> {
  // mkdtemp makes the folder readable by this user alone: the book names the company's customers.
  const dir = await mkdtemp(join(tmpdir(), DOWNLOAD_PREFIX));
  const remove = removeFolder(dir);
  try {
    const fileName = bookFileName(b, format);
    const path = join(dir, fileName);
    await writeBook(b, format, path);
    return { fileName, mediaType: MEDIA[format], path, bytes: (await stat(path)).size, remove };
  } catch (e) {
    await remove();
    throw e;
  }
}
