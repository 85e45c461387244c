import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium';
import { startMailbox } from './tests/e2e/support/mailbox';

/**
 * End-to-end tests against the BUILT portal (`npm run test:e2e` builds first), in Debian's Chromium: no
 * Playwright browser download is needed, which matters on machines without internet access.
 */

const SERVER_ENTRY = 'dist/server/main.js';
if (!existsSync(SERVER_ENTRY)) {
  throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" first ("npm run test:e2e" does both).`);
}

// An uncommon port, so a portal already running on 5000 (npm start) is neither reused nor disturbed.
const port = Number(process.env.E2E_PORT ?? 5123);
const baseURL = `http://localhost:${port}`;
/** A second portal connected to its embedded fake Shopify store (SHOPIFY_MODE=fake) for tests/e2e/shopify. */
const shopifyPort = port + 3;
const FAKE_SHOPIFY_PORT = port + 4;
// Where tests/e2e/shopify.spec.ts drives the fake store (/__fake/…); workers inherit the runner's environment.
process.env.WHOLESALE_E2E_FAKE_SHOPIFY_URL = `http://127.0.0.1:${FAKE_SHOPIFY_PORT}`;
const shopifyBaseURL = `http://localhost:${shopifyPort}`;

/**
 * A fresh PGlite folder per run, so every run starts from the seed. Playwright loads this file again in each
 * worker; workers inherit the runner's environment, so only the runner creates (and later removes) it.
 */
const DATA_DIR_VARIABLE = 'WHOLESALE_E2E_DATA_DIR';
const dataDir = process.env[DATA_DIR_VARIABLE] ?? createTemporaryDataDir();

function createTemporaryDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wholesale-e2e-'));
  process.env[DATA_DIR_VARIABLE] = dir;
  // 'exit' comes after Playwright has stopped the web server, so the database is closed by then.
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The e-mail the portal sends during the run lands in this real SMTP server (tests/e2e/support/mailbox.ts). */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5124);
export const MAILBOX_FILE = path.join(dataDir, 'mailbox.jsonl');
if (!process.env.WHOLESALE_E2E_MAILBOX) {
  process.env.WHOLESALE_E2E_MAILBOX = MAILBOX_FILE;
  startMailbox(smtpPort, MAILBOX_FILE);
}

export default defineConfig({
  testDir: 'tests/e2e',
  // The machine has 2 cores; the server shares them with the browsers.
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list', { printSteps: false }]],
  // Every page a journey visits is also scanned with axe in two layouts (tests/e2e/support/a11y.ts), which
  // makes a journey through many pages up to twice as long on this shared 2-core machine; on a day the
  // machine ran at a third of its speed, the longest journeys (register, approve, sign in, order, approve)
  // took 45 s with nothing wrong. A step that is really stuck still fails at its own 10 s expect timeout.
  // The journeys through several people's flows say test.slow() (three times this) instead of a fixed figure,
  // which fell below this default once it was raised.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    // The portal honours prefers-reduced-motion (src/client/styles.css), so pages settle at once: the axe
    // scan of every page (tests/e2e/support/a11y.ts) never meets a half-faded dialog or toast.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /shopify\.spec\.ts$/ },
    {
      name: 'shopify',
      use: { ...devices['Desktop Chrome'], baseURL: shopifyBaseURL },
      testMatch: /shopify\.spec\.ts$/,
    },
  ],
  webServer: [
    portalServer(port, dataDir, {}),
    portalServer(shopifyPort, path.join(dataDir, 'shopify'), {
      SHOPIFY_MODE: 'fake',
      FAKE_SHOPIFY_PORT: String(FAKE_SHOPIFY_PORT),
    }),
  ],
});

/** The built portal on `serverPort` with its own PGlite folder; `extra` adds settings. */
function portalServer(serverPort: number, serverDataDir: string, extra: Record<string, string>): WebServer {
  const serverURL = `http://localhost:${serverPort}`;
  return {
    command: `node ${SERVER_ENTRY}`,
    url: `${serverURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    // SIGTERM lets the portal finish requests and close PGlite before the data folder is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(serverPort),
      // Loopback only (Fastify binds every address of 'localhost'): the server holds a known admin password.
      HOST: 'localhost',
      DATA_DIR: serverDataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'E2e-Admin-Pass-1',
      ADMIN_NAME: 'Morgan Reyes',
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // An approved customer to sign in with (the approval screen comes with the admin portal).
      SEED_DEMO: '1',
      // Each spec file's browser sends its own X-Forwarded-For (tests/e2e/support/client-address.ts), so the
      // per-IP limits count the files apart, as separate shops.
      TRUST_PROXY: '1',
      ...extra,
    },
  };
}
