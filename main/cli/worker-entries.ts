// Worker threads' entries when Sello runs from its TypeScript sources under tsx (`sello serve`, the e2e suite):
// each worker loads tsx itself. The desktop app names its bundled ones instead (scripts/build-shell.mjs).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerEntry } from '../core/workers/wire';

export function tsxWorkers(): { readonly books: WorkerEntry; readonly pdf: WorkerEntry; readonly hubBooks: WorkerEntry } {
  const execArgv = ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
  const entry = (path: string): WorkerEntry => ({ file: fileURLToPath(new URL(path, import.meta.url)), execArgv });
  return {
    books: entry('../core/books/books-worker.ts'),
    pdf: entry('../core/render/pdf-worker.ts'),
    hubBooks: entry('../hub/books-worker.ts'),
  };
}
