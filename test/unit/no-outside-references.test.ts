// No source file cites a file outside the repository (MH's reference notes, the service spec, the design notes):
// a clone has none of them. The facts such comments relied on live in docs/mh.md. Docs may name the folders MH's
// test fixtures are read from, nothing else outside.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const SOURCE_DIRS = ['main', 'renderer', 'shared', 'scripts', 'bench'];
const SOURCE_EXT = /\.(ts|tsx|mjs|js|css|html)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'out', 'build']);

/** The files beside the repository (MH's notes, the spec, the design notes) that no source or doc may cite. */
const OUTSIDE_FILES: readonly RegExp[] = [
  /REFERENCE\.md/,
  /\bREFERENCE §/,
  /DESIGN\.md/,
  /BOOKS\.md/,
  /PROVENANCE\.md/,
  /dte-service-spec/,
];

/** The same, and the folders beside the repository, named in a source file. */
const OUTSIDE_NAMES: readonly RegExp[] = [
  ...OUTSIDE_FILES,
  /\bshared\/(mh|spec|design|notes)\b/,
  // A path joined up out of the repository into the sibling folder: join(root, '..', 'shared', ...).
  /['"]\.\.['"]\s*,\s*['"]shared['"]/,
];

/** The code that truly reads MH's files beside the checkout at run time. Each entry must still match (no stale ones). */
const EXCEPTIONS: readonly { file: string; text: string; reason: string }[] = [
  {
    file: 'scripts/derive-catalogs.mjs',
    text: "join(root, '..', 'shared', 'mh', 'catalogs')",
    reason: "run by hand to derive shared/catalogs/data from MH's catalog files as MH publishes them (docs/mh.md, Catalogs)",
  },
];

/** The only outside paths docs may name: where the tests read MH's schemas and catalogs (fixtures, never copied). */
const DOC_FIXTURE_PATH = /^\.\.\/shared\/mh\/(schemas|catalogs)(\/[\w.-]+)*\/?$/;

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** A `../…/shared/…` path is inside the repository only if, resolved from its file, it reaches a real module in shared/. */
function relativeSharedIsInside(file: string, path: string): boolean {
  const target = resolve(ROOT, dirname(file), path);
  if (!target.startsWith(join(ROOT, 'shared') + sep)) return false;
  return ['', '.ts', '.tsx', '.js', '.mjs', '.css', '/index.ts'].some((ext) => existsSync(target + ext));
}

/** Every line of a source file (repository-relative path) that cites something outside the repository. */
function scanSource(file: string, content: string): Finding[] {
  const found: Finding[] = [];
  content.split('\n').forEach((text, i) => {
    const named = OUTSIDE_NAMES.some((re) => re.test(text));
    const escapes = [...text.matchAll(/(?:\.\.\/)+shared\/[\w./-]*/g)].some((m) => !relativeSharedIsInside(file, m[0]));
    if (!named && !escapes) return;
    if (EXCEPTIONS.some((e) => e.file === file && text.includes(e.text))) return;
    found.push({ file, line: i + 1, text: text.trim() });
  });
  return found;
}

/** Every line of a doc that cites an outside file, or an outside path other than the fixtures' folders. */
function scanDoc(file: string, content: string): Finding[] {
  const found: Finding[] = [];
  content.split('\n').forEach((text, i) => {
    const named = OUTSIDE_FILES.some((re) => re.test(text));
    const paths = [...text.matchAll(/\.\.\/shared\/[\w./-]*/g)].map((m) => m[0]);
    const bare = /\.\.\/shared(?![\w/])/.test(text);
    if (named || bare || paths.some((p) => !DOC_FIXTURE_PATH.test(p))) found.push({ file, line: i + 1, text: text.trim() });
  });
  return found;
}

/** The tests read MH's schemas and catalogs beside the checkout (fixtures); they cite nothing else outside. */
const TEST_OUTSIDE: readonly RegExp[] = [
  ...OUTSIDE_FILES,
  /\bshared\/(spec|design|notes)\b/,
  /\bshared\/mh\/(?!schemas|catalogs)\w/,
  /['"]shared['"]\s*,\s*['"]mh['"]\s*,\s*['"](?!schemas|catalogs)/,
];

/** Issue 58 asks its test to check the 2026 catalogs against the sets MH's reference notes state. */
const TEST_EXCEPTIONS: readonly { file: string; text: string }[] = [
  { file: join('test', 'unit', 'catalogs-per-normative.test.ts'), text: "readFileSync(join(MH, 'REFERENCE.md'), 'utf8')" },
];

function scanTest(file: string, content: string): Finding[] {
  const found: Finding[] = [];
  content.split('\n').forEach((text, i) => {
    if (TEST_EXCEPTIONS.some((e) => e.file === file && text.includes(e.text))) return;
    if (TEST_OUTSIDE.some((re) => re.test(text))) found.push({ file, line: i + 1, text: text.trim() });
  });
  return found;
}

function walk(dir: string, accept: RegExp, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) {
      if (!SKIP_DIRS.has(name)) walk(rel, accept, out);
    } else if (accept.test(name)) out.push(rel);
  }
  return out;
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const show = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line}: ${f.text}`);

describe('no comment or string cites a file outside the repository', () => {
  it('holds for every source file under main, renderer, shared, scripts and bench', () => {
    const files = SOURCE_DIRS.flatMap((d) => walk(d, SOURCE_EXT));
    expect(files.length).toBeGreaterThan(300);
    expect(show(files.flatMap((f) => scanSource(f, read(f))))).toEqual([]);
  });

  it('holds for README.md and docs, which name only the folders the test fixtures come from', () => {
    const files = ['README.md', ...walk('docs', /\.md$/)];
    expect(files).toContain(join('docs', 'mh.md'));
    expect(show(files.flatMap((f) => scanDoc(f, read(f))))).toEqual([]);
  });

  it('holds for the tests, which read only MH schemas and catalogs beside the checkout', () => {
    const self = join('test', 'unit', 'no-outside-references.test.ts');
    const files = walk('test', SOURCE_EXT).filter((f) => f !== self);
    expect(files.length).toBeGreaterThan(100);
    expect(show(files.flatMap((f) => scanTest(f, read(f))))).toEqual([]);
    const lines = (text: string) => scanTest('test/x.ts', text).map((f) => f.line);
    expect(lines("new URL('../../../shared/mh/schemas/v2-2026', import.meta.url)")).toEqual([]);
    expect(lines("join(__dirname, '..', '..', '..', 'shared', 'mh', 'catalogs')")).toEqual([]);
    expect(lines('// reviewed by hand against ../shared/mh REFERENCE.md §17')).toEqual([1]);
    expect(lines("join(__dirname, '..', '..', '..', 'shared', 'mh', 'tools')")).toEqual([1]);
    expect(lines('// see ../shared/mh/tools/schema-lint.md')).toEqual([1]);
  });

  it('keeps each exception because the code still reads MH files there', () => {
    for (const e of EXCEPTIONS) expect(read(e.file), `${e.file}: ${e.reason}`).toContain(e.text);
  });

  it('finds the citations it is meant to find', () => {
    const at = (file: string, text: string) => scanSource(file, text).map((f) => f.line);
    expect(at('main/core/x.ts', '// FE v2.0 drops reteRenta (../shared/mh REFERENCE.md §17.1).')).toEqual([1]);
    expect(at('main/core/x.ts', '// MH REFERENCE §16.7 says so')).toEqual([1]);
    expect(at('main/core/x.ts', "const spec = 'dte-service-spec.md';")).toEqual([1]);
    expect(at('main/core/x.ts', '/** see shared/mh BOOKS.md §1 */')).toEqual([1]);
    expect(at('shared/x.ts', '// read with DESIGN.md')).toEqual([1]);
    expect(at('main/core/x.ts', "const dir = '../shared/mh/schemas/v2-2026';")).toEqual([1]);
    // Resolved from main/core/, '../shared/' is main/shared: not the repository's shared/ folder.
    expect(at('main/core/x.ts', "import { Dec } from '../shared/tax';")).toEqual([1]);
    // Resolved from scripts/, it is the repository's shared/, but no such file exists there.
    expect(at('scripts/x.mjs', '// reads ../shared/mh/catalogs')).toEqual([1]);
    expect(at('scripts/x.mjs', "const mh = join(root, '..', 'shared', 'mh', 'catalogs');")).toEqual([1]);
    expect(at('bench/x.ts', 'line one\nline two ../shared/spec/x.md')).toEqual([2]);
  });

  it('lets through imports of the repository own shared/ folder and the listed exception', () => {
    const at = (file: string, text: string) => scanSource(file, text);
    expect(at('main/mh-sim/totals.ts', "import { Dec, amountInWords, dec } from '../../shared/tax';")).toEqual([]);
    expect(at('main/hub/http.ts', "import { TITLES } from '../../shared/errors';")).toEqual([]);
    expect(at('renderer/src/money.ts', "import { dec, type Dec } from '../../shared/tax';")).toEqual([]);
    expect(at('main/hub/migrations/001-initial.ts', 'station_id text NOT NULL REFERENCES stations (id),')).toEqual([]);
    expect(at('scripts/derive-catalogs.mjs', "const mh = join(root, '..', 'shared', 'mh', 'catalogs');")).toEqual([]);
  });

  it('lets docs name the fixtures folders and nothing else outside', () => {
    const lines = (text: string) => scanDoc('docs/x.md', text).map((f) => f.line);
    expect(lines('the tests read them from `../shared/mh/schemas` or `SELLO_MH_SCHEMAS`')).toEqual([]);
    expect(lines('tests pass `../shared/mh/schemas/legacy-v1-2023`, the catalogs `../shared/mh/catalogs`')).toEqual([]);
    expect(lines('Sources: `../shared/mh/REFERENCE.md` §§16–17')).toEqual([1]);
    expect(lines('The spec is `../shared/spec/dte-service-spec.md`')).toEqual([1]);
    expect(lines('five of each event (REFERENCE.md §16.6)')).toEqual([1]);
    expect(lines('the notes in ../shared beside the checkout')).toEqual([1]);
    expect(lines('see `../shared/mh/tools/schema-lint.md`')).toEqual([1]);
  });
});
