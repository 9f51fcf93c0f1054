// The station's books: its own documents (SQLite), under its company's name and its point of sale.
import type { Clock } from '../clock';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import { books, type Books } from './books-service';
import { sqliteBooksSource } from './sqlite-books-source';

export function stationBooks(store: Store, clock: Clock, station: () => StoredStation): Books {
  const company = () => {
    const s = station();
    return {
      name: s.company.name,
      nit: s.company.nit,
      nrc: s.company.nrc,
      station: `${s.branch.mhCode}P${String(s.branch.posNumber).padStart(3, '0')}`,
    };
  };
  return books({ store, clock, source: sqliteBooksSource(store, company) });
}
