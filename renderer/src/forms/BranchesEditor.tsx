// The company's establishments as a supervisor keeps them (PUT /settings/branches): the list drawn by the form
// engine, validated as typed with the schema the core checks with, saved whole.
import { useMemo, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import { companyBranchesInput, type CompanyBranch } from '../../../shared/branches';
import { validate, type FieldError } from '../../../shared/contract';
import { branchWords as words } from '../words/branches';
import { Fields } from './FormEngine';
import type { Field } from './spec';
import { fieldsBody, setAt, type Value } from './values';

const FIELDS: readonly Field[] = [
  {
    type: 'list',
    key: 'branches',
    label: words.list,
    addLabel: words.add,
    min: 0,
    item: [
      { type: 'text', key: 'code', label: words.code },
      { type: 'text', key: 'name', label: words.name },
      { type: 'address', key: 'address', label: words.address },
    ],
  },
];

export function BranchesEditor({
  api,
  branches,
  onDone,
}: {
  api: SelloApi;
  branches: readonly CompanyBranch[];
  /** `saved`: the list changed, read it again. */
  onDone: (saved: boolean) => void;
}) {
  const [value, setValue] = useState<Value>(() => ({ branches: branches.map((b) => ({ ...b, address: { ...b.address } })) }));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const body = useMemo(() => ({ branches: [], ...fieldsBody(FIELDS, value) }), [value]);
  const local = useMemo(() => validate(companyBranchesInput, body), [body]);
  const errors = serverErrors.length ? serverErrors : local.ok ? [] : local.errors;
  const save = async () => {
    setTouched(true);
    if (!local.ok) return;
    const r = await api.setCompanyBranches(body);
    if (r.ok) {
      setMessage(words.saved);
      onDone(true);
    } else {
      setServerErrors(r.error.errors ?? []);
      setMessage(r.error.detail ?? r.error.title);
    }
  };
  return (
    <fieldset className="group branches-editor">
      <legend>{words.editorTitle}</legend>
      <p className="hint">{words.editorHint}</p>
      <Fields
        fields={FIELDS}
        path={[]}
        props={{
          value,
          errors,
          showErrors: touched || serverErrors.length > 0,
          onChange: (path, v) => {
            setServerErrors([]);
            setValue((cur) => setAt(cur, path, v) as Value);
          },
        }}
        stacked
      />
      {message && <p role="status">{message}</p>}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void save()}>
          {words.save}
        </button>
        <button type="button" onClick={() => onDone(false)}>
          {words.cancel}
        </button>
      </div>
    </fieldset>
  );
}
