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
 * pragma). Like the other unit files they share their worker's module cache, and with it one happy-dom
 * window, which saves re-importing React, the router and the pages for each file (two thirds of the
 * components' time, issue 30); component-setup.ts gives every test a fresh page's state. Those that replace
 * modules or storage methods (MOCKING below) get a cache and window of their own.
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
/**
 * Component files that replace modules (vi.mock) or a storage object's own methods (happy-dom's storage is a
 * Proxy, from which vi.restoreAllMocks does not take the spy back): each gets a module cache and window of
 * its own.
 */
const MOCKING = /\bvi\.(mock|doMock)\(|\bvi\.spyOn\((window\.)?(localStorage|sessionStorage)\b/;
const mockingComponentTests = componentTests.filter((file) => MOCKING.test(readFileSync(file, 'utf8')));
const sharedComponentTests = componentTests.filter((file) => !mockingComponentTests.includes(file));
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
          isolate: false,
          root: '.',
          include: sharedComponentTests,
          exclude: unitExclude,
          environment: 'node',
          setupFiles: ['src/client/test-support/setup.ts', 'src/client/test-support/component-setup.ts'],
          testTimeout: unitTimeout,
        },
      },
      {
        test: {
          name: 'components-mocking',
          root: '.',
          include: mockingComponentTests,
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
