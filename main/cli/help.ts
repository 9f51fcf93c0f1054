// `--help` (or `-h`) for every `sello` command, answered before the command runs anything, and one Spanish line for
// an option the command does not know (exit 2), instead of Node's parseArgs text (docs/decisions/0071-updates-help-and-quiet-starts.md).
import { HUB_HELP } from './hub-usage';
import type { Output } from './maintenance';

/** What each command is for, one line above its usage (the usage itself is main.ts's USAGE, one source). */
const PURPOSE: Readonly<Record<string, string>> = {
  serve: 'Atiende la estación: la API HTTP y la interfaz en el navegador.',
  'mh-sim': 'Un MH simulado, para probar puntos de venta sin el Ministerio de Hacienda.',
  backup: 'Copia la base de datos de la estación en DIR/backups.',
  restore: 'Vuelve a una copia de DIR/backups (la estación debe estar detenida).',
  audit: 'Comprueba que nadie alteró la cadena de auditoría de la estación.',
  books: 'Escribe los libros de IVA de un mes en una carpeta.',
  homologate: 'Corre el set de pruebas de homologación de MH sobre la estación.',
  hub: 'La central: recibe lo que envían las estaciones.',
};

const HELP_FLAGS: ReadonlySet<string> = new Set(['--help', '-h']);

/** Whether the arguments ask for help, wherever the flag is (`sello serve --demo --help` too). */
export const asksForHelp = (args: readonly string[]): boolean => args.some((a) => HELP_FLAGS.has(a));

/** The commands the usage names (`  sello NAME …` lines). */
export const commandsIn = (usage: string): string[] => [
  ...new Set([...usage.matchAll(/^ {2}sello (\S+)/gm)].map((m) => m[1]!).filter((c) => !c.startsWith('-'))),
];

/** The usage lines of `command`: its own lines and the indented ones that continue them. */
export function usageOf(command: string, usage: string): string {
  const out: string[] = [];
  let inside = false;
  for (const line of usage.split('\n')) {
    if (/^ {2}sello /.test(line)) inside = line.startsWith(`  sello ${command} `) || line === `  sello ${command}`;
    else if (!/^ {3,}/.test(line)) inside = false;
    if (inside) out.push(line);
  }
  return out.join('\n');
}

/** The help a command prints: what it is for, then its usage. */
export const commandHelp = (command: string, usage: string): string =>
  `${PURPOSE[command] ?? ''}\n\nuso:\n${usageOf(command, usage)}`.trimStart();

/** parseArgs's refusal as one Spanish line naming the option and pointing to `--help`; null for any other error. */
export function optionProblem(command: string, e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) return null;
  const message = e instanceof Error ? e.message : '';
  const named = /'([^' ]+)/.exec(message)?.[1] ?? '';
  const what =
    code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
      ? `la opción ${named} no existe`
      : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
        ? `sobra el argumento «${named}»`
        : message.includes('argument missing')
          ? `a la opción ${named} le falta su valor`
          : `la opción ${named} no lleva valor`;
  return `sello ${command}: ${what}. Vea las opciones con: sello ${command} --help`;
}

/**
 * Runs `sello ARGS` through `run`, answering help first: `sello --help` the whole usage, `sello CMD --help` the
 * command's, without running it (the hub prints its own, longer help); an unknown command or option: exit 2.
 */
export async function runWithHelp(
  argv: readonly string[],
  run: (argv: string[]) => Promise<number>,
  usage: string,
  io: Output,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || HELP_FLAGS.has(command) || command === 'help') {
    io.out(usage);
    return 0;
  }
  if (!commandsIn(usage).includes(command)) {
    io.err(`sello: la orden «${command}» no existe. Vea las órdenes con: sello --help`);
    return 2;
  }
  if (asksForHelp(rest)) {
    if (command === 'hub') {
      io.out(HUB_HELP);
      return 0;
    }
    io.out(commandHelp(command, usage));
    return 0;
  }
  try {
    return await run([...argv]);
  } catch (e) {
    const problem = optionProblem(command, e);
    if (problem === null) throw e;
    io.err(problem);
    return 2;
  }
}
