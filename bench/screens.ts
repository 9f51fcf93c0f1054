// The bytes of JavaScript each first screen loads (issue 35, goal 5): the station's login and quick sale, the
// hub's login and Documentos. Both UIs are built afresh into a temporary folder with Vite's manifest, and each
// screen's figure is the sum of the chunks it imports statically, from the entry down. The floor is the whole
// UI's JavaScript (the station's apart from Libros, fetched apart already): what one main chunk held before.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

export interface ScreenBytes {
  readonly ui: 'station' | 'hub';
  readonly screen: string;
  readonly bytes: number;
  /** The UI's JavaScript in all (the station's but Libros). */
  readonly whole: number;
}

function build(config: string, out: string): Manifest {
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', config, '--outDir', out, '--manifest'], {
    cwd: new URL('..', import.meta.url).pathname,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build ${config} failed: ${r.stderr}`);
  return JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunk and every chunk it imports statically, each once. */
function closure(m: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of m[k]?.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}

const keyOf = (m: Manifest, src: string): string => {
  const k = Object.keys(m).find((key) => key.endsWith(src));
  if (!k) throw new Error(`no chunk for ${src} in the manifest`);
  return k;
};

/** `lazyBefore`: the screen that was fetched apart already before the split (the station's Libros), left out of the whole. */
function measure(
  ui: ScreenBytes['ui'],
  config: string,
  screens: Readonly<Record<string, readonly string[]>>,
  lazyBefore: string | null,
): ScreenBytes[] {
  const out = mkdtempSync(join(tmpdir(), `sello-bench-${ui}-ui-`));
  try {
    const m = build(config, out);
    const size = (k: string) => statSync(join(out, m[k]!.file)).size;
    const js = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js'));
    const charts = lazyBefore ? statSync(join(out, m[keyOf(m, lazyBefore)]!.file)).size : 0;
    const whole = js.reduce((n, f) => n + statSync(join(out, 'assets', f)).size, 0) - charts;
    const entry = Object.keys(m).find((k) => m[k]!.isEntry);
    if (!entry) throw new Error(`no entry in ${config}'s manifest`);
    return Object.entries(screens).map(([screen, srcs]) => {
      const keys = closure(m, [entry, ...srcs.map((s) => keyOf(m, s))]);
      return { ui, screen, bytes: [...keys].reduce((n, k) => n + size(k), 0), whole };
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export function screensBench(): ScreenBytes[] {
  return [
    ...measure('station', 'renderer/vite.config.ts', { login: [], 'quick sale': ['src/App.tsx'] }, 'src/books/BooksScreen.tsx'),
    ...measure('hub', 'renderer/vite.hub.config.ts', { login: [], Documentos: ['DocumentsPage.tsx'] }, null),
  ];
}
