import { sql, type SQL } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, DatabaseHandle } from '../db/client';
import type { ShopifyConnection } from '../integrations/shopify/shopify';

/** What a finished job attempt came to (jobs/worker.ts). */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'released';

export interface MetricSources {
  database: DatabaseHandle;
  shopify: ShopifyConnection | null;
  /** The job types that send e-mail (jobs/registry.ts EMAIL_JOB_TYPES). */
  emailJobTypes: readonly string[];
}

/** Rows of a read (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

const CIRCUIT_STATES = ['closed', 'half-open', 'open'] as const;

/**
 * The portal's metrics in Prometheus's text format (docs/operations.md#metrics), in a registry of their own
 * (several apps in one test process never share counters). Request durations and job outcomes are counted as
 * they happen; the outbox, failed jobs, webhook events, the pool and the Shopify circuit are read when the
 * metrics are scraped.
 */
export function createMetrics({ database, shopify, emailJobTypes }: MetricSources) {
  const registry = new Registry();
  const { db } = database;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requestDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobAttempts = new Counter({
    name: 'portal_job_attempts_total',
    help: 'Finished job attempts by type and outcome (done, retry, failed, released).',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const emails = new Counter({
    name: 'portal_emails_total',
    help: 'E-mail job attempts: sent, retry (will be tried again) or failed (given up: a delivery problem).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'portal_outbox_pending_jobs',
    help: 'Jobs waiting to run (pending) and running.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ state: string; count: number }>(
        db,
        sql`select state, count(*)::int as count from jobs where state in ('pending', 'running') group by state`,
      );
      this.reset();
      for (const state of ['pending', 'running']) {
        this.set({ state }, rows.find((row) => row.state === state)?.count ?? 0);
      }
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_pending_seconds',
    help: 'Age of the oldest job that is due and not yet done (0 when none).',
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ age: number | null }>(
        db,
        sql`select extract(epoch from now() - min(run_at))::float8 as age from jobs
             where state = 'pending' and run_at <= now()`,
      );
      this.set(Math.max(0, Number(row?.age ?? 0)));
    },
  });
  new Gauge({
    name: 'portal_jobs_failed',
    help: 'Jobs given up on, by type (e-mail ones are listed under Delivery problems).',
    labelNames: ['type'] as const,
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ type: string; count: number }>(
        db,
        sql`select type, count(*)::int as count from jobs where state = 'failed' group by type`,
      );
      this.reset();
      for (const row of rows) this.set({ type: row.type }, row.count);
    },
  });
  new Gauge({
    name: 'portal_shopify_webhook_events',
    help: 'Shopify webhook events kept, by outcome (received, processed, ignored, failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ state: string; count: number }>(
        db,
        sql`select state, count(*)::int as count from shopify_webhook_events group by state`,
      );
      this.reset();
      for (const row of rows) this.set({ outcome: row.state }, row.count);
    },
  });
  if (database.poolStats) {
    const stats = database.poolStats;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one.',
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = stats();
        this.set({ kind: 'total' }, total);
        this.set({ kind: 'idle' }, idle);
        this.set({ kind: 'waiting' }, waiting);
      },
    });
  }
  if (shopify?.circuitState) {
    const circuitState = shopify.circuitState;
    new Gauge({
      name: 'portal_shopify_circuit_state',
      help: 'The Shopify client circuit breaker: 1 for its current state.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const current = circuitState();
        for (const state of CIRCUIT_STATES) this.set({ state }, state === current ? 1 : 0);
      },
    });
  }

  const isEmail = new Set(emailJobTypes);
  return {
    registry,
    observeRequest: (route: string, method: string, status: number, seconds: number) => {
      requestDuration.observe({ route, method, status: String(status) }, seconds);
    },
    jobFinished: (type: string, outcome: JobOutcome) => {
      jobAttempts.inc({ type, outcome });
      if (isEmail.has(type) && outcome !== 'released') {
        emails.inc({ outcome: outcome === 'done' ? 'sent' : outcome });
      }
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type PortalMetrics = ReturnType<typeof createMetrics>;
