import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema';
import { sqlRows } from '../test/sql-rows';
import { createTestDatabase } from '../test/test-database';
import { bindJob, defineJob, handlerTable, jobToQueue } from './job-definition';
import { claimJobs, completeJob, enqueueJob, failStaleJobs, type Job } from './queue';
import { startJobWorker, type JobLogger } from './worker';

const silentLog: JobLogger = { info() {}, warn() {}, error() {} };

/**
 * Rounds of the racing-claimers test: a few in every run; `RACE_ROUNDS=200` on PostgreSQL is the proof that
 * claims do not deadlock (issue 29 §16).
 */
const RACE_ROUNDS = Number(process.env.RACE_ROUNDS ?? 5);

const orderStep = defineJob({
  type: 'test.order-step',
  label: 'Order step',
  payload: z.object({ orderId: z.number().int(), step: z.string() }),
  serialKey: ({ orderId }) => `order:${orderId}`,
});

describe('serial keys: one running job per key (ADR 0025)', () => {
  let handle: DatabaseHandle;
  const past = (seconds: number) => new Date(Date.now() - seconds * 1_000);
  const queue = (orderId: number, step: string, runAt: Date) =>
    enqueueJob(handle.db, jobToQueue(orderStep, { orderId, step }, { runAt }));
  const steps = (claimed: Job[]) => claimed.map((job) => (job.payload as { step: string }).step).sort();

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterEach(async () => {
    await handle.db.delete(jobs);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('claims only the first due job of a key, holds the others while it runs, then hands out the next', async () => {
    await queue(1, 'create', past(30));
    await queue(1, 'invoice', past(20));
    await queue(2, 'create', past(10));
    await enqueueJob(handle.db, { type: 'test.free', payload: { step: 'free' }, runAt: past(5) });

    const first = await claimJobs(handle.db, 'w', 10);
    expect(steps(first)).toEqual(['create', 'create', 'free']);
    expect(await claimJobs(handle.db, 'w', 10)).toEqual([]);

    const orderOne = first.find((job) => job.serialKey === 'order:1');
    if (!orderOne) throw new Error('expected order 1 to be claimed');
    await completeJob(handle.db, orderOne);
    const next = await claimJobs(handle.db, 'w', 10);
    expect(next.map((job) => [job.serialKey, (job.payload as { step: string }).step])).toEqual([
      ['order:1', 'invoice'],
    ]);
  });

  it('keeps a key for a job whose worker died until it is claimed again or swept as failed', async () => {
    const dead = await enqueueJob(handle.db, {
      ...jobToQueue(orderStep, { orderId: 7, step: 'a' }, { runAt: past(5) }),
      maxAttempts: 2,
    });
    await queue(7, 'b', past(1));
    expect((await claimJobs(handle.db, 'dead-worker', 10)).map((job) => job.id)).toEqual([dead]);

    await handle.db.execute(sql`update jobs set locked_at = now() - interval '6 minutes' where id = ${dead}`);
    const reclaimed = await claimJobs(handle.db, 'live-worker', 10);
    expect(reclaimed.map((job) => job.id)).toEqual([dead]);

    // Its last attempt dies too: nothing of the key runs until the sweep fails it.
    await handle.db.execute(sql`update jobs set locked_at = now() - interval '6 minutes' where id = ${dead}`);
    expect(await claimJobs(handle.db, 'w', 10)).toEqual([]);
    expect(await failStaleJobs(handle.db)).toBe(1);
    expect(steps(await claimJobs(handle.db, 'w', 10))).toEqual(['b']);
  });

  it(
    'never lets racing claimers hold one key twice, and never deadlocks them',
    async () => {
      const held = () =>
        sqlRows<{ serial_key: string; running: number }>(
          handle.db,
          sql`select serial_key, count(*)::int as running from jobs where state = 'running'
            group by serial_key having count(*) > 1`,
        );
      // Each round is a fresh race: 24 due jobs over three keys, four claimers at once until all are done. On
      // PostgreSQL a round used to end in 'deadlock detected' about once in 70 (issue 29 §16).
      for (let round = 0; round < RACE_ROUNDS; round += 1) {
        await handle.db.delete(jobs);
        for (let n = 0; n < 24; n += 1) await queue(n % 3, `step-${n}`, past(60 - n));
        let done = 0;
        while (done < 24) {
          const batches = await Promise.all(['a', 'b', 'c', 'd'].map((id) => claimJobs(handle.db, id, 4)));
          expect(await held()).toEqual([]);
          const claimed = batches.flat();
          expect(claimed.length).toBeGreaterThan(0);
          for (const job of claimed) await completeJob(handle.db, job);
          done += claimed.length;
        }
        expect(done).toBe(24);
      }
    },
    60_000 + RACE_ROUNDS * 2_000,
  );

  it('lets a worker run other keys while one key waits for its running job', async () => {
    const running = new Map<string, number>();
    let mostAtOnceForOneKey = 0;
    let mostAtOnce = 0;
    const order: string[] = [];
    const worker = startJobWorker({
      db: handle.db,
      log: silentLog,
      pollIntervalMs: 5,
      concurrency: 3,
      batchSize: 1,
      handlers: handlerTable([
        bindJob(orderStep, async ({ orderId, step }) => {
          const key = `order:${orderId}`;
          running.set(key, (running.get(key) ?? 0) + 1);
          mostAtOnceForOneKey = Math.max(mostAtOnceForOneKey, running.get(key) ?? 0);
          mostAtOnce = Math.max(
            mostAtOnce,
            [...running.values()].reduce((sum, count) => sum + count, 0),
          );
          await new Promise((resolve) => setTimeout(resolve, 100));
          order.push(`${orderId}:${step}`);
          running.set(key, (running.get(key) ?? 1) - 1);
        }),
      ]),
    });
    try {
      await queue(1, 'create', past(3));
      await queue(1, 'invoice', past(2));
      await queue(2, 'create', past(1));
      await expect
        .poll(() => sqlRows(handle.db, sql`select id from jobs where state <> 'done'`), { timeout: 10_000 })
        .toEqual([]);
    } finally {
      await worker.stop();
    }
    expect(mostAtOnceForOneKey).toBe(1);
    expect(mostAtOnce).toBe(2);
    expect(order.indexOf('1:create')).toBeLessThan(order.indexOf('1:invoice'));
  });
});
