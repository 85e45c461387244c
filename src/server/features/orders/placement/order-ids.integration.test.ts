import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { createOrderIds } from './order-ids';

/** Order ids drawn from the sequence a block at a time (ADR 0019). */
describe('order ids', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('hands out distinct ids to concurrent orders, one draw per block, and never one another instance holds', async () => {
    const before = await createOrderIds(handle.db, 1).next();
    const here = createOrderIds(handle.db, 8);
    const there = createOrderIds(handle.db, 8);
    const ids = await Promise.all([
      ...Array.from({ length: 20 }, () => here.next()),
      ...Array.from({ length: 20 }, () => there.next()),
    ]);
    expect(new Set(ids).size).toBe(40);
    expect(Math.min(...ids)).toBeGreaterThan(before);
    // 20 ids take 3 blocks of 8 per instance: 48 values of the sequence, drawn in 6 round trips, not 40.
    expect(await createOrderIds(handle.db, 1).next()).toBe(before + 48 + 1);
  });
});
