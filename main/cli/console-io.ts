// Where `sello` commands write their lines: the process's stdout and stderr (light: main.ts loads it before the commands).
import type { Output } from './maintenance';

export const consoleIo: Output = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };
