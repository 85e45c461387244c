/**
 * What the benchmark scripts share: settings from the environment, clean-up on exit or interruption, and the
 * built portal as a child process (see bench.ts for the run itself).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './free-port';

export const LOOPBACK = '127.0.0.1';
const SERVER_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'dist',
  'server',
  'main.js',
);
/** How long a portal may take to start (BENCH_START_SECONDS; a loaded machine migrates PGlite slowly). */
const PORTAL_START_TIMEOUT_MS = Number(process.env.BENCH_START_SECONDS ?? 60) * 1000;
/** The first administrator's password in every benchmark portal (its username is the default, `admin`). */
export const BENCH_ADMIN_PASSWORD = 'Bench-Pass-1';
const CHILD_STOP_TIMEOUT_MS = 10_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------
// Settings and clean-up
// ---------------------------------------------------------------------------------------------------------

export function readPositiveNumber(
  name: string,
  fallback: number,
  { integer = false, allowZero = false, max = Infinity } = {},
): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const valid =
    Number.isFinite(value) &&
    (allowZero ? value >= 0 : value > 0) &&
    value <= max &&
    (!integer || Number.isInteger(value));
  if (!valid) {
    const kind = integer ? 'whole number' : 'number';
    const upTo = max === Infinity ? '' : ` and at most ${max}`;
    throw new Error(
      `${name} must be a ${kind} ${allowZero ? 'of 0 or more' : 'above 0'}${upTo}, got "${raw}"`,
    );
  }
  return value;
}

/** Undo steps run once, newest first, whether the run ends normally, fails or is interrupted. */
export class CleanupStack {
  private readonly steps: Array<() => Promise<void> | void> = [];
  private running: Promise<void> | null = null;

  push(step: () => Promise<void> | void) {
    this.steps.push(step);
  }

  get started(): boolean {
    return this.running !== null;
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error('clean-up step failed:', error);
        }
      }
    })();
    return this.running;
  }
}

/** A new empty folder under the system's temporary one, removed when the run ends. */
export function makeTempDir(cleanup: CleanupStack, prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM first, so the portal closes PGlite cleanly; SIGKILL if it takes too long. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------------
// The portal
// ---------------------------------------------------------------------------------------------------------

/** The portal, or one of its baselines (bench-bare.ts): bare `node:http`, a bare Fastify route. */
export type TargetName = 'portal' | 'bare' | 'fastify';

export interface Target {
  name: TargetName;
  baseUrl: string;
  child: ChildProcess;
}

export interface Portal extends Target {
  name: 'portal';
  appOrigin: string;
  /** Stops the portal (SIGTERM, so PGlite is closed cleanly) and waits for it to exit. */
  stop(): Promise<void>;
  /**
   * Resolves once the portal has printed nothing for `quietMs` (its outbox worker prints each e-mail), to
   * how long that took in ms.
   */
  waitUntilQuiet(quietMs: number, timeoutMs: number): Promise<number>;
}

/** Where the portal keeps its data: a PGlite folder, or a PostgreSQL database. */
export type PortalDatabase = { DATA_DIR: string } | { DATABASE_URL: string };

/** Keeps the last few KiB a child printed, to show when it fails to start or dies, and when it last did. */
function watchOutput(child: ChildProcess) {
  let recent = '';
  let lastAt = Date.now();
  const append = (chunk: Buffer) => {
    recent = (recent + chunk.toString('utf8')).slice(-8_192);
    lastAt = Date.now();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return { recent: () => recent.trim(), lastAt: () => lastAt };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + PORTAL_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`The portal exited during start-up:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet (first start runs initdb, migrations and the seed).
    }
    await sleep(200);
  }
  throw new Error(
    `The portal did not answer ${url} within ${PORTAL_START_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}

/**
 * The built portal on a free loopback port with the given database. The environment is built from scratch so
 * a DATABASE_URL, APP_ORIGIN or Shopify setting in the caller's shell cannot leak into the run; `extraEnv`
 * adds settings of the caller's choosing (bench-web.ts: SEED_DEMO).
 */
export async function startPortal(
  cleanup: CleanupStack,
  database: PortalDatabase,
  extraEnv: Record<string, string> = {},
): Promise<Portal> {
  if (cleanup.started) throw new Error('interrupted');
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" first.`);
  const port = await findFreePort(LOOPBACK);
  const appOrigin = `http://localhost:${port}`;

  // e.g. BENCH_PORTAL_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the portal's time goes.
  const nodeArgs = (process.env.BENCH_PORTAL_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: LOOPBACK,
      APP_ORIGIN: appOrigin,
      // The default level, as deployed: the cost of logging is part of what is measured (issue 15).
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      ...database,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopping = false;
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };
  cleanup.push(stop);
  const output = watchOutput(child);
  child.once('exit', (code, signal) => {
    if (!stopping && !cleanup.started) {
      console.error(`\nThe portal exited unexpectedly (${signal ?? code}):\n${output.recent()}`);
    }
  });

  await waitForHealth(`http://${LOOPBACK}:${port}/api/health`, child, output.recent);
  return {
    name: 'portal',
    baseUrl: `http://${LOOPBACK}:${port}`,
    child,
    appOrigin,
    stop,
    async waitUntilQuiet(quietMs, timeoutMs) {
      const started = Date.now();
      while (Date.now() - output.lastAt() < quietMs && Date.now() - started < timeoutMs) await sleep(100);
      return Date.now() - started;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report helpers
// ---------------------------------------------------------------------------------------------------------

export const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const latencyFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
