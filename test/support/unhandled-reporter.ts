// Writes Vitest's unhandled errors to test-results/unhandled.json, so scripts/test-all.mjs can name them under its
// summary: CI shows only the tail of the output, and "an error outside any test" alone cannot be acted on.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export default class UnhandledReporter implements Reporter {
  onTestRunEnd(_modules: readonly TestModule[], errors: readonly SerializedError[]): void {
    mkdirSync('test-results', { recursive: true });
    const out = errors.map((e) => {
      const path: unknown = e.VITEST_TEST_PATH;
      return {
        message: `${e.name ?? 'Error'}: ${e.message}`,
        // The first frames of this project's own code say where it came from.
        stack: (e.stack ?? '')
          .split('\n')
          .filter((l) => !l.includes('node_modules') && (l.includes('/main/') || l.includes('/test/')))
          .slice(0, 4),
        testFile: typeof path === 'string' ? path : null,
      };
    });
    writeFileSync('test-results/unhandled.json', JSON.stringify(out, null, 2));
  }
}
