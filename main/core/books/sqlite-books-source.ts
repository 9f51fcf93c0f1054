// The station's books source: its own documents and invalidations, read from SQLite a page at a time.
import { documentsByIds, documentsIssuedOn, type BookSourceRow } from '../dte/documents-repo';
import { invalidationsRepo } from '../dte/invalidation/invalidations-repo';
import type { Store } from '../store/database';
import type { BookCompany } from './book-model';
import { toBookDocument, type BookDocument } from './book-document';
import { toBookReturn } from './book-return';
import { returnsRepo, sealIn } from '../dte/retorno/returns-repo';
import { specialOperationsWarnings } from '../dte/operaciones-especiales/books-warnings';
import type { BooksSource, PeriodFilter } from './books-source';
import { daysBetween } from './period';
import { turn } from '../turn';

// A page is parsed between two turns of the event loop: small enough that a request never waits long behind it.
const PAGE = 500;

/** M001P001 → branch M001, point of sale 1. */
const pointOf = (p: string | undefined) => (p ? { branch: p.slice(0, 4), pos: Number(p.slice(5)) } : undefined);

export function sqliteBooksSource(store: Store, company: () => BookCompany): BooksSource {
  const invalidations = invalidationsRepo(store);
  const invalidatedOn = () => new Map(invalidations.approved().map((i) => [i.dteId, i.on]));
  const toDocs = (rows: readonly BookSourceRow[], on: ReadonlyMap<string, string>) =>
    rows.map((r) => toBookDocument(r, on.get(r.id) ?? null)).filter((d): d is BookDocument => d !== null);

  return {
    company,
    async *documents(period: PeriodFilter) {
      const on = invalidatedOn();
      for (const date of daysBetween(period.from, period.to)) {
        let afterRow: number | null = null;
        for (;;) {
          const page = documentsIssuedOn(store, { date, point: pointOf(period.point), issuedBy: period.issuedBy, afterRow, limit: PAGE });
          if (page.lastRow === null) break;
          yield toDocs(page.rows, on);
          afterRow = page.lastRow;
          await turn();
        }
      }
    },
    returnsBetween(from, to) {
      const rows = returnsRepo(store).forBooks(from, to);
      return Promise.resolve(
        rows
          .map((r) => {
            return toBookReturn({
              id: r.id,
              status: r.status,
              seal: sealIn(r.mh_response),
              mhJson: JSON.parse(r.mh_json) as Record<string, unknown>,
              invalidatedOn: r.invalidated_on ?? null,
            });
          })
          .filter((d): d is BookDocument => d !== null),
      );
    },
    invalidatedBetween(from, to) {
      const on = new Map([...invalidatedOn()].filter(([, day]) => day >= from && day <= to));
      return Promise.resolve(toDocs(documentsByIds(store, [...on.keys()]), on));
    },
    // An EOE of a month covered that MH has not sealed (decision 0083).
    warnings: (from, to) => Promise.resolve(specialOperationsWarnings(store, from, to)),
  };
}
