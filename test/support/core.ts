import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../main/core/create-core';
import type { Clock } from '../../main/core/clock';

/** A fixed, settable clock: 2026-11-22 09:30:00 in El Salvador unless told otherwise. */
export function fixedClock(iso = '2026-11-22T15:30:00Z'): Clock & { set(iso: string): void; advance(ms: number): void } {
  let now = new Date(iso);
  return {
    now: () => new Date(now),
    set: (v) => {
      now = new Date(v);
    },
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

export function tempDir(prefix = 'sello-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A demo-configured core in a fresh data dir. */
export function testCore(clock: Clock = fixedClock()): Core & { cleanup: () => void } {
  const t = tempDir();
  const core = createCore({ dataDir: t.dir, clock });
  return Object.assign(Object.create(core) as Core, core, {
    cleanup: () => {
      core.close();
      t.cleanup();
    },
  });
}

export const DEMO_KEY = 'sello-demo-api-key';

/** MH's address is pinned (main/core/mh/pinned-address.ts); the tests' simulators listen on loopback. */
export const TEST_MH_URLS: readonly string[] = ['http://127.0.0.1:*'];
