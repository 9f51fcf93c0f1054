// Above a form that corrects a rejected document: which one, that a new document will be issued, and what MH
// said that names no field of the form (the rest is shown beside its fields).
import { es } from '../strings';
import { fromDocumentWords } from '../words/documents';
import type { Correcting } from './from-document';

const words = fromDocumentWords.correct;

export function CorrectionNotice({ correcting }: { correcting: Correcting }) {
  return (
    <div className="correction" role="note" aria-labelledby="correction-title">
      <h2 id="correction-title">{words.title(es.kinds[correcting.kind], correcting.controlNumber)}</h2>
      <p>{words.intro}</p>
      {correcting.summary && (
        <p>
          {words.mhSaid}: <strong data-testid="mh-summary">{correcting.summary}</strong>
        </p>
      )}
      {correcting.general.length > 0 && (
        <ul aria-label={words.general}>
          {correcting.general.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
