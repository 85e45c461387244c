import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Feature boundaries (docs/architecture.md): a server feature imports another only through that feature's
 * index.ts, its public face; client features do not import each other at all (pages compose them); client
 * lib/ and components/ sit below the features. Tests and their support files may reach inside.
 */
function featureZones() {
  const server = foldersIn('./src/server/features');
  const client = foldersIn('./src/client/features');
  const pairs = (features) =>
    features.flatMap((target) =>
      features.filter((other) => other !== target).map((other) => [target, other]),
    );
  return [
    ...pairs(server).map(([target, other]) => ({
      target: `./src/server/features/${target}`,
      from: `./src/server/features/${other}`,
      except: ['./index.ts'],
      message: `Import ${other} through its index.ts (the feature's public face), not its files.`,
    })),
    ...pairs(client).map(([target, other]) => ({
      target: `./src/client/features/${target}`,
      from: `./src/client/features/${other}`,
      message: 'Client features do not import each other; compose them in a page (src/client/routes).',
    })),
    ...orderRoomZones(),
    {
      target: ['./src/client/lib', './src/client/components'],
      from: ['./src/client/features', './src/client/routes'],
      message: 'client/lib and client/components sit below the features and pages: they import neither.',
    },
  ];
}

/**
 * The rooms of the orders module (docs/architecture.md#the-orders-module) and each room's public files: a
 * room, and the module's root (index.ts, the routes and the order service), use another room only through
 * these. Any other file of a room is its own; lifecycle/order-writes.ts (the generic updateOrder) above all.
 */
const ORDER_ROOMS = {
  placement: ['place-order.ts', 'submit-order.ts', 'reorder.ts', 'order-ids.ts'],
  lifecycle: [
    'order-transitions.ts',
    'order-records.ts',
    'apply-shopify-facts.ts',
    'shopify-facts.ts',
    'order-status-emails.ts',
    'approval-email.ts',
  ],
  payments: ['payment-terms.ts', 'payment-notices.ts', 'payment-reminders.ts'],
  documents: ['order-pdf.ts'],
  reads: ['orders.repository.ts', 'order-view.ts', 'staff-order-queries.ts'],
  shopify: ['shopify-sync.ts', 'draft-order-definitions.ts', 'shopify-orders.jobs.ts'],
  rules: ['order-rules.sql.ts'],
};

function orderRoomZones() {
  const orders = './src/server/features/orders';
  const rooms = Object.keys(ORDER_ROOMS);
  const unlisted = foldersIn(orders).filter((folder) => !rooms.includes(folder));
  if (unlisted.length > 0)
    throw new Error(`eslint.config.js ORDER_ROOMS does not list ${unlisted.join(', ')}`);
  return Object.entries(ORDER_ROOMS).map(([room, publicFiles]) => ({
    target: [
      `${orders}/*.ts`,
      ...rooms.filter((other) => other !== room).map((other) => `${orders}/${other}`),
    ],
    from: `${orders}/${room}`,
    except: publicFiles.map((file) => `./${file}`),
    message: `Another room uses orders/${room} only through its public files (${publicFiles.join(', ')}): eslint.config.js ORDER_ROOMS.`,
  }));
}

/** Import boundaries between shared, server and client (docs/architecture.md), enforced rather than hoped for. */
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
