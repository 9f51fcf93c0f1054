// Importing a CSV or XLSX file (SUPERVISOR, ADMIN): the file is read here, sent once as a preview (nothing saved)
// that says what every row would do and what is wrong with it, then sent again to save the rows without errors
// (docs/decisions/0007-product-catalog.md: per row, not all or nothing).
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { ProductImportResult, ProductImportRow } from '../../../shared/catalog';
import type { ApiError } from '../../../shared/errors';
import { errorText } from '../error-text';
import { catalogWords } from '../words/catalog';
import { Dialog } from './Dialog';
import { readPicked, type PickedFile } from './files';
import { cents } from './prices';

const I = catalogWords.importer;

type Step =
  | { readonly kind: 'choose'; readonly problem: string | null }
  | { readonly kind: 'reading'; readonly name: string }
  | { readonly kind: 'preview'; readonly file: PickedFile; readonly result: ProductImportResult }
  | { readonly kind: 'applying'; readonly file: PickedFile; readonly result: ProductImportResult }
  | { readonly kind: 'done'; readonly result: ProductImportResult };

/** The rows a preview would save: new products and changed ones (unchanged rows have nothing to write). */
const toApply = (r: ProductImportResult) => r.summary.create + r.summary.update;

const problemText = (error: ApiError) => (error.code === 'PAYLOAD_TOO_LARGE' ? I.tooBig : errorText(error));

export function ImportPanel({ api, onClose, onImported }: { api: SelloApi; onClose: () => void; onImported: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'choose', problem: null });
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const busy = step.kind === 'reading' || step.kind === 'applying';

  useEffect(() => fileInput.current?.focus(), []);
  // A long file takes a while: the seconds count, so the screen is plainly alive.
  useEffect(() => {
    if (!busy) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [busy]);
  // Focus follows the steps, inside the dialog: the file input, the work under way, the preview read from its
  // summary (Tab reaches the button that applies it: Enter by habit never imports), then Cerrar.
  useEffect(() => {
    switch (step.kind) {
      case 'choose':
        return fileInput.current?.focus();
      case 'reading':
      case 'applying':
      case 'preview':
        return content.current?.focus();
      case 'done':
        return closeButton.current?.focus();
      default: {
        const never: never = step;
        return never;
      }
    }
  }, [step.kind]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    setStep({ kind: 'reading', name: picked.name });
    setOnlyErrors(false);
    const read = await readPicked(picked);
    if (!read.ok) return setStep({ kind: 'choose', problem: I[read.problem] });
    const r = await api.importProducts({ format: read.file.format, content: read.file.content, apply: false });
    if (!r.ok) return setStep({ kind: 'choose', problem: problemText(r.error) });
    setStep({ kind: 'preview', file: read.file, result: r.value });
  };

  const apply = async (file: PickedFile, preview: ProductImportResult) => {
    setStep({ kind: 'applying', file, result: preview });
    const r = await api.importProducts({ format: file.format, content: file.content, apply: true });
    if (!r.ok) return setStep({ kind: 'choose', problem: problemText(r.error) });
    setStep({ kind: 'done', result: r.value });
    onImported();
  };

  const body = () => {
    switch (step.kind) {
      case 'choose':
        return (
          <>
            <p className="hint">{I.intro}</p>
            <div className="field">
              <label htmlFor="import-file">{I.file}</label>
              <input
                ref={fileInput}
                id="import-file"
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={step.problem !== null}
                aria-describedby={step.problem ? 'import-problem' : undefined}
                onChange={(e) => void pick(e)}
              />
            </div>
            {step.problem && (
              <p className="error" role="alert" id="import-problem">
                {step.problem}
              </p>
            )}
          </>
        );
      case 'reading':
        return <Busy text={I.reading(step.name)} seconds={seconds} />;
      case 'preview':
        return (
          <>
            <p className="file-name">{step.file.name}</p>
            <Preview result={step.result} onlyErrors={onlyErrors} setOnlyErrors={setOnlyErrors} />
            {step.result.summary.error > 0 && <p className="warning">{I.skipped(step.result.summary.error)}</p>}
            {toApply(step.result) === 0 && <p>{I.nothing}</p>}
          </>
        );
      case 'applying':
        return <Busy text={I.applying(toApply(step.result))} seconds={seconds} />;
      case 'done':
        return (
          <>
            <p className="ok" role="status" data-testid="import-done">
              {I.done(step.result.summary.create, step.result.summary.update)}
              {step.result.summary.error > 0 && ` ${I.doneSkipped(step.result.summary.error)}`}
            </p>
            <Preview result={step.result} onlyErrors={onlyErrors} setOnlyErrors={setOnlyErrors} />
          </>
        );
      default: {
        const never: never = step;
        return never;
      }
    }
  };

  return (
    <Dialog titleId="import-title" wide onClose={() => !busy && onClose()} testId="import">
      <h2 id="import-title">{I.title}</h2>
      <div ref={content} tabIndex={-1} className="import-content" aria-busy={busy}>
        {body()}
      </div>
      {busy && <p className="hint">{I.wait}</p>}
      <div className="actions">
        {(step.kind === 'preview' || step.kind === 'done') && (
          <button type="button" onClick={() => setStep({ kind: 'choose', problem: null })}>
            {I.another}
          </button>
        )}
        <button ref={closeButton} type="button" onClick={onClose} disabled={busy}>
          {I.close}
        </button>
        {step.kind === 'preview' && (
          <button
            type="button"
            className="primary"
            disabled={toApply(step.result) === 0}
            onClick={() => void apply(step.file, step.result)}
          >
            {I.apply(toApply(step.result))}
          </button>
        )}
      </div>
    </Dialog>
  );
}

function Busy({ text, seconds }: { text: string; seconds: number }) {
  return (
    <div className="import-busy" role="status">
      <progress aria-label={text} />
      <span>
        {text} {seconds > 0 && I.elapsed(seconds)}
      </span>
    </div>
  );
}

function Preview({
  result,
  onlyErrors,
  setOnlyErrors,
}: {
  result: ProductImportResult;
  onlyErrors: boolean;
  setOnlyErrors: (v: boolean) => void;
}) {
  const { summary } = result;
  const rows = onlyErrors ? result.rows.filter((r) => r.action === 'error') : result.rows;
  return (
    <>
      <p data-testid="import-summary">
        {I.summary(summary.rows)} {I.counts.create(summary.create)}, {I.counts.update(summary.update)},{' '}
        {I.counts.unchanged(summary.unchanged)}, {I.counts.error(summary.error)}.
      </p>
      {result.ignoredColumns.length > 0 && <p className="hint">{I.ignored(result.ignoredColumns.join(', '))}</p>}
      {summary.error > 0 && (
        <div className="check">
          <input id="import-only-errors" type="checkbox" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
          <label htmlFor="import-only-errors">{I.onlyErrors}</label>
        </div>
      )}
      {/* The rows scroll inside the dialog; a keyboard user reaches them by Tab (the region is focusable). */}
      <div className="import-rows" tabIndex={0} role="region" aria-label={I.title}>
        <table className="catalog-table import-table" data-testid="import-rows">
          <thead>
            <tr>
              <th scope="col" className="num">
                {I.columns.row}
              </th>
              <th scope="col">{I.columns.code}</th>
              <th scope="col">{I.columns.action}</th>
              <th scope="col">{I.columns.detail}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row} className={`action-${r.action}`}>
                <td className="num">{r.row}</td>
                <td className="mono">{r.code ?? ''}</td>
                <td>
                  <span className={`tag tag-${r.action}`}>{I.actions[r.action]}</span>
                </td>
                <td>
                  <RowDetail row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function RowDetail({ row }: { row: ProductImportRow }) {
  switch (row.action) {
    case 'error':
      return (
        <ul className="row-errors">
          {row.errors.map((e, i) => (
            <li key={i}>
              {e.path && <span className="mono">{e.path}</span>}
              {e.path && ': '}
              {e.message}
            </li>
          ))}
        </ul>
      );
    case 'update':
      return <>{I.changes((row.changed ?? []).join(', '))}</>;
    case 'create':
    case 'unchanged':
      return row.product ? (
        <>
          {row.product.description} · ${cents(row.product.shelfPrice)}
        </>
      ) : null;
    default: {
      const never: never = row.action;
      return never;
    }
  }
}
