import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries, featureZones } from './eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules on every TypeScript file: promises that are never awaited or handed where a void
    // callback is expected, unsafe `any`, needless assertions (issue 16).
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // A Fastify plugin is an async function by contract: a throw while it registers its routes then rejects
    // ready() (and main.ts stops cleanly) instead of escaping; most plugins only register, awaiting nothing.
    files: ['src/server/**/*.routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read JSON answers (`response.json()` is `any`) and assert on them: the unsafe-any family would
    // only make them cast what they then check. Promises stay checked.
    files: [
      '**/*.test.{ts,tsx}',
      '**/*-test-support.ts',
      'src/server/test/**',
      'src/client/test-support/**',
      'tests/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver(), createNodeResolver()] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*-test-support.ts',
      'src/server/test/**',
      'src/client/test-support/**',
    ],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones() }] },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', boundaries.client],
    },
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', boundaries.clientFeatures] },
  },
  { files: ['src/shared/**/*.ts'], rules: { 'no-restricted-imports': ['error', boundaries.shared] } },
  {
    // The fake Shopify store stays out of the production bundle (ADR 0023): main.ts loads it with import().
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/**/*-test-support.ts', 'src/server/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/dev/**'],
              allowTypeImports: true,
              message:
                'Production code does not import dev/ (tests may); SHOPIFY_MODE=fake loads it in main.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every journey is an accessibility check too: its `test` comes with the axe fixture.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/a11y.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'Import test from tests/e2e/support/a11y.ts: it scans every page with axe.',
            },
          ],
        },
      ],
    },
  },
);
