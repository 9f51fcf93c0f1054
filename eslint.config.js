import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // test/contract-client/ compiles against a client generated into dist/ in CI's own step (scripts/contract-client.mjs).
  {
    ignores: [
      'node_modules/',
      'dist/',
      'release/',
      '.tools/',
      'test-results/',
      'playwright-report/',
      'shared/catalogs/data/',
      'test/contract-client/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', __dirname: 'readonly', URL: 'readonly' },
      // Each file is typed by the tsconfig that owns it: tsconfig.json is a solution of the node and web halves.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only main/electron and preload may import electron.' }] }],
    },
  },
  {
    // Plain JavaScript (the scripts, this file) is in no tsconfig: lint it without types.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['main/electron/**', 'preload/**', 'test/unit/electron-shell.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // main/core/ is the domain alone: no electron, and none of the front doors (the HTTP server, the CLI, the MH
    // simulator, the desktop shell, the hub) that are built on it.
    files: ['main/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only main/electron and preload may import electron.' }],
          patterns: [
            {
              regex: '^(\\.\\./)+(http|cli|mh-sim|electron|hub)(/|$)',
              message:
                'main/core is the domain: the front doors (main/http, main/cli, main/mh-sim, main/electron, main/hub) import it, not the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ is environment-neutral: no node:* and no electron.
    files: ['shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', 'fs', 'path'] }] },
  },
);
