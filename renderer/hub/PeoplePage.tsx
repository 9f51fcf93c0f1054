// Personas (an ADMIN's only; the hub answers 403 to anyone else): who may open the head office's screens, a new
// person, and deactivating one (their sessions end at once; the hub keeps the last active ADMIN).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { errorText, HUB_ROLES, hubApi, type HubPerson, type HubRole } from './api';
import { hubWords } from './words';

const w = hubWords.people;

export function PeoplePage({ me, onExpired }: { me: HubPerson; onExpired: () => void }) {
  const [people, setPeople] = useState<readonly HubPerson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [form, setForm] = useState({ login: '', name: '', role: 'ACCOUNTANT' as HubRole, password: '' });
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const r = await hubApi.people();
    if (r.ok) return setPeople(r.value.people);
    if (r.error.code === 'UNAUTHORIZED') return onExpired();
    setError(errorText(r.error));
  }, [onExpired]);
  useEffect(() => void load(), [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    const r = await hubApi.createPerson({ ...form, login: form.login.trim(), name: form.name.trim() });
    setBusy(false);
    if (!r.ok) return setError(errorText(r.error));
    setError(null);
    setNotice(w.created(r.value.name));
    setForm({ login: '', name: '', role: 'ACCOUNTANT', password: '' });
    await load();
  };
  const setActive = async (p: HubPerson, active: boolean) => {
    setNotice(null);
    const r = await hubApi.updatePerson(p.login, { active });
    if (!r.ok) return setError(errorText(r.error));
    setError(null);
    await load();
  };
  const field = (key: 'login' | 'name' | 'password') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  return (
    <section aria-labelledby="hub-people-title">
      <h1 id="hub-people-title" tabIndex={-1}>
        {w.title}
      </h1>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {!people ? (
        <p className="muted">{w.loading}</p>
      ) : (
        <table className="users">
          <thead>
            <tr>
              <th scope="col">{w.columns.login}</th>
              <th scope="col">{w.columns.name}</th>
              <th scope="col">{w.columns.role}</th>
              <th scope="col">{w.columns.active}</th>
              <th scope="col">{w.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {people.map((p) => (
              <tr key={p.login} className={p.active ? undefined : 'inactive'}>
                <td className="mono">{p.login}</td>
                <td>{p.name}</td>
                <td>{hubWords.roles[p.role]}</td>
                <td>{p.active ? w.active : w.inactive}</td>
                <td>
                  {p.login !== me.login &&
                    (p.active ? (
                      <button type="button" aria-label={w.deactivateLabel(p.name)} onClick={() => void setActive(p, false)}>
                        {w.deactivate}
                      </button>
                    ) : (
                      <button type="button" aria-label={w.activateLabel(p.name)} onClick={() => void setActive(p, true)}>
                        {w.activate}
                      </button>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="card user-form" onSubmit={(e) => void create(e)} aria-labelledby="hub-new-person">
        <h2 id="hub-new-person">{w.create}</h2>
        <div className="hub-form-row">
          <div className="field">
            <label htmlFor="p-login">{w.login}</label>
            <input id="p-login" autoComplete="off" required {...field('login')} />
          </div>
          <div className="field">
            <label htmlFor="p-name">{w.name}</label>
            <input id="p-name" autoComplete="off" required {...field('name')} />
          </div>
          <div className="field">
            <label htmlFor="p-role">{w.role}</label>
            <select id="p-role" value={form.role} onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as HubRole }))}>
              {HUB_ROLES.map((r) => (
                <option key={r} value={r}>
                  {hubWords.roles[r]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="p-password">{w.password}</label>
            <input id="p-password" type="password" autoComplete="new-password" required minLength={8} {...field('password')} />
          </div>
          <div className="hub-filter-actions">
            <button className="primary" type="submit" disabled={busy}>
              {w.save}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
