import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../../scripts/free-port';
import { createScratchPostgresDatabase } from '../../src/server/test/test-database';
import { startMailbox } from '../e2e/support/mailbox';

/**
 * The multi-instance journey's world (playwright.multi.config.ts): a scratch database on the PostgreSQL
 * server of MULTI_DATABASE_URL, two built portals on it, and nginx (Debian's package) balancing them round
 * robin with deploy/nginx-two-instances.conf. Written for CI: it refuses to run without nginx or PostgreSQL.
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

function startPortal(port: number, env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
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
  const portals: ReturnType<typeof startPortal>[] = [];
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

  return async () => {
    nginx.kill('SIGTERM');
    for (const portal of portals) portal.child.kill('SIGTERM');
    await Promise.all(
      [nginx, ...portals.map((portal) => portal.child)].map(
        (child) =>
          new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
      ),
    );
    mailbox.close();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
