// CI's check of the OpenAPI documents from outside (issue 56; docs/decisions/0078-examples-sent-answers-checked.md),
// after `npm run api:openapi` wrote dist/openapi.json and dist/hub-openapi.json:
//   1. a second validator (@readme/openapi-parser) beside the one the tests use (@seriousme/openapi-schema-validator);
//   2. openapi-typescript generates the station's client into dist/contract-client/ (never committed);
//   3. test/contract-client/program.ts typechecks against it (no cast) and runs against a `sello serve --demo`
//      station with its own MH simulator: FC to APPROVED, PDF and signed JSON, CCF, NC, invalidation, return.
// Usage: npm run api:contract-client [-- port] (8546 unless told; its MH simulator on the next port).
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout, clearTimeout } from 'node:timers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';

const port = Number(process.argv[2] ?? 8546);
const started = Date.now();

for (const file of ['dist/openapi.json', 'dist/hub-openapi.json']) {
  const result = await validate(file);
  if (!result.valid) {
    console.error(`${file}: no válido para @readme/openapi-parser`);
    console.error(JSON.stringify(result.errors, null, 2));
    process.exit(1);
  }
  console.log(`${file}: válido (@readme/openapi-parser)${result.warnings.length ? `, ${result.warnings.length} avisos` : ''}`);
}

const step = (what, cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${what}: falló (${r.status})`);
    process.exit(1);
  }
};
step('openapi-typescript', 'node_modules/.bin/openapi-typescript', ['dist/openapi.json', '-o', 'dist/contract-client/api.d.ts']);
step('tsc (programa tipado)', 'node_modules/.bin/tsc', ['-p', 'test/contract-client/tsconfig.json']);

// A demo station of its own, in a throwaway data dir, on `port` (its MH simulator on the next one).
const dataDir = mkdtempSync(join(tmpdir(), 'sello-contract-client-'));
// The key that seals the station's secrets, outside its data dir as `sello serve` asks, and thrown away with it.
const keyFile = join(tmpdir(), `sello-contract-client-${port}.key`);
const cleanup = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(keyFile, { force: true });
};
const serve = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'main/cli/main.ts',
    'serve',
    '--demo',
    '--port',
    String(port),
    '--demo-mh-port',
    String(port + 1),
    '--data-dir',
    dataDir,
    '--secret-file',
    keyFile,
  ],
  { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SELLO_KEYRING: 'off' } },
);
let output = '';
const url = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`sello serve no arrancó en 30 s:\n${output}`)), 30_000);
  const onData = (chunk) => {
    output += chunk.toString();
    const m = /listening on (http:\/\/\S+)/.exec(output);
    if (m) {
      clearTimeout(timer);
      resolve(m[1]);
    }
  };
  serve.stdout.on('data', onData);
  serve.stderr.on('data', onData);
  serve.on('exit', (code) => reject(new Error(`sello serve terminó (${code}):\n${output}`)));
}).catch((e) => {
  console.error(String(e));
  serve.kill('SIGTERM');
  cleanup();
  process.exit(1);
});

const program = spawnSync(process.execPath, ['--import', 'tsx', 'test/contract-client/program.ts', url], { stdio: 'inherit' });
serve.removeAllListeners('exit');
serve.kill('SIGTERM');
await new Promise((resolve) => serve.once('exit', resolve));
cleanup();
if (program.status !== 0) {
  console.error(`el programa tipado falló (${program.status}); la estación dijo:\n${output.slice(-2000)}`);
  process.exit(1);
}
console.log(`contrato desde fuera: ${((Date.now() - started) / 1000).toFixed(1)} s`);
