import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium';

/**
 * The multi-instance journey (`npm run test:multi`, issue 18): two built portals on one PostgreSQL database
 * behind nginx, requests alternating between them (tests/multi/cluster.ts). CI runs it when PostgreSQL
 * answers on 127.0.0.1:5432 (MULTI_DATABASE_URL names another server).
 */
const port = Number(process.env.MULTI_PORT ?? 5140);
process.env.WHOLESALE_MULTI_PORT = String(port);

export default defineConfig({
  testDir: 'tests/multi',
  globalSetup: './tests/multi/cluster.ts',
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list', { printSteps: false }]],
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--disable-quic'] },
    ...devices['Desktop Chrome'],
  },
});
