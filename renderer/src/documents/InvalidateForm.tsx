// Invalidating a sealed document as MH defines it (anulación, CAT-024): the type, the replacement where the type
// needs one, the reason, and the people who answer for it and ask for it; what MH answers, said in place.
import { normativeOf, REPLACEMENT_ORDER } from '../../../shared/normative';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { ID_TYPES, INVALIDATION_TYPES, type FieldError, type IdType } from '../../../shared/contract';
import type { DteRecord } from '../../../shared/records';
import { textOf } from '../../../shared/text';
import { onFieldKeys } from '../forms/field-keys';
import { es } from '../strings';
import { optionWords } from '../words/options';
import { invalidationWords } from '../words/invalidation';
import { DocumentPicker } from './DocumentPicker';
import {
  answerErrors,
  defaultPeople,
  draftErrors,
  emptyDraft,
  invalidationBody,
  needsReplacement,
  type InvalidationDraft,
  type PersonDraft,
} from './invalidation';

const words = invalidationWords;
const idOf = (path: string) => `inv-${path.replace(/\./g, '-')}`;
// A type to choose takes the focus to its first choice.
const focusOf = (path: string) => (path === 'type' ? 'inv-type-1' : idOf(path));

export function InvalidateForm({
  api,
  record,
  onDone,
  onCancel,
}: {
  api: SelloApi;
  record: DteRecord;
  /** The event was accepted or queued: what to tell the person, and the document to read again. */
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<InvalidationDraft | null>(null);
  const [replacement, setReplacement] = useState<DteRecord | null>(null);
  const [touched, setTouched] = useState(false);
  const [answer, setAnswer] = useState<{ fields: FieldError[]; general: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [fix, setFix] = useState<{ id: string } | null>(null);
  const first = useRef<HTMLInputElement>(null);

  // Who is logged in and the station's responsible: the people the form starts with.
  useEffect(() => {
    let live = true;
    void Promise.all([api.session(), api.stationInfo()]).then(([s, st]) => {
      if (!live) return;
      setDraft(emptyDraft(defaultPeople(s.ok ? s.value.user : null, st.ok ? st.value.responsible : null)));
    });
    return () => {
      live = false;
    };
  }, [api]);
  // The first choice takes the focus once the form is there.
  const ready = draft !== null;
  useEffect(() => {
    if (ready) first.current?.focus();
  }, [ready]);
  useEffect(() => {
    if (fix) document.getElementById(fix.id)?.focus();
  }, [fix]);

  if (!draft) return <p aria-busy="true">{es.list.loading}</p>;
  // An NC of the 2026 normative is invalidated first and issued again afterwards: no replacement is asked.
  const order = REPLACEMENT_ORDER[normativeOf(record.type, record.version)][record.type];
  const local = draftErrors(record.id, draft, order);
  const errors = answer?.fields.length ? answer.fields : touched ? local : [];
  const errorAt = (path: string) => errors.find((e) => e.path === path)?.message;
  const change = (patch: Partial<InvalidationDraft>) => {
    setAnswer(null);
    setDraft({ ...draft, ...patch });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (local.length > 0) {
      setFix({ id: focusOf(local[0]?.path ?? 'type') });
      return;
    }
    setBusy(true);
    const r = await api.invalidate(invalidationBody(record.id, draft, order));
    setBusy(false);
    if (!r.ok) {
      const a = answerErrors(r.error);
      setAnswer(a);
      if (a.fields[0]) setFix({ id: focusOf(a.fields[0].path) });
      return;
    }
    if (r.value.status === 'REJECTED') {
      const said = r.value.mhResponse;
      const notes = Array.isArray(said?.observaciones) ? (said.observaciones as unknown[]).map(textOf) : [];
      setAnswer({ fields: [], general: words.rejected([textOf(said?.descripcionMsg), ...notes].filter(Boolean).join(' ')) });
      return;
    }
    onDone(r.value.status === 'APPROVED' ? words.done : r.value.status === 'IN_DOUBT' ? words.inDoubt : words.pending);
  };

  const typeName = 'inv-type';
  return (
    <form className="invalidate-form" aria-labelledby="inv-title" noValidate onSubmit={(e) => void submit(e)} onKeyDown={onFieldKeys}>
      <h3 id="inv-title">{words.title}</h3>
      <fieldset className="group" aria-describedby={errorAt('type') ? 'inv-type-error' : undefined}>
        <legend>{words.type}</legend>
        {INVALIDATION_TYPES.map((t, i) => (
          <div key={t} className="choice">
            <input
              ref={i === 0 ? first : undefined}
              id={`inv-type-${t}`}
              type="radio"
              name={typeName}
              value={t}
              checked={draft.type === t}
              onChange={() => change({ type: t })}
              aria-describedby={`inv-type-${t}-help`}
            />
            <div>
              <label htmlFor={`inv-type-${t}`}>
                <strong>
                  {t} · {words.types[t]}
                </strong>
              </label>
              <span className="hint" id={`inv-type-${t}-help`}>
                {words.typeHelp[t]}
              </span>
            </div>
          </div>
        ))}
        <Problem id="inv-type-error" text={errorAt('type')} />
      </fieldset>
      {needsReplacement(draft.type, order) && (
        <div className="field" id={idOf('dteReplaceId')} tabIndex={-1}>
          <DocumentPicker
            api={api}
            label={words.replacement}
            kinds={[record.type]}
            statuses={['APPROVED']}
            exclude={record.id}
            inputId="inv-replacement-search"
            picked={replacement}
            onPick={(d) => {
              setReplacement(d);
              change({ replacementId: d?.id ?? null });
              // After a pick, the next field to fill; after "clear", the search again (never the page).
              setFix({ id: d ? idOf('reason') : 'inv-replacement-search' });
            }}
          />
          <span className="hint">{words.replacementHelp(es.kinds[record.type])}</span>
          <Problem id="inv-dteReplaceId-error" text={errorAt('dteReplaceId')} />
        </div>
      )}
      <TextField
        path="reason"
        label={draft.type === 3 ? words.reason : words.reasonOptional}
        hint={words.reasonHint}
        value={draft.reason}
        error={errorAt('reason')}
        onChange={(reason) => change({ reason })}
      />
      <Person path="manager" legend={words.manager} person={draft.manager} errorAt={errorAt} onChange={(manager) => change({ manager })} />
      <Person
        path="requester"
        legend={words.requester}
        person={draft.requester}
        errorAt={errorAt}
        onChange={(requester) => change({ requester })}
      />
      {touched && local.length > 0 && !answer && (
        <p className="error" role="alert">
          {words.fix}
        </p>
      )}
      {answer?.general && (
        <p className="error" role="alert">
          {answer.general}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="danger" disabled={busy} aria-busy={busy}>
          {busy ? words.sending : words.confirm}
        </button>
        <button type="button" onClick={onCancel}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span className="field-error" role="alert" id={id}>
      {text}
    </span>
  ) : null;
}

function TextField({
  path,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  path: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const id = idOf(path);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {hint && <span className="hint">{hint}</span>}
      <Problem id={`${id}-error`} text={error} />
    </div>
  );
}

function Person({
  path,
  legend,
  person,
  errorAt,
  onChange,
}: {
  path: 'manager' | 'requester';
  legend: string;
  person: PersonDraft;
  errorAt: (path: string) => string | undefined;
  onChange: (p: PersonDraft) => void;
}) {
  const typeId = idOf(`${path}.identificationDocument.type`);
  const help = useId();
  const from = person.from === 'station' ? words.fromStation : person.from === 'session' && !person.docNumber ? words.fromSession : null;
  return (
    <fieldset className="group" aria-describedby={from ? help : undefined}>
      <legend>{legend}</legend>
      {from && (
        <p className="hint" id={help}>
          {from}
        </p>
      )}
      <div className="row">
        <TextField
          path={`${path}.name`}
          label={words.name}
          value={person.name}
          error={errorAt(`${path}.name`)}
          onChange={(name) => onChange({ ...person, name })}
        />
        <div className="field">
          <label htmlFor={typeId}>{words.docType}</label>
          <select
            id={typeId}
            value={person.docType}
            onChange={(e) => onChange({ ...person, docType: ID_TYPES.find((t) => t === e.target.value) ?? person.docType })}
          >
            {ID_TYPES.map((t: IdType) => (
              <option key={t} value={t}>
                {optionWords.idTypes[t]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          path={`${path}.identificationDocument.number`}
          label={words.docNumber}
          hint={words.docNumberHint}
          value={person.docNumber}
          error={errorAt(`${path}.identificationDocument.number`) ?? errorAt(`${path}.identificationDocument`)}
          onChange={(docNumber) => onChange({ ...person, docNumber })}
        />
      </div>
    </fieldset>
  );
}
