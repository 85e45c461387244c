import { and, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../db/client';
import { jobs } from '../db/schema';
import { JOB_LEASE_MS, type Job } from './queue';

/*
 * What a running job may do with its own row and ask of the others of its order (the draft-order jobs use
 * them): whether another job of a type will still run, rewrite its payload, put itself back. A job's order
 * is its payload's `orderId`.
 */

/**
 * A job that will still run: due or waiting for its retry, or running with a worker alive (or, if its worker
 * died, with an attempt left: the queue claims it again, queue.ts claimNextJob).
 */
function isLive(now: Date): SQL {
  const staleBefore = new Date(now.getTime() - JOB_LEASE_MS);
  return or(
    eq(jobs.state, 'pending'),
    and(eq(jobs.state, 'running'), or(gte(jobs.lockedAt, staleBefore), lt(jobs.attempts, jobs.maxAttempts))),
  ) as SQL;
}

const ofOrder = (orderId: number) => sql`${jobs.payload}->>'orderId' = ${String(orderId)}`;

/**
 * Whether a job of `type` whose payload's `key` is `value` waits to run (queued, or waiting for its retry):
 * a change it will see needs no second job. One that is running may have read the state already.
 */
export async function hasWaitingJob(
  db: DatabaseOrTransaction,
  type: string,
  key: string,
  value: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.type, type), eq(jobs.state, 'pending'), sql`${jobs.payload}->>${key} = ${String(value)}`),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a job of `type` for the order will still run (see isLive). */
export async function hasLiveOrderJob(
  db: DatabaseOrTransaction,
  type: string,
  orderId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, type), ofOrder(orderId), isLive(now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Another live job of `type` for the order that has claimed the same `claim` value in its payload (the
 * invoice job's `sendingDraft`), or null.
 */
export async function findOtherClaim(
  db: DatabaseOrTransaction,
  job: Job,
  claim: { type: string; orderId: number; key: string; value: string },
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.type, claim.type),
        ofOrder(claim.orderId),
        sql`${jobs.id} <> ${job.id}`,
        sql`${jobs.payload}->>${claim.key}::text = ${claim.value}`,
        isLive(now),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The job as long as this worker still holds it (its lock was not taken over after going stale). */
function heldBy(job: Job): SQL {
  return and(
    eq(jobs.id, job.id),
    eq(jobs.state, 'running'),
    job.lockedBy === null ? isNull(jobs.lockedBy) : eq(jobs.lockedBy, job.lockedBy),
  ) as SQL;
}

/**
 * Rewrites the payload of a job this worker holds: the durable markers of the draft-order jobs (a create
 * was attempted, an invoice send is claimed) live there, committed before the Shopify call they guard.
 * False when the worker lost the job: it must not call Shopify then.
 */
export async function writeJobPayload(
  db: DatabaseOrTransaction,
  job: Job,
  payload: object,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ payload, updatedAt: new Date() })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Puts a job this worker holds back to 'pending' at `runAt` without using up an attempt (the attempt that is
 * given back never reached Shopify). The worker's own completion then finds nothing to update. False when
 * the worker lost the job.
 */
export async function postponeJob(
  db: DatabaseOrTransaction,
  job: Job,
  runAt: Date,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: 'pending',
      runAt,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedAt: null,
      lockedBy: null,
      lastError: reason,
      updatedAt: new Date(),
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
