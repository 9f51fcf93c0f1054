// An invalidation MH may hold that the station cannot confirm (docs/decisions/0024-event-answer-lost.md): what MH
// said, the document on MH's public lookup, and for a supervisor the two ways to settle it from what the lookup shows.
import { useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { Role } from '../../../shared/people';
import type { InvalidationDoubt } from '../../../shared/records';
import { errorText } from '../error-text';
import { may } from '../session/roles';
import { invalidationWords } from '../words/invalidation';

const words = invalidationWords.doubt;

export function InvalidationDoubtPanel({
  api,
  role,
  doubt,
  onDone,
}: {
  api: SelloApi;
  role: Role;
  doubt: InvalidationDoubt;
  onDone: (message: string) => void;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = async (outcome: 'INVALIDATED' | 'NOT_INVALIDATED') => {
    setBusy(true);
    const r = await api.settleInvalidation(doubt.invalidationId, { outcome, ...(note.trim() ? { note: note.trim() } : {}) });
    setBusy(false);
    if (!r.ok) return setError(errorText(r.error));
    onDone(outcome === 'INVALIDATED' ? words.confirmed : words.undone);
  };
  return (
    <section className="invalidation-doubt" role="alert" aria-labelledby="doubt-title" data-testid="invalidation-doubt">
      <h3 id="doubt-title">{words.title}</h3>
      <p>{doubt.instructions}</p>
      <p className="small">{words.mhSaid(doubt.reason)}</p>
      <p>
        <a href={doubt.lookupUrl} target="_blank" rel="noreferrer">
          {words.lookup}
        </a>
      </p>
      {may(role, 'invalidate') ? (
        <>
          <label>
            {words.note}
            <input value={note} maxLength={250} onChange={(e) => setNote(e.target.value)} />
          </label>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="button" className="primary" disabled={busy} onClick={() => void settle('INVALIDATED')}>
              {words.confirm}
            </button>
            <button type="button" disabled={busy} onClick={() => void settle('NOT_INVALIDATED')}>
              {words.notInvalidated}
            </button>
          </div>
        </>
      ) : (
        <p>{words.onlySupervisor}</p>
      )}
    </section>
  );
}
