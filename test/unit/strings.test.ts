// The UI's words live in renderer/src/strings.ts: the form specs name them by meaning, never inline.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SPECS = ['renderer/src/forms/spec.ts', 'renderer/src/station/station-form.ts'];

describe('the forms take their words from strings.ts', () => {
  for (const file of SPECS) {
    it(file, () => {
      const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      // A label, title, hint or button written as a literal here would be a word outside the one place.
      const inline = source.split('\n').filter((line) => /\b(label|title|intro|hint|addLabel)\s*:\s*['`"]/.test(line));
      expect(inline).toEqual([]);
    });
  }
});
