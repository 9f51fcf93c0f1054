// Ajustes de los libros (ADMIN): what MH leaves to each company, one select each, with what each choice means.
// Saved with setBooksSettings; the annexes on screen are read again with the new choices.
import { useEffect, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { BooksSettings } from '../../../shared/books';
import { errorText } from '../error-text';
import { booksWords } from '../words/books';

const S = booksWords.settings;
type Key = keyof BooksSettings;

const GROUPS: readonly { legend: string; keys: readonly Key[]; hint?: string }[] = [
  { legend: S.files, keys: ['encoding', 'annex1Total', 'annulledCode'] },
  { legend: S.renta, keys: ['salesOperation', 'salesIncome'] },
  { legend: S.purchases, keys: ['purchaseOperation', 'purchaseClass', 'purchaseSector', 'purchaseCost'], hint: S.hints.purchases },
];

/**
 * MH's matrix for purchases (docs/mh.md, IVA books: purchase classification): a cost or expense type must go with the
 * classification and sector.
 */
function costFits(s: Pick<BooksSettings, 'purchaseClass' | 'purchaseSector' | 'purchaseCost'>): boolean {
  const special = (v: string) => v === '8' || v === '9';
  if (special(s.purchaseClass) || special(s.purchaseSector) || special(s.purchaseCost)) return true;
  if (s.purchaseClass === '2') return ['1', '2', '3'].includes(s.purchaseCost);
  return s.purchaseSector === '1' ? ['4', '5', '6', '7'].includes(s.purchaseCost) : ['4', '5'].includes(s.purchaseCost);
}

export function BooksSettingsForm({ api, onSaved }: { api: Pick<SelloApi, 'booksSettings' | 'setBooksSettings'>; onSaved: () => void }) {
  const [saved, setSaved] = useState<BooksSettings | null>(null);
  const [draft, setDraft] = useState<BooksSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    void api.booksSettings().then((r) => {
      if (!r.ok) return setLoadError(errorText(r.error));
      setSaved(r.value);
      setDraft(r.value);
    });
  }, [api]);

  if (loadError)
    return (
      <p className="error" role="alert">
        {loadError}
      </p>
    );
  if (!draft || !saved)
    return (
      <p className="busy" role="status" aria-busy="true">
        {S.loading}
      </p>
    );

  const badCost = !costFits(draft);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (badCost) {
      setMessage({ text: S.fix, failed: true });
      document.getElementById('books-purchaseCost')?.focus();
      return;
    }
    const changed = Object.fromEntries(Object.entries(draft).filter(([k, v]) => saved[k as Key] !== v));
    if (Object.keys(changed).length === 0) return setMessage({ text: S.unchanged, failed: false });
    setBusy(true);
    setMessage(null);
    const r = await api.setBooksSettings(changed);
    setBusy(false);
    if (!r.ok) return setMessage({ text: `${errorText(r.error)} ${S.fix}`, failed: true });
    setSaved(r.value);
    setDraft(r.value);
    setMessage({ text: S.saved, failed: false });
    onSaved();
  };

  const select = (key: Key) => {
    const options = S.options[key] as Record<string, string>;
    const invalid = key === 'purchaseCost' && badCost;
    const described = [`books-${key}-hint`, invalid ? `books-${key}-error` : ''].filter(Boolean).join(' ');
    const hint = (S.hints as Partial<Record<Key, string>>)[key];
    return (
      <div className="field" key={key}>
        <label htmlFor={`books-${key}`}>{S.labels[key]}</label>
        <select
          id={`books-${key}`}
          value={draft[key]}
          aria-invalid={invalid}
          aria-describedby={hint || invalid ? described : undefined}
          onChange={(e) => {
            setDraft({ ...draft, [key]: e.target.value });
            setMessage(null);
          }}
        >
          {Object.entries(options).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {hint && (
          <span className="hint" id={`books-${key}-hint`}>
            {hint}
          </span>
        )}
        {invalid && (
          <span className="field-error" id={`books-${key}-error`}>
            {S.badCost}
          </span>
        )}
      </div>
    );
  };

  return (
    <form className="books-settings" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="books-settings-h" aria-busy={busy}>
      <h2 id="books-settings-h">{S.title}</h2>
      <p className="muted">{S.intro}</p>
      {GROUPS.map((g) => (
        <fieldset key={g.legend}>
          <legend>{g.legend}</legend>
          {g.hint && <p className="hint">{g.hint}</p>}
          <div className="settings-grid">{g.keys.map(select)}</div>
        </fieldset>
      ))}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? S.saving : S.save}
        </button>
      </div>
      <p className="ok" role="status">
        {message && !message.failed ? message.text : ''}
      </p>
      {message?.failed && (
        <p className="error" role="alert">
          {message.text}
        </p>
      )}
    </form>
  );
}
