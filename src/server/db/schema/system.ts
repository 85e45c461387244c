import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;
/** Attempts of a job that names none. */
export const DEFAULT_JOB_ATTEMPTS = 10;

/**
 * The durable job queue and outbox (docs/architecture.md#jobs): e-mails and Shopify calls are written here in
 * the same transaction as the change that causes them and run by workers with `FOR UPDATE SKIP LOCKED`.
 * `dedupeKey` makes "exactly once per order" jobs (e.g. the Shopify draft order) impossible to enqueue twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(DEFAULT_JOB_ATTEMPTS),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key').unique(),
    /** Jobs with the same serial key never run at once (jobs/job-definition.ts); null: no such rule. */
    serialKey: text('serial_key'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('jobs_state_check', sql`${table.state} in ('pending', 'running', 'done', 'failed')`),
    index('jobs_runnable_idx').on(table.state, table.runAt),
    index('jobs_type_idx').on(table.type),
    // The database's own guard for serial keys: two claims racing for one key cannot both hold it.
    uniqueIndex('jobs_one_running_per_serial_key')
      .on(table.serialKey)
      .where(sql`${table.state} = 'running'`),
  ],
);

/**
 * Shopify webhook inbox (docs/shopify.md#webhooks): stored before the 200 answer, unique on the delivery's
 * event id with its topic (one change in Shopify can fire several topics, and nothing says they get different
 * event ids) and on a SHA-256 of topic and body (a captured delivery replayed under a new event id), so a
 * duplicate delivery does nothing; processed by a job. `order_id` is the payload's top-level order id as
 * exact digits (jsonb numbers are exact, JSON.parse would round them, docs/shopify.md#shopify-ids), kept as
 * an indexed column so events about one order are found without reading every payload. Processed and ignored
 * events are pruned after 90 days.
 */
export const shopifyWebhookEvents = pgTable(
  'shopify_webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    webhookId: text('webhook_id'),
    topic: text('topic').notNull(),
    shopDomain: text('shop_domain'),
    resourceGid: text('resource_gid'),
    orderIdText: text('order_id').generatedAlwaysAs(sql`payload ->> 'order_id'`),
    bodySha256: text('body_sha256').unique(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: ['received', 'processed', 'ignored', 'failed'] })
      .notNull()
      .default('received'),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    unique('shopify_webhook_events_event_id_topic_unique').on(table.eventId, table.topic),
    check(
      'shopify_webhook_events_state_check',
      sql`${table.state} in ('received', 'processed', 'ignored', 'failed')`,
    ),
    index('shopify_webhook_events_resource_idx').on(table.resourceGid),
    index('shopify_webhook_events_topic_idx').on(table.topic),
    index('shopify_webhook_events_order_id_idx').on(table.orderIdText),
    index('shopify_webhook_events_received_at_idx').on(table.receivedAt),
  ],
);

/** Who did what to which record, with the values before and after (issue 6 "audit log of admin actions"). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt.desc()),
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    index('audit_log_actor_idx').on(table.actorUserId),
  ],
);

/** Small key/value facts about this database, such as which seed steps have run. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Fixed-window counters of every rate limit (docs/security.md#rate-limits), shared by all instances on one
 * database: sign-in and reset e-mails, registration notices, reset-link tries, order submissions, the routes'
 * per-IP limits and the administrator sign-in throttles. The key names the limit and a hash of what it counts
 * (an address, an IP, an account), never the address itself. Expired rows are removed by the housekeeping.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset_at_idx').on(table.resetAt)],
);
