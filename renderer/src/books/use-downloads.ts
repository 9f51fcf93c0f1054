// The section's downloads: which one is running (its button says "Preparando…"), and what the last one came to,
// said in words: the file saved, or why it was not and what to do.
import { useState } from 'react';
import type { BookFile } from '../../../shared/books';
import type { Result } from '../../../shared/errors';
import { errorText } from '../error-text';
import { booksWords } from '../words/books';
import { saveBookFile } from './files';

const W = booksWords;

export interface Outcome {
  readonly text: string;
  readonly failed: boolean;
}

export function useDownloads() {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  /** Fetches a file and saves it; `what` names it in an error ("A1_202611_M001P001.CSV", "el libro en PDF"). */
  const run = async (key: string, what: string, get: () => Promise<Result<BookFile>>): Promise<void> => {
    if (busy) return;
    setBusy(key);
    setOutcome(null);
    const r = await get();
    setBusy(null);
    if (!r.ok) return setOutcome({ text: W.failed(what, errorText(r.error)), failed: true });
    saveBookFile(r.value);
    setOutcome({ text: W.saved(r.value.fileName), failed: false });
  };

  /** Several steps as one download (the annexes' ZIP): `work` reports its own outcome. */
  const runMany = async (key: string, work: () => Promise<Outcome>): Promise<void> => {
    if (busy) return;
    setBusy(key);
    setOutcome(null);
    const o = await work();
    setBusy(null);
    setOutcome(o);
  };

  return { busy, outcome, run, runMany };
}
