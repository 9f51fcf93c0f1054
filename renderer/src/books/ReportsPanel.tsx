// Reportes: the period (the month's days unless changed), the point of sale and the person, then the report.
import { DateField } from '../pickers/DateField';
import { useState, type FormEvent } from 'react';
import type { ReportQuery } from '../../../shared/books';
import { booksWords } from '../words/books';
import type { BooksSource } from './source';
import { daysApart, monthDays, today } from './month';
import { ReportView } from './ReportView';
import { useLoad } from './use-load';

const R = booksWords.reports;
type Field = 'from' | 'to';

/** `point` (M001P001) opens the report on one point of sale, as the hub's screen is narrowed to. */
export function ReportsPanel({ source, month, point = '' }: { source: BooksSource; month: string; point?: string | undefined }) {
  const [initial] = useState<ReportQuery>(() => ({ ...monthDays(month, new Date()), ...(point ? { pos: point } : {}) }));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [pos, setPos] = useState(point);
  const [cashier, setCashier] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [query, setQuery] = useState<ReportQuery>(initial);
  const report = useLoad(JSON.stringify(query), () => source.salesReport(query));
  const options = report.last?.options ?? { points: [], cashiers: [] };
  const points = pos && !options.points.includes(pos) ? [...options.points, pos] : options.points;
  const cashiers =
    cashier && !options.cashiers.some((c) => c.id === cashier) ? [...options.cashiers, { id: cashier, name: cashier }] : options.cashiers;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!from) found.from = R.dateMissing;
    if (!to) found.to = R.dateMissing;
    if (from && to && from > to) found.to = R.reversed;
    else if (from && to && daysApart(from, to) > 366) found.to = R.tooLong;
    setProblems(found);
    if (Object.keys(found).length > 0) {
      e.currentTarget.querySelector<HTMLElement>(`#report-${found.from ? 'from' : 'to'}`)?.focus();
      return;
    }
    const next: ReportQuery = { from, to, ...(pos ? { pos } : {}), ...(cashier ? { cashier } : {}) };
    if (JSON.stringify(next) === JSON.stringify(query)) report.reload();
    else setQuery(next);
  };

  const date = (field: Field, label: string, value: string, set: (v: string) => void) => {
    const problem = problems[field];
    return (
      <div className="field">
        <label htmlFor={`report-${field}`}>{label}</label>
        <DateField
          id={`report-${field}`}
          kind="date"
          value={value}
          max={today(new Date())}
          aria-invalid={problem !== undefined}
          {...(problem ? { 'aria-describedby': `report-${field}-error` } : {})}
          onChange={(v) => {
            set(v);
            setProblems(({ [field]: _gone, ...rest }) => rest);
          }}
        />
        {problem && (
          <span className="field-error" id={`report-${field}-error`}>
            {problem}
          </span>
        )}
      </div>
    );
  };

  return (
    <div className="reports">
      <h2 id="books-reports-h">{R.title}</h2>
      <p className="muted">{R.intro}</p>
      <form className="books-form row" onSubmit={submit} noValidate aria-label={R.filters} aria-busy={report.busy}>
        {date('from', R.from, from, setFrom)}
        {date('to', R.to, to, setTo)}
        <div className="field">
          <label htmlFor="report-pos">{R.pos}</label>
          <select id="report-pos" value={pos} onChange={(e) => setPos(e.target.value)}>
            <option value="">{R.all}</option>
            {points.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="report-cashier">{R.cashier}</label>
          <select id="report-cashier" value={cashier} onChange={(e) => setCashier(e.target.value)}>
            <option value="">{R.all}</option>
            {cashiers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id.startsWith('api-key:') ? `${c.name} (${R.apiKey})` : c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary" disabled={report.busy}>
          {report.busy ? R.showing : R.show}
        </button>
      </form>
      {report.busy && (
        <p className="busy" role="status" aria-busy="true">
          {R.showing}
        </p>
      )}
      {report.error && (
        <p className="error" role="alert">
          {report.error}{' '}
          <button type="button" className="link" onClick={report.reload}>
            {booksWords.retry}
          </button>
        </p>
      )}
      {report.value && <ReportView report={report.value} />}
    </div>
  );
}
