// Worker threads' entries when Sello runs from its TypeScript sources under tsx (`sello serve`, the e2e suite):
// each worker loads tsx itself. The desktop app names its bundled ones instead (scripts/build-shell.mjs).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerEntry } from '../books/books-in-worker';

export function tsxWorkers(): { readonly books: WorkerEntry } {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { books: { file: fileURLToPath(new URL('../books/books-worker.ts', import.meta.url)), execArgv: ['--import', tsx] } };
}
