import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from './http/response-serializer';
import { invalidateOnCatalogChange } from './db/catalog-changes';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { createLocationsService, createTeamService, locationsRoutes, teamRoutes } from './features/team';
import { adminCatalogRoutes } from './features/admin-catalog/admin-catalog.routes';
import { adminFaqRoutes } from './features/admin-faq/admin-faq.routes';
import { adminInsightsRoutes } from './features/admin-insights/admin-insights.routes';
import { adminOrdersRoutes } from './features/admin-orders/admin-orders.routes';
import { adminPoliciesRoutes } from './features/admin-policies/admin-policies.routes';
import { adminPricingRoutes } from './features/admin-pricing/admin-pricing.routes';
import { adminSessionRoutes } from './features/admin-session/admin-session.routes';
import { createAdminSessionService } from './features/admin-session/admin-session.service';
import { adminTotpRoutes } from './features/admin-session/admin-totp.routes';
import { adminSessionRequirement } from './features/admin-session/required-second-factor';
import { createTotpKeyring } from './features/admin-session/totp-key';
import { adminCompaniesRoutes } from './features/admin-companies';
import { adminSupportRoutes } from './features/admin-support/admin-support.routes';
import { adminDeliveryRoutes } from './features/admin-delivery/admin-delivery.routes';
import { adminUsersRoutes } from './features/admin-users/admin-users.routes';
import { createReorderRemindersService, reorderRemindersRoutes } from './features/reorder-reminders';
import { createAccountsService } from './features/accounts/accounts.service';
import { configRoutes, toPublicConfig } from './features/config/config.routes';
import { healthRoutes } from './features/health/health.routes';
import { createLifecycle, registerDrainingCheck, type Lifecycle } from './http/lifecycle';
import { createOutageWatch } from './db/outage-watch';
import { createStorageWatch } from './db/storage-watch';
import { describeVolume } from './db/connect';
import { createRateCounters } from './security/rate-counters';
import { databaseRateLimitStore } from './security/rate-limit-store';
import type { PortalMetrics } from './metrics/metrics';
import { registerMetrics } from './metrics/metrics-route';
import { ordersRoutes } from './features/orders/orders.routes';
import { createOrderService } from './features/orders/orders.service';
import { pricingRoutes } from './features/pricing/pricing.routes';
import { createPricingService } from './features/pricing/pricing.service';
import { productRoutes } from './features/products/products.routes';
import { shopifyEventsRoutes } from './features/shopify-events/shopify-events.routes';
import { createProductService } from './features/products/products.service';
import { supportRoutes } from './features/support/support.routes';
import { createSupportService } from './features/support/support.service';
import { clientDistFolder } from './paths';
import { registerAdminGuard } from './plugins/admin-guard';
import { registerApiCompression } from './plugins/api-compression';
import { registerClientApp } from './plugins/client-app';
import { answerFrameworkError, registerErrorHandler, sendError } from './plugins/error-handler';
import { createRequestIds } from './http/request-id';
import { lazyChildLogger } from './plugins/lazy-child-logger';
import { loggerOptions } from './plugins/log-redaction';
import { registerRequestLog } from './plugins/request-log';
import { registerOriginCheck } from './plugins/origin-check';
import { registerControlCharacterCheck } from './plugins/control-characters';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSessions } from './plugins/session';
import { createSessionCache, SESSION_CHANNEL } from './features/sessions';
import { connectShopify, type ShopifyConnection } from './integrations/shopify/shopify';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  /** Folder of the built React client; null serves the API only (tests). Default: dist/client. */
  clientDir?: string | null;
  /** Pino options, or false for silence (tests). Ignored when loggerInstance is given. */
  logger?: FastifyServerOptions['logger'];
  /** The process's own pino logger (main.ts), so start-up and request lines share one stream. */
  loggerInstance?: FastifyBaseLogger;
  /** The Shopify store (main.ts and tests pass theirs); by default connected from env, null in test mode. */
  shopify?: ShopifyConnection | null;
  /** Draining and notification state (main.ts starts draining on SIGTERM); a fresh one by default. */
  lifecycle?: Lifecycle;
  /** Given: request durations are measured, and GET /metrics answers when METRICS_TOKEN is set. */
  metrics?: PortalMetrics;
  /**
   * Above this event-loop delay requests get 503 'very busy' (docs/security.md#failures-and-overload);
   * default 1000 ms. 0 turns the check off, as the integration tests and benches do: on a starved CI
   * machine a second in which the event loop was not sampled at all counts as an infinite delay
   * (@fastify/under-pressure), which no threshold helps, and is nothing wrong with the code under test.
   */
  maxEventLoopDelayMs?: number;
}

/** JSON bodies up to 100 KiB: far above any order, far below anything that could tie up the server. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** Builds the whole application with its dependencies passed in; main.ts and the tests both call this. */
export async function buildApp(deps: AppDeps) {
  const { env, database } = deps;
  const { db } = database;
  const lifecycle = deps.lifecycle ?? createLifecycle();
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? loggerOptions(env.LOG_LEVEL) }),
    genReqId: createRequestIds(),
    // A request's logger becomes a pino child only if something logs through it (lazy-child-logger.ts).
    childLoggerFactory: lazyChildLogger,
    // One line per request instead of Fastify's two (plugins/request-log.ts); errors are logged by ours.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    trustProxy: toTrustProxy(env.TRUST_PROXY),
    requestTimeout: 30_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  registerRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  // Compiled per route at start-up; answers are also checked against their zod schema outside production.
  app.setSerializerCompiler(compiledSerializerCompiler({ check: env.NODE_ENV !== 'production' }));

  // JSON only (docs/security.md#cross-site-requests, docs/security.md#input-validation): without the
  // text/plain parser a cross-site "simple" form post gets 415.
  app.removeContentTypeParser('text/plain');

  // First hook: every answer, refusals and errors included, carries the security headers.
  registerSecurityHeaders(app);
  const outage = createOutageWatch(db, app.log);
  app.addHook('onClose', () => outage.stop());
  const storage = createStorageWatch(app.log, describeVolume(database.kind, env));
  app.addHook('onClose', () => storage.stop());
  registerErrorHandler(app, outage.refused, storage.refused);
  // A request that changes something and succeeds shows the disk has room again (docs/operations.md#a-full-disk).
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400 && request.method !== 'GET' && request.method !== 'HEAD') {
      if (request.routeOptions.config.readOnly !== true) storage.wrote();
    }
    done();
  });
  registerDrainingCheck(app, lifecycle);
  registerOriginCheck(app, env.APP_ORIGIN);
  registerControlCharacterCheck(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  registerApiCompression(app);

  await app.register(cookie);
  // Sessions are remembered for a few seconds; the database tells every instance when one ends (ADR 0018).
  const sessionCache = createSessionCache();
  const stopWatchingSessions = await database.listen(SESSION_CHANNEL, lifecycle.watch(sessionCache));
  app.addHook('onClose', stopWatchingSessions);
  const sessions = registerSessions(app, {
    db,
    env,
    cache: sessionCache,
    adminMayHoldSession: adminSessionRequirement(db, env),
  });
  // The routes' limits are counted in the database, shared by every instance (docs/security.md#rate-limits).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(createRateCounters(db)) });
  await app.register(underPressure, {
    maxEventLoopDelay: deps.maxEventLoopDelayMs ?? 1_000,
    retryAfter: 10,
    pressureHandler: (request, reply) => {
      reply.header('retry-after', '10');
      void sendError(request, reply, 'UNAVAILABLE', 'The portal is very busy. Please try again shortly.');
    },
  });

  // Before any route: every /api/admin/* route registered from here on gets the administrator check.
  registerAdminGuard(app);

  await app.register(healthRoutes(db, lifecycle, storage));
  if (deps.metrics) registerMetrics(app, deps.metrics, env.METRICS_TOKEN);
  await app.register(configRoutes(env));
  // While the database cannot be reached, products and prices come from the last catalogue loaded.
  const products = createProductService({ db, onDatabaseUnreachable: outage.report });
  const pricing = createPricingService({ db, onDatabaseUnreachable: outage.report });
  const stopWatchingCatalog = await invalidateOnCatalogChange(database, [
    ...products.caches,
    ...pricing.caches,
  ]);
  app.addHook('onClose', stopWatchingCatalog);
  await app.register(productRoutes(products));
  await app.register(pricingRoutes(pricing));
  await app.register(accountsRoutes(createAccountsService({ db, env }), sessions));
  await app.register(teamRoutes(createTeamService({ db, env }), sessions));
  await app.register(locationsRoutes(createLocationsService({ db }), sessions));
  const shopify = deps.shopify === undefined ? connectShopify(env, app.log) : deps.shopify;
  const orderService = createOrderService({ db, env, pricing, shopify });
  await app.register(ordersRoutes(orderService));
  await app.register(supportRoutes(createSupportService({ db, env })));
  await app.register(reorderRemindersRoutes(createReorderRemindersService({ db }), sessions));
  const adminSession = createAdminSessionService({ db, env, keyring: createTotpKeyring(env, app.log) });
  await app.register(adminSessionRoutes(adminSession, sessions, env));
  await app.register(adminTotpRoutes(adminSession.totp));
  const adminDeps = { db, env, shopify };
  await app.register(adminUsersRoutes(adminDeps));
  await app.register(adminCompaniesRoutes(adminDeps));
  await app.register(adminOrdersRoutes(adminDeps, orderService));
  await app.register(adminCatalogRoutes(adminDeps));
  await app.register(adminPricingRoutes(adminDeps));
  await app.register(adminFaqRoutes(adminDeps));
  await app.register(adminPoliciesRoutes(adminDeps));
  await app.register(adminSupportRoutes(adminDeps));
  await app.register(adminDeliveryRoutes(adminDeps));
  await app.register(adminInsightsRoutes(adminDeps));
  await app.register(shopifyEventsRoutes(adminDeps));

  await registerClientApp(
    app,
    deps.clientDir === undefined ? clientDistFolder() : deps.clientDir,
    toPublicConfig(env),
  );
  return app;
}

/** A hop count N trusts the N nearest proxies for the client address (docs/security.md#rate-limits). */
function toTrustProxy(setting: Env['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
