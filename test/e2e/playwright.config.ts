import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright cannot download its own browsers on these machines.
const dataDir = mkdtempSync(join(tmpdir(), 'sello-e2e-'));
// A second, never-configured installation for the first-run wizard, so setting up a station there leaves the
// counter tests' demo alone.
const firstRunDir = mkdtempSync(join(tmpdir(), 'sello-e2e-first-run-'));
// A third demo station for MH's homologation run (project `homologation`): its hundreds of test documents and its
// change of normative stay out of the counter tests' demo.
const homologationDir = mkdtempSync(join(tmpdir(), 'sello-e2e-homologation-'));
// The key sealing both stations' secrets: a file of this run, never the user's keyring or configuration folder.
const secretFile = join(mkdtempSync(join(tmpdir(), 'sello-e2e-key-')), 'secret.key');
const firstRunPort = Number(process.env.SELLO_E2E_FIRST_RUN_PORT ?? 8433);
const port = Number(process.env.SELLO_E2E_PORT ?? 8431);
// The demo's embedded MH simulator on a known port, so tests can take MH down and bring it back.
const simPort = Number(process.env.SELLO_E2E_SIM_PORT ?? 8432);
// The head office hub (project `hub`): its own PostgreSQL, stations and people, made by hub/hub-fixture.ts.
const hubPort = Number(process.env.SELLO_E2E_HUB_PORT ?? 8434);
const homologationPort = Number(process.env.SELLO_E2E_HOMOLOGATION_PORT ?? 8435);
process.env.SELLO_E2E_SIM_URL = `http://127.0.0.1:${simPort}`;

export default defineConfig({
  testDir: '.',
  timeout: 60_000,
  retries: 0,
  // One station, one MH: the tests share them and run in order.
  workers: 1,
  fullyParallel: false,
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  outputDir: '../../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1366, height: 768 },
    locale: 'es-SV',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'counter', testIgnore: [/first-run\.spec\.ts$/, /hub\.spec\.ts$/, /homologation\.spec\.ts$/] },
    { name: 'first-run', testMatch: /first-run\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${firstRunPort}` } },
    { name: 'hub', testMatch: /hub\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${hubPort}` } },
    { name: 'homologation', testMatch: /homologation\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${homologationPort}` } },
  ],
  webServer: [
    {
      command: `node --import tsx main/cli/main.ts serve --demo --port ${port} --data-dir ${dataDir} --demo-mh-port ${simPort} --secret-file ${secretFile}`,
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // No --demo and nothing configured: the demo stands in and the app offers the wizard.
      command: `node --import tsx main/cli/main.ts serve --port ${firstRunPort} --data-dir ${firstRunDir} --secret-file ${secretFile}`,
      // The wizard is pointed at the simulator: MH's address is pinned unless allowed.
      env: { SELLO_ALLOW_MH_URL: 'http://127.0.0.1:*' },
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      url: `http://127.0.0.1:${firstRunPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Its own demo and its own simulator (on a port of its choosing): nothing the counter tests look at moves.
      command: `node --import tsx main/cli/main.ts serve --demo --port ${homologationPort} --data-dir ${homologationDir} --secret-file ${secretFile}`,
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      url: `http://127.0.0.1:${homologationPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Ready when every station's documents reached the hub (it prints the line then); SIGTERM, not the default
      // SIGKILL, so it stops its PostgreSQL cluster and removes its folders.
      command: 'node --import tsx test/e2e/hub/hub-fixture.ts',
      env: { SELLO_E2E_HUB_PORT: String(hubPort) },
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      wait: { stdout: /hub e2e ready/ },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
