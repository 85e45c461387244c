import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests (pure code, components) and integration tests (buildApp on a real database) run as two
// projects; `npm test` runs both, `npm run test:pg` runs the integration project against PostgreSQL.
// Vitest runs `cores - 1` files at once by default: one at a time on a two-core CI machine. Most files wait
// on timers, sockets or PGlite's worker thread rather than the CPU, so run at least two (TEST_WORKERS to change).
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'unit',
          root: '.',
          include: ['src/**/*.test.{ts,tsx}', 'dev/**/*.test.ts', 'eslint/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['src/client/test-support/setup.ts'],
          // A journey through several lazily loaded pages, on a loaded two-core machine running two files at
          // once, can take longer than the default 5 s without anything being wrong.
          testTimeout: 20_000,
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
