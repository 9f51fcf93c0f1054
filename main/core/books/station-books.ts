// The station's books: its own documents (SQLite), under its company's name and its point of sale.
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import type { BookCompany } from './book-model';
import type { WorkerEntry } from '../workers/wire';
import { booksInWorker } from './books-in-worker';
import { books, type Books } from './books-service';
import { sqliteBooksSource } from './sqlite-books-source';

/** Who the station's books are of: its company, and its establishment and point of sale. */
export const companyOf = (s: StoredStation): BookCompany => ({
  name: s.company.name,
  nit: s.company.nit,
  nrc: s.company.nrc,
  station: `${s.branch.mhCode}P${String(s.branch.posNumber).padStart(3, '0')}`,
});

export interface StationBooksOptions {
  /** The books' worker thread (books-in-worker.ts): without it, the month is read on the request thread. */
  readonly worker?: { readonly entry: WorkerEntry; readonly file: string; readonly nativeBinding?: string; readonly logger: Logger };
}

export function stationBooks(
  store: Store,
  clock: Clock,
  station: () => StoredStation,
  o: StationBooksOptions = {},
): Books & { close(): Promise<void> } {
  const company = () => companyOf(station());
  const local = books({ store, clock, source: sqliteBooksSource(store, company) });
  if (!o.worker) return { ...local, close: () => Promise.resolve() };
  const { entry, file, nativeBinding, logger } = o.worker;
  return booksInWorker({ local, entry, data: { file, ...(nativeBinding ? { nativeBinding } : {}) }, company, clock, logger });
}
