#!/usr/bin/env node
// `sello` command line. Help is answered from the usage alone; the commands (and the whole core they import) load
// only to run one, so `sello CMD --help` answers at once (issue 54).
import { runWithHelp } from './help';
import { USAGE } from './usage';
import { consoleIo as io } from './console-io';

runWithHelp(process.argv.slice(2), async (argv) => (await import('./commands')).main(argv), USAGE, io).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`sello: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
