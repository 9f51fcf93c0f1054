// The note forms' document fields: the related document found by search (DocumentPicker), never typed as a
// UUID, and each line's adjusted document chosen among the related ones, named by control number.
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import { sameDteId, type DteRecord, type DteStatus } from '../../../shared/records';
import { textOf } from '../../../shared/text';
import { DocumentPicker } from '../documents/DocumentPicker';
import { fromDocumentWords } from '../words/documents';
import { ErrorText, pathId, type EngineProps } from './FormEngine';
import type { Field } from './spec';
import { getAt } from './values';

const words = fromDocumentWords;

/** A note adjusts a document MH approved or that is still on its way (decision 0001, item 7). */
const ADJUSTABLE: readonly DteStatus[] = ['CREATED', 'PROCESSING', 'APPROVED'];

type Path = readonly (string | number)[];

/** The records of these ids, each read once, by lower-case id. */
function useRecords(api: SelloApi | null, ids: readonly string[]): ReadonlyMap<string, DteRecord> {
  const [records, setRecords] = useState<ReadonlyMap<string, DteRecord>>(new Map());
  const key = ids.map((i) => i.toLowerCase()).join(',');
  useEffect(() => {
    if (!api) return undefined;
    let live = true;
    for (const id of key.split(',').filter((i) => i !== '' && !records.has(i))) {
      void api.getDte(id).then((r) => {
        if (live && r.ok) setRecords((cur) => new Map(cur).set(id, r.value));
      });
    }
    return () => {
      live = false;
    };
    // The ids count by their content (key); records only grow, so reading them here needs no new run.
  }, [api, key]);
  return records;
}

export function DocumentField({ f, path, props }: { f: Extract<Field, { type: 'document' }>; path: Path; props: EngineProps }) {
  const api = props.api ?? null;
  const id = textOf(getAt(props.value, path)).trim();
  const records = useRecords(api, id ? [id] : []);
  const picked = records.get(id.toLowerCase()) ?? null;
  const clear = () => props.onChange(path, undefined);
  return (
    <div className="field wide">
      {id && !picked ? (
        // Until its record is read (or when this station cannot read it), the document is named by its code.
        <div className="document-picker" role="group" aria-label={f.label}>
          <span className="picked">
            {f.label}: <strong className="mono">{id.toUpperCase()}</strong>
          </span>
          <button type="button" className="link" onClick={clear}>
            {words.picker.clear}
          </button>
        </div>
      ) : (
        api && (
          <DocumentPicker
            api={api}
            label={f.label}
            kinds={f.kinds}
            statuses={ADJUSTABLE}
            picked={picked}
            onPick={(d) => props.onChange(path, d?.id)}
            inputId={pathId(path)}
          />
        )
      )}
      <ErrorText path={path} props={props} />
    </div>
  );
}

export function RelatedDocumentField({
  f,
  path,
  props,
}: {
  f: Extract<Field, { type: 'relatedDocument' }>;
  path: Path;
  props: EngineProps;
}) {
  const api = props.api ?? null;
  const among = getAt(props.value, [f.among]);
  const ids = [...new Set((Array.isArray(among) ? among : []).map((d) => textOf(getAt(d, ['id'])).trim()).filter((i) => i !== ''))];
  const records = useRecords(api, ids);
  const value = textOf(getAt(props.value, path));
  const chosen = ids.find((i) => sameDteId(i, value)) ?? value;
  const only = ids.length === 1 ? ids[0] : undefined;
  // A note on one document: every line adjusts that one, without asking.
  useEffect(() => {
    if (only && value === '') props.onChange(path, only);
    // Runs when the only candidate or the value changes; props and path are new each render.
  }, [only, value]);
  const id = pathId(path);
  return (
    <div className="field">
      <label htmlFor={id}>{f.label}</label>
      <select id={id} value={chosen} onChange={(e) => props.onChange(path, e.target.value || undefined)}>
        {!ids.includes(chosen) && (
          <option value={chosen}>{chosen ? chosen.toUpperCase() : ids.length ? '—' : words.fields.pickRelatedFirst}</option>
        )}
        {ids.map((i) => (
          <option key={i} value={i}>
            {records.get(i.toLowerCase())?.controlNumber ?? i.toUpperCase()}
          </option>
        ))}
      </select>
      <ErrorText path={path} props={props} />
    </div>
  );
}
