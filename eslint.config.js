import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of ARCHITECTURE.md convention 1, enforced rather than hoped for. */
const boundaries = {
  shared: {
    patterns: [
      {
        group: ['**/server/**', '**/client/**'],
        message: 'src/shared is pure: it imports nothing of server or client.',
      },
      { regex: '^node:', message: 'src/shared runs in the browser too: no Node built-ins.' },
    ],
  },
  client: {
    patterns: [
      { group: ['**/server/**'], message: 'The client never imports server code; share it via src/shared.' },
    ],
  },
  clientFeatures: {
    patterns: [
      { group: ['**/server/**'], message: 'The client never imports server code; share it via src/shared.' },
      {
        regex: '^\\.\\./(?!\\.)[^/]+/',
        message: 'Client features do not import each other; compose them in a page (src/client/routes).',
      },
    ],
  },
};

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
