// Ajustes → Homologación: what MH answered to each rejected test document or event, with its observations, the
// latest first; the report's CSV keeps them all.
import { EVENT_NAMES, KIND_NAMES, type HomologationRejection } from '../../../shared/homologation';
import { localTime } from '../local-time';
import { homologationWords as W } from '../words/homologation';

/** Enough to see a pattern at 1366×768 without burying the report's buttons below. */
const SHOWN = 20;

const labelOf = (key: HomologationRejection['key']): string =>
  key in KIND_NAMES ? KIND_NAMES[key as keyof typeof KIND_NAMES] : EVENT_NAMES[key as keyof typeof EVENT_NAMES];

export function HomologationRejections({ rejections }: { rejections: readonly HomologationRejection[] }) {
  const latest = [...rejections].reverse().slice(0, SHOWN);
  return (
    <section aria-labelledby="homologation-rejections-title" data-testid="homologation-rejections">
      <h4 id="homologation-rejections-title">
        {W.rejections} ({rejections.length})
      </h4>
      {rejections.length === 0 ? (
        <p className="muted">{W.noRejections}</p>
      ) : (
        <>
          <p className="hint">{W.rejectionsIntro}</p>
          <ul className="homologation-rejections">
            {latest.map((r) => (
              <li key={`${r.id}-${r.at}`}>
                <span className="muted">
                  {localTime(r.at)} · {labelOf(r.key)} · <code>{r.controlNumber ?? r.id}</code>
                </span>
                <strong className="reason">{r.message}</strong>
                {r.observations.length > 0 && (
                  <ul aria-label={W.observations}>
                    {r.observations.map((o, i) => (
                      <li key={i}>{o}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {rejections.length > SHOWN && <p className="hint">{W.moreRejections(rejections.length - SHOWN)}</p>}
        </>
      )}
    </section>
  );
}
