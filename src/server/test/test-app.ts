import { Writable } from 'node:stream';
import pino from 'pino';
import { productListSchema } from '../../shared/schemas/products';
import { buildApp, type App } from '../app';
import type { Database, DatabaseHandle } from '../db/client';
import { seedDatabase } from '../db/seed';
import { loadEnv, type Env } from '../env';
import type { Lifecycle } from '../http/lifecycle';
import { EMAIL_JOB_TYPES } from '../jobs/registry';
import { createMetrics, type PortalMetrics } from '../metrics/metrics';
import type { ShopifyConnection } from '../integrations/shopify/shopify';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://portal.test';
export const TEST_ADMIN_PASSWORD = 'Admin-Pass-1';

export interface TestApp {
  app: App;
  db: Database;
  env: Env;
  handle: DatabaseHandle;
  metrics: PortalMetrics | undefined;
  close(): Promise<void>;
}

/** The environment of a test app: test mode on TEST_ORIGIN, silent, with `overrides`. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    APP_ORIGIN: TEST_ORIGIN,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ADMIN_NAME: 'Morgan Reyes',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/**
 * The real application on a fresh, migrated and seeded database (PGlite in memory, or PostgreSQL when
 * TEST_DATABASE_URL is set), silent, serving no client files. Requests go through app.inject().
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clientDir?: string | null;
    seed?: boolean;
    /** The Shopify store (shopify-test-app.ts); default: from env, so test mode. */
    shopify?: ShopifyConnection | null;
    /** Draining and notification state the test controls; a fresh one by default. */
    lifecycle?: Lifecycle;
    /** Measure requests and jobs (returned as `metrics`). */
    metrics?: boolean;
  } = {},
): Promise<TestApp> {
  const env = testEnv(options.env);
  const handle = await createTestDatabase();
  if (options.seed !== false) {
    await seedDatabase(handle.db, {
      admin: {
        username: env.ADMIN_USERNAME,
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
        name: env.ADMIN_NAME,
      },
      demo: env.SEED_DEMO,
    });
  }
  const metrics = options.metrics
    ? createMetrics({ database: handle, shopify: null, emailJobTypes: EMAIL_JOB_TYPES })
    : undefined;
  const app = await buildApp({
    env,
    database: handle,
    clientDir: options.clientDir ?? null,
    logger: false,
    ...(options.shopify === undefined ? {} : { shopify: options.shopify }),
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
    ...(metrics ? { metrics } : {}),
    // Not the code under test: a loaded machine must not turn requests into 503 'very busy' (app.ts).
    maxEventLoopDelayMs: 0,
  });
  return {
    app,
    db: handle.db,
    env,
    handle,
    metrics,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** Headers a same-origin browser request carries. */
export const sameOrigin = { origin: TEST_ORIGIN } as const;

/** Ids the seed gives the bundle and the tester (they have no fixed id), read from the storefront list. */
export async function findSeededSpecialIds(app: App): Promise<{ bundleId: number; testerId: number }> {
  const list = productListSchema.parse((await app.inject({ url: '/api/products' })).json());
  const idOf = (sku: string) => {
    const product = list.find((candidate) => candidate.sku === sku);
    if (!product) throw new Error(`The seeded catalogue has no ${sku}`);
    return product.id;
  };
  return { bundleId: idOf('800-0004'), testerId: idOf('800-0003') };
}

/**
 * The real application on `handle` (seeded here), logging at info into `lines` as parsed JSON, so a test can
 * read what an operator would (the outage and disk-full lines); tolerant of a stalled event loop.
 */
export async function buildAppLoggingTo(
  handle: DatabaseHandle,
  lines: Array<Record<string, unknown>>,
): Promise<App> {
  const env = testEnv();
  await seedDatabase(handle.db, {
    admin: {
      username: env.ADMIN_USERNAME,
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: env.ADMIN_NAME,
    },
    demo: false,
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return buildApp({
    env,
    database: handle,
    clientDir: null,
    loggerInstance: pino({ level: 'info' }, stream),
    maxEventLoopDelayMs: 0,
  });
}
