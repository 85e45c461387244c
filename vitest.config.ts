import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests (pure code), component tests (a file that asks for happy-dom) and integration tests (buildApp on
// a real database) run as three projects; `npm test` runs them all, `npm run test:pg` runs the integration
// project against PostgreSQL.
// Vitest runs `cores - 1` files at once by default: one at a time on a two-core CI machine. Most files wait
// on timers, sockets or PGlite's worker thread rather than the CPU, so run at least two (TEST_WORKERS to change).
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism());

const UNIT_FOLDERS = ['src', 'dev', 'eslint'];
const UNIT_TEST = /\.test\.tsx?$/;
const INTEGRATION_TEST = /\.integration\.test\.ts$/;
const DOM_PRAGMA = '@vitest-environment happy-dom';

/**
 * The unit test files that render into happy-dom (they say so with the `@vitest-environment happy-dom`
 * pragma). They get a fresh module cache each, as components keep state in modules (stores, query clients,
 * vi.mock); the other unit files share their worker's, which saves re-importing the code under test and the
 * setup file for each of about a hundred files (four fifths of their CPU time).
 */
function componentTestFiles(): string[] {
  return UNIT_FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true })
      .map((file) => path.join(folder, String(file)))
      .filter((file) => UNIT_TEST.test(file) && !INTEGRATION_TEST.test(file))
      .filter((file) => readFileSync(file, 'utf8').includes(DOM_PRAGMA)),
  );
}
const componentTests = componentTestFiles();
const unitInclude = ['src/**/*.test.{ts,tsx}', 'dev/**/*.test.ts', 'eslint/**/*.test.ts'];
const unitExclude = ['**/*.integration.test.ts', 'node_modules/**'];
// A journey through several lazily loaded pages, on a loaded two-core machine running two files at once,
// can take longer than the default 5 s without anything being wrong.
const unitTimeout = 20_000;

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          root: '.',
          include: unitInclude,
          exclude: [...unitExclude, ...componentTests],
          environment: 'node',
          setupFiles: ['src/client/test-support/setup.ts'],
          testTimeout: unitTimeout,
        },
      },
      {
        test: {
          name: 'components',
          root: '.',
          include: componentTests,
          exclude: unitExclude,
          environment: 'node',
          setupFiles: ['src/client/test-support/setup.ts'],
          testTimeout: unitTimeout,
        },
      },
      {
        test: {
          name: 'integration',
          // Files share a worker's module cache (each still gets its own database, see test-database.ts):
          // importing the whole server again for each of 60 files cost about a third of the run.
          isolate: false,
          root: '.',
          globalSetup: ['src/server/test/global-setup.ts'],
          include: ['src/**/*.integration.test.ts', 'scripts/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
