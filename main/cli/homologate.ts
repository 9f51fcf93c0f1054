// `sello homologate`: MH's homologation test set from the command line, on the station of the data folder (the
// same run Ajustes → Homologación starts), with a progress bar and the time left on stderr. Interrupted, the
// same command goes on where it stopped; finished, it writes the report beside the station's data.
import { DTE_KINDS } from '../../shared/contract';
import type { HomologationRunView } from '../../shared/homologation';
import { CoreError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { CoreHost } from '../core/core-host';
import type { Core } from '../core/core-types';
import type { Output } from './maintenance';

export interface HomologateArgs {
  readonly kinds?: string;
  readonly normative?: string;
  readonly seed?: string;
  readonly paceMs?: string;
  /** Start another run although the last one finished (else its report is shown again). */
  readonly fresh?: boolean;
}

const BAR = 30;

/** The command's flag for each field of the run's request, so an error names what to type again. */
const FLAGS: Record<string, string> = { kinds: '--kinds', normative: '--normative', seed: '--seed', paceMs: '--pace-ms' };

/** One line of progress: the bar, the figures, the time left and what it does now. */
export function progressLine(run: HomologationRunView): string {
  const share = run.total ? run.done / run.total : 0;
  const filled = Math.round(share * BAR);
  const eta =
    run.etaSeconds === null ? 'calculando' : run.etaSeconds < 90 ? `${run.etaSeconds} s` : `${Math.round(run.etaSeconds / 60)} min`;
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${run.done}/${run.total} (${Math.floor(share * 100)} %) · quedan ${eta} · ${run.activity}`;
}

function startBody(a: HomologateArgs, inForce: string): Record<string, unknown> {
  const kinds = (a.kinds ?? DTE_KINDS.join(','))
    .split(',')
    .map((k) => k.trim().toUpperCase())
    .filter(Boolean);
  return {
    kinds,
    normative: a.normative ?? inForce,
    ...(a.seed !== undefined ? { seed: Number(a.seed) } : {}),
    ...(a.paceMs !== undefined ? { paceMs: Number(a.paceMs) } : {}),
  };
}

export async function homologateCommand(host: CoreHost, args: HomologateArgs, io: Output, logger: Logger, tty: boolean): Promise<number> {
  const core = host.current();
  const before = core.homologation.view();
  if (before.refused) {
    io.err(`sello homologate: ${before.refused}`);
    return 2;
  }
  const previous = before.run;
  if (previous && previous.status !== 'DONE' && previous.normative !== before.normative) {
    // The station file (or an administrator) set another normative since: the run cannot go on until it is back.
    io.err(
      `sello homologate: la corrida ${previous.id} es de la normativa ${previous.normative} y la estación emite con ${before.normative}. Vuelva a ${previous.normative} (mhNormative del archivo de la estación, o Ajustes → Normativa MH) y ejecute de nuevo.`,
    );
    return 2;
  }
  if (previous?.status === 'DONE' && !args.fresh) {
    io.err(`La última corrida (${previous.id}) ya terminó: su informe está abajo. Use --new para otra corrida.`);
    return printReport(core, previous, io);
  }
  if (previous && previous.status !== 'DONE') {
    io.err(`Continuando la corrida ${previous.id} (${previous.kinds.join(', ')}, semilla ${previous.seed}) donde quedó.`);
    core.homologation.resume();
  } else {
    try {
      const run = core.homologation.start(startBody(args, before.normative), 'cli:homologate').run;
      io.err(`Corrida ${run?.id} iniciada: ${run?.kinds.join(', ')}, normativa ${run?.normative}, semilla ${run?.seed}.`);
    } catch (e) {
      if (!(e instanceof CoreError)) throw e;
      const fields = (e.errors ?? []).map((f) => `${FLAGS[f.path.split('.')[0] ?? ''] ?? f.path}: ${f.message}`);
      io.err(`sello homologate: ${[e.message, ...fields].join('\n  ')}`);
      return 2;
    }
  }
  // The bar is redrawn in place on a terminal; elsewhere (a log file) a line when the figures change.
  let last = '';
  const draw = () => {
    const run = core.homologation.view().run;
    if (!run) return;
    const line = progressLine(run);
    if (tty) process.stderr.write(`\r${line.slice(0, (process.stderr.columns || 120) - 1).padEnd(last.length)}`);
    else if (line !== last) io.err(line);
    last = line;
  };
  const ticker = setInterval(draw, tty ? 250 : 2000);
  const outcome = await core.homologation.settled();
  clearInterval(ticker);
  draw();
  if (tty) process.stderr.write('\n');
  const run = core.homologation.view().run;
  if (outcome !== 'done' || !run) {
    logger.warn('homologation run stopped before the end');
    io.err('La corrida se detuvo antes de terminar: ejecute de nuevo `sello homologate` y sigue donde quedó.');
    return 1;
  }
  return printReport(core, run, io);
}

/** The run's figures on stdout, then where its report is kept (written now if it was not). */
async function printReport(core: Core, run: HomologationRunView, io: Output): Promise<number> {
  for (const l of run.lines)
    io.out(`${l.label}: ${l.sealed} sellados de ${l.required}${l.rejected ? ` (${l.rejected} rechazados y reemplazados)` : ''}`);
  const files = await core.homologation.keepReport(run.id);
  io.out(files.pdf);
  io.out(files.csv);
  return 0;
}
