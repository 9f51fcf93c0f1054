// The station's books: its own documents (SQLite), under its company's name and its point of sale.
import type { Clock } from '../clock';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import type { BookCompany } from './book-model';
import { books, type Books } from './books-service';
import { sqliteBooksSource } from './sqlite-books-source';

/** Who the station's books are of: its company, and its establishment and point of sale. */
export const companyOf = (s: StoredStation): BookCompany => ({
  name: s.company.name,
  nit: s.company.nit,
  nrc: s.company.nrc,
  station: `${s.branch.mhCode}P${String(s.branch.posNumber).padStart(3, '0')}`,
});

export function stationBooks(store: Store, clock: Clock, station: () => StoredStation): Books {
  return books({ store, clock, source: sqliteBooksSource(store, () => companyOf(station())) });
}
