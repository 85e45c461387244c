import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { GiveUp, waitFor } from './wait';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
/** The server refuses to run as root; Debian's package makes this account. */
const SERVICE_ACCOUNT = 'postgres';
const START_TIMEOUT_MS = 30_000;

/** The bin folder of the newest Debian PostgreSQL with initdb and pg_ctl, or null. */
export function findPostgresBin(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(PG_ROOT, version, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(path.join(bin, tool)))) return bin;
  }
  return null;
}

/** Why the PostgreSQL scenarios cannot run here, or null when they can. */
export function postgresUnavailableReason(): string | null {
  if (!findPostgresBin()) {
    return `no initdb/pg_ctl/postgres under ${PG_ROOT}/*/bin (install the Debian package postgresql)`;
  }
  if (process.getuid?.() === 0 && !accountIds(SERVICE_ACCOUNT)) {
    return `running as root and there is no "${SERVICE_ACCOUNT}" account to run the server as`;
  }
  return null;
}

function accountIds(name: string): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : null;
}

/** Servers still running when the process exits are stopped at once (an interrupted run). */
const live = new Set<OwnPostgres>();
process.once('exit', () => {
  for (const server of live) server.destroySync();
});

/**
 * A PostgreSQL server of the suite's own: a new cluster in a temporary folder, on a port of its choosing,
 * listening on 127.0.0.1 only, with its socket in that folder; never the machine's own server. The server
 * is a child of the test process (not daemonised by pg_ctl), so an interrupted run takes it down too; as
 * root, it and its tools run as the `postgres` account (the server refuses root). Trust authentication,
 * fsync off: it holds only the suite's throwaway data and is never crashed itself, only stopped with
 * `pg_ctl stop -m fast`.
 */
export class OwnPostgres {
  private readonly dataDir: string;
  private readonly account = process.getuid?.() === 0 ? accountIds(SERVICE_ACCOUNT) : null;
  private server: ChildProcess | null = null;
  private log = '';

  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(dir, 'data');
  }

  static async create(port: number): Promise<OwnPostgres> {
    const bin = findPostgresBin();
    const reason = postgresUnavailableReason();
    if (!bin || reason) throw new Error(reason ?? 'PostgreSQL is not installed');
    const server = new OwnPostgres(bin, mkdtempSync(path.join(os.tmpdir(), 'portal-faults-pg-')), port);
    live.add(server);
    try {
      if (server.account) chownSync(server.dir, server.account.uid, server.account.gid);
      await server.tool('initdb', [
        '-D',
        server.dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--no-sync',
        '--no-instructions',
      ]);
      await server.start();
    } catch (error) {
      await server.destroy();
      throw error;
    }
    return server;
  }

  /** postgres://postgres@127.0.0.1:port/database */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private get ids() {
    return this.account ? { uid: this.account.uid, gid: this.account.gid } : {};
  }

  /** Starts the server and resolves once it answers a query. */
  async start(): Promise<void> {
    if (this.server) throw new Error('The suite’s PostgreSQL is already running');
    const settings = {
      port: String(this.port),
      listen_addresses: '127.0.0.1',
      unix_socket_directories: this.dir,
      fsync: 'off',
      max_connections: '60',
    };
    const args = [
      '-D',
      this.dataDir,
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ];
    const server = spawn(path.join(this.bin, 'postgres'), args, {
      cwd: this.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...this.ids,
    });
    this.server = server;
    const keep = (chunk: Buffer) => (this.log = (this.log + chunk.toString('utf8')).slice(-4_000));
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    server.once('exit', () => {
      if (this.server === server) this.server = null;
    });
    await waitFor(
      `the suite's PostgreSQL on port ${this.port} to accept connections`,
      async () => {
        if (this.server !== server) throw new GiveUp(`PostgreSQL exited during start-up:\n${this.log}`);
        const client = new pg.Client({ connectionString: this.url() });
        client.on('error', () => {});
        try {
          await client.connect();
          await client.query('select 1');
          return true;
        } finally {
          await client.end().catch(() => {});
        }
      },
      { timeoutMs: START_TIMEOUT_MS, intervalMs: 100, describe: () => this.log },
    );
  }

  /** `pg_ctl stop -m fast`: clients are disconnected, the server shuts down cleanly. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    await this.tool('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
    await exited;
  }

  /** Stops the server if it runs (immediate mode) and removes its folder; never throws. */
  async destroy(): Promise<void> {
    const server = this.server;
    if (server) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      server.kill('SIGQUIT');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
    live.delete(this);
  }

  /** destroy() for a process that is exiting: nothing asynchronous runs any more. */
  destroySync(): void {
    if (this.server) {
      try {
        // SIGQUIT is PostgreSQL's immediate shutdown; pg_ctl waits for it, so the folder can go.
        execFileSync(path.join(this.bin, 'pg_ctl'), ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop'], {
          cwd: this.dir,
          stdio: 'ignore',
          ...this.ids,
        });
      } catch {
        this.server.kill('SIGKILL');
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async tool(name: string, args: string[]): Promise<void> {
    try {
      // From a folder the service account may enter (it cannot read root's working directory).
      await run(path.join(this.bin, name), args, { cwd: this.dir, timeout: 60_000, ...this.ids });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(
        `${name} ${args.at(-1)} failed: ${(stderr || stdout || String(error)).trim()}\nserver log:\n${this.log}`,
      );
    }
  }
}
