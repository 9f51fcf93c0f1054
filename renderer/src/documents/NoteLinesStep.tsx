// The first step of a credit or debit note made from a CCF or CR: the original's lines, each with a checkbox and
// how many of its units the note adjusts; then the note's form opens with them, the customer and the original.
// Keyboard only: Space marks a line, Tab moves, Enter continues.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { moneyText } from '../../../shared/catalog';
import type { DteDetail, DteRecord } from '../../../shared/records';
import { dec } from '../../../shared/tax';
import { textOf } from '../../../shared/text';
import { errorText } from '../error-text';
import type { Value } from '../forms/values';
import { es } from '../strings';
import { optionWords } from '../words/options';
import { fromDocumentWords } from '../words/documents';
import { askedBySaleType, noteValue, overLimit, pickProblems, SALE_TYPES, sourceLines, type Pick } from './from-document';

const words = fromDocumentWords.lines;

export function NoteLinesStep({
  api,
  kind,
  source,
  onContinue,
  onBack,
}: {
  api: SelloApi;
  kind: 'NC' | 'ND';
  source: DteRecord;
  onContinue: (value: Value) => void;
  onBack: () => void;
}) {
  const [detail, setDetail] = useState<DteDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picks, setPicks] = useState<Pick[]>([]);
  const [tried, setTried] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    void api.dteDetail(source.id).then((r) => {
      if (!live) return;
      if (!r.ok) return setError(errorText(r.error));
      setDetail(r.value);
      setPicks(sourceLines(source.type, r.value.body).map((l) => ({ checked: false, quantity: String(l.quantity) })));
    });
    return () => {
      live = false;
    };
  }, [api, source.id, source.type]);
  const lines = useMemo(() => (detail ? sourceLines(source.type, detail.body) : []), [detail, source.type]);
  useEffect(() => first.current?.focus(), [lines]);

  const title = words.title(es.kinds[kind], es.kinds[source.type], source.controlNumber);
  if (!detail)
    return (
      <section aria-labelledby="note-lines-title" aria-busy={!error}>
        <h1 id="note-lines-title">{title}</h1>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : (
          <p>{words.loading}</p>
        )}
      </section>
    );

  const problems = pickProblems(lines, picks);
  // Only credit notes on a CCF are limited (docs/decisions/0002-contract-gaps.md); the server has the last word.
  const left = kind === 'NC' ? detail.creditLeft : null;
  const asked = askedBySaleType(lines, picks);
  const over = overLimit(asked, left);
  const set = (i: number, patch: Partial<Pick>) => setPicks((cur) => cur.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const proceed = (e: { preventDefault: () => void }) => {
    e.preventDefault();
    setTried(true);
    if (lines.length > 0 && (problems.none || problems.badQuantity.length > 0)) return;
    onContinue(noteValue(kind, { id: source.id, body: detail.body }, lines, picks, crypto.randomUUID()));
  };
  // Enter continues from anywhere in the step (a checkbox too), except on a button, which does its own thing.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.target instanceof HTMLButtonElement) return;
    proceed(e);
  };
  const recipient = detail.body?.recipient;
  const customer = recipient && typeof recipient === 'object' ? textOf((recipient as Record<string, unknown>).name) : '';

  return (
    <section aria-labelledby="note-lines-title" className="note-lines">
      <h1 id="note-lines-title">{title}</h1>
      {customer && (
        <p>
          {words.customer}: <strong>{customer}</strong>
        </p>
      )}
      <form onSubmit={proceed} onKeyDown={onKeyDown} noValidate>
        {lines.length === 0 ? (
          <p className="muted">{words.noLines}</p>
        ) : (
          <>
            <p className="muted">{words.intro}</p>
            <table className="documents">
              <caption className="sr-only">{words.table}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.columns.pick}</th>
                  <th scope="col">{words.columns.description}</th>
                  <th scope="col" className="num">
                    {words.columns.sold}
                  </th>
                  <th scope="col">{words.columns.quantity}</th>
                  <th scope="col" className="num">
                    {words.columns.price}
                  </th>
                  <th scope="col">{words.columns.saleType}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => {
                  const pick = picks[i] ?? { checked: false, quantity: '' };
                  const bad = tried && problems.badQuantity.includes(i);
                  return (
                    <tr key={i}>
                      <td>
                        <input
                          ref={i === 0 ? first : undefined}
                          type="checkbox"
                          checked={pick.checked}
                          aria-label={words.pickOf(l.description)}
                          onChange={(e) => set(i, { checked: e.target.checked })}
                        />
                      </td>
                      <td>{l.description}</td>
                      <td className="num">{l.quantity}</td>
                      <td>
                        <input
                          className="quantity"
                          inputMode="numeric"
                          value={pick.quantity}
                          aria-label={words.quantityOf(l.description)}
                          aria-invalid={bad}
                          aria-describedby={bad ? `note-line-${i}-error` : undefined}
                          // Typing a quantity means the line is in the note.
                          onChange={(e) => set(i, { quantity: e.target.value, checked: true })}
                        />
                        {bad && (
                          <span className="field-error" id={`note-line-${i}-error`}>
                            {words.badQuantity(l.quantity)}
                          </span>
                        )}
                      </td>
                      <td className="num">${moneyText(dec(l.unitPrice))}</td>
                      <td>{optionWords.saleTypes[l.saleType]}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        )}
        {left && (
          <div className="credit-left" aria-live="polite">
            <h2>{words.left}</h2>
            <ul>
              {SALE_TYPES.filter((t) => left[t] !== '0.00' || !asked[t].isZero()).map((t) => (
                <li key={t} data-testid={`left-${t}`} className={over.includes(t) ? 'error' : undefined}>
                  {words.leftOf(optionWords.saleTypes[t], left[t], asked[t].toFixed(2))}
                </li>
              ))}
            </ul>
            {over.length > 0 && (
              <p role="alert" className="warning">
                {words.over}
              </p>
            )}
          </div>
        )}
        {tried && problems.none && lines.length > 0 && (
          <p role="alert" className="error">
            {words.none}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary">
            {words.continue}
          </button>
          <button type="button" onClick={onBack}>
            {words.back}
          </button>
        </div>
      </form>
    </section>
  );
}
