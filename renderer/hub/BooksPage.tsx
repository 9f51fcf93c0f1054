// Libros: the company's month at the head office (docs/decisions/0016-head-office-hub.md, "The company's books"):
// the station's own books screen (renderer/src/books/BooksScreen.tsx) over the hub's API, for every point of sale
// or one. Every person of the hub may read books; the server decides that, not this page.
import { useEffect, useMemo, useState } from 'react';
import { BooksScreen } from '../src/books/BooksScreen';
import { hubApi, type HubStation } from './api';
import { hubBooksSource } from './books-source';
import { hubWords } from './words';

const w = hubWords.books;

export function BooksPage({ onExpired }: { onExpired: () => void }) {
  const [point, setPoint] = useState('');
  const [stations, setStations] = useState<readonly HubStation[]>([]);
  const source = useMemo(() => hubBooksSource(point, onExpired), [point, onExpired]);

  useEffect(() => {
    void hubApi.stations().then((r) => {
      if (r.ok) setStations(r.value.stations);
      else if (r.error.code === 'UNAUTHORIZED') onExpired();
    });
  }, [onExpired]);

  // One option per point of sale (M001P001), named by its station(s).
  const points = [...new Map(stations.map((s) => [`${s.branchCode}${s.posNumber}`, s.name])).entries()].sort(([a], [b]) =>
    a.localeCompare(b),
  );
  const field = (
    <div className="field">
      <label htmlFor="hub-books-point">{w.point}</label>
      <select id="hub-books-point" value={point} onChange={(e) => setPoint(e.target.value)} aria-describedby="hub-books-point-hint">
        <option value="">{w.allPoints}</option>
        {points.map(([p, stationName]) => (
          <option key={p} value={p}>
            {w.pointOption(p, stationName)}
          </option>
        ))}
      </select>
      <span className="hint" id="hub-books-point-hint">
        {w.pointHint}
      </span>
    </div>
  );
  return (
    <div className="hub-books">
      <BooksScreen source={source} scope={{ key: point, label: point || w.whole, field }} title={w.title} intro={w.intro} />
    </div>
  );
}
