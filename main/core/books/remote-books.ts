// The books whose month is read elsewhere, on a worker thread (the station's books-in-worker.ts, the hub's
// main/hub/books-in-worker.ts): each call that reads the month goes through `remote`; the settings stay here.
import { downloadAt, type BookDownload } from './book-file';
import type { Books } from './books-service';
import type { RemoteCall } from './books-worker-calls';

export type Remote = (call: RemoteCall, args: readonly unknown[], progress?: (step: string, done: number) => void) => Promise<unknown>;

export function remoteBooks(remote: Remote, settings: Pick<Books, 'settings' | 'setSettings'>): Books {
  return {
    settings: settings.settings,
    setSettings: settings.setSettings,
    month: (month) => remote('month', [month]) as ReturnType<Books['month']>,
    annexFile: (annex, month) => remote('annexFile', [annex, month]) as ReturnType<Books['annexFile']>,
    bookFile: (book, month, format) => remote('bookFile', [book, month, format]) as ReturnType<Books['bookFile']>,
    async bookDownload(book, month, format) {
      const d = (await remote('bookDownload', [book, month, format])) as BookDownload | Omit<BookDownload, 'remove'>;
      // Made on this thread (no worker), it already carries its removal.
      return 'remove' in d ? d : downloadAt(d);
    },
    report: (query) => remote('report', [query]) as ReturnType<Books['report']>,
    writeAll: (month, dir, progress) => remote('writeAll', [month, dir], progress) as ReturnType<Books['writeAll']>,
  };
}
