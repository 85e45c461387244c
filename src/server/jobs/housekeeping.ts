import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  idempotencyKeys,
  jobs,
  magicLinkTokens,
  rateLimitCounters,
  passwordResetTokens,
  sessions,
} from '../db/schema';
import { pruneWebhookEvents, WEBHOOK_EVENT_RETENTION_DAYS } from '../features/shopify-events';
import { pruneReorderLinkTokens } from '../features/accounts';
import type { JobLogger } from './worker';

const HOUR_MS = 60 * 60 * 1000;
/** Used or expired link tokens are kept a day, so support can still tell "expired" from "never sent". */
const TOKEN_RETENTION_MS = 24 * HOUR_MS;
/** Finished jobs are kept a week: what was sent, and when, stays visible for support. */
export const DONE_JOB_RETENTION_DAYS = 7;
/**
 * A finished job with a dedupe key is kept as long as a webhook event may still be redelivered: its key is
 * what stops a second tracking or approval e-mail for the same fact.
 */
export const DONE_KEYED_JOB_RETENTION_DAYS = WEBHOOK_EVENT_RETENTION_DAYS;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * HOUR_MS);

/** Deletes finished jobs past their retention; failed ones stay for staff to see and send again. */
async function pruneDoneJobs(db: Database, now: Date) {
  const done = eq(jobs.state, 'done');
  const unkeyedCutoff = daysBefore(now, DONE_JOB_RETENTION_DAYS);
  await db.delete(jobs).where(and(done, isNull(jobs.dedupeKey), lt(jobs.completedAt, unkeyedCutoff)));
  const keyedCutoff = daysBefore(now, DONE_KEYED_JOB_RETENTION_DAYS);
  await db.delete(jobs).where(and(done, isNotNull(jobs.dedupeKey), lt(jobs.completedAt, keyedCutoff)));
}

/**
 * Deletes what can no longer be used: expired sessions, old link tokens (reorder reminders' links too),
 * expired idempotency keys, Shopify webhook events processed or ignored more than 90 days ago
 * (webhook-inbox.ts), rate-limit windows that have ended, and finished jobs
 * (docs/security.md#link-tokens: nothing is kept longer than it is needed).
 */
export async function removeExpiredRecords(db: Database, now = new Date()) {
  const tokenCutoff = new Date(now.getTime() - TOKEN_RETENTION_MS);
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(magicLinkTokens).where(lt(magicLinkTokens.expiresAt, tokenCutoff));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, tokenCutoff));
  await pruneReorderLinkTokens(db, now);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
  await pruneWebhookEvents(db, now);
  await pruneDoneJobs(db, now);
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, now));
}

/** Runs removeExpiredRecords now and then every `intervalMs`; returns the function that stops it. */
export function startHousekeeping(db: Database, log: JobLogger, intervalMs = HOUR_MS): () => void {
  const run = () =>
    removeExpiredRecords(db).catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed'));
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
