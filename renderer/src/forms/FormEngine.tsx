// Renders a form spec: labelled, keyboard-reachable inputs whose ids are their field paths, each with its
// error from the same zod schema the core uses.
import { usd } from '../money';
import { useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { Product } from '../../../shared/catalog';
import { DISTRICTS, MUNICIPALITIES } from '../../../shared/catalogs';
import { contractValueAllowed, type VersionedCatalog } from '../../../shared/catalogs/normative';
import type { FieldError } from '../../../shared/contract';
import { textOf } from '../../../shared/text';
import { formWords } from '../words/forms';
import { fromDocumentWords } from '../words/documents';
import type { FieldNote } from '../documents/mh-observations';
import { BranchField } from './BranchField';
import { DocumentField, RelatedDocumentField } from './DocumentField';
import { catalogIndex, shownText, typedValue } from './catalog-text';
import { normaliseId } from './id-input';
import { lineTotal } from './lines';
import { lineFromProduct } from './catalog-line';
import { ProductPicker } from './ProductPicker';
import { NormativeContext, normativesOf } from '../normative-now';
import type { Normative } from '../../../shared/normative';
import { CATALOGS, type Field, type Options } from './spec';
import { getAt, type Value } from './values';

type Path = readonly (string | number)[];

export interface EngineProps {
  readonly value: Value;
  readonly errors: readonly FieldError[];
  readonly showErrors: boolean;
  readonly onChange: (path: Path, value: unknown) => void;
  /** What MH said about a field of the document this form corrects, shown beside it whatever else is shown. */
  readonly notes?: readonly FieldNote[];
  /** For the fields that pick a document of this station by search. */
  readonly api?: SelloApi;
}

export const pathId = (path: Path) => `f-${path.join('-')}`;

export function ErrorText({ path, props }: { path: Path; props: EngineProps }) {
  const key = path.join('.');
  const e = props.showErrors ? props.errors.find((x) => x.path === key) : undefined;
  const notes = props.notes?.filter((n) => n.path === key) ?? [];
  return (
    <>
      {e && (
        <span className="field-error" role="alert" id={`${pathId(path)}-error`}>
          {e.message}
        </span>
      )}
      {notes.map((n) => (
        <span className="field-note" key={n.message}>
          {fromDocumentWords.correct.note(n.message)}
        </span>
      ))}
    </>
  );
}

function Input({ f, path, props }: { f: Extract<Field, { type: 'text' | 'number' | 'date' }>; path: Path; props: EngineProps }) {
  const id = pathId(path);
  const v = getAt(props.value, path);
  const hasError = props.showErrors && props.errors.some((x) => x.path === path.join('.'));
  // An id or a phone is typed as printed (0614-010190-101-3); leaving the field shows the digits the body carries.
  const format = f.type === 'text' ? f.format : undefined;
  const onBlur = format
    ? () => {
        if (typeof v !== 'string') return;
        const digits = normaliseId(format, v, getAt(props.value, [...path.slice(0, -1), 'type']));
        if (digits !== v) props.onChange(path, digits);
      }
    : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{f.label}</label>
      {f.type === 'text' && f.long ? (
        <textarea id={id} value={textOf(v)} onChange={(e) => props.onChange(path, e.target.value)} aria-invalid={hasError} rows={2} />
      ) : (
        <input
          id={id}
          type={f.type === 'date' ? 'date' : f.type === 'text' && f.secret ? 'password' : 'text'}
          value={textOf(v)}
          onChange={(e) => props.onChange(path, e.target.value)}
          onBlur={onBlur}
          inputMode={
            f.type === 'number'
              ? 'decimal'
              : format === 'phone' || format === 'phone-intl'
                ? 'tel'
                : format === 'nit' || format === 'nrc'
                  ? 'numeric'
                  : undefined
          }
          aria-invalid={hasError}
          aria-describedby={hasError ? `${id}-error` : undefined}
          autoComplete={f.type === 'text' && f.secret ? 'new-password' : 'off'}
        />
      )}
      {'hint' in f && f.hint && <span className="hint">{f.hint}</span>}
      <ErrorText path={path} props={props} />
    </div>
  );
}

function Check({ f, path, props }: { f: Extract<Field, { type: 'check' }>; path: Path; props: EngineProps }) {
  const id = pathId(path);
  return (
    <div className="field">
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={getAt(props.value, path) === true}
          onChange={(e) => props.onChange(path, e.target.checked)}
        />{' '}
        {f.label}
      </label>
      <ErrorText path={path} props={props} />
    </div>
  );
}

/** A field's options the normative in force holds (normative-now.ts); all of them when the field names no catalog. */
/** Filtered lists shared by every field of one catalog (so their search index, cached by list, is built once). */
const OFFERED = new WeakMap<Options, Map<string, Options>>();

function offeredFor(options: Options, catalog: VersionedCatalog, normatives: readonly Normative[]): Options {
  const key = `${catalog}/${normatives.join()}`;
  let byKey = OFFERED.get(options);
  if (!byKey) OFFERED.set(options, (byKey = new Map<string, Options>()));
  let list = byKey.get(key);
  if (!list) byKey.set(key, (list = options.filter(([v]) => normatives.every((n) => contractValueAllowed(catalog, n, v)))));
  return list;
}

/**
 * A field's options the normative in force holds (normative-now.ts); all of them when the field names no catalog. A
 * value already in the form that it lacks (a correction of a legacy document, a switch while the form was open)
 * stays, said to be out of the catalog, so the field shows what will be sent and the 422 beside it makes sense.
 */
function useOffered(f: { options: Options; catalog?: VersionedCatalog }, current: unknown): Options {
  const normatives = normativesOf(useContext(NormativeContext));
  const { catalog, options } = f;
  return useMemo(() => {
    if (!catalog) return options;
    const list = offeredFor(options, catalog, normatives);
    const stale = typeof current === 'string' && !list.some(([v]) => v === current) ? options.find(([v]) => v === current) : undefined;
    return stale ? [[stale[0], `${stale[1]} (${formWords.notInForce})`] as const, ...list] : list;
  }, [catalog, options, normatives, current]);
}

function Select({ f, path, props }: { f: Extract<Field, { type: 'select' }>; path: Path; props: EngineProps }) {
  const id = pathId(path);
  const options = useOffered(f, getAt(props.value, path));
  return (
    <div className="field">
      <label htmlFor={id}>{f.label}</label>
      <select id={id} value={textOf(getAt(props.value, path))} onChange={(e) => props.onChange(path, e.target.value || undefined)}>
        {(f.optional || getAt(props.value, path) === undefined) && <option value="">—</option>}
        {options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
      <ErrorText path={path} props={props} />
    </div>
  );
}

function Catalog({ f, path, props }: { f: Extract<Field, { type: 'catalog' }>; path: Path; props: EngineProps }) {
  const id = pathId(path);
  const listId = useId();
  const options = useOffered(f, getAt(props.value, path));
  const index = useMemo(() => catalogIndex(options, f.codes), [options, f.codes]);
  const stored = getAt(props.value, path);
  // While typing, the text is the cashier's; picked or left, it reads "code · name".
  const [draft, setDraft] = useState<string | null>(null);
  const hasError = props.showErrors && props.errors.some((x) => x.path === path.join('.'));
  return (
    <div className={index.longest > 40 ? 'field catalog wide' : 'field catalog'}>
      <label htmlFor={id}>{f.label}</label>
      <input
        id={id}
        list={listId}
        value={draft ?? shownText(index, stored)}
        onChange={(e) => {
          setDraft(e.target.value);
          props.onChange(path, typedValue(index, e.target.value));
        }}
        onBlur={() => setDraft(null)}
        autoComplete="off"
        placeholder={formWords.searchHint}
        title={shownText(index, stored) || undefined}
        aria-invalid={hasError}
        aria-describedby={hasError ? `${id}-error` : undefined}
      />
      <datalist id={listId}>
        {index.entries.map((e) => (
          <option key={e.value} value={`${e.code} · ${e.name}`} />
        ))}
      </datalist>
      <ErrorText path={path} props={props} />
    </div>
  );
}

function Address({ f, path, props }: { f: Extract<Field, { type: 'address' }>; path: Path; props: EngineProps }) {
  const dept = textOf(getAt(props.value, [...path, 'department']));
  const municipalities = MUNICIPALITIES.filter((m) => m.department === dept).sort((a, b) =>
    a.era === b.era ? a.name.localeCompare(b.name) : a.era === '2024' ? -1 : 1,
  );
  const municipality = textOf(getAt(props.value, [...path, 'municipality']));
  // A 2024 municipality of several districts asks which one (MH's Normativa v2.0); a pre-2024 code is one already.
  const districts = DISTRICTS.filter((d) => d.department === dept && d.municipality === municipality);
  const choose = districts.length > 1;
  return (
    <fieldset className="group">
      <legend>{f.label}</legend>
      <div className="row">
        <div className="field">
          <label htmlFor={pathId([...path, 'department'])}>{formWords.department}</label>
          <select
            id={pathId([...path, 'department'])}
            value={dept}
            onChange={(e) => {
              props.onChange([...path, 'municipality'], undefined);
              props.onChange([...path, 'department'], e.target.value || undefined);
            }}
          >
            <option value="">—</option>
            {CATALOGS.departments.map(([code, name]) => (
              <option key={code} value={code}>
                {code} · {name}
              </option>
            ))}
          </select>
          <ErrorText path={[...path, 'department']} props={props} />
        </div>
        <div className="field">
          <label htmlFor={pathId([...path, 'municipality'])}>{formWords.municipality}</label>
          <select
            id={pathId([...path, 'municipality'])}
            value={textOf(getAt(props.value, [...path, 'municipality']))}
            onChange={(e) => {
              props.onChange([...path, 'district'], undefined);
              props.onChange([...path, 'municipality'], e.target.value || undefined);
            }}
          >
            <option value="">—</option>
            {municipalities.map((m) => (
              <option key={`${m.era}-${m.code}`} value={m.code}>
                {m.code} · {m.name} {m.era === '2024' ? '' : `(${formWords.before2024})`}
              </option>
            ))}
          </select>
          <ErrorText path={[...path, 'municipality']} props={props} />
        </div>
        {choose && (
          <div className="field">
            <label htmlFor={pathId([...path, 'district'])}>{formWords.district}</label>
            <select
              id={pathId([...path, 'district'])}
              value={textOf(getAt(props.value, [...path, 'district']))}
              onChange={(e) => props.onChange([...path, 'district'], e.target.value || undefined)}
            >
              <option value="">—</option>
              {districts.map((d) => (
                <option key={d.code} value={d.code}>
                  {d.code} · {d.name}
                </option>
              ))}
            </select>
            <ErrorText path={[...path, 'district']} props={props} />
          </div>
        )}
        <Input f={{ type: 'text', key: 'complement', label: formWords.complement }} path={[...path, 'complement']} props={props} />
      </div>
    </fieldset>
  );
}

/**
 * The fields of a line, a group or a form's section: the usual ones in a row, the rare ones folded under "Más
 * opciones" (a button, so Tab reaches it and Enter or Space opens it).
 */
export function Fields({ fields, path, props, stacked }: { fields: readonly Field[]; path: Path; props: EngineProps; stacked?: boolean }) {
  const usual = fields.filter((c) => !c.rare);
  const rare = fields.filter((c) => c.rare);
  const views = (list: readonly Field[]) => list.map((c) => <FieldView key={c.key} f={c} path={[...path, c.key]} props={props} />);
  return (
    <>
      {usual.length > 0 && (stacked ? views(usual) : <div className="row">{views(usual)}</div>)}
      {rare.length > 0 && (
        <MoreOptions paths={rare.map((c) => [...path, c.key].join('.'))} labels={rare.map((c) => c.label)} props={props} stacked={stacked}>
          {views(rare)}
        </MoreOptions>
      )}
    </>
  );
}

function MoreOptions({
  paths,
  labels,
  props,
  stacked,
  children,
}: {
  paths: readonly string[];
  /** What is folded, named beside the button so the cashier knows where a field went. */
  labels: readonly string[];
  props: EngineProps;
  stacked?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const [opened, setOpened] = useState(false);
  const inside = (p: string) => paths.some((q) => p === q || p.startsWith(`${q}.`));
  // A field to fix (or one MH spoke of) is never hidden.
  const needed = (props.showErrors && props.errors.some((e) => inside(e.path))) || (props.notes ?? []).some((n) => inside(n.path));
  const open = opened || needed;
  return (
    <div className="more">
      <button
        type="button"
        className="more-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-describedby={`${id}-what`}
        onClick={() => setOpened(!open)}
      >
        {formWords.moreOptions}
      </button>
      <span className="hint more-what" id={`${id}-what`}>
        {labels.join(' · ')}
      </span>
      <div id={id} className={stacked ? 'more-fields' : 'more-fields row'} hidden={!open} data-more="">
        {children}
      </div>
    </div>
  );
}

function LineTotal({ amount }: { amount: ReturnType<typeof lineTotal> }) {
  // Until quantity and price are numbers the line adds nothing.
  return (
    <p className="line-total" aria-live="polite">
      {formWords.lineTotal}: <strong>{usd(amount ?? '0')}</strong>
    </p>
  );
}

/**
 * A list of lines: each may be picked from the catalog where the spec says so; "Agregar línea" takes the focus
 * to the new line's first field, scrolled into sight, so typing goes on there.
 */
function ListField({ f, path, props }: { f: Extract<Field, { type: 'list' }>; path: Path; props: EngineProps }) {
  const items = (getAt(props.value, path) as unknown[] | undefined) ?? [];
  // A line priced by the unit shows its total as it is typed.
  const totalled = f.item.some((c) => c.key === 'quantity') && f.item.some((c) => c.key === 'unitPrice');
  const picking = f.catalog && props.api ? f.catalog : null;
  const lineId = (i: number) => pathId([...path, i]);
  // The line just added, focused once it is drawn: its product search, else its first field.
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    setAdded(null);
    const line = document.querySelector(`[data-line="${lineId(added)}"]`);
    const first = line?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
    if (!first) return;
    first.focus();
    first.scrollIntoView({ block: 'center' });
  });
  const pickInto = (i: number) => (p: Product) => {
    props.onChange([...path, i], lineFromProduct(picking!, p, (items[i] ?? {}) as Value));
    // The price and the name are filled: what is left to say is how many.
    requestAnimationFrame(() => {
      const q = document.getElementById(pathId([...path, i, 'quantity']));
      if (q instanceof HTMLInputElement) {
        q.focus();
        q.select();
      }
    });
  };
  return (
    <fieldset className="group list">
      <legend>{f.label}</legend>
      {items.map((item, i) => (
        <div className="list-item" key={i} data-line={lineId(i)}>
          {picking && props.api && (
            <ProductPicker api={props.api} id={pathId([...path, i, 'product'])} basis={picking} onPick={pickInto(i)} />
          )}
          <Fields fields={f.item} path={[...path, i]} props={props} />
          {totalled && <LineTotal amount={lineTotal(item)} />}
          {items.length > (f.min ?? 0) && (
            <button
              type="button"
              className="link"
              onClick={() =>
                props.onChange(
                  path,
                  items.filter((__, j) => j !== i),
                )
              }
            >
              {formWords.remove}
            </button>
          )}
        </div>
      ))}
      <button
        type="button"
        onClick={() => {
          props.onChange(path, [...items, { ...(f.fresh?.(items) ?? {}) }]);
          setAdded(items.length);
        }}
      >
        {f.addLabel}
      </button>
      <ErrorText path={path} props={props} />
    </fieldset>
  );
}

export function FieldView({ f, path, props }: { f: Field; path: Path; props: EngineProps }) {
  switch (f.type) {
    case 'text':
    case 'number':
    case 'date':
      return <Input f={f} path={path} props={props} />;
    case 'select':
      return <Select f={f} path={path} props={props} />;
    case 'check':
      return <Check f={f} path={path} props={props} />;
    case 'branch':
      return <BranchField f={f} path={path} props={props} />;
    case 'catalog':
      return <Catalog f={f} path={path} props={props} />;
    case 'address':
      return <Address f={f} path={path} props={props} />;
    case 'document':
      return <DocumentField f={f} path={path} props={props} />;
    case 'relatedDocument':
      return <RelatedDocumentField f={f} path={path} props={props} />;
    case 'group': {
      const present = getAt(props.value, path) !== undefined;
      return (
        <fieldset className="group">
          <legend>{f.label}</legend>
          {f.optional && (
            <label className="check">
              <input type="checkbox" checked={present} onChange={(e) => props.onChange(path, e.target.checked ? {} : undefined)} />{' '}
              {formWords.include}
            </label>
          )}
          {(present || !f.optional) && <Fields fields={f.fields} path={path} props={props} />}
          <ErrorText path={path} props={props} />
        </fieldset>
      );
    }
    case 'list':
      return <ListField f={f} path={path} props={props} />;
    default: {
      const never: never = f;
      return never;
    }
  }
}
