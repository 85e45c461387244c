import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

/** The one database type every repository takes: PGlite and node-postgres share Drizzle's PgDatabase. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Subscribes to NOTIFY on `channel` (see listen handlers); resolves to the function that stops it. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** PGlite only: the whole data folder as a tar archive (test templates). */
  dumpDataDir?: () => Promise<Blob | File>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /**
   * Whether notifications are being received. False while a PostgreSQL listener connection is down: what
   * was cached may be stale and must not be trusted until it is true again.
   */
  onLive(live: boolean): void;
}

export type DatabaseTarget =
  { kind: 'pglite'; dataDir: string | null; template?: Blob } | { kind: 'postgres'; url: string };

/**
 * Opens PGlite in `dataDir` (null = in memory, optionally started from a dumped `template`, which skips the
 * slow initdb) or a node-postgres pool, without touching the schema.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'pglite' ? openPglite(target.dataDir, target.template) : openPostgres(target.url);
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
  });
  await client.waitReady;
  yieldBeforeEachCall(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // PGlite runs one statement at a time; Drizzle queues them, so transactions stay correct in one process.
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotify);
      handlers.onLive(true);
      return async () => {
        handlers.onLive(false);
        await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs every statement on this process's own thread, and the calls queued behind its lock resume one
 * another without ever returning to the event loop: under load, requests, timers and I/O would wait until
 * the whole queue has run (a second and more with 50 customers ordering). Each top-level query and
 * transaction therefore first lets the event loop turn once. Statements inside a transaction still run
 * back to back, so a transaction stays short.
 */
function yieldBeforeEachCall(client: PGlite) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await yieldToEventLoop();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await yieldToEventLoop();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await yieldToEventLoop();
    return transaction(...args);
  }) as typeof client.transaction;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Fail fast instead of piling up work when the database is slow or a transaction is left open.
    options: '-c statement_timeout=15000 -c idle_in_transaction_session_timeout=30000',
  });
  // Without this listener an idle client's error (database restarted) would crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  await pool.query('select 1');
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const lock = await pool.connect();
      try {
        // Several instances may start together; one migrates while the others wait.
        await lock.query('select pg_advisory_lock(727274001)');
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: migrationsFolder() });
      } finally {
        await lock.query('select pg_advisory_unlock(727274001)').catch(() => {});
        lock.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
  };
}

const RECONNECT_DELAY_MS = 2_000;

/**
 * LISTEN on a dedicated connection (pool connections come and go). When it drops, the subscriber hears
 * onLive(false) at once and the listener reconnects every few seconds until stopped.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    handlers.onLive(false);
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, RECONNECT_DELAY_MS);
    retryTimer.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (!stopped) handlers.onLive(true);
    } catch {
      await next.end().catch(() => {});
      scheduleReconnect();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    handlers.onLive(false);
    await client?.end().catch(() => {});
  };
}

/** Runs `select 1` through Drizzle; used by the health route. */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
