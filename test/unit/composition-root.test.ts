// The composition root stays wiring (issue 36): create-core.ts grew from 138 lines to 427 once, as each room's
// set-up landed in it. It builds the wings in main/core/wiring/ and nothing else, and the core imports no front door.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/serve-process';

const core = join(ROOT, 'main', 'core');

describe('the composition root', () => {
  it('is at most 150 lines and calls only the wings', () => {
    const text = readFileSync(join(core, 'create-core.ts'), 'utf8');
    expect(text.split('\n').length).toBeLessThanOrEqual(150);
    const imports = [...text.matchAll(/^import (?!type)[^;]*from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports.every((p) => p!.startsWith('./wiring/'))).toBe(true);
  });

  it('leaves no wing over 200 lines', () => {
    for (const f of readdirSync(join(core, 'wiring')))
      expect(readFileSync(join(core, 'wiring', f), 'utf8').split('\n').length, f).toBeLessThanOrEqual(200);
  });
});
