// Files in and out of the catalog, in the browser and in the desktop window alike: a picked file read into what
// importProducts takes (CSV as text, XLSX as base64), and an export saved through a temporary link.
import type { CatalogFormat, ProductExport } from '../../../shared/catalog';

export interface PickedFile {
  readonly name: string;
  readonly format: CatalogFormat;
  readonly content: string;
}

/**
 * What one request may carry (main/http/server.ts's BODY_LIMIT is 4 MiB), less room for the JSON around the
 * content: a bigger file is refused here, with words, rather than as a bare 413.
 */
export const MAX_CONTENT = 4 * 1024 * 1024 - 4096;

export type ReadOutcome = { ok: true; file: PickedFile } | { ok: false; problem: 'wrongKind' | 'tooBig' | 'unreadable' };

/** Which format a file is: by its name, else by its first bytes (an XLSX is a ZIP, "PK"). */
function formatOf(name: string, bytes: Uint8Array): CatalogFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  return null;
}

/**
 * CSV text: UTF-8 when the bytes are UTF-8; otherwise Windows-1252, which is what Excel in Spanish saves as
 * "CSV (delimitado por comas)", so "Café" arrives as Café rather than as replacement characters.
 */
function csvText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function base64(bytes: Uint8Array): string {
  const parts: string[] = [];
  // String.fromCharCode takes its arguments on the stack: a chunk at a time keeps a big workbook within it.
  for (let at = 0; at < bytes.length; at += 0x6000) parts.push(String.fromCharCode(...bytes.subarray(at, at + 0x6000)));
  return btoa(parts.join(''));
}

export async function readPicked(file: File): Promise<ReadOutcome> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const format = formatOf(file.name, bytes);
  if (format === null) return { ok: false, problem: 'wrongKind' };
  // Base64 makes a workbook a third bigger; the check is on what is sent.
  if ((format === 'xlsx' ? Math.ceil(bytes.length / 3) * 4 : bytes.length) > MAX_CONTENT) return { ok: false, problem: 'tooBig' };
  const content = format === 'csv' ? csvText(bytes) : base64(bytes);
  return { ok: true, file: { name: file.name, format, content } };
}

/** Saves an export as a download: the browser's own, or Electron's save dialog. */
export function download(file: ProductExport): void {
  const body = file.format === 'csv' ? file.content : Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([body], { type: file.mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute is ample before letting go of the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
