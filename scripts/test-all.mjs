// The whole suite: typecheck, lint, build, unit + integration (vitest), e2e (Playwright in Chromium).
// Ends with one line `N passed, N failed` counting every test case that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const steps = [];
let passed = 0;
let failed = 0;
// Names of what failed, repeated under the summary: CI shows only the tail of the output.
const failures = [];

/**
 * Runs a step and shows its output. `failOnWarning`: the output is also read (shown once the step ends), and it fails on any
 * warning it prints (esbuild's ▲ [WARNING], Vite's "(!)" or "warning"): a newcomer cannot judge a warning, so the
 * build prints none it does not need to (issue 36).
 */
function run(name, cmd, args, { failOnWarning = false } = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, failOnWarning ? { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 } : { stdio: 'inherit' });
  let warnings = [];
  if (failOnWarning) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    process.stdout.write(out);
    warnings = out.split('\n').filter((l) => /\bwarn(ing)?\b|\(!\)/i.test(l));
    for (const w of warnings) failures.push(`${name}: ${w.trim()}`);
  }
  const ok = r.status === 0 && warnings.length === 0;
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

const npx = (bin) => `node_modules/.bin/${bin}`;
mkdirSync('test-results', { recursive: true });

// tsconfig.json is a solution (the node and web halves): -b checks both; -p on it would check nothing.
if (!run('typecheck', npx('tsc'), ['-b'])) failed += 1;
if (!run('lint', npx('eslint'), ['--max-warnings', '0', '.'])) failed += 1;
// The layout is Prettier's (.prettierrc.json): `npm run format` fixes what this finds.
if (!run('format', npx('prettier'), ['--check', '.'])) failed += 1;
const built = run('build', 'npm', ['run', '--silent', 'build'], { failOnWarning: true });
if (!built) failed += 1;
// The OpenAPI document as a file beside the build, for integrators and for CI to keep (docs/api.md).
if (!run('openapi', 'npm', ['run', '--silent', 'api:openapi'])) failed += 1;
// Both documents by a second validator, a client generated from the station's, and a typed POS program run with it
// against a demo station (scripts/contract-client.mjs; docs/decisions/0078-examples-sent-answers-checked.md).
if (!run('contract client', 'node', ['scripts/contract-client.mjs'])) failed += 1;

rmSync('test-results/vitest.json', { force: true });
rmSync('test-results/unhandled.json', { force: true });
const vitestOk = run('unit + integration', npx('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--reporter=./test/support/unhandled-reporter.ts',
  '--outputFile.json=test-results/vitest.json',
]);
if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += v.numPassedTests;
  // An unhandled error fails the run without failing a test: it still counts as a failure.
  failed += v.numFailedTests + (!vitestOk && v.numFailedTests === 0 ? 1 : 0);
  for (const file of v.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failures.push(`vitest ${file.name.replace(process.cwd() + '/', '')} › ${t.fullName}: ${firstLine(t.failureMessages)}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`vitest ${file.name.replace(process.cwd() + '/', '')}: ${firstLine([file.message])}`);
    }
  }
  if (!vitestOk && v.numFailedTests === 0) failures.push('vitest: an error outside any test (see "Unhandled" above)');
  if (existsSync('test-results/unhandled.json')) {
    for (const e of JSON.parse(readFileSync('test-results/unhandled.json', 'utf8')))
      failures.push(`vitest unhandled (${e.testFile ?? 'no file'}): ${e.message} ${e.stack.map((l) => l.trim()).join(' ')}`);
  }
} else failed += 1;

if (built) {
  rmSync('test-results/e2e.json', { force: true });
  const e2eOk = run('e2e', npx('playwright'), ['test', '-c', 'test/e2e/playwright.config.ts']);
  if (existsSync('test-results/e2e.json')) {
    const s = JSON.parse(readFileSync('test-results/e2e.json', 'utf8')).stats;
    passed += s.expected;
    failed += s.unexpected + s.flaky + (!e2eOk && s.unexpected + s.flaky === 0 ? 1 : 0);
    collectE2e(JSON.parse(readFileSync('test-results/e2e.json', 'utf8')).suites ?? [], []);
  } else failed += 1;
}

console.log('\n=== summary');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`);
for (const f of failures) console.log(`failed: ${f}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && steps.every((s) => s.ok) ? 0 : 1);

function firstLine(messages) {
  const text = (messages ?? []).filter(Boolean).join('\n');
  return (
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.slice(0, 300) ?? '(no message)'
  );
}

/**
 * A browser test's failure in one line: the expectation, its locator, expected and received, and the line of
 * the spec, so CI's tail says which step failed (the first line alone is the same for every toContainText).
 */
function e2eError(error) {
  if (!error) return '(no message)';
  // Playwright colours its messages; a CI log shows the escape codes as noise.
  // eslint-disable-next-line no-control-regex
  const lines = error.message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const wanted = lines
    .filter((l, i) => i === 0 || /^\s*(Locator|Expected[\w ]*|Received[\w ]*|Timeout|Error):/.test(l))
    .map((l) => l.trim());
  const where = error.location ? ` (${error.location.file.replace(process.cwd() + '/', '')}:${error.location.line})` : '';
  return `${wanted.join(' · ').slice(0, 600)}${where}`;
}

function collectE2e(suites, path) {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = (t.results ?? []).map((r) => r.error).find((e) => e?.message);
          failures.push(`e2e ${[...here, spec.title].join(' › ')} (${t.status}): ${e2eError(error)}`);
        }
      }
    }
    collectE2e(suite.suites ?? [], here);
  }
}
