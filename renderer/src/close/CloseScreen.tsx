// Cierre de caja (issue 14 item 6; docs/decisions/0008-day-close.md): whose sales and which period, "Hacer
// cierre", the close it made, and the earlier closes, opened read-only. A cashier closes only their own sales;
// the server refuses the rest whatever this screen offers.
import { DateField } from '../pickers/DateField';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { CloseScope, DayClose, DayCloseEntry, DrawerOpening } from '../../../shared/close';
import type { SessionInfo, UserInfo } from '../../../shared/people';
import { errorText } from '../error-text';
import { localTime } from '../local-time';
import { may } from '../session/roles';
import { closeWords } from '../words/close';
import { CloseView, whose } from './CloseView';
import { FloatCorrectionForm } from './FloatCorrectionForm';
import { drawerProblems, drawerRequest } from './drawer';
import { periodProblems, periodRequest, startOfDay, usd, wallMinute, type PeriodField } from './period';
import './close.css';

const C = closeWords;
const F = C.form;
const L = C.list;
const PAGE = 10;
const PERSON = 'user:';

type Whose = 'station' | 'me' | 'person';
type Field = 'person' | 'from' | 'to' | 'openingFloat' | 'counted';
type DrawerField = 'openingFloat' | 'counted';
type Problems = Partial<Record<Field, string>>;

export function CloseScreen({ api, user }: { api: SelloApi; user: SessionInfo['user'] }) {
  const any = may(user.role, 'closeAny');
  const [choice, setChoice] = useState<Whose>(any ? 'station' : 'me');
  const [person, setPerson] = useState('');
  // Administrators pick from the people list; a supervisor may not read it (ADMIN only), so types the login.
  const [people, setPeople] = useState<readonly UserInfo[] | null>(null);
  const [now, setNow] = useState(() => new Date());
  // null: the default (today from 00:00, up to now), which follows the clock while the screen stays open.
  const [fromText, setFromText] = useState<string | null>(null);
  const [toText, setToText] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [drawer, setDrawer] = useState<Record<DrawerField, string>>({ openingFloat: '', counted: '' });
  // The float this scope's shift opened with, when it was recorded then (the close takes it, it is not retyped).
  const [recorded, setRecorded] = useState<DrawerOpening | null>(null);
  const [recording, setRecording] = useState(false);
  // Enter makes the close only from a text field of the form: the button names the key only then.
  const [enterHere, setEnterHere] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ close: DayClose; fresh: boolean } | null>(null);
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closes = useCloses(api);

  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(tick);
  }, []);
  useEffect(() => {
    if (!may(user.role, 'settings')) return;
    void api.listUsers().then((r) => r.ok && setPeople(r.value));
  }, [api, user.role]);
  // A close on screen, made or opened, takes the focus: the keyboard goes on to its print buttons.
  useEffect(() => headingRef.current?.focus(), [shown]);

  const scopeNow: CloseScope | null = choice === 'person' ? (person.trim() ? { login: person.trim() } : null) : choice;
  const scopeKey = JSON.stringify(scopeNow);
  const [openingTick, setOpeningTick] = useState(0);
  const shownScope = useRef<string | null>(null);
  useEffect(() => {
    const scope = JSON.parse(scopeKey) as CloseScope | null;
    // Another person: nothing of the last one stays, float or count. The same one read again (a correction, a
    // close) keeps what is on screen until the answer comes, so the focus is not lost with it.
    if (shownScope.current !== scopeKey) {
      shownScope.current = scopeKey;
      setRecorded(null);
      setDrawer({ openingFloat: '', counted: '' });
    }
    if (!scope) return undefined;
    let live = true;
    void api.drawerOpening(scope).then((r) => live && r.ok && setRecorded(r.value));
    return () => {
      live = false;
    };
  }, [api, scopeKey, openingTick]);

  const recordFloat = async () => {
    if (!scopeNow || recording) return;
    const amount = drawer.openingFloat.trim();
    const p = drawerProblems({ openingFloat: amount, counted: '' }, { bad: F.amountBad, both: null });
    if (!amount || p.openingFloat) {
      setProblems((cur) => ({ ...cur, openingFloat: p.openingFloat ?? F.floatMissing }));
      return focusProblem();
    }
    setRecording(true);
    const r = await api.openDrawer({ scope: scopeNow, amount });
    setRecording(false);
    if (r.ok) {
      setRecorded(r.value);
      setDrawer((cur) => ({ ...cur, openingFloat: '' }));
      setProblems(({ openingFloat: _gone, ...rest }) => rest);
      return;
    }
    const message = r.error.errors?.map((fe) => fe.message).join(' ') || errorText(r.error);
    setProblems((cur) => ({ ...cur, openingFloat: message }));
    focusProblem();
  };

  const from: PeriodField = { value: fromText ?? startOfDay(now), edited: fromText !== null };
  const to: PeriodField = { value: toText ?? wallMinute(now), edited: toText !== null };

  // The first field in error takes the focus once it is drawn as such (an effect runs after React commits).
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);
  const focusProblem = () => setFocusTick((t) => t + 1);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local: Problems = periodProblems(from, to, { missing: F.dateMissing, reversed: F.reversed });
    if (choice === 'person' && !person.trim()) local.person = F.personMissing;
    if (recorded) {
      const p = drawerProblems({ openingFloat: recorded.amount, counted: drawer.counted }, { bad: F.amountBad, both: null });
      if (p.counted) local.counted = p.counted;
    } else Object.assign(local, drawerProblems(drawer, { bad: F.amountBad, both: F.drawerBoth }));
    setProblems(local);
    setFormError(null);
    setOpenError(null);
    if (Object.keys(local).length > 0) {
      setFormError(F.fix);
      return focusProblem();
    }
    const scope: CloseScope = choice === 'person' ? { login: person.trim() } : choice;
    setBusy(true);
    const counted = drawerRequest(drawer, recorded !== null);
    const r = await api.makeClose({ scope, ...periodRequest(from, to, new Date()), ...(counted ? { drawer: counted } : {}) });
    setBusy(false);
    if (r.ok) {
      setShown({ close: r.value, fresh: true });
      closes.reload();
      // A close is made once with what was typed: the next one starts empty.
      setDrawer({ openingFloat: '', counted: '' });
      // The close ended the shift: the next one records a float of its own.
      setOpeningTick((t) => t + 1);
      return;
    }
    const named: Problems = {};
    for (const fe of r.error.errors ?? []) {
      const field: Field | null =
        fe.path === 'from' || fe.path === 'to'
          ? fe.path
          : fe.path === 'drawer.openingFloat' || fe.path === 'drawer.counted'
            ? (fe.path.slice('drawer.'.length) as DrawerField)
            : fe.path.startsWith('scope') && choice === 'person'
              ? 'person'
              : null;
      if (field) named[field] = named[field] ? `${named[field]} ${fe.message}` : fe.message;
    }
    if (r.error.code === 'NOT_FOUND' && choice === 'person') named.person = `${r.error.detail ?? r.error.title} ${F.notFoundNext}`;
    setProblems(named);
    setFormError(Object.keys(named).length > 0 ? F.fix : errorText(r.error));
    focusProblem();
  };

  const open = async (id: string) => {
    setOpening(true);
    setOpenError(null);
    const r = await api.getClose(id);
    setOpening(false);
    if (r.ok) setShown({ close: r.value, fresh: false });
    else setOpenError(errorText(r.error));
  };

  const edit = (field: Field, set: (v: string) => void) => (v: string) => {
    set(v);
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setFormError(null);
  };

  const field = (key: Field, label: string, input: (a11y: FieldA11y) => ReactNode, hint?: string) => {
    const id = `close-${key}`;
    const problem = problems[key];
    const described = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {input({ id, 'aria-invalid': problem !== undefined, ...(described ? { 'aria-describedby': described } : {}) })}
        {hint && (
          <span className="hint" id={`${id}-hint`}>
            {hint}
          </span>
        )}
        {problem && (
          <span className="field-error" id={`${id}-error`}>
            {problem}
          </span>
        )}
      </div>
    );
  };

  const seen = closes.people;
  return (
    <section className="close-screen" aria-labelledby="close-h1">
      <h1 id="close-h1">{C.title}</h1>
      <p className="muted">{C.intro}</p>
      <div className="close-layout">
        <div className="close-main">
          <form
            ref={formRef}
            className="close-form"
            onSubmit={(e) => void submit(e)}
            onFocus={(e) =>
              setEnterHere(
                (e.target instanceof HTMLInputElement && e.target.type !== 'radio') ||
                  (e.target instanceof HTMLButtonElement && e.target.type === 'submit'),
              )
            }
            onBlur={() => setEnterHere(false)}
            noValidate
            aria-labelledby="close-form-title"
            aria-busy={busy}
          >
            <h2 id="close-form-title">{F.title}</h2>
            <div className="row">
              {any ? (
                <fieldset className="close-whose">
                  <legend>{F.whose}</legend>
                  <div className="close-radios">
                    {(['station', 'me', 'person'] as const).map((w) => (
                      <label key={w} className="check">
                        <input
                          type="radio"
                          name="close-whose"
                          value={w}
                          checked={choice === w}
                          onChange={() => {
                            setChoice(w);
                            setProblems(({ person: _gone, ...rest }) => rest);
                          }}
                        />
                        {F[w]}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : (
                <div className="field close-whose-fixed">
                  <span className="close-label">{F.whose}</span>
                  <strong data-testid="close-whose">{F.mineOnly(user.name)}</strong>
                  <span className="hint">{F.cashierNote}</span>
                </div>
              )}
              {choice === 'person' &&
                (people
                  ? field('person', F.personField, (a) => (
                      <select {...a} value={person} onChange={(e) => edit('person', setPerson)(e.target.value)}>
                        <option value="">{F.personPick}</option>
                        {people.map((p) => (
                          <option key={p.login} value={p.login}>
                            {p.name} ({p.login}){p.active ? '' : ` · ${F.inactive}`}
                          </option>
                        ))}
                      </select>
                    ))
                  : field(
                      'person',
                      F.personLogin,
                      (a) => (
                        <input
                          {...a}
                          value={person}
                          onChange={(e) => edit('person', setPerson)(e.target.value)}
                          list="close-people"
                          autoComplete="off"
                          autoCapitalize="none"
                          spellCheck={false}
                        />
                      ),
                      F.personHint,
                    ))}
              {choice === 'person' && !people && (
                // Whom earlier closes named: the only people list a supervisor may read.
                <datalist id="close-people">
                  {seen.map((p) => (
                    <option key={p.login} value={p.login}>
                      {p.name}
                    </option>
                  ))}
                </datalist>
              )}
            </div>
            <div className="row">
              {field('from', F.from, (a) => (
                <DateField {...a} kind="datetime" value={from.value} max={wallMinute(now)} onChange={(v) => edit('from', setFromText)(v)} />
              ))}
              {field('to', F.to, (a) => (
                <DateField {...a} kind="datetime" value={to.value} max={wallMinute(now)} onChange={(v) => edit('to', setToText)(v)} />
              ))}
              {(from.edited || to.edited) && (
                <button
                  type="button"
                  onClick={() => {
                    setFromText(null);
                    setToText(null);
                    setProblems(({ from: _f, to: _t, ...rest }) => rest);
                    setFormError(null);
                  }}
                >
                  {F.today}
                </button>
              )}
            </div>
            <p className="hint">{F.periodHint}</p>
            <fieldset className="close-drawer-fields">
              <legend>{F.drawer}</legend>
              <div className="row">
                {recorded && (
                  <p className="close-float-recorded" data-testid="float-recorded">
                    {F.floatRecorded(recorded.amount, recorded.openedByName ?? recorded.openedBy, localTime(recorded.openedAt, false))}
                    {recorded.correction &&
                      ` ${F.floatCorrected(recorded.correction.amount, recorded.correction.correctedByName ?? recorded.correction.correctedBy, recorded.correction.reason)}`}
                  </p>
                )}
                {recorded && any && choice !== 'station' && (
                  <FloatCorrectionForm api={api} opening={recorded} onDone={() => setOpeningTick((t) => t + 1)} />
                )}
                {(recorded ? (['counted'] as const) : (['openingFloat', 'counted'] as const)).map((k) => (
                  <div key={k}>
                    {field(k, F[k], (a) => (
                      <input
                        {...a}
                        inputMode="decimal"
                        autoComplete="off"
                        value={drawer[k]}
                        onChange={(e) => edit(k, (v) => setDrawer((cur) => ({ ...cur, [k]: v })))(e.target.value)}
                        // Checked once the person leaves the field, never while typing.
                        onBlur={() => {
                          const p = drawerProblems(drawer, { bad: F.amountBad, both: null });
                          if (p[k]) setProblems((cur) => ({ ...cur, [k]: p[k] }));
                        }}
                      />
                    ))}
                  </div>
                ))}
                {!recorded && scopeNow && (
                  // After both fields: at the close, the float and the count follow each other with Tab.
                  <button
                    type="button"
                    className="close-record-float"
                    onClick={() => void recordFloat()}
                    disabled={recording}
                    aria-describedby="close-record-hint"
                  >
                    {F.recordFloat}
                  </button>
                )}
              </div>
              <p className="hint">{F.drawerHint}</p>
              {!recorded && scopeNow && (
                <p className="hint" id="close-record-hint">
                  {F.recordFloatHint}
                </p>
              )}
            </fieldset>
            <div className="row">
              <button type="submit" className="primary" disabled={busy}>
                {busy ? F.submitting : enterHere ? F.submitEnter : F.submit}
              </button>
            </div>
            {busy && (
              <p className="busy" role="status">
                {F.submitting}
              </p>
            )}
            {formError && (
              <p role="alert" className="error">
                {formError}
              </p>
            )}
          </form>
          {openError && (
            <p role="alert" className="error">
              {openError}
            </p>
          )}
          {opening ? (
            <p className="busy" role="status" aria-busy="true">
              {C.view.loading}
            </p>
          ) : shown ? (
            <CloseView
              key={shown.close.id}
              api={api}
              close={shown.close}
              fresh={shown.fresh}
              headingRef={headingRef}
              onOpen={(id) => void open(id)}
            />
          ) : (
            <p className="muted close-empty">{C.view.empty}</p>
          )}
        </div>
        <aside className="close-list" aria-labelledby="close-list-title" aria-busy={closes.loading}>
          <h2 id="close-list-title">{any ? L.title : L.mineTitle}</h2>
          {closes.error && (
            <p role="alert" className="error">
              {closes.error}
            </p>
          )}
          <ul data-testid="close-list">
            {closes.items.map((c) => (
              <li key={c.id}>
                <button type="button" aria-current={shown?.close.id === c.id ? 'true' : undefined} onClick={() => void open(c.id)}>
                  <span className="close-list-top">
                    <span>{localTime(c.closedAt, false)}</span>
                    <strong>{usd(c.netSales)}</strong>
                  </span>
                  <span>{whose(c.scope, c.scopeName)}</span>
                  <span className="small">
                    {C.view.periodText(localTime(c.from, false), localTime(c.to, false))}
                    {c.previous && ` · ${L.repeat}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {closes.loading && <p className="busy">{L.loading}</p>}
          {!closes.loading && closes.items.length === 0 && !closes.error && <p className="muted">{L.empty}</p>}
          {!closes.loading && closes.more && (
            <button type="button" onClick={closes.loadMore}>
              {L.more}
            </button>
          )}
        </aside>
      </div>
    </section>
  );
}

interface FieldA11y {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** The earlier closes, newest first, a page at a time; `reload` starts again from the newest. */
function useCloses(api: SelloApi) {
  const [items, setItems] = useState<readonly DayCloseEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // An answer to an older request (a reload overtook it) is dropped.
  const generation = useRef(0);

  const load = useCallback(
    (after: string | null) => {
      const gen = after ? generation.current : ++generation.current;
      setLoading(true);
      void api.listCloses({ limit: PAGE, ...(after ? { cursor: after } : {}) }).then((r) => {
        if (gen !== generation.current) return;
        setLoading(false);
        if (!r.ok) return setError(errorText(r.error));
        setError(null);
        setItems((cur) => (after ? [...cur, ...r.value.items] : r.value.items));
        setCursor(r.value.nextCursor);
      });
    },
    [api],
  );
  useEffect(() => load(null), [load]);

  const people = [
    ...new Map(
      items.filter((c) => c.scope.startsWith(PERSON)).map((c) => [c.scope, { login: c.scope.slice(PERSON.length), name: c.scopeName }]),
    ).values(),
  ];
  return {
    items,
    loading,
    error,
    people,
    more: cursor !== null,
    reload: () => load(null),
    loadMore: () => load(cursor),
  };
}
