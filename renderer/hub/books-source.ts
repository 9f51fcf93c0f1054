// The hub's books as the shared books screen reads them (renderer/src/books/source.ts): the month and the report
// as JSON, and each file fetched whole (same-origin, the session cookie) and handed over as the station hands it,
// its bytes in base64 under the name the hub gave it. `point` (M001P001, or '' for the whole company) narrows all.
import type { BookFile } from '../../shared/books';
import type { ApiError, Result } from '../../shared/errors';
import type { BooksSource } from '../src/books/source';
import { booksFileUrl, errorText, hubApi } from './api';
import { hubWords } from './words';

/** Bytes as base64, in slices small enough for String.fromCharCode's arguments. */
function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

async function file(url: string): Promise<Result<BookFile>> {
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) {
      const problem = (await res.json().catch(() => null)) as ApiError | null;
      return { ok: false, error: problem ?? { code: res.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL', title: res.statusText } };
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? url.split('?')[0]!.split('/').pop()!;
    const mediaType = res.headers.get('content-type') ?? 'application/octet-stream';
    return { ok: true, value: { fileName: name, mediaType, base64: base64(new Uint8Array(await res.arrayBuffer())) } };
  } catch {
    return { ok: false, error: { code: 'INTERNAL', title: hubWords.errors.offline, detail: '' } };
  }
}

/**
 * The source for one point of sale ('' = the company). An expired session sends the person back to log in; a
 * month no station has sent anything for says so in words rather than as an error.
 */
export function hubBooksSource(point: string, onExpired: () => void): BooksSource {
  const watch = async <T>(call: Promise<Result<T>>): Promise<Result<T>> => {
    const r = await call;
    if (r.ok) return r;
    if (r.error.code === 'UNAUTHORIZED') onExpired();
    // The station's screens say a failure's detail or fields; the hub's errorText already joins them into one line.
    return { ok: false, error: { code: r.error.code, title: r.error.code === 'NOT_FOUND' ? hubWords.books.noBooks : errorText(r.error) } };
  };
  return {
    monthBooks: (month) => watch(hubApi.monthBooks(month, point)),
    salesReport: (query) => watch(hubApi.salesReport(query)),
    annexFile: (annex, month) => watch(file(booksFileUrl({ annex }, month, point))),
    bookFile: (book, month, format) => watch(file(booksFileUrl({ book, format }, month, point))),
  };
}
