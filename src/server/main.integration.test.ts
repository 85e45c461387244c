import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { sqlRows } from './test/sql-rows';
import { findFreePort, startPortalProcess, type PortalProcess } from './test/portal-process';
import { createScratchPostgresDatabase } from './test/test-database';

const READY = /Wholesale portal ready at http:\/\/localhost:\d+/;
const started: PortalProcess[] = [];
const dataDirs: string[] = [];

function newDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
  dataDirs.push(dir);
  return dir;
}

async function startPortal(env: Record<string, string>) {
  const port = await findFreePort();
  const portal = startPortalProcess({ PORT: String(port), HOST: '127.0.0.1', ...env });
  started.push(portal);
  return { portal, base: `http://127.0.0.1:${port}` };
}

/** A TCP connection to the portal, or the error of trying (ECONNREFUSED when it no longer listens). */
function connectTo(port: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

afterAll(() => {
  for (const portal of started) portal.child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The PostgreSQL run of the suite (`npm run test:pg`) repeats only what involves PostgreSQL: the start-ups
 * on PGlite and the environment checks below are the same in both runs, and each boots a portal (initdb
 * included) for several CPU seconds.
 */
const itOnce = it.skipIf(Boolean(process.env.TEST_DATABASE_URL));

// Each test starts real built processes (and some a database); on a loaded two-core machine running two test
// files at once one start took over 20 s, so these get more than the suite's 60 s.
describe('the portal process (npm start)', { timeout: 150_000 }, () => {
  itOnce(
    'starts on an empty data folder, prints the URL and the one-time admin password, serves and stops cleanly',
    async () => {
      const dataDir = newDataDir();
      const { portal, base } = await startPortal({ DATA_DIR: dataDir });
      await portal.waitForOutput(READY);
      expect(portal.output()).toMatch(/First administrator created: username "admin", password "[\w-]{20,}"/);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(true);

      portal.child.kill('SIGTERM');
      expect(await portal.exited).toBe(0);
      expect(portal.output()).toContain('SIGTERM received');
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

      // A second start reuses the data: no new administrator, no new seed.
      const again = await startPortal({ DATA_DIR: dataDir });
      await again.portal.waitForOutput(READY);
      expect(again.portal.output()).not.toContain('First administrator created');
      expect(again.portal.output()).not.toContain('Seeded the catalogue');
      const products = (await (await fetch(`${again.base}/api/products`)).json()) as unknown[];
      expect(products).toHaveLength(5);
      again.portal.child.kill('SIGINT');
      expect(await again.portal.exited).toBe(0);
    },
  );

  itOnce(
    'refuses a second instance on the same data folder, and recovers after kill -9 without losing data',
    async () => {
      const dataDir = newDataDir();
      const first = await startPortal({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Admin-Pass-1' });
      await first.portal.waitForOutput(READY);

      const second = await startPortal({ DATA_DIR: dataDir });
      expect(await second.portal.exited).toBe(1);
      expect(second.portal.output()).toMatch(/Another portal process \(pid \d+\) is already using DATA_DIR=/);
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);

      first.portal.child.kill('SIGKILL');
      await first.portal.exited;
      const restarted = await startPortal({ DATA_DIR: dataDir });
      await restarted.portal.waitForOutput(READY);
      // The administrator and the catalogue committed before the kill are still there.
      expect(restarted.portal.output()).not.toContain('First administrator created');
      expect(((await (await fetch(`${restarted.base}/api/products`)).json()) as unknown[]).length).toBe(5);
      restarted.portal.child.kill('SIGTERM');
      expect(await restarted.portal.exited).toBe(0);
    },
  );

  itOnce(
    'on SIGTERM while the mail server hangs: stops listening at once, releases the e-mail job, closes the database, exits 0',
    async () => {
      // A mail server that accepts the connection and never greets.
      const sockets: net.Socket[] = [];
      const hanging = net.createServer((socket) => sockets.push(socket));
      const smtpPort = await findFreePort();
      await new Promise<void>((resolve) => hanging.listen(smtpPort, '127.0.0.1', resolve));
      const dataDir = newDataDir();
      const { portal, base } = await startPortal({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'Admin-Pass-1',
        SEED_DEMO: '1',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SHUTDOWN_GRACE_SECONDS: '25',
      });
      try {
        await portal.waitForOutput(READY);
        const asked = await fetch(`${base}/api/request-magic-link`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
          body: JSON.stringify({ email: 'demo@example.com' }),
        });
        expect(asked.status).toBe(200);
        await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);

        const stoppedAt = Date.now();
        portal.child.kill('SIGTERM');
        await portal.waitForOutput(/SIGTERM received/);
        // The listener is closed at once (docs/operations.md#stopping): while the job still holds the process,
        // a new connection is refused, so a proxy sends it to another instance.
        const refused = await connectTo(new URL(base).port).then(
          (socket) => (socket.destroy(), 'accepted'),
          (error: NodeJS.ErrnoException) => error.code,
        );
        expect(refused).toBe('ECONNREFUSED');
        expect(portal.child.exitCode).toBeNull();

        expect(await portal.exited).toBe(0);
        expect(Date.now() - stoppedAt).toBeLessThan(25_000);
        expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
        const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
        try {
          const rows = await sqlRows<{ state: string; attempts: number }>(
            database.db,
            sql`select state, attempts from jobs where type = 'account.sign-in-link'`,
          );
          // Not left 'running' for the next start to wait out: back in the queue, the cut attempt not counted.
          expect(rows).toEqual([{ state: 'pending', attempts: 0 }]);
        } finally {
          await database.close();
        }
      } finally {
        for (const socket of sockets) socket.destroy();
        hanging.close();
      }
    },
    150_000,
  );

  itOnce('with SHOPIFY_MODE=fake loads the fake store from dev/ and runs it beside the portal', async () => {
    const { portal, base } = await startPortal({ DATA_DIR: newDataDir(), SHOPIFY_MODE: 'fake' });
    await portal.waitForOutput(READY);
    const fakeUrl = /a fake Shopify store runs at (http:\/\/127\.0\.0\.1:\d+)/.exec(portal.output())?.[1];
    expect(fakeUrl).toBeDefined();
    expect((await fetch(`${fakeUrl}/__fake/state`)).status).toBe(200);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
  });

  itOnce('stops at start-up with a readable list when the environment is wrong', async () => {
    const { portal } = await startPortal({
      DATA_DIR: newDataDir(),
      DATABASE_URL: 'mysql://x',
      SEED_DEMO: 'maybe',
    });
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toContain('Invalid environment:');
    expect(portal.output()).toMatch(/- DATABASE_URL: must start with postgres:\/\//);
    expect(portal.output()).toMatch(/- SEED_DEMO: must be 1, 0, true or false/);
  });

  itOnce('retries an unreachable PostgreSQL, then exits non-zero with the reason', async () => {
    const deadPort = await findFreePort();
    const { portal } = await startPortal({
      DATABASE_URL: `postgres://portal:secret-password@127.0.0.1:${deadPort}/portal`,
      DB_CONNECT_ATTEMPTS: '2',
    });
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toMatch(
      /Database not reachable \(PostgreSQL at 127\.0\.0\.1:\d+\/portal\), attempt 1\/2/,
    );
    expect(portal.output()).toMatch(/Cannot reach PostgreSQL at .* after 2 attempts: .*ECONNREFUSED/);
    expect(portal.output()).not.toContain('secret-password');
  });

  itOnce(
    'exits at once with the reason when retrying cannot help: a data folder PGlite cannot open',
    async () => {
      const dataDir = newDataDir();
      // A folder that is not a PostgreSQL data folder (another version's, or damaged): opening it again fails alike.
      mkdirSync(path.join(dataDir, 'pglite'));
      writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '99\n');
      const { portal } = await startPortal({ DATA_DIR: dataDir, DB_CONNECT_ATTEMPTS: '3' });
      expect(await portal.exited).toBe(1);
      expect(portal.output()).toMatch(
        /Cannot open PGlite in .*pglite: PGlite failed to initialize properly \(\d+ MB free on the volume holding /,
      );
      expect(portal.output()).not.toContain('Retrying');
      expect(portal.output()).not.toContain('[object Object]');
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'exits at once with the reason and its SQLSTATE when DATABASE_URL names a database that does not exist',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = '/portal_no_such_database';
      url.password = 'secret-password';
      const { portal } = await startPortal({ DATABASE_URL: url.toString(), DB_CONNECT_ATTEMPTS: '3' });
      expect(await portal.exited).toBe(1);
      const fatal = portal
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((line) => line.level === 60);
      expect(fatal?.msg).toMatch(
        /^Cannot open PostgreSQL at .*\/portal_no_such_database: database "portal_no_such_database" does not exist \(code 3D000\): the database does not exist: create it or fix its name in DATABASE_URL$/,
      );
      expect(portal.output()).not.toContain('Retrying');
      expect(portal.output()).not.toContain('secret-password');
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL through DATABASE_URL: two instances started together migrate and seed once',
    async () => {
      const database = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: 'Admin-Pass-1' };
        const [one, two] = await Promise.all([startPortal(env), startPortal(env)]);
        await Promise.all([one.portal.waitForOutput(READY), two.portal.waitForOutput(READY)]);
        const seededBy = [one, two].filter(({ portal }) => portal.output().includes('Seeded the catalogue'));
        expect(seededBy).toHaveLength(1);
        for (const { base } of [one, two]) {
          expect(((await (await fetch(`${base}/api/products`)).json()) as unknown[]).length).toBe(5);
        }
        for (const { portal } of [one, two]) portal.child.kill('SIGTERM');
        expect(await Promise.all([one.portal.exited, two.portal.exited])).toEqual([0, 0]);
      } finally {
        await database.drop();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'refuses the embedded fake store beside another instance on the same PostgreSQL database, and the reverse',
    async () => {
      const database = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: 'Admin-Pass-1' };
        const ordinary = await startPortal(env);
        await ordinary.portal.waitForOutput(READY);
        const fake = await startPortal({ ...env, SHOPIFY_MODE: 'fake' });
        expect(await fake.portal.exited).toBe(1);
        expect(fake.portal.output()).toContain('another portal instance is already running on this database');
        expect(fake.portal.output()).toContain('npm run dev:shopify');
        ordinary.portal.child.kill('SIGTERM');
        expect(await ordinary.portal.exited).toBe(0);

        const alone = await startPortal({ ...env, SHOPIFY_MODE: 'fake' });
        await alone.portal.waitForOutput(READY);
        const beside = await startPortal(env);
        expect(await beside.portal.exited).toBe(1);
        expect(beside.portal.output()).toContain('runs the embedded fake Shopify store');
        alone.portal.child.kill('SIGTERM');
        expect(await alone.portal.exited).toBe(0);
      } finally {
        await database.drop();
      }
    },
    150_000,
  );
});
