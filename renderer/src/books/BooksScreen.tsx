// Libros y reportes (issue 16; docs/decisions/0013-iva-books-and-annexes.md): the month's F-07 annexes and IVA
// books, the sales reports, and (a station's ADMIN) the choices the annexes follow. The same screen serves the
// station (its own API) and the hub (renderer/hub/BooksPage.tsx, narrowed to a point of sale or not); the server
// refuses what the person may not see (FORBIDDEN) whatever this screen shows.
import { DateField } from '../pickers/DateField';
import { useState, type ReactNode } from 'react';
import type { SelloApi } from '../../../shared/api';
import { booksWords } from '../words/books';
import { AnnexesPanel } from './AnnexesPanel';
import { BooksSettingsForm } from './BooksSettingsForm';
import { IvaBooksPanel } from './IvaBooksPanel';
import { FIRST_MONTH, MONTH, declaredMonth, monthLabel, thisMonth } from './month';
import { ReportsPanel } from './ReportsPanel';
import type { BooksSource } from './source';
import { useLoad } from './use-load';
import './books.css';

const W = booksWords;
type Tab = 'annexes' | 'books' | 'reports' | 'settings';

export interface BooksScreenProps {
  readonly source: BooksSource;
  /** Given to whoever may change the annexes' choices (a station's administrator): adds the Ajustes tab. */
  readonly settings?: Pick<SelloApi, 'booksSettings' | 'setBooksSettings'> | undefined;
  /** Whose books these are, when the screen can narrow them (the hub's point of sale): its field and its name. */
  readonly scope?: { readonly key: string; readonly label: string; readonly field: ReactNode } | undefined;
  readonly title?: string;
  readonly intro?: string;
}

export function BooksScreen({ source, settings, scope, title = W.title, intro = W.intro }: BooksScreenProps) {
  const tabs: readonly Tab[] = settings ? ['annexes', 'books', 'reports', 'settings'] : ['annexes', 'books', 'reports'];
  const [tab, setTab] = useState<Tab>('annexes');
  // The reports stay as they were left (their filters, their answer) while another tab is shown.
  const [reportsSeen, setReportsSeen] = useState(false);
  const [now] = useState(() => new Date());
  const [monthText, setMonthText] = useState(() => declaredMonth(now));
  const latest = thisMonth(now);
  // A month not written whole is said by the field itself, once, after the person leaves it.
  const problem = !MONTH.test(monthText) ? null : monthText < FIRST_MONTH ? W.monthTooEarly : monthText > latest ? W.monthFuture : null;
  // The month the screen shows: the last good one while the field holds something else.
  const [month, setMonth] = useState(monthText);
  const key = `${month}|${scope?.key ?? ''}`;
  const books = useLoad(key, () => source.monthBooks(month));
  const name = scope ? `${monthLabel(month)} (${scope.label})` : monthLabel(month);

  const panel = (t: Exclude<Tab, 'reports'>) => {
    if (t === 'settings') return settings && <BooksSettingsForm api={settings} onSaved={books.reload} />;
    if (books.error)
      return (
        <p className="error" role="alert">
          {books.error}{' '}
          <button type="button" className="link" onClick={books.reload}>
            {W.retry}
          </button>
        </p>
      );
    if (!books.value)
      return (
        <p className="busy" role="status" aria-busy="true">
          {W.preparingMonth(name)}
        </p>
      );
    return t === 'annexes' ? (
      <AnnexesPanel source={source} books={books.value} monthName={name} />
    ) : (
      <IvaBooksPanel source={source} books={books.value} monthName={name} />
    );
  };

  return (
    <section className="books-screen" aria-labelledby="books-h1">
      <h1 id="books-h1" tabIndex={-1}>
        {title}
      </h1>
      <p className="muted">{intro}</p>
      <div className="books-top">
        <div className="field">
          <label htmlFor="books-month">{W.month}</label>
          <DateField
            id="books-month"
            kind="month"
            required
            value={monthText}
            min={FIRST_MONTH}
            max={latest}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'books-month-hint books-month-error' : 'books-month-hint'}
            onChange={(v) => {
              setMonthText(v);
              if (MONTH.test(v) && v >= FIRST_MONTH && v <= latest) setMonth(v);
            }}
          />
          <span className="hint" id="books-month-hint">
            {W.monthHint}
          </span>
          {problem && (
            <span className="field-error" id="books-month-error">
              {problem}
            </span>
          )}
        </div>
        {scope?.field}
        <div className="tabs books-tabs" role="group" aria-label={W.sections}>
          {tabs.map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={tab === t}
              onClick={() => {
                setTab(t);
                if (t === 'reports') setReportsSeen(true);
              }}
            >
              {W.tabs[t]}
            </button>
          ))}
        </div>
      </div>
      {tab !== 'reports' && (
        <div className="books-panel" aria-busy={books.busy} data-testid={`books-${tab}`}>
          {books.busy && books.value && (
            <p className="busy" role="status">
              {W.preparingMonth(name)}
            </p>
          )}
          {panel(tab)}
        </div>
      )}
      {reportsSeen && (
        <div className="books-panel" hidden={tab !== 'reports'} data-testid="books-reports">
          <ReportsPanel key={key} source={source} month={month} point={scope?.key} />
        </div>
      )}
    </section>
  );
}
