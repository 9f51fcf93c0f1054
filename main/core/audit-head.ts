// The audit chain's head kept outside the data folder, beside the station's key (docs/decisions/0034-keyed-
// audit-chain.md): deleting the last entries of the log leaves the file naming an entry that is gone. It also
// keeps what a check found, so a break stays on the banner after the chain is written on top of it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ChainFinding } from './audit-findings';
import { configFolder, dataDirId, explicitSecretFile } from './station/secret-key';

/** One entry of the chain, named by its place and hash. */
export interface HeadMark {
  readonly seq: number;
  readonly hash: string;
}

export interface ChainHead {
  readonly seq: number;
  readonly hash: string;
  /** Breaks found and not yet settled by restoring an intact copy (at most MAX_FINDINGS, oldest first). */
  readonly findings: readonly ChainFinding[];
  /**
   * The heads of the databases `sello restore` set aside (docs/decisions/0069-restores-and-replaced-files.md): branches
   * Sello itself made, so putting one back is an undo, not a rewrite (at most MAX_FINDINGS, oldest first).
   */
  readonly setAside?: readonly HeadMark[] | undefined;
  /** A restore under way: the last entry of the copy about to take the database's place (null once it is settled). */
  readonly restoring?: HeadMark | null | undefined;
}

const MAX_FINDINGS = 20;

const isMark = (v: unknown): v is HeadMark =>
  typeof v === 'object' && v !== null && typeof (v as HeadMark).seq === 'number' && typeof (v as HeadMark).hash === 'string';

/** Beside the key file when one is named (`--secret-file`, SELLO_SECRET_FILE), else the configuration folder. */
export function auditHeadFile(dataDir: string, o: { dir?: string | undefined; env?: NodeJS.ProcessEnv } = {}): string {
  const explicit = explicitSecretFile({ env: o.env ?? process.env });
  const dir = o.dir ?? (explicit ? dirname(explicit) : configFolder({ env: o.env ?? process.env }));
  return join(dir, `audit-head-${dataDirId(dataDir)}.json`);
}

/** The head as written last; null when there is none (a first start, or a station moved here). */
export function readHead(file: string): ChainHead | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const v = JSON.parse(text) as Partial<ChainHead>;
    if (typeof v.seq !== 'number' || typeof v.hash !== 'string') return null;
    return {
      seq: v.seq,
      hash: v.hash,
      findings: Array.isArray(v.findings) ? v.findings : [],
      setAside: Array.isArray(v.setAside) ? v.setAside.filter(isMark) : [],
      restoring: isMark(v.restoring) ? v.restoring : null,
    };
  } catch {
    return null;
  }
}

/** Written aside and renamed into place (0600): a crash never leaves half a head. */
export function writeHead(file: string, head: ChainHead): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  const findings = head.findings.slice(-MAX_FINDINGS);
  const setAside = (head.setAside ?? []).slice(-MAX_FINDINGS);
  const restoring = head.restoring ?? null;
  writeFileSync(tmp, JSON.stringify({ seq: head.seq, hash: head.hash, findings, setAside, restoring }), { mode: 0o600 });
  renameSync(tmp, file);
}
