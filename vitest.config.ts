import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run for minutes, started first: on a fresh clone vitest has no timings and starts the largest files
 * first, so the five-line files of the sync simulation's seeds ran last, alone, and made CI minutes longer.
 */
const LONG_FIRST = /sync-sim-seeds-|hub-replication-process/;

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Within each project, in vitest's order otherwise.
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    return projects.flatMap((name) => {
      const own = sorted.filter((f) => f.project.name === name);
      return [...own.filter((f) => LONG_FIRST.test(f.moduleId)), ...own.filter((f) => !LONG_FIRST.test(f.moduleId))];
    });
  }
}

// The key sealing the test stations' secrets, in a file of this run (docs/decisions/0005-secrets-at-rest.md): never
// the user's keyring or configuration folder. `sello` processes the tests start inherit it.
const SELLO_SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'sello-test-key-')), 'secret.key');

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on CI's two-CPU machines, so every file ran after the
    // other. Most of the suite waits on simulations, processes and timers, not on a CPU of its own: two at once.
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          env: { SELLO_SECRET_FILE },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // MH's address is pinned (main/core/mh/pinned-address.ts): `sello` processes the tests start talk to the
          // simulator on an ephemeral loopback port.
          env: { SELLO_ALLOW_MH_URL: 'http://127.0.0.1:*', SELLO_SECRET_FILE },
        },
      },
    ],
  },
});
