// The version floor: whoever controls the feed may offer any build the publisher ever signed, so an update is taken
// only when newer than the running app and no older than the highest version this station has seen, remembered in
// a file in its own folder (userData) so that a restart does not forget it (docs/decisions/0071-updates-help-and-quiet-starts.md).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

interface Version {
  readonly core: readonly [number, number, number];
  readonly pre: readonly string[];
}

/** MAJOR.MINOR.PATCH[-prerelease][+build], as electron-builder writes it into the feed's manifest. */
const VERSION = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/;

function parse(v: string): Version | null {
  const m = VERSION.exec(v);
  if (!m) return null;
  return { core: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ? m[4].split('.') : [] };
}

/** Whether `v` is a version this module can compare; anything else is refused, never guessed. */
export const isVersion = (v: string): boolean => parse(v) !== null;

/** Semantic-version order (a prerelease before its release; build metadata ignored); null when either is no version. */
export function compareVersions(a: string, b: string): number | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! < y.core[i]! ? -1 : 1;
  if (x.pre.length === 0 || y.pre.length === 0) return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i]!;
    const q = y.pre[i]!;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Number(p) < Number(q) ? -1 : 1;
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return Math.sign(x.pre.length - y.pre.length);
}

/** The higher of two versions (the first when they cannot be compared). */
const higher = (a: string, b: string): string => ((compareVersions(b, a) ?? 0) > 0 ? b : a);

export interface UpdateFloor {
  /** The highest version seen, never lower than the running one. */
  current(): string;
  /** Remembers `version` if it is higher than the floor. */
  raise(version: string): void;
}

/** The floor kept in `file` (`{"highest":"1.4.0"}`); a file missing or unreadable counts as the running version. */
export function fileFloor(file: string, running: string): UpdateFloor {
  const stored = (): string | null => {
    try {
      const highest = (JSON.parse(readFileSync(file, 'utf8')) as { highest?: unknown }).highest;
      return typeof highest === 'string' && isVersion(highest) ? highest : null;
    } catch {
      return null;
    }
  };
  const current = (): string => {
    const s = stored();
    return s ? higher(running, s) : running;
  };
  const raise = (version: string) => {
    const next = higher(current(), version);
    if (stored() === next) return;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Written aside and renamed: a crash mid-write never leaves a floor that reads as none.
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ highest: next })}\n`, { mode: 0o600 });
    renameSync(tmp, file);
  };
  return { current, raise };
}
