// Every audit code the station writes has Spanish words (shared/audit-actions.ts), so a document's history never
// shows a code like "dte.return.requested": the codes are read from the core's own source, where they are written.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel, isAuditAction } from '../../shared/audit-actions';

const ROOT = resolve(__dirname, '..', '..');
const CODE = /'([a-z_-]+(?:\.[a-z_-]+)+)'/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The text of each `audit(...)` call's arguments, parentheses balanced. */
function auditCalls(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\baudit\(/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    while (i < source.length && depth > 0) {
      if (source[i] === '(') depth += 1;
      else if (source[i] === ')') depth -= 1;
      i += 1;
    }
    out.push(source.slice(start, i));
  }
  return out;
}

/** Codes chosen before the call (`const action = … ? 'a' : 'b'`), bound tables' `action:` and `*_ACTION` constants. */
function codesBesideCalls(source: string): string[] {
  const places = [
    ...source.matchAll(/const action =([^;]+);/g),
    ...source.matchAll(/\baction: ('[^']+')/g),
    ...source.matchAll(/_ACTION = ('[^']+')/g),
  ];
  return places.flatMap((m) => [...(m[1] ?? '').matchAll(CODE)].map((c) => c[1]!));
}

export function writtenCodes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files(join(ROOT, 'main'))) {
    const source = readFileSync(file, 'utf8');
    if (!/\baudit\(/.test(source) && !/_ACTION = '/.test(source) && !/audit-bound-tables/.test(file)) continue;
    const codes = [...auditCalls(source).flatMap((a) => [...a.matchAll(CODE)].map((c) => c[1]!)), ...codesBesideCalls(source)];
    for (const c of codes) if (!found.has(c)) found.set(c, file.slice(ROOT.length + 1));
  }
  return found;
}

describe('audit codes in Spanish', () => {
  const written = writtenCodes();

  it('reads the codes where the core writes them, those chosen in a variable included', () => {
    // If the reading broke, the next test would pass on nothing.
    for (const c of ['dte.return.requested', 'dte.issued', 'dte.invalidated', 'dte.return.invalidated', 'document.bound', 'audit.keyed'])
      expect(written.has(c), c).toBe(true);
    expect(written.size).toBeGreaterThan(50);
  });

  it('every code the station writes has its words', () => {
    const missing = [...written].filter(([c]) => !isAuditAction(c)).map(([c, file]) => `${c} (${file})`);
    expect(missing).toEqual([]);
  });

  it('the words are words: no code, no empty label, none repeated', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    for (const l of labels) {
      expect(l.trim().length).toBeGreaterThan(3);
      expect(l).not.toMatch(/[a-z]\.[a-z]/);
    }
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('a return in a document history reads in Spanish; an unknown code says it is another record', () => {
    expect(auditActionLabel('dte.return.requested')).toBe('Devolución solicitada');
    expect(auditActionLabel('dte.something.new')).toBe('Otro registro (dte.something.new)');
  });
});
