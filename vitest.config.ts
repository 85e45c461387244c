import { defineConfig } from 'vitest/config';

// Unit tests (pure code, components) and integration tests (buildApp on a real database) run as two
// projects; `npm test` runs both, `npm run test:pg` runs the integration project against PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root: '.',
          include: ['src/**/*.test.{ts,tsx}', 'dev/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['src/client/test-support/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
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
