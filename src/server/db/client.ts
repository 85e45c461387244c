import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { PgliteThread, type PgliteQueries } from './pglite-thread';
import * as schema from './schema';

/** The one database type every repository takes: PGlite and node-postgres share Drizzle's PgDatabase. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or an open transaction: a write given a transaction commits with it. */
export type DatabaseOrTransaction = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Subscribes to NOTIFY on `channel` (see listen handlers); resolves to the function that stops it. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Marks this process as an instance on the database until close (docs/operations.md#several-instances):
   * 'shared' for an ordinary instance, 'exclusive' for one that must be alone (the embedded fake Shopify
   * store). False when the database already has an instance that rules this one out. PGlite's data folder
   * has one process by construction (data-dir-lock.ts): always true.
   */
  claimInstance(mode: 'shared' | 'exclusive'): Promise<boolean>;
  /** PostgreSQL only: the connection pool's use, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
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
  // On a thread of its own, so the portal's event loop stays free while it works (ADR 0020).
  const client = await PgliteThread.start({ dataDir, ...(template ? { template } : {}) });
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
  // PGlite runs one statement at a time; a query outside a transaction waits until the transaction ends.
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite({ client: client as unknown as PGlite }), {
        migrationsFolder: migrationsFolder(),
      }),
    close: () => client.close(),
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onLive(true);
      return async () => {
        handlers.onLive(false);
        await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir(),
    claimInstance: () => Promise.resolve(true),
  };
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
  let instanceLock: pg.Client | null = null;
  return {
    db,
    kind: 'postgres',
    async claimInstance(mode) {
      // A session-level advisory lock on a connection of its own, held until close: shared by every
      // ordinary instance, exclusive for one that must be alone.
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      const lock = mode === 'shared' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
      const result = await client.query<{ held: boolean }>(`select ${lock}(${INSTANCE_LOCK_KEY}) as held`);
      if (!result.rows[0]?.held) {
        await client.end();
        return false;
      }
      instanceLock = client;
      return true;
    },
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
    close: async () => {
      await instanceLock?.end().catch(() => {});
      await pool.end();
    },
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

const RECONNECT_DELAY_MS = 2_000;
/** The advisory lock that marks the instances running on a database (claimInstance). */
const INSTANCE_LOCK_KEY = 727274002;

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

/**
 * A hot statement sent by name: PostgreSQL parses and plans it once per pooled connection instead of on
 * every call. `text` uses $1, $2… placeholders. PGlite runs it as is.
 */
export interface NamedStatement {
  name: string;
  text: string;
}

/** Runs `statement` on the database itself (never inside a transaction) and returns its rows. */
export async function runNamed<Row>(
  db: Database,
  statement: NamedStatement,
  params: readonly unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query<Row & pg.QueryResultRow>({
      name: statement.name,
      text: statement.text,
      values: [...params],
    });
    return result.rows;
  }
  const result = await (client as PgliteQueries).query<Row>(statement.text, [...params]);
  return result.rows;
}
