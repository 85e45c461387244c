import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys, magicLinkTokens, passwordResetTokens, sessions } from '../db/schema';
import { pruneWebhookEvents } from '../features/shopify-events/webhook-inbox';
import type { JobLogger } from './worker';

const HOUR_MS = 60 * 60 * 1000;
/** Used or expired link tokens are kept a day, so support can still tell "expired" from "never sent". */
const TOKEN_RETENTION_MS = 24 * HOUR_MS;

/**
 * Deletes what can no longer be used: expired sessions, old link tokens, expired idempotency keys, and
 * Shopify webhook events processed or ignored more than 90 days ago (webhook-inbox.ts).
 */
export async function removeExpiredRecords(db: Database, now = new Date()) {
  const tokenCutoff = new Date(now.getTime() - TOKEN_RETENTION_MS);
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(magicLinkTokens).where(lt(magicLinkTokens.expiresAt, tokenCutoff));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, tokenCutoff));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
  await pruneWebhookEvents(db, now);
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
