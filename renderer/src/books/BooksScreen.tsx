// Libros y reportes (issue 16; docs/decisions/0013-iva-books-and-annexes.md), for supervisors and administrators:
// the month's F-07 annexes and IVA books, the sales reports, and (ADMIN) the choices the annexes follow. The
// server refuses the rest (FORBIDDEN) whatever this screen shows.
import { DateField } from '../pickers/DateField';
import { useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { SessionInfo } from '../../../shared/people';
import { may } from '../session/roles';
import { booksWords } from '../words/books';
import { AnnexesPanel } from './AnnexesPanel';
import { BooksSettingsForm } from './BooksSettingsForm';
import { IvaBooksPanel } from './IvaBooksPanel';
import { FIRST_MONTH, MONTH, declaredMonth, monthLabel, thisMonth } from './month';
import { ReportsPanel } from './ReportsPanel';
import { useLoad } from './use-load';
import './books.css';

const W = booksWords;
type Tab = 'annexes' | 'books' | 'reports' | 'settings';

export function BooksScreen({ api, user }: { api: SelloApi; user: SessionInfo['user'] }) {
  const admin = may(user.role, 'settings');
  const tabs: readonly Tab[] = admin ? ['annexes', 'books', 'reports', 'settings'] : ['annexes', 'books', 'reports'];
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
  const books = useLoad(month, () => api.monthBooks(month));
  const name = monthLabel(month);

  const panel = (t: Exclude<Tab, 'reports'>) => {
    if (t === 'settings') return <BooksSettingsForm api={api} onSaved={books.reload} />;
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
      <AnnexesPanel api={api} books={books.value} monthName={name} />
    ) : (
      <IvaBooksPanel api={api} books={books.value} monthName={name} />
    );
  };

  return (
    <section className="books-screen" aria-labelledby="books-h1">
      <h1 id="books-h1">{W.title}</h1>
      <p className="muted">{W.intro}</p>
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
          <ReportsPanel key={month} api={api} month={month} />
        </div>
      )}
    </section>
  );
}
