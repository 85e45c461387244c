import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { jobs, magicLinkTokens, passwordResetTokens, sessions, shopifyWebhookEvents } from '../db/schema';
import { createUser } from '../test/factories/users';
import { createTestDatabase } from '../test/test-database';
import { removeExpiredRecords } from './housekeeping';

const HOUR = 60 * 60 * 1000;

describe('removeExpiredRecords', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('deletes expired sessions and day-old link tokens, and keeps everything still usable', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const userId = (await createUser(handle.db, { email: 'h@example.com' })).id;
    await handle.db.insert(sessions).values([
      { tokenHash: 'expired', userId, expiresAt: at(-1) },
      { tokenHash: 'live', userId, expiresAt: at(HOUR) },
    ]);
    for (const table of [magicLinkTokens, passwordResetTokens]) {
      await handle.db.insert(table).values([
        { token: 'old', userId, expiresAt: at(-25 * HOUR) },
        { token: 'recent', userId, expiresAt: at(-HOUR) },
      ]);
    }

    await removeExpiredRecords(handle.db, now);

    expect((await handle.db.select().from(sessions)).map((row) => row.tokenHash)).toEqual(['live']);
    for (const table of [magicLinkTokens, passwordResetTokens]) {
      expect((await handle.db.select().from(table)).map((row) => row.token)).toEqual(['recent']);
    }
  });

  it('prunes Shopify webhook events processed or ignored over 90 days ago, and keeps failed and pending ones', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR);
    const event = (
      eventId: string,
      state: 'received' | 'processed' | 'ignored' | 'failed',
      days: number,
    ) => ({
      eventId,
      topic: 'orders/paid',
      payload: {},
      state,
      receivedAt: daysAgo(days),
    });
    await handle.db
      .insert(shopifyWebhookEvents)
      .values([
        event('old-processed', 'processed', 91),
        event('old-ignored', 'ignored', 91),
        event('old-failed', 'failed', 91),
        event('old-received', 'received', 91),
        event('recent-processed', 'processed', 89),
        event('recent-ignored', 'ignored', 89),
      ]);

    await removeExpiredRecords(handle.db, now);

    const left = await handle.db.select({ eventId: shopifyWebhookEvents.eventId }).from(shopifyWebhookEvents);
    expect(left.map((row) => row.eventId).sort()).toEqual([
      'old-failed',
      'old-received',
      'recent-ignored',
      'recent-processed',
    ]);
  });

  it('prunes jobs finished over a week ago (over 90 days with a dedupe key), and keeps failed and pending ones', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR);
    const job = (label: string, state: 'pending' | 'done' | 'failed', days: number, dedupeKey?: string) => ({
      type: 'test.housekeeping',
      payload: { label },
      state,
      completedAt: state === 'done' ? daysAgo(days) : null,
      createdAt: daysAgo(days),
      ...(dedupeKey ? { dedupeKey } : {}),
    });
    await handle.db
      .insert(jobs)
      .values([
        job('old-done', 'done', 8),
        job('recent-done', 'done', 6),
        job('old-failed', 'failed', 30),
        job('old-pending', 'pending', 30),
        job('keyed-done', 'done', 30, 'order-tracking:1'),
        job('old-keyed-done', 'done', 91, 'order-tracking:2'),
      ]);

    await removeExpiredRecords(handle.db, now);

    const left = await handle.db.select({ payload: jobs.payload }).from(jobs);
    expect(left.map((row) => (row.payload as { label: string }).label).sort()).toEqual([
      'keyed-done',
      'old-failed',
      'old-pending',
      'recent-done',
    ]);
  });
});
