// The NR's destination (docs/decisions/0084-emitir-new-kinds.md): one of the company's establishments, picked from
// the list a supervisor keeps (GET /settings/branches), this station's own left out; stored whole, as the body
// carries it. A supervisor edits the list right here, without leaving the form.
import { useEffect, useState } from 'react';
import type { CompanyBranch } from '../../../shared/branches';
import type { SelloApi } from '../../../shared/api';
import { branchWords as words } from '../words/branches';
import { addressText } from './branch-text';
import { BranchesEditor } from './BranchesEditor';
import { ErrorText, pathId, type EngineProps } from './FormEngine';
import type { Field } from './spec';
import { getAt } from './values';

type Path = readonly (string | number)[];

interface Known {
  readonly branches: readonly CompanyBranch[];
  /** This station's establishment: goods do not travel to where they are. */
  readonly own: string | null;
  readonly mayEdit: boolean;
}

function useBranches(api: SelloApi | undefined): [Known | null, () => void, string | null] {
  const [known, setKnown] = useState<Known | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!api) return undefined;
    let live = true;
    void Promise.all([api.companyBranches(), api.stationInfo(), api.session()]).then(([list, station, session]) => {
      if (!live) return;
      if (!list.ok) return setFailed(words.loadFailed);
      const role = session.ok ? session.value.user.role : 'CASHIER';
      setKnown({
        branches: list.value.branches,
        own: station.ok ? station.value.branch.mhCode : null,
        mayEdit: role === 'SUPERVISOR' || role === 'ADMIN',
      });
    });
    return () => {
      live = false;
    };
  }, [api, round]);
  return [known, () => setRound((r) => r + 1), failed];
}

export function BranchField({ f, path, props }: { f: Extract<Field, { type: 'branch' }>; path: Path; props: EngineProps }) {
  const id = pathId(path);
  const [known, reload, failed] = useBranches(props.api);
  const [editing, setEditing] = useState(false);
  const picked = getAt(props.value, path) as CompanyBranch | undefined;
  const shown = (known?.branches ?? []).filter((b) => b.code !== known?.own);
  return (
    <div className="field wide branch-field">
      <label htmlFor={id}>{f.label}</label>
      <select
        id={id}
        value={picked?.code ?? ''}
        onChange={(e) =>
          props.onChange(
            path,
            shown.find((b) => b.code === e.target.value),
          )
        }
        aria-describedby={`${id}-hint`}
      >
        <option value="">{words.none}</option>
        {shown.map((b) => (
          <option key={b.code} value={b.code}>
            {b.code} · {b.name}
          </option>
        ))}
        {/* A destination picked before the list changed stays shown as it is sent. */}
        {picked && !shown.some((b) => b.code === picked.code) && (
          <option value={picked.code}>
            {picked.code} · {picked.name}
          </option>
        )}
      </select>
      <span className="hint" id={`${id}-hint`}>
        {picked ? words.goesTo(addressText(picked.address)) : f.hint}
      </span>
      {known && shown.length === 0 && <p className="muted">{words.empty}</p>}
      {failed && <p className="error">{failed}</p>}
      {known?.mayEdit && !editing && (
        <button type="button" className="link" onClick={() => setEditing(true)}>
          {words.edit}
        </button>
      )}
      {editing && props.api && known && (
        <BranchesEditor
          api={props.api}
          branches={known.branches}
          onDone={(saved) => {
            setEditing(false);
            if (saved) reload();
          }}
        />
      )}
      <ErrorText path={path} props={props} />
    </div>
  );
}
