import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema';
import { sqlRows } from '../test/sql-rows';
import { createTestDatabase } from '../test/test-database';
import {
  claimJobs,
  claimNextJob,
  completeJob,
  enqueueJob,
  failJob,
  failStaleJobs,
  JOB_LEASE_MS,
  renewLeases,
  requeueFailedJob,
} from './queue';
import { startJobWorker, type JobLogger } from './worker';

const silentLog: JobLogger = { info() {}, warn() {}, error() {} };

describe('job queue', () => {
  let handle: DatabaseHandle;

  const jobRows = () =>
    sqlRows<{
      id: number;
      state: string;
      attempts: number;
      locked_by: string | null;
      last_error: string | null;
    }>(handle.db, sql`select id, state, attempts, locked_by, last_error from jobs order by id`);

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterEach(async () => {
    await handle.db.delete(jobs);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('claims due jobs in run_at order, skips future ones, and never hands one job to two workers', async () => {
    const past = new Date(Date.now() - 60_000);
    const second = await enqueueJob(handle.db, { type: 't', payload: { n: 2 }, runAt: past });
    const first = await enqueueJob(handle.db, {
      type: 't',
      payload: { n: 1 },
      runAt: new Date(past.getTime() - 1),
    });
    await enqueueJob(handle.db, { type: 't', payload: { n: 3 }, runAt: new Date(Date.now() + 3_600_000) });

    const claimed = await Promise.all([claimNextJob(handle.db, 'a'), claimNextJob(handle.db, 'b')]);
    expect(claimed.map((job) => job?.id).sort()).toEqual([first, second].sort());
    expect(claimed.every((job) => job?.state === 'running' && job.attempts === 1)).toBe(true);
    expect(await claimNextJob(handle.db, 'c')).toBeNull();
  });

  it('claims a batch of due jobs in one go, in run_at order, and two claimers never share one', async () => {
    const base = Date.now() - 60_000;
    const ids: number[] = [];
    for (let n = 0; n < 7; n += 1) {
      ids.push(
        (await enqueueJob(handle.db, { type: 't', payload: { n }, runAt: new Date(base - n * 1_000) })) ?? 0,
      );
    }
    const byRunAt = [...ids].reverse();

    const [a, b] = await Promise.all([claimJobs(handle.db, 'a', 4), claimJobs(handle.db, 'b', 4)]);
    const claimed = [...(a ?? []), ...(b ?? [])];
    expect(claimed.map((job) => job.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(claimed.map((job) => job.id)).size).toBe(7);
    for (const batch of [a, b]) {
      const order = (batch ?? []).map((job) => byRunAt.indexOf(job.id));
      expect(order).toEqual([...order].sort((x, y) => x - y));
    }
    expect(await claimJobs(handle.db, 'c', 4)).toEqual([]);
  });

  it('counts a job queued within the clock millisecond of an explicit worker clock as due', async () => {
    // PostgreSQL keeps microseconds, a JS Date only milliseconds: 12:00:00.000500 is due at 12:00:00.000.
    const id = await enqueueJob(handle.db, { type: 't', payload: {} });
    await handle.db.execute(sql`update jobs set run_at = '2026-11-24T12:00:00.000500Z' where id = ${id}`);
    expect(await claimNextJob(handle.db, 'w', new Date('2026-11-24T11:59:59.999Z'))).toBeNull();
    expect((await claimNextJob(handle.db, 'w', new Date('2026-11-24T12:00:00.000Z')))?.id).toBe(id);
  });

  it('reclaims a job whose worker died mid-run, and fails it once its attempts are used up', async () => {
    await enqueueJob(handle.db, { type: 't', payload: {}, maxAttempts: 2 });
    const claimed = await claimNextJob(handle.db, 'dead-worker');
    expect(claimed).not.toBeNull();
    await handle.db.execute(sql`update jobs set locked_at = now() - interval '31 seconds'`);

    const reclaimed = await claimNextJob(handle.db, 'live-worker');
    expect(reclaimed?.id).toBe(claimed?.id);
    expect(reclaimed?.attempts).toBe(2);
    expect(reclaimed?.lockedBy).toBe('live-worker');

    await handle.db.execute(sql`update jobs set locked_at = now() - interval '31 seconds'`);
    expect(await claimNextJob(handle.db, 'third-worker')).toBeNull();
    // The worker's timer sweeps it: no attempts left, so failed for good.
    expect(await failStaleJobs(handle.db)).toBe(1);
    expect(await failStaleJobs(handle.db)).toBe(0);
    const [row] = await jobRows();
    expect(row?.state).toBe('failed');
    expect(row?.last_error).toMatch(/worker stopped/);
  });

  it('leases a claimed job for seconds: renewed, it stays with its worker however long it runs; not renewed, another takes it', async () => {
    expect(JOB_LEASE_MS).toBe(30_000);
    await enqueueJob(handle.db, { type: 't', payload: { n: 1 } });
    await enqueueJob(handle.db, { type: 't', payload: { n: 2 } });
    const [kept, lost] = await claimJobs(handle.db, 'slow-worker', 2);
    if (!kept || !lost) throw new Error('expected two jobs');
    const later = new Date(Date.now() + 25_000);
    // The worker renews every job it holds in one statement; a job it does not hold is left alone.
    expect(await renewLeases(handle.db, 'slow-worker', later)).toBe(2);
    expect(await renewLeases(handle.db, 'nobody', later)).toBe(0);
    await handle.db.execute(
      sql`update jobs set locked_at = now() - interval '31 seconds' where id = ${lost.id}`,
    );

    const taken = await claimJobs(handle.db, 'other-worker', 10, new Date(Date.now() + 1_000));
    expect(taken.map((job) => job.id)).toEqual([lost.id]);
  });

  it('retries a job with a retry policy for its time, not its attempts, waiting at most the policy cap', async () => {
    await enqueueJob(handle.db, { type: 't', payload: {}, maxAttempts: 1 });
    const policy = { giveUpAfterMs: 24 * 60 * 60_000, maxDelayMs: 15 * 60_000 };
    let now = new Date(Date.now() + 1_000);
    for (let attempt = 1; attempt <= 30; attempt++) {
      const job = (await claimJobs(handle.db, 'w', 1, now))[0];
      if (!job) throw new Error(`attempt ${attempt}: expected the job to be due`);
      expect(
        await failJob(handle.db, job, new Error('mail server down'), now, { policy, random: () => 1 }),
      ).toBe('pending');
      const [row] = await sqlRows<{ run_at: Date | string }>(handle.db, sql`select run_at from jobs`);
      const wait = new Date(row!.run_at).getTime() - now.getTime();
      expect(wait).toBeLessThanOrEqual(policy.maxDelayMs);
      now = new Date(now.getTime() + wait);
    }
    // 30 attempts (three times its max_attempts) and still pending; past the policy's time, it gives up.
    now = new Date(Date.now() + policy.giveUpAfterMs + 60_000);
    const job = (await claimJobs(handle.db, 'w', 1, now))[0];
    if (!job) throw new Error('expected the job to be due');
    expect(await failJob(handle.db, job, new Error('still down'), now, { policy })).toBe('failed');
  });

  it('queues a failed job again from the start, and only a failed one', async () => {
    const id = await enqueueJob(handle.db, { type: 't', payload: {}, maxAttempts: 1 });
    const job = await claimNextJob(handle.db, 'w');
    if (!job || id === null) throw new Error('expected a job');
    expect(await requeueFailedJob(handle.db, id)).toBe(false);
    await failJob(handle.db, job, new Error('boom'));
    expect(await requeueFailedJob(handle.db, id)).toBe(true);
    expect((await jobRows())[0]).toMatchObject({ state: 'pending', attempts: 0, locked_by: null });
    expect((await claimNextJob(handle.db, 'w'))?.id).toBe(id);
  });

  it('releases a job cut short by stop(), its attempt not counted', async () => {
    let cut: () => void = () => {};
    const worker = startJobWorker({
      db: handle.db,
      log: silentLog,
      pollIntervalMs: 10,
      handlers: {
        hang: () =>
          new Promise<void>((_resolve, reject) => (cut = () => reject(new Error('connection closed')))),
      },
    });
    await enqueueJob(handle.db, { type: 'hang', payload: {} });
    await expect.poll(jobRows, { timeout: 5_000 }).toEqual([expect.objectContaining({ state: 'running' })]);
    await worker.stop({ abortAfterMs: 50, abort: () => cut() });
    expect((await jobRows())[0]).toMatchObject({ state: 'pending', attempts: 0, locked_by: null });
  });

  it('logs one line when the database stops answering the worker, not one per poll', async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const errors: string[] = [];
    const worker = startJobWorker({
      db: gone.db,
      handlers: {},
      log: { ...silentLog, error: (_context, message) => errors.push(message) },
      pollIntervalMs: 5,
      concurrency: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await worker.stop();
    expect(errors).toEqual(['job worker could not reach the database']);
  });

  it('marks a job failed for good when its last attempt fails', async () => {
    await enqueueJob(handle.db, { type: 't', payload: {}, maxAttempts: 1 });
    const job = await claimNextJob(handle.db, 'w');
    if (!job) throw new Error('expected a job');
    expect(await failJob(handle.db, job, new Error('boom'))).toBe('failed');
    const [row] = await jobRows();
    expect(row).toMatchObject({ state: 'failed', attempts: 1, locked_by: null, last_error: 'Error: boom' });
  });

  it('ignores completion by a worker that no longer holds the job', async () => {
    await enqueueJob(handle.db, { type: 't', payload: {} });
    const job = await claimNextJob(handle.db, 'w1');
    if (!job) throw new Error('expected a job');
    await completeJob(handle.db, { ...job, lockedBy: 'someone-else' });
    expect((await jobRows())[0]?.state).toBe('running');
    await completeJob(handle.db, job);
    expect((await jobRows())[0]?.state).toBe('done');
  });

  it('runs jobs in the background with handlers that validate their payload, and stop() waits for them', async () => {
    const seen: number[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const worker = startJobWorker({
      db: handle.db,
      log: silentLog,
      pollIntervalMs: 10,
      handlers: {
        count: async (payload) => {
          const { n } = z.object({ n: z.number().int() }).parse(payload);
          await gate;
          seen.push(n);
        },
      },
    });
    await enqueueJob(handle.db, { type: 'count', payload: { n: 7 } });
    await expect.poll(jobRows, { timeout: 5_000 }).toEqual([expect.objectContaining({ state: 'running' })]);
    const stopped = worker.stop();
    release();
    await stopped;
    expect(seen).toEqual([7]);
    expect((await jobRows())[0]?.state).toBe('done');
  });

  describe('with a busy foreground (ADR 0022)', () => {
    const countingWorker = (
      foreground: { busy(): boolean },
      maxGiveWayMs: number,
      ran: number[],
      ranAt: number[] = [],
    ) =>
      startJobWorker({
        db: handle.db,
        log: silentLog,
        pollIntervalMs: 10,
        concurrency: 1,
        batchSize: 2,
        foreground,
        maxGiveWayMs,
        handlers: {
          count: (payload) => {
            ran.push(z.object({ n: z.number() }).parse(payload).n);
            ranAt.push(Date.now());
            return Promise.resolve();
          },
        },
      });

    it('leaves due jobs waiting while the foreground is busy, and runs them as soon as it is not', async () => {
      let busy = true;
      const ran: number[] = [];
      await enqueueJob(handle.db, { type: 'count', payload: { n: 1 } });
      const worker = countingWorker({ busy: () => busy }, 60_000, ran);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(ran).toEqual([]);
        busy = false;
        await expect.poll(() => ran, { timeout: 5_000 }).toEqual([1]);
      } finally {
        await worker.stop();
      }
    });

    it('waits at most its longest for a foreground that stays busy, then works through the whole backlog', async () => {
      const ran: number[] = [];
      const ranAt: number[] = [];
      for (let n = 0; n < 7; n += 1) await enqueueJob(handle.db, { type: 'count', payload: { n } });
      const longest = 1_500;
      const started = Date.now();
      const worker = countingWorker({ busy: () => true }, longest, ran, ranAt);
      try {
        await expect.poll(() => ran.length, { timeout: 10_000, interval: 20 }).toBe(7);
        expect(ranAt[0]! - started).toBeGreaterThanOrEqual(longest - 5);
        // Batches of two: waiting again before each batch would put three more waits between first and last.
        expect(ranAt[6]! - ranAt[0]!).toBeLessThan(longest);
      } finally {
        await worker.stop();
      }
    });
  });
});

describe('job worker batches', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('hands the rest of a claimed batch back when it stops, their attempts not counted', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    for (let n = 0; n < 3; n += 1) await enqueueJob(handle.db, { type: 'slow', payload: { n } });
    const worker = startJobWorker({
      db: handle.db,
      log: silentLog,
      pollIntervalMs: 10,
      concurrency: 1,
      batchSize: 3,
      handlers: {
        slow: async (payload) => {
          ran.push(z.object({ n: z.number() }).parse(payload).n);
          await gate;
        },
      },
    });
    await expect.poll(() => ran.length, { timeout: 5_000 }).toBe(1);
    const stopped = worker.stop();
    release();
    await stopped;

    const rows = await sqlRows<{ state: string; attempts: number; locked_by: string | null }>(
      handle.db,
      sql`select state, attempts, locked_by from jobs order by id`,
    );
    expect(rows).toEqual([
      { state: 'done', attempts: 1, locked_by: null },
      { state: 'pending', attempts: 0, locked_by: null },
      { state: 'pending', attempts: 0, locked_by: null },
    ]);
  });
});
