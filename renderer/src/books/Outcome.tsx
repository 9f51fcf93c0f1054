// What a download came to: a status line for a saved file, an alert for one that failed.
import type { Outcome } from './use-downloads';

export function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      <p className="books-outcome ok" role="status">
        {outcome && !outcome.failed ? outcome.text : ''}
      </p>
      {outcome?.failed && (
        <p className="books-outcome error" role="alert">
          {outcome.text}
        </p>
      )}
    </>
  );
}
