import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'release/', '.tools/', 'test-results/', 'playwright-report/', 'shared/catalogs/data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', __dirname: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only main/electron and preload may import electron.' }] }],
    },
  },
  {
    files: ['main/electron/**', 'preload/**', 'test/unit/electron-shell.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // shared/ is environment-neutral: no node:* and no electron.
    files: ['shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', 'fs', 'path'] }] },
  },
);
