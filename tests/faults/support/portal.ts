import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../../src/server/paths';
import { GiveUp, seconds, sleep, waitFor } from './wait';

/** The built server, as `npm start` runs it (the suite's npm script builds first). */
export const SERVER_ENTRY = path.join(projectRoot(), 'dist', 'server', 'main.js');
export const ADMIN_PASSWORD = 'Faults-Pass-1';
const METRICS_TOKEN = 'fault-suite-metrics-token-1';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

/** Every portal process of this test file, killed when the file ends however it ends. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export type PortalDatabase = { DATA_DIR: string } | { DATABASE_URL: string };

export interface PortalOptions {
  port: number;
  database: PortalDatabase;
  /** SMTP_URL, SMTP_POOL_SIZE, EMAIL_RETRY_MAX_DELAY_MINUTES… */
  env?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
}

/** The built portal in its own process, on a fixed port so a restart keeps its address and cookies. */
export class Portal {
  readonly baseUrl: string;
  readonly appOrigin: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | string>;
  readonly startedAt = Date.now();
  private text = '';

  private constructor(options: PortalOptions) {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" first`);
    this.baseUrl = `http://127.0.0.1:${options.port}`;
    this.appOrigin = `http://localhost:${options.port}`;
    // The environment from scratch, so a DATABASE_URL or SMTP_URL of the caller's shell cannot leak in.
    this.child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
      cwd: projectRoot(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TMPDIR: process.env.TMPDIR ?? '',
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        APP_ORIGIN: this.appOrigin,
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD,
        METRICS_TOKEN,
        ...options.database,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(this.child);
    this.child.stdout?.on('data', (chunk: Buffer) => (this.text += chunk.toString('utf8')));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.text += chunk.toString('utf8')));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        children.delete(this.child);
        resolve(code ?? signal ?? 'unknown');
      }),
    );
  }

  /** Starts the portal and resolves once GET /api/health/ready answers 200. */
  static async start(options: PortalOptions): Promise<Portal> {
    const portal = new Portal(options);
    await portal.waitReady();
    return portal;
  }

  /** Starts the portal without waiting for it (a start that is expected to fail). */
  static spawn(options: PortalOptions): Portal {
    return new Portal(options);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Everything the process printed, stdout and stderr. */
  output(): string {
    return this.text;
  }

  /** The JSON log lines (pino) the process printed. */
  logLines(): Array<Record<string, unknown> & { raw: string }> {
    return this.text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((raw) => {
        try {
          return [{ ...(JSON.parse(raw) as Record<string, unknown>), raw }];
        } catch {
          return [];
        }
      });
  }

  private tail(): string {
    return this.text.slice(-3_000);
  }

  /** Waits for readiness (200 from /api/health/ready); resolves to the ms since the process was spawned. */
  async waitReady(timeoutMs = START_TIMEOUT_MS): Promise<number> {
    await waitFor(
      `the portal at ${this.baseUrl} to answer /api/health/ready with 200`,
      async () => {
        if (!this.running) throw new GiveUp(`The portal exited during start-up:\n${this.tail()}`);
        return (await this.request('GET', '/api/health/ready')).status === 200;
      },
      { timeoutMs, intervalMs: 100, describe: () => `\n${this.tail()}` },
    );
    return Date.now() - this.startedAt;
  }

  /** kill -9, and waits for the process to be gone. */
  async kill9(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and the exit code; SIGKILL (and an error) when it does not exit in time. */
  async stop(): Promise<number | string> {
    if (!this.running) return this.exited;
    this.child.kill('SIGTERM');
    const timedOut = Symbol('timed out');
    const result = await Promise.race([this.exited, sleep(STOP_TIMEOUT_MS).then(() => timedOut)]);
    if (result === timedOut) {
      await this.kill9();
      throw new Error(
        `The portal did not exit within ${seconds(STOP_TIMEOUT_MS)} s of SIGTERM:\n${this.tail()}`,
      );
    }
    return result as number | string;
  }

  /** A request as the portal's pages send it (a state-changing one carries the portal's Origin). */
  async request(
    method: 'GET' | 'POST',
    path: string,
    {
      cookie,
      body,
      headers = {},
    }: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(method === 'POST' ? { origin: this.appOrigin, 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (metrics, HTML): kept as text.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** The outbox's jobs pending and running, and jobs given up on, from GET /metrics. */
  async outbox(): Promise<{ pending: number; running: number; failed: number }> {
    const response = await fetch(`${this.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
    const text = await response.text();
    const gauge = (pattern: RegExp) =>
      [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
    return {
      pending: gauge(/^portal_outbox_pending_jobs\{state="pending"\} (\d+)/gm),
      running: gauge(/^portal_outbox_pending_jobs\{state="running"\} (\d+)/gm),
      failed: gauge(/^portal_jobs_failed\{[^}]*\} (\d+)/gm),
    };
  }
}
