import { ESLint } from 'eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { featureZones } from './boundaries.js';

// Probe files linted against the real zones (not type-aware, so it takes a moment): each says where it
// would sit and what it imports; the files it imports are the project's own.
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'import-x': importX },
      settings: { 'import-x/resolver-next': [createTypeScriptImportResolver(), createNodeResolver()] },
      rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones() }] },
    },
  ],
});

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as probe from '${specifier}';\nexport { probe };\n`, {
    filePath,
  });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import boundaries (docs/architecture.md)', () => {
  it.each([
    ['src/server/plugins/probe.ts', '../features/sessions/sessions.repository'],
    ['src/server/jobs/probe.ts', '../features/accounts/accounts.service'],
    ['src/server/mail/probe.ts', '../features/orders/orders.service'],
    ['src/server/features/support/probe.ts', '../accounts/accounts.service'],
  ])('%s may not import a feature internal (%s)', async (file, specifier) => {
    const errors = await boundaryErrors(file, specifier);
    expect(errors).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    expect(errors[0]).toContain('through its index.ts');
  });

  it.each([
    ['src/server/plugins/probe.ts', '../features/sessions'],
    ['src/server/jobs/probe.ts', '../features/accounts'],
    ['src/server/features/support/probe.ts', '../accounts'],
  ])('%s may import a feature through its index.ts (%s)', async (file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([]);
  });

  it.each([
    ['src/server/db/probe.ts', '../features/sessions'],
    ['src/server/integrations/shopify/probe.ts', '../../features/accounts'],
  ])('%s sits below every feature and imports none (%s)', async (file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([
      expect.stringContaining('db/ and integrations/ sit below the features'),
    ]);
  });

  it('a room of the orders module uses another only through its public files', async () => {
    const privateWrite = await boundaryErrors(
      'src/server/features/orders/payments/probe.ts',
      '../lifecycle/order-writes',
    );
    expect(privateWrite).toEqual([expect.stringContaining('only through its public files')]);
    expect(
      await boundaryErrors('src/server/features/orders/payments/probe.ts', '../lifecycle/order-records'),
    ).toEqual([]);
  });
});
