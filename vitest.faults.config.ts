import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`, issue 18): the built server killed, its mail server and its
// PostgreSQL stopped, under load. Not one of vitest.config.ts's projects, so `npm test` never runs it. The
// files run one after another (each starts processes of its own; the machine has two cores).
export default defineConfig({
  test: {
    name: 'faults',
    root: '.',
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/faults/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 90_000,
  },
});
