// Issuing: a form per kind from its spec, validated as the cashier types with the core's own schemas, live
// totals from the same tax module, then the document and its status as MH answers.
import { usd } from './money';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../shared/api';
import { ALL_EXTENSIONS, createSchema, DTE_KINDS, validate, type DteKind, type FieldError } from '../../shared/contract';
import { countedUnitErrors } from '../../shared/quantity';
import { sameDteId, type DteRecord } from '../../shared/records';
import { computeCr, computeFex, computeFse, computeSale, type Dec } from '../../shared/tax';
import { CorrectionNotice } from './documents/CorrectionNotice';
import type { Correcting } from './documents/from-document';
import type { FieldNote } from './documents/mh-observations';
import { Fields } from './forms/FormEngine';
import { RefundMethodField } from './close/RefundMethodField';
import type { RefundMethod } from '../../shared/close';
import { keyTarget, onFieldKeys } from './forms/field-keys';
import { keyIntent } from './forms/keys';
import { ReceiverPicker } from './ReceiverPicker';
import { FORM_SPECS, emptyValue } from './forms/spec';
import { setAt, toBody, type Value } from './forms/values';
import { es } from './strings';
import { issueWords } from './words/issue-screen';

const newId = () => crypto.randomUUID();

function totals(kind: DteKind, body: never): [string, Dec][] {
  switch (kind) {
    case 'FC':
    case 'CCF':
    case 'NC':
    case 'ND': {
      const t = computeSale(kind, body).totals;
      return [
        [issueWords.iva, t.iva],
        [issueWords.total, kind === 'NC' || kind === 'ND' ? t.montoTotalOperacion : t.totalPagar],
      ];
    }
    case 'FSE':
      return [[issueWords.total, computeFse(body).totals.totalPagar]];
    case 'FEX':
      return [[issueWords.total, computeFex(body).totals.totalPagar]];
    case 'CR':
      return [[issueWords.retained, computeCr((body as { items: never[] }).items).totalIVAretenido]];
    case 'NR': {
      // The NR's amounts are the CCF's arithmetic, nothing retained (main/core/dte/mh/nr-parts.ts).
      const t = computeSale('CCF', body).totals;
      return [
        [issueWords.iva, t.iva],
        [issueWords.operationTotal, t.montoTotalOperacion],
      ];
    }
    // Their amounts are computed by the core alone (the liquidation's IVA and perception, the donation's value):
    // the form shows them once issued, never a second arithmetic of its own.
    case 'CL':
    case 'DCL':
    case 'CD':
      return [];
    default: {
      const never: never = kind;
      return never;
    }
  }
}

export function IssueScreen({
  api,
  initial,
  kinds = DTE_KINDS,
}: {
  api: SelloApi;
  /** A form filled beforehand: a note from its original, or a rejected document being corrected. */
  initial?: { kind: DteKind; value: Value; correcting?: Correcting } | null;
  /** The kinds this person's role may issue (a cashier issues no credit or debit notes). */
  kinds?: readonly DteKind[];
}) {
  const [kind, setKind] = useState<DteKind>(initial?.kind ?? 'FC');
  const [value, setValue] = useState<Value>(() => initial?.value ?? emptyValue('FC', newId()));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refund, setRefund] = useState<RefundMethod | null>(null);
  const [issued, setIssued] = useState<DteRecord | null>(null);
  const [correcting, setCorrecting] = useState<Correcting | null>(initial?.correcting ?? null);
  const [notes, setNotes] = useState<readonly FieldNote[]>(initial?.correcting?.fields ?? []);

  useEffect(() => {
    if (initial) {
      setKind(initial.kind);
      setValue(initial.value);
      setCorrecting(initial.correcting ?? null);
      setNotes(initial.correcting?.fields ?? []);
    }
  }, [initial]);
  const section = useRef<HTMLElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // The field to fix, focused once it is drawn (a folded "Más opciones" opens first).
  const [fix, setFix] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (fix) document.getElementById(fix.id)?.focus();
  }, [fix]);
  // F12 or Ctrl+Enter issues from anywhere on this screen; never from the lock or another screen's field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const at = document.activeElement;
      const here = !at || at === document.body || (section.current?.contains(at) ?? false);
      if (!here || keyIntent(e, keyTarget(e.target)) !== 'submit' || !form.current) return;
      e.preventDefault();
      form.current.requestSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // Keyboard first: the cashier starts at the first line's product search (or its description, or the receiver).
  useEffect(() => {
    if (issued) return;
    // An NR usually goes to another branch: its destination first (docs/decisions/0084-emitir-new-kinds.md).
    const target =
      document.getElementById('f-destinationBranch') ??
      document.getElementById('f-items-0-product') ??
      document.getElementById('f-items-0-description') ??
      document.querySelector<HTMLElement>('form input, form select');
    target?.focus();
  }, [kind, issued]);
  // Subscribed while a document is shown; a 'sync' event (also sent on every reconnect) re-reads the status,
  // so an answer that came before the stream was open is not missed.
  const issuedId = issued?.id;
  useEffect(() => {
    if (!issuedId) return undefined;
    const setStatus = (status: DteRecord['status']) => setIssued((cur) => (cur && cur.id === issuedId ? { ...cur, status } : cur));
    const refresh = () => void api.getDte(issuedId).then((r) => r.ok && setStatus(r.value.status));
    const off = api.subscribe((e) => {
      if (e.type === 'sync') refresh();
      else if (e.type === 'dte' && sameDteId(e.id, issuedId)) setStatus(e.status);
    });
    refresh();
    return off;
  }, [api, issuedId]);

  const sections = FORM_SPECS[kind];
  const body = useMemo(() => toBody(sections, value), [sections, value]);
  // Status updates re-render this screen; the form is validated again only when it changes.
  // Decimal quantities where the unit is weighed or measured (docs/decisions/0072-decimal-quantities.md).
  const local = useMemo(() => {
    const checked = validate(createSchema(kind, ALL_EXTENSIONS), body);
    const counted = countedUnitErrors(kind, body);
    if (counted.length === 0) return checked;
    return { ok: false as const, errors: [...(checked.ok ? [] : checked.errors), ...counted] };
  }, [kind, body]);
  const errors = serverErrors.length ? serverErrors : local.ok ? [] : local.errors;
  const live = local.ok ? totals(kind, local.value as never) : null;
  // Until the form is valid, the figure it will show (none for the kinds the core alone computes).
  const pending: [string, null][] =
    kind === 'CL' || kind === 'DCL' || kind === 'CD' ? [] : [[kind === 'NR' ? issueWords.operationTotal : issueWords.total, null]];

  // Whether the cashier has typed anything: the desktop app holds back an update restart meanwhile.
  const pristine = useMemo(() => JSON.stringify(toBody(sections, emptyValue(kind, String(value.id)))), [sections, kind, value.id]);
  const editing = !issued && JSON.stringify(body) !== pristine;
  useEffect(() => {
    void api.activity(editing ? 'editing' : 'idle');
  }, [api, editing]);
  useEffect(() => () => void api.activity('idle'), [api]);

  const choose = (k: DteKind) => {
    setKind(k);
    setValue(emptyValue(k, newId()));
    setTouched(false);
    setServerErrors([]);
    setMessage(null);
    setIssued(null);
    setCorrecting(null);
    setNotes([]);
    setRefund(null);
  };
  const onChange = (path: readonly (string | number)[], v: unknown) => {
    setServerErrors([]);
    // MH's note on a field goes once the field is changed: it spoke of the value it saw.
    const changed = path.join('.');
    setNotes((cur) => cur.filter((n) => n.path !== changed && !n.path.startsWith(`${changed}.`)));
    setValue((cur) => setAt(cur, path, v) as Value);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!local.ok) {
      setMessage(issueWords.fixFields);
      // Take the cashier to the first field to fix.
      const first = local.errors[0]?.path.replace(/\./g, '-');
      // An NR with neither receptor nor destination is named on `recipient`, a group: its usual fix is the branch.
      if (first) setFix({ id: kind === 'NR' && first === 'recipient' ? 'f-destinationBranch' : `f-${first}` });
      return;
    }
    setBusy(true);
    // An NC says how the money went back: the close charges it to whoever issues it (decision 0073).
    const r = await api.createDte(kind, body, kind === 'NC' ? (refund ?? undefined) : undefined);
    setBusy(false);
    if (r.ok) {
      setIssued(r.value);
      setMessage(issueWords.issued(r.value.controlNumber));
    } else {
      setServerErrors(r.error.errors ?? []);
      setMessage(r.error.detail ?? r.error.title);
    }
  };

  return (
    <section aria-labelledby="issue-title" ref={section}>
      <h1 id="issue-title">{issueWords.title(es.kinds[kind])}</h1>
      <div className="tabs" role="group" aria-label={issueWords.kinds}>
        {kinds.map((k) => (
          <button key={k} type="button" aria-pressed={k === kind} onClick={() => choose(k)}>
            {es.kinds[k]}
          </button>
        ))}
      </div>
      {issued ? (
        <div className="issued" role="status">
          <p className="ok">{message}</p>
          <p>
            {es.list.columns.status}: <strong data-testid="issued-status">{es.status[issued.status]}</strong>
          </p>
          <div className="actions">
            <button type="button" onClick={() => void api.printReceipt(issued.id)}>
              {es.detail.receipt}
            </button>
            <button type="button" className="primary" autoFocus onClick={() => choose(kind)}>
              {issueWords.another}
            </button>
          </div>
        </div>
      ) : (
        <form ref={form} onSubmit={(e) => void submit(e)} onKeyDown={onFieldKeys} noValidate aria-labelledby="issue-title">
          {correcting && <CorrectionNotice correcting={correcting} />}
          <ReceiverPicker api={api} kind={kind} onPick={(recipient) => onChange(['recipient'], recipient)} />
          {sections.map((s) => (
            <fieldset key={s.title} className="section">
              <legend>{s.title}</legend>
              <Fields
                fields={s.fields}
                path={[]}
                props={{ value, errors, showErrors: touched || serverErrors.length > 0, onChange, notes, api }}
                stacked
              />
            </fieldset>
          ))}
          {kind === 'NC' && (
            <RefundMethodField
              value={refund}
              onChange={(m) => {
                setRefund(m);
              }}
            />
          )}
          {/* The total and the button stay in sight at the bottom of the window however long the form. */}
          <div className="issue-footer">
            <div className="totals" aria-live="polite">
              {(live ?? pending).map(([label, amount]) => (
                <span key={label}>
                  {label}:{' '}
                  <strong
                    data-testid={
                      label === issueWords.total || label === issueWords.operationTotal || label === issueWords.retained
                        ? 'total'
                        : undefined
                    }
                  >
                    {amount ? usd(amount) : '—'}
                  </strong>
                </span>
              ))}
            </div>
            {message && (
              <p role="alert" className="error">
                {message}
              </p>
            )}
            <span className="hint">{issueWords.keys}</span>
            <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
              {busy ? issueWords.submitting : issueWords.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
