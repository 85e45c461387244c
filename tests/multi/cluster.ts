import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../scripts/free-port';
import { createScratchPostgresDatabase } from '../../src/server/test/test-database';
import { startMailbox } from '../e2e/support/mailbox';

/**
 * The multi-instance journey's world (playwright.multi.config.ts): a scratch database on the PostgreSQL
 * server of MULTI_DATABASE_URL, two built portals on it, and nginx (Debian's package) balancing them round
 * robin with deploy/nginx-two-instances.conf. Written for CI: it refuses to run without nginx or PostgreSQL.
 * The portals are this process's children; a spec stops and starts them through `signalInstance` and
 * `startInstance` below (a small HTTP control server here, as the specs run in worker processes).
 */

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SERVER_URL = process.env.MULTI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`A portal exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within 60 s:\n${output()}`);
}

type Portal = ReturnType<typeof startPortal>;

function startPortal(port: number, env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => output, exited };
}

/** What a stopping signal does to an instance: SIGSTOP freezes it (it stays up), the others end it. */
export type StopSignal = 'SIGTERM' | 'SIGKILL' | 'SIGSTOP';

/**
 * Answers the specs' requests to stop and start an instance (0 or 1): `POST /{index}/{signal}` sends the
 * signal and, unless it is SIGSTOP, answers with the exit code once the process has ended; `POST
 * /{index}/start` starts it again on its port and answers once it is ready.
 */
function serveControl(
  portals: Portal[],
  ports: number[],
  env: Record<string, string>,
): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    const [, index, action] = /^\/([01])\/(SIGTERM|SIGKILL|SIGSTOP|start)$/.exec(request.url ?? '') ?? [];
    const answer = (status: number, text: string) => response.writeHead(status).end(text);
    if (request.method !== 'POST' || index === undefined || action === undefined) return answer(404, 'no');
    const slot = Number(index);
    const control = async () => {
      if (action === 'start') {
        const portal = startPortal(ports[slot]!, env);
        portals[slot] = portal;
        await waitForReady(`http://127.0.0.1:${ports[slot]}/api/health/ready`, portal.child, portal.output);
        return 'ready';
      }
      const portal = portals[slot]!;
      portal.child.kill(action as StopSignal);
      return action === 'SIGSTOP' ? 'stopped' : String(await portal.exited);
    };
    control().then(
      (text) => answer(200, text),
      (error: unknown) => answer(500, String(error)),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

async function control(path: string): Promise<string> {
  const response = await fetch(`${process.env.WHOLESALE_MULTI_CONTROL}${path}`, { method: 'POST' });
  const text = await response.text();
  if (!response.ok) throw new Error(`Cluster control ${path}: ${text}`);
  return text;
}

/**
 * Sends `signal` to instance 0 or 1; resolves once it has exited (with its exit code or signal), or at once
 * for SIGSTOP. For the specs.
 */
export function signalInstance(index: 0 | 1, signal: StopSignal): Promise<string> {
  return control(`/${index}/${signal}`);
}

/** Starts instance 0 or 1 again on its port, with its environment; resolves once it is ready. */
export async function startInstance(index: 0 | 1): Promise<void> {
  await control(`/${index}/start`);
}

export default async function globalSetup() {
  if (!existsSync('dist/server/main.js'))
    throw new Error('Run "npm run build" first (npm run test:multi does).');
  if (!existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX} (apt-get install nginx-light)`);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'wholesale-multi-'));
  const database = await createScratchPostgresDatabase(SERVER_URL);
  const nginxPort = Number(process.env.WHOLESALE_MULTI_PORT);
  const [portA, portB, smtpPort] = await Promise.all([findFreePort(), findFreePort(), findFreePort()]);
  const mailboxFile = path.join(folder, 'mailbox.jsonl');
  const mailbox = startMailbox(smtpPort, mailboxFile);
  const origin = `http://localhost:${nginxPort}`;
  const env = {
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    APP_ORIGIN: origin,
    TRUST_PROXY: '1',
    ADMIN_PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  // One after the other: the first migrates and seeds, the second finds it done.
  const portals: Portal[] = [];
  for (const port of [portA, portB]) {
    const portal = startPortal(port, env);
    portals.push(portal);
    await waitForReady(`http://127.0.0.1:${port}/api/health/ready`, portal.child, portal.output);
  }

  const prefix = path.join(folder, 'nginx');
  mkdirSync(prefix);
  const config = readFileSync('deploy/nginx-two-instances.conf', 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${nginxPort}`)
    .replaceAll('{{UPSTREAM_A}}', `127.0.0.1:${portA}`)
    .replaceAll('{{UPSTREAM_B}}', `127.0.0.1:${portB}`);
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  let nginxOutput = '';
  const nginx = spawn(
    NGINX,
    ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', configFile, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  await waitForReady(`${origin}/api/health/ready`, nginx, () => nginxOutput);

  process.env.WHOLESALE_E2E_MAILBOX = mailboxFile;
  process.env.WHOLESALE_MULTI_ACCESS_LOG = path.join(prefix, 'access.log');
  process.env.WHOLESALE_MULTI_UPSTREAMS = `127.0.0.1:${portA},127.0.0.1:${portB}`;
  process.env.WHOLESALE_MULTI_DATABASE_URL = database.url;
  const controlServer = await serveControl(portals, [portA, portB], env);
  process.env.WHOLESALE_MULTI_CONTROL = controlServer.url;

  return async () => {
    controlServer.close();
    nginx.kill('SIGTERM');
    // SIGCONT first: a frozen instance (SIGSTOP) handles SIGTERM only once it runs again.
    for (const portal of portals) portal.child.kill('SIGCONT');
    for (const portal of portals) portal.child.kill('SIGTERM');
    await Promise.all(
      [nginx, ...portals.map((portal) => portal.child)].map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null || child.signalCode !== null
              ? resolve(null)
              : child.once('exit', resolve),
          ),
      ),
    );
    mailbox.close();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
