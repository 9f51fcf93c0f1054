// The homologation room (docs/decisions/0017-homologation.md): starts a run, shows it, resumes it after a stop,
// and makes its report. One run at a time per station, and only in MH's TEST environment.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BookFile } from '../../../shared/books';
import { validateBody } from '../../../shared/contract';
import {
  EVENT_MINIMUM,
  EVENT_NAMES,
  HOMOLOGATION_MINIMUMS,
  KIND_NAMES,
  eventsFor,
  homologationStartBody,
  type HomologationLine,
  type HomologationRunView,
  type HomologationView,
} from '../../../shared/homologation';
import { normativeAt, type Normative } from '../../../shared/normative';
import type { DteKind } from '../../../shared/contract';
import { serializerFor } from '../dte/mh/serializers';
import { audit } from '../audit';
import { isoLocal } from '../clock';
import { CoreError, validationFailed } from '../errors';
import type { NormativeService } from '../station/normative-service';
import { eventCounts, kindCounts } from './plan';
import { buildReport, rejectionsOf } from './report';
import { reportCsv } from './report-csv';
import { reportPdf } from './report-pdf';
import { runHomologation, type RunnerDeps } from './runner';
import { homologationRepo, type RunRow } from './runs-repo';

export interface HomologationDeps extends RunnerDeps {
  readonly dataDir: string;
  readonly normative: Pick<NormativeService, 'set'>;
  /** A 31-bit seed when the request names none. */
  readonly randomSeed: () => number;
}

export interface Homologation {
  view(): HomologationView;
  /** ADMIN: a new run (`{kinds, normative, seed?, paceMs?}`); the station moves to that normative if needed. */
  start(input: unknown, actor: string): HomologationView;
  /** Goes on with the unfinished run, if any, in this process (at start, or from Ajustes). */
  resume(): HomologationView;
  /** Resolves when this process's run stops (done, or the core closing); at once when none runs. */
  settled(): Promise<'done' | 'stopped' | null>;
  report(runId: string, format: 'pdf' | 'csv'): Promise<BookFile>;
  /** The finished run's report beside the station's data (written now if a stop came before): its two files. */
  keepReport(runId: string): Promise<{ readonly pdf: string; readonly csv: string }>;
  stop(): void;
}

/**
 * The five contingency events need documents that may go in one (MF2 §VIII: not the CL, DCL or CD, nor the legacy
 * CR; notes only with a sealed CCF, which the run adds itself): why the choice has none, or null.
 */
function withoutContingency(normative: Normative, kinds: readonly DteKind[]): string | null {
  if (kinds.some((k) => k !== 'NC' && k !== 'ND' && serializerFor(normative, k).contingency)) return null;
  return 'Ninguno de estos tipos se emite en contingencia, y la homologación pide cinco eventos de contingencia: agregue uno que sí (FE, CCF, NR, FEX, FSE; el CR con la normativa 2026).';
}

/** Where a finished run's report is kept, beside the station's data. */
export const reportDir = (dataDir: string, runId: string) => join(dataDir, 'homologation', runId);

export function homologationService(d: HomologationDeps): Homologation {
  const repo = homologationRepo(d.store);
  let active: { runId: string; promise: Promise<'done' | 'stopped'> } | null = null;
  let stopping = false;
  let shown = { activity: '', waiting: false };
  /** The pace seen since this process took the run: units done at a time. */
  let pace: { at: number; done: number } | null = null;

  function refused(): string | null {
    const s = d.station();
    if (s.environment !== 'TEST')
      return 'Esta estación emite en producción (LIVE): las pruebas de homologación se hacen con una estación del ambiente de pruebas de MH, en otra carpeta de datos.';
    if (!d.signingKey()) return 'La estación no tiene certificado de firma de MH: impórtelo en Ajustes antes de las pruebas.';
    return null;
  }

  function runView(run: RunRow): HomologationRunView {
    const documents = repo.documents(run.id);
    const events = repo.events(run.id);
    const lines: HomologationLine[] = [
      ...run.kinds.map((kind) => ({
        key: kind,
        label: KIND_NAMES[kind],
        required: HOMOLOGATION_MINIMUMS[kind],
        ...kindCounts(documents, kind),
      })),
      ...eventsFor(run.normative, run.kinds).map((event) => ({
        key: event,
        label: EVENT_NAMES[event],
        required: EVENT_MINIMUM,
        ...eventCounts(events, event),
      })),
    ];
    const total = lines.reduce((n, l) => n + l.required, 0);
    const done = lines.reduce((n, l) => n + Math.min(l.sealed, l.required), 0);
    const now = d.clock.now().getTime();
    if (active?.runId === run.id && (!pace || done < pace.done)) pace = { at: now, done };
    const perUnit = pace && done - pace.done >= 3 ? (now - pace.at) / (done - pace.done) : null;
    const running = active?.runId === run.id;
    return {
      id: run.id,
      seed: run.seed,
      normative: run.normative,
      kinds: run.kinds,
      paceMs: run.paceMs,
      status: run.status === 'done' ? 'DONE' : !running ? 'STOPPED' : shown.waiting ? 'WAITING' : 'RUNNING',
      activity:
        run.status === 'done'
          ? 'Todas las pruebas mínimas tienen sello de MH.'
          : running
            ? shown.activity || 'Preparando'
            : 'Sigue donde quedó al pulsar Continuar (o al iniciar Sello).',
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      startedBy: run.startedBy,
      lines,
      done,
      total,
      etaSeconds: run.status === 'done' ? 0 : perUnit === null ? null : Math.round((perUnit * (total - done)) / 1000),
      rejections: rejectionsOf(documents, events),
    };
  }

  async function keepReport(runId: string): Promise<{ pdf: string; csv: string }> {
    const run = repo.byId(runId);
    if (!run) throw new CoreError('NOT_FOUND', 'No hay una corrida de homologación con ese id.');
    const dir = reportDir(d.dataDir, run.id);
    const files = { pdf: join(dir, 'informe-homologacion.pdf'), csv: join(dir, 'informe-homologacion.csv') };
    if (existsSync(files.pdf) && existsSync(files.csv)) return files;
    const report = buildReport(d.store, run, d.station(), d.clock.now());
    mkdirSync(dir, { recursive: true });
    writeFileSync(files.csv, reportCsv(report));
    writeFileSync(files.pdf, await reportPdf(report));
    return files;
  }

  function kick(run: RunRow): void {
    if (active || stopping) return;
    pace = null;
    const promise = runHomologation(run, d, {
      stopped: () => stopping,
      show: (activity, waiting) => {
        shown = { activity, waiting };
      },
    })
      .then(async (outcome) => {
        if (outcome === 'done') await keepReport(run.id);
        return outcome;
      })
      .catch((e: unknown) => {
        // The core closed under it (the store is gone): a stop, not a failure.
        if (stopping) return 'stopped' as const;
        // A bug, not MH: logged, and the run waits for Continuar (or the next start) rather than spinning.
        d.logger.error('homologation run failed', { error: e instanceof Error ? e.message : String(e) });
        return 'stopped' as const;
      })
      .finally(() => {
        active = null;
      });
    active = { runId: run.id, promise };
  }

  const view = (): HomologationView => {
    const run = repo.running() ?? repo.latest();
    return {
      run: run ? runView(run) : null,
      refused: refused(),
      environment: d.station().environment === 'LIVE' ? 'LIVE' : 'TEST',
      normative: normativeAt(d.station().mhNormative, d.clock.now()),
    };
  };

  return {
    view,
    start(input, actor) {
      const parsed = validateBody(homologationStartBody, input, 'reject');
      if (!parsed.ok) throw validationFailed(parsed.errors);
      const noContingency = withoutContingency(parsed.value.normative, parsed.value.kinds);
      if (noContingency) throw validationFailed([{ path: 'kinds', code: 'NOT_ALLOWED', message: noContingency }]);
      const why = refused();
      if (why) throw new CoreError('STATION_CONFLICT', why);
      if (repo.running())
        throw new CoreError('STATION_CONFLICT', 'Ya hay una corrida de homologación sin terminar: continúe esa (o espere a que termine).');
      const body = parsed.value;
      const now = d.clock.now();
      if (normativeAt(d.station().mhNormative, now) !== body.normative) d.normative.set({ current: body.normative, switchAt: null }, actor);
      const run: RunRow = {
        id: d.newId(),
        normative: body.normative,
        kinds: body.kinds,
        seed: body.seed ?? d.randomSeed(),
        paceMs: body.paceMs ?? 1000,
        status: 'running',
        startedBy: actor,
        startedAt: isoLocal(now),
        finishedAt: null,
      };
      d.store.tx(() => {
        repo.insertRun(run);
        audit(d.store, run.startedAt, actor, 'homologation.started', run.id, {
          kinds: run.kinds,
          normative: run.normative,
          seed: run.seed,
        });
      });
      kick(run);
      return view();
    },
    resume() {
      const run = repo.running();
      if (run && !refused()) kick(run);
      // A stop between the run's end and its report: the report is written now.
      const last = repo.latest();
      if (!run && last?.status === 'done')
        keepReport(last.id).catch((e: unknown) => d.logger.error('homologation report not kept', { error: String(e) }));
      return view();
    },
    keepReport,
    settled: () => (active ? active.promise : Promise.resolve(null)),
    async report(runId, format) {
      const run = repo.byId(runId);
      if (!run) throw new CoreError('NOT_FOUND', 'No hay una corrida de homologación con ese id.');
      const report = buildReport(d.store, run, d.station(), d.clock.now());
      const name = `informe-homologacion-${run.startedAt.slice(0, 10)}`;
      if (format === 'csv')
        return {
          fileName: `${name}.csv`,
          mediaType: 'text/csv; charset=utf-8',
          base64: Buffer.from(reportCsv(report), 'utf8').toString('base64'),
        };
      return { fileName: `${name}.pdf`, mediaType: 'application/pdf', base64: (await reportPdf(report)).toString('base64') };
    },
    stop() {
      stopping = true;
    },
  };
}
