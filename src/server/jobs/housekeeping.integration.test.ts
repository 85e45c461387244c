import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { magicLinkTokens, passwordResetTokens, sessions, users } from '../db/schema';
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
    const [user] = await handle.db
      .insert(users)
      .values({ username: 'h@example.com', email: 'h@example.com', status: 'approved' })
      .returning();
    const userId = user!.id;
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
});
