// The accountant's month at size: a station holding a month of `count` documents (real signed rows of every
// kind the books read, cloned over the month's days), then every file of `sello books` (7 annexes, both books as
// PDF and XLSX) and each part alone. The floor: reading the same rows and parsing their MH JSON, which any
// books must do at least once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { tsxWorkers } from '../main/cli/worker-entries';
import { createCore } from '../main/core/create-core';
import { ccfBody, crBody, fcBody, fexBody, fseBody } from '../test/fixtures/bodies';
import { packDocument, unpackDocument } from '../main/core/dte/packing/packed-document';
import { counterAlone, counterDuring, type CounterFeel } from './counter-pace';
import { peakGrowthWithChildrenMb } from './peak-memory';

export interface BooksFigures {
  readonly documents: number;
  readonly floorSeconds: number;
  readonly annexesSeconds: number;
  readonly consumerPdfSeconds: number;
  readonly contributorPdfSeconds: number;
  readonly contributorXlsxSeconds: number;
  readonly allFilesSeconds: number;
  readonly reportSeconds: number;
  /** Issue 35, goal 1: how far the process's resident memory rose above where it stood (MB, peak). */
  readonly monthPeakMb: number;
  readonly reportPeakMb: number;
  readonly allFilesPeakMb: number;
  /** The station's event loop while every file is made: what a POS request waiting behind it would feel. */
  readonly loopDelayMaxMs: number;
  readonly loopDelayP99Ms: number;
  /** Issue 35, goal 2: a POS at 5 documents a second on the same station, alone and while every file is made. */
  readonly counterAlone: CounterFeel;
  readonly counterDuringBooks: CounterFeel;
  /** The same POS while 1,000 letter PDFs are drawn one after another, as the e-mails draw them (decision 0045). */
  readonly counterDuringLetters: CounterFeel;
  readonly letters: number;
  readonly lettersSeconds: number;
}

const time = async (fn: () => unknown): Promise<number> => {
  const t = performance.now();
  await fn();
  return (performance.now() - t) / 1000;
};

export async function booksBench(count: number): Promise<BooksFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'sello-books-bench-'));
  const core = createCore({ dataDir: dir, sync: { manual: true }, backups: { everyMs: 0 } });
  try {
    let serial = 0;
    const id = () => `b0b00000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
    const issue = (kind: 'FC' | 'CCF' | 'FEX' | 'FSE' | 'CR', body: Record<string, unknown>) =>
      core.dtes.create(kind, { ...body, id: id(), generatedAt: undefined }, 'bench').record.id;
    // A month's mix as a shop sees it: mostly FC, some CCF, a few of the rest.
    const mix: ['FC' | 'CCF' | 'FEX' | 'FSE' | 'CR', number][] = [
      ['FC', 80],
      ['CCF', 15],
      ['FEX', 2],
      ['FSE', 2],
      ['CR', 1],
    ];
    const samples = mix.map(([kind, weight]) => ({
      kind,
      weight,
      id: issue(kind, { FC: fcBody, CCF: ccfBody, FEX: fexBody, FSE: fseBody, CR: crBody }[kind]('')),
    }));
    core.close();

    const db = new BetterSqlite3(join(dir, 'sello.db'));
    db.pragma('journal_mode = WAL');
    const rows = samples.map((s) => ({
      ...s,
      row: db.prepare('SELECT * FROM documents WHERE id = ?').get(s.id) as Record<string, unknown>,
    }));
    const columns = Object.keys(rows[0]!.row).filter((c) => c !== 'recipient_fold');
    const insert = db.prepare(`INSERT INTO documents (${columns.join(',')}) VALUES (${columns.map((c) => `@${c}`).join(',')})`);
    const month = new Date().toISOString().slice(0, 7);
    const totalWeight = mix.reduce((a, [, w]) => a + w, 0);
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const pick = i % totalWeight;
        let acc = 0;
        const s = rows.find((r) => (acc += r.weight) > pick)!;
        const day = `${month}-${String(1 + (i % 28)).padStart(2, '0')}`;
        // The samples keep their numbers (1 of each kind); the clones follow from 1,000,000, above every sale the
        // counter figures issue at this station (hundreds of them).
        const code = `B0B00000-0000-4000-9000-${String(i + 1).padStart(12, '0')}`;
        const texts = unpackDocument(s.row.packed as Buffer);
        const mh = JSON.parse(texts.mhJson ?? '{}') as { identificacion: Record<string, unknown> };
        const control = `${String(s.row.control_number).slice(0, 16)}${String(i + 1_000_000).padStart(15, '0')}`;
        mh.identificacion = { ...mh.identificacion, codigoGeneracion: code, numeroControl: control, fecEmi: day };
        insert.run({
          ...Object.fromEntries(columns.map((c) => [c, s.row[c]])),
          id: code.toLowerCase(),
          id_as_sent: code,
          control_number: control,
          issue_date: day,
          status: 'APPROVED',
          seal: `${month.slice(0, 4)}${String(i).padStart(36, '0')}`,
          // The clone's JWS would not match its changed JSON: the books read the JSON only.
          packed: packDocument({ mhJson: JSON.stringify(mh), jws: null, requestJson: texts.requestJson }),
        });
      }
    })();
    const floorSeconds = await time(() => {
      for (const r of db
        .prepare('SELECT packed FROM documents WHERE issue_date >= ? AND issue_date <= ?')
        .iterate(`${month}-01`, `${month}-31`))
        JSON.parse(unpackDocument((r as { packed: Buffer }).packed).mhJson ?? '{}');
    });
    db.close();

    // Opened as `sello serve` opens it: the month's books and the letter PDFs on worker threads (decision 0045).
    const reopened = createCore({
      dataDir: dir,
      sync: { manual: true },
      backups: { everyMs: 0 },
      // SELLO_BENCH_WORKERS=off: everything on the request thread, as before decision 0045, for the comparison.
      ...(process.env.SELLO_BENCH_WORKERS === 'off' ? {} : { workers: tsxWorkers() }),
    });
    try {
      const books = reopened.books;
      // The start's check of every document runs beside the station (off its thread, in this process): the figures
      // are taken once it is done, as on a station that has been open a while.
      await reopened.auditChecked();
      // The books' worker process starts at the first of these: its whole memory counts there (decision 0059).
      const monthPeakMb = await peakGrowthWithChildrenMb(() => books.month(month));
      const reportPeakMb = await peakGrowthWithChildrenMb(() => books.report({ from: `${month}-01`, to: `${month}-28` }));
      const allFilesPeakMb = await peakGrowthWithChildrenMb(() => books.writeAll(month, join(dir, 'out-peak')));
      const annexesSeconds = await time(() => books.month(month));
      const consumerPdfSeconds = await time(() => books.bookFile('consumidores', month, 'pdf'));
      const contributorPdfSeconds = await time(() => books.bookFile('contribuyentes', month, 'pdf'));
      const contributorXlsxSeconds = await time(() => books.bookFile('contribuyentes', month, 'xlsx'));
      const out = join(dir, 'out');
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const allFilesSeconds = await time(() => books.writeAll(month, out));
      loop.disable();
      const reportSeconds = await time(() => books.report({ from: `${month}-01`, to: `${month}-28` }));
      const sale = () => reopened.dtes.create('FC', { ...fcBody(id()), generatedAt: undefined }, 'bench');
      const alone = await counterAlone(sale);
      const during = await counterDuring(sale, (round) => books.writeAll(month, join(dir, `out-${round + 2}`)));
      // The e-mails' PDFs: what a delivery draws for each message, one message at a time. The SMTP conversation is
      // left out (it waits on a socket, not on this thread); the MIME around the PDF is a few hundred microseconds.
      const letterIds = Array.from(
        { length: Math.min(1000, count) },
        (_, i) => `b0b00000-0000-4000-9000-${String(i + 1).padStart(12, '0')}`,
      );
      const duringLetters = await counterDuring(sale, async () => {
        for (const letter of letterIds) {
          await reopened.dtes.letterPdf(letter);
          // A delivery waits on its SMTP socket between two messages: the event loop turns there.
          await new Promise((r) => setImmediate(r));
        }
      });
      const lettersSeconds = duringLetters.seconds[0]!;
      return {
        documents: count,
        floorSeconds,
        annexesSeconds,
        consumerPdfSeconds,
        contributorPdfSeconds,
        contributorXlsxSeconds,
        allFilesSeconds,
        reportSeconds,
        monthPeakMb,
        reportPeakMb,
        allFilesPeakMb,
        loopDelayMaxMs: loop.max / 1e6,
        loopDelayP99Ms: loop.percentile(99) / 1e6,
        counterAlone: alone,
        counterDuringBooks: during.feel,
        counterDuringLetters: duringLetters.feel,
        letters: letterIds.length,
        lettersSeconds,
      };
    } finally {
      reopened.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx bench/books.ts [count]`: this bench alone.
if (process.argv[1]?.endsWith('books.ts')) {
  const figures = await booksBench(Number(process.argv[2] ?? 100_000));
  console.log(figures);
}
