// An Evento de Retorno MH holds whose seal was lost (main/core/dte/retorno/return-doubt.ts): what MH said, its
// generation code to look up on MH's portal, and for a supervisor the two ways to settle it from what the portal shows.
import { useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { ReturnRecord } from '../../../shared/retorno';
import { textOf } from '../../../shared/text';
import { errorText } from '../error-text';
import { retornoWords } from '../words/retorno';

const words = retornoWords.doubt;

export function ReturnDoubtPanel({
  api,
  event: ev,
  maySettle,
  onDone,
}: {
  api: SelloApi;
  event: ReturnRecord;
  /** A supervisor or an administrator: the server refuses anyone else. */
  maySettle: boolean;
  onDone: (message: string) => void;
}) {
  const [seal, setSeal] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = async (outcome: 'RECEIVED' | 'NOT_RECEIVED') => {
    setBusy(true);
    const r = await api.settleReturn(ev.id, {
      outcome,
      ...(outcome === 'RECEIVED' ? { seal: seal.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    setBusy(false);
    if (!r.ok) return setError(errorText(r.error));
    onDone(outcome === 'RECEIVED' ? words.confirmed : words.undone);
  };
  const said = ev.mhResponse ? `${textOf(ev.mhResponse.codigoMsg)} ${textOf(ev.mhResponse.descripcionMsg)}`.trim() : '';
  return (
    <section className="invalidation-doubt" role="alert" aria-label={words.title} data-testid={`return-doubt-${ev.id}`}>
      <h4>{words.title}</h4>
      <p>{words.instructions}</p>
      <p className="small">
        {words.code}: <span className="mono">{ev.id.toUpperCase()}</span>
      </p>
      {said && <p className="small">{words.mhSaid(said)}</p>}
      {maySettle ? (
        <>
          <div className="field">
            <label htmlFor={`return-seal-${ev.id}`}>{words.seal}</label>
            <input
              id={`return-seal-${ev.id}`}
              value={seal}
              maxLength={40}
              autoComplete="off"
              onChange={(e) => {
                setError(null);
                setSeal(e.target.value);
              }}
            />
            <span className="hint">{words.sealHint}</span>
          </div>
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
            <button type="button" className="primary" disabled={busy} onClick={() => void settle('RECEIVED')}>
              {words.confirm}
            </button>
            <button type="button" disabled={busy} onClick={() => void settle('NOT_RECEIVED')}>
              {words.notReceived}
            </button>
          </div>
        </>
      ) : (
        <p>{words.onlySupervisor}</p>
      )}
    </section>
  );
}
