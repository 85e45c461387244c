import path from 'node:path';
import type * as FakeShopifyModule from '../../dev/fake-shopify/embedded';
import pino from 'pino';
import { buildApp } from './app';
import type { DatabaseHandle, DatabaseTarget } from './db/client';
import {
  classifyStartFailure,
  connectWithRetry,
  DatabaseStartError,
  databaseTargetFor,
  describeTarget,
} from './db/connect';
import { isDiskFull, postgresErrorCode } from './db/postgres-errors';
import { acquireDataDirLock } from './db/data-dir-lock';
import { seedDatabase } from './db/seed';
import { EnvError, loadEnv, type Env } from './env';
import { startHousekeeping } from './jobs/housekeeping';
import { startShopifyReconciliation } from './features/shopify-events/reconcile-schedule';
import { startPaymentNotices, startPreparedOrderDeadlines } from './features/orders';
import { startTaxExemptionReminders } from './features/admin-companies';
import { startCompaniesReconcile } from './features/companies-shopify';
import { startReorderReminders } from './features/reorder-reminders';
import { startJobWorker } from './jobs/worker';
import { createShopifyCatalog } from './features/admin-catalog/shopify-catalog';
import { connectShopify } from './integrations/shopify/shopify';
import { createJobHandlers, createRetryPolicies, EMAIL_JOB_TYPES } from './jobs/registry';
import { createMetrics } from './metrics/metrics';
import { serveMetrics } from './metrics/metrics-server';
import { createLifecycle } from './http/lifecycle';
import { createRequestGauge } from './http/request-gauge';
import { createMailer } from './mail/mailer';
import { watchMailer } from './mail/mail-outage';
import { loggerOptions } from './plugins/log-redaction';

/**
 * The fake Shopify store of `SHOPIFY_MODE=fake` (dev/fake-shopify, ADR 0023) is not part of this bundle: it is
 * loaded only in fake mode, from its own bundle beside the built server (dist/fake-shopify) or, when the
 * portal runs from its TypeScript sources (`npm run dev`, tests), from dev/ through tsx. The specifier is a
 * computed URL, so esbuild leaves the import alone instead of inlining the fake.
 */
async function loadFakeShopify(): Promise<typeof FakeShopifyModule> {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(
    fromSources ? '../../dev/fake-shopify/embedded.ts' : '../fake-shopify/embedded.js',
    import.meta.url,
  );
  try {
    return (await import(entry.href)) as typeof FakeShopifyModule;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(`SHOPIFY_MODE=fake needs the fake Shopify store (${entry.pathname}): run npm run build`, {
      cause: error,
    });
  }
}

/**
 * The embedded fake store lives in one process, so an instance running it must be alone on its database
 * (docs/operations.md#several-instances); refuses to start, with what to do, when it would not be.
 */
async function claimInstanceOrExplain(database: DatabaseHandle, embeddedFakeStore: boolean) {
  if (await database.claimInstance(embeddedFakeStore ? 'exclusive' : 'shared')) return;
  throw new Error(
    embeddedFakeStore
      ? 'SHOPIFY_MODE=fake runs a fake Shopify store inside this one process, but another portal instance is ' +
          'already running on this database. For several instances, run the standalone fake store ' +
          '(npm run dev:shopify) and point every instance at it with SHOPIFY_STORE_DOMAIN and ' +
          'SHOPIFY_ADMIN_TOKEN (README: Running several instances).'
      : 'Another portal instance on this database runs the embedded fake Shopify store (SHOPIFY_MODE=fake), ' +
          'which must be alone. Stop it, or run the standalone fake store (npm run dev:shopify) for every ' +
          'instance (README: Running several instances).',
  );
}

async function logDestination() {
  if (!process.stdout.isTTY) return pino.destination({ dest: 1, sync: false });
  const { default: pretty } = await import('pino-pretty');
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

/**
 * The fatal line of a failed start: a database error after the database opened (a migration on a full disk)
 * says what the driver said, its code and what to do, never the statement (docs/operations.md#start-up).
 */
function describeStartFailure(error: unknown, target: DatabaseTarget): string {
  if (!(error instanceof DatabaseStartError) && (postgresErrorCode(error) || isDiskFull(error))) {
    return `Cannot prepare ${describeTarget(target)}: ${classifyStartFailure(error, target).reason}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function readEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`${error.message}\nFix these variables (see README.md) and start again.`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Starts the portal: environment, database (with retries), migrations, seed, HTTP server; and stops it
 * cleanly on SIGINT/SIGTERM: in-flight requests finish, then PGlite is closed and the data folder unlocked.
 */
async function main() {
  let env = readEnvOrExit();
  // Written to stdout off the event loop (lines in flight are flushed at exit): a synchronous write per
  // line cost several per cent of a busy portal's CPU (issue 15). A kill -9 may lose the last few lines.
  // In a terminal (a developer's `npm start` or `npm run dev`) the lines are made readable with pino-pretty;
  // anywhere else (a service manager, a container, a pipe) they stay JSON for the log collector.
  const log = pino(loggerOptions(env.LOG_LEVEL), await logDestination());
  const cleanups: Array<() => Promise<void> | void> = [];
  const runCleanups = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  // Run at once when a stop signal arrives, before the cleanups: draining starts and the worker stops
  // claiming while in-flight requests finish (docs/operations.md#stopping).
  const onStopSignal: Array<() => void> = [];
  const lifecycle = createLifecycle();
  onStopSignal.push(() => lifecycle.startDraining());
  const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;

  try {
    const target = databaseTargetFor(env);
    if (target.kind === 'pglite') cleanups.push(acquireDataDirLock(path.resolve(env.DATA_DIR)));
    log.info(`Opening ${describeTarget(target)}`);
    const database = await connectWithRetry(target, env.DB_CONNECT_ATTEMPTS, log);
    cleanups.push(() => database.close());
    await database.migrate();
    await claimInstanceOrExplain(database, env.SHOPIFY_MODE === 'fake');

    const seeded = await seedDatabase(database.db, {
      admin: {
        username: env.ADMIN_USERNAME,
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
        name: env.ADMIN_NAME,
      },
      demo: env.SEED_DEMO,
    });
    if (seeded.catalogueSeeded) log.info('Seeded the catalogue, pricing tiers, allowed SKUs and FAQ');
    if (seeded.generatedAdminPassword) {
      // Printed once, on the start that creates the administrator; only its hash is stored.
      console.log(
        `\n  First administrator created: username "${env.ADMIN_USERNAME}", password "${seeded.generatedAdminPassword}"\n` +
          '  Write it down now: it is not shown again. Set ADMIN_PASSWORD to choose your own.\n',
      );
    } else if (seeded.adminCreated) {
      log.info(`Created the first administrator "${env.ADMIN_USERNAME}" from ADMIN_PASSWORD`);
    }
    if (seeded.demoCustomerCreated)
      log.info('Created the demo customers demo@example.com and buyer@example.com (SEED_DEMO=1)');

    if (env.SHOPIFY_MODE === 'fake') {
      const { startEmbeddedFakeShopify } = await loadFakeShopify();
      const embedded = await startEmbeddedFakeShopify(env, (line) => log.info(`fake Shopify: ${line}`));
      cleanups.push(() => embedded.close());
      env = embedded.env;
      console.log(`\n  SHOPIFY_MODE=fake: a fake Shopify store runs at ${embedded.fake.url}\n`);
    }

    // The outbox worker: e-mails and Shopify calls, committed with the change that caused them.
    const shopify = connectShopify(env, log);
    // The mail server's outages are logged as outages, not a warning per retry (mail-outage.ts).
    const mailer = watchMailer(createMailer(env), log);
    const requests = createRequestGauge();
    const metrics =
      env.METRICS_TOKEN || env.METRICS_PORT
        ? createMetrics({ database, shopify, emailJobTypes: EMAIL_JOB_TYPES })
        : undefined;
    if (metrics && env.METRICS_PORT) {
      const server = await serveMetrics(metrics, env.HOST, env.METRICS_PORT);
      cleanups.push(() => server.close());
      log.info(`Metrics served at http://${env.HOST}:${env.METRICS_PORT}/metrics`);
    }
    const worker = startJobWorker({
      db: database.db,
      handlers: createJobHandlers({ db: database.db, env, mailer, shopify, log }),
      retryPolicies: createRetryPolicies(env),
      // One loop per pooled SMTP connection, so the outbox keeps up with orders.
      concurrency: env.SMTP_POOL_SIZE,
      ...(metrics ? { onJobFinished: metrics.jobFinished } : {}),
      log,
      foreground: requests,
    });
    // Jobs get half the grace to finish; then the mailer is closed under any that still run (a hanging
    // mail server), and they are released for the next start instead of being left 'running'.
    let workerStopped: Promise<void> | undefined;
    const stopWorker = () =>
      (workerStopped ??= worker.stop({ abortAfterMs: graceMs / 2, abort: () => mailer.close() }));
    onStopSignal.push(() => void stopWorker());
    cleanups.push(async () => {
      await stopWorker();
      mailer.close();
    });
    cleanups.push(startHousekeeping(database.db, log));
    // Every 15 minutes, orders that are not final are read back from Shopify (lost webhooks repaired).
    if (shopify) cleanups.push(startShopifyReconciliation(database.db, log));
    // Every minute, the companies whose portal state changed are synced to Shopify's B2B companies.
    if (shopify) cleanups.push(startCompaniesReconcile(database.db, log));
    // Every hour, the buyer's e-mails of orders on net terms: due in 3 days, overdue since yesterday.
    cleanups.push(startPaymentNotices(database.db, log));
    // Every hour, orders staff prepared: the buyer's reminder at 7 days, expiry at 14.
    cleanups.push(startPreparedOrderDeadlines(database.db, log));
    // Every hour, staff's reminder of the tax exemptions that expire within 30 days.
    cleanups.push(startTaxExemptionReminders(database.db, log));
    // Every hour, the reorder reminders that have come due (docs/reorder-reminders.md#the-job).
    cleanups.push(startReorderReminders(database.db, log));

    const app = await buildApp({
      env,
      database,
      loggerInstance: log,
      shopify,
      lifecycle,
      ...(metrics ? { metrics } : {}),
    });
    requests.watch(app.server);
    cleanups.push(() => app.close());
    // Runs first when stopping: the listener stays open (new requests get 503 with Retry-After, readiness
    // says 'draining') until the worker has finished or released its jobs; then the app closes.
    cleanups.push(() => stopWorker());
    await app.listen({ port: env.PORT, host: env.HOST });
    if (shopify && env.SHOPIFY_MODE === 'fake') {
      // Links the seeded catalogue to the fake store's variants, as an administrator's Refresh would.
      const refreshed = await createShopifyCatalog({ db: database.db, shopify, log }).refreshProducts({
        user: null,
        ip: '127.0.0.1',
      });
      log.info(refreshed.message);
    }
    console.log(`\n  Wholesale portal ready at ${env.APP_ORIGIN} (listening on ${env.HOST}:${env.PORT})\n`);
  } catch (error) {
    log.fatal(describeStartFailure(error, databaseTargetFor(env)));
    await runCleanups().catch(() => {});
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(
      `${signal} received: draining; finishing in-flight requests and jobs, then closing the database`,
    );
    for (const begin of onStopSignal) begin();
    setTimeout(() => {
      log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, graceMs).unref();
    runCleanups().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
