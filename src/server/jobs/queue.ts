import { and, eq, sql, type SQL } from 'drizzle-orm';
import { runNamed, type Database, type DatabaseOrTransaction, type NamedStatement } from '../db/client';
import { DEADLOCK_DETECTED, isUniqueViolationOf, postgresErrorCode } from '../db/postgres-errors';
import { jobs } from '../db/schema';

export type Job = typeof jobs.$inferSelect;

export interface EnqueueJobInput {
  type: string;
  payload: unknown;
  runAt?: Date;
  /** At most one job ever exists with this key: a second enqueue does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Jobs with the same serial key never run at once (job-definition.ts). */
  serialKey?: string;
}

export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 10 * 60_000;
/**
 * A claimed job is leased to its worker for this long, and the worker renews the lease of every job it holds
 * a third of the way through (renewLeases), however long the job runs. A job whose lease ran out has lost its
 * worker (process killed) and is claimed again: after a crash a job waits seconds, not minutes, and a send
 * that happened just before the crash is repeated at most once (docs/decisions/0029-delivery-guarantees.md).
 */
export const JOB_LEASE_MS = 30_000;
const MAX_ERROR_LENGTH = 2_000;

/**
 * Inserts a job (transactional outbox). Returns the new job's id, or null when a job with the same
 * dedupeKey already exists (ON CONFLICT DO NOTHING).
 */
export async function enqueueJob(db: DatabaseOrTransaction, input: EnqueueJobInput): Promise<number | null> {
  if (input.payload === undefined) throw new Error('A job needs a payload');
  const rows = await db
    .insert(jobs)
    .values({
      type: input.type,
      payload: input.payload,
      ...(input.runAt ? { runAt: input.runAt } : {}),
      ...(input.dedupeKey !== undefined ? { dedupeKey: input.dedupeKey } : {}),
      ...(input.maxAttempts !== undefined ? { maxAttempts: input.maxAttempts } : {}),
      ...(input.serialKey !== undefined ? { serialKey: input.serialKey } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

const timestamp = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/**
 * Marks failed the 'running' jobs whose worker has been silent for JOB_LEASE_MS and that have used up their
 * attempts (the others are claimed again by claimJobs). The worker runs it on a timer, not before every
 * claim. Returns how many it marked.
 */
export async function failStaleJobs(db: Database, now?: Date): Promise<number> {
  const at = now ? timestamp(now) : sql`now()`;
  const rows = await db
    .update(jobs)
    .set({
      state: 'failed',
      lockedAt: null,
      lockedBy: null,
      lastError: sql`coalesce(${jobs.lastError} || E'\n', '') || 'worker stopped while running the job; no attempts left'`,
      updatedAt: at,
    })
    .where(
      and(
        eq(jobs.state, 'running'),
        sql`${jobs.lockedAt} < ${staleBefore(at)}`,
        sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

const staleBefore = (at: SQL) => sql`(${at} - make_interval(secs => ${JOB_LEASE_MS / 1000}))`;

/**
 * Claims up to `limit` due jobs for `workerId` in one statement (FOR UPDATE SKIP LOCKED, so several workers
 * and instances never take the same job), in run_at order: pending jobs whose run_at has come, and
 * 'running' jobs whose worker has been silent for JOB_LEASE_MS and that have attempts left.
 */
export async function claimJobs(db: Database, workerId: string, limit: number, now?: Date): Promise<Job[]> {
  // Without an explicit clock the database's own now() decides, so app servers' clock skew does not matter.
  let rows: JobRow[];
  try {
    rows = await runNamed<JobRow>(db, CLAIM_JOBS, [workerId, limit, now?.toISOString() ?? null]);
  } catch (error) {
    // Lost a race with another claim: nothing was claimed this time, and the next poll claims normally.
    if (isClaimRace(error)) return [];
    throw error;
  }
  // UPDATE … RETURNING keeps no order.
  return rows.map(toJob).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

const SERIAL_KEY_INDEX = 'jobs_one_running_per_serial_key';

/**
 * A claim that lost a race: another claim committed a job of the same serial key after this one's snapshot
 * was taken (the index refused the second running job), or, as a last resort, PostgreSQL chose this claim
 * to break a deadlock. The claim never waits for a lock (CLAIM_JOBS), so it should never be part of one; if
 * another statement ever makes it so, the worker polls again rather than logging a database failure.
 */
const isClaimRace = (error: unknown) =>
  isUniqueViolationOf(error, SERIAL_KEY_INDEX) || postgresErrorCode(error) === DEADLOCK_DETECTED;

/**
 * First key of the advisory locks a claim takes on the serial keys it claims (the second is the key's hash);
 * other advisory locks use other first keys (support.repository.ts, db/client.ts).
 */
const SERIAL_KEY_LOCK = 727_274_003;

/**
 * The outbox's hot statements are named (prepared once per connection, no SQL built per call): with two
 * e-mails an order, building them through the query builder cost the worker more than the order itself
 * (issue 15). `$3` is the worker's clock, null for the database's now(); a JS clock counts whole
 * milliseconds while now() has microseconds, so a job queued at 12:00:00.123456 is due by 12:00:00.123.
 *
 * Serial keys: a job whose key another job holds ('running', even with a stale lock: that one is claimed
 * again or failed by the sweep) waits, and of several due jobs of one key only the first is claimed.
 *
 * The claim never waits for a lock, so claims never deadlock (issue 29 §16): rows are taken with SKIP
 * LOCKED, and each serial key with pg_try_advisory_xact_lock, which skips a key another claim is taking at
 * this moment (until that claim commits) instead of waiting for it. Before, two claims could each set a job
 * of one key 'running': the second then waited on the first's entry in the unique index
 * jobs_one_running_per_serial_key, and two claims taking several keys in opposite orders waited on each
 * other. The lock is tried only on the first due job of each key among the claimed batch (the CASE fixes the
 * order of evaluation), so a claim never holds more key locks than its batch; the CTE is MATERIALIZED so it
 * runs once. A claim whose snapshot missed a job of its key committed meanwhile still meets the index, which
 * refuses it at once (isClaimRace). A hash collision between two keys only makes one of them wait a poll.
 */
const CLAIM_JOBS: NamedStatement = {
  name: 'claim_jobs_v4',
  text: `
with claimed as materialized (
  select id from (
    select id, serial_key,
           row_number() over (partition by coalesce(serial_key, 'job:' || id) order by run_at, id) as nth
      from (
        select id, run_at, serial_key from jobs due
         where ((state = 'pending' and run_at <= coalesce($3::timestamptz + interval '999 microseconds', now()))
             or (state = 'running' and attempts < max_attempts
                 and locked_at < coalesce($3::timestamptz, now()) - interval '${JOB_LEASE_MS / 1000} seconds'))
           and (serial_key is null or state = 'running' or not exists (
                 select 1 from jobs holder
                  where holder.serial_key = due.serial_key and holder.state = 'running'))
         order by run_at, id
         limit $2::int
         for update skip locked) candidates) ranked
   where case when nth > 1 then false
              when serial_key is null then true
              else pg_try_advisory_xact_lock(${SERIAL_KEY_LOCK}, hashtext(serial_key)) end)
update jobs
   set state = 'running', locked_at = coalesce($3::timestamptz, now()), locked_by = $1::text,
       attempts = attempts + 1, updated_at = coalesce($3::timestamptz, now())
  from claimed
 where jobs.id = claimed.id
returning jobs.id, type, payload, state, attempts, max_attempts as "maxAttempts", run_at as "runAt",
  locked_at as "lockedAt", locked_by as "lockedBy", last_error as "lastError", dedupe_key as "dedupeKey",
  serial_key as "serialKey", completed_at as "completedAt", created_at as "createdAt",
  updated_at as "updatedAt"`,
};

/** A job as the driver returns it: the id is a bigint, which pg hands over as a string. */
type JobRow = Omit<Job, 'id'> & { id: number | string | bigint };

const toJob = (row: JobRow): Job => ({ ...row, id: Number(row.id) });

/**
 * Renews the lease of every job `workerId` is running (one statement, whatever their number): called by the
 * worker every third of JOB_LEASE_MS. Returns how many it renewed.
 */
export async function renewLeases(db: Database, workerId: string, now?: Date): Promise<number> {
  const rows = await runNamed<{ id: unknown }>(db, RENEW_LEASES, [workerId, now?.toISOString() ?? null]);
  return rows.length;
}

const RENEW_LEASES: NamedStatement = {
  name: 'renew_leases_v1',
  text: `
update jobs set locked_at = coalesce($2::timestamptz, now())
 where state = 'running' and locked_by = $1::text
returning id`,
};

/** Claims the next due job (claimJobs with a limit of one); null when none is due. */
export async function claimNextJob(db: Database, workerId: string, now?: Date): Promise<Job | null> {
  return (await claimJobs(db, workerId, 1, now))[0] ?? null;
}

/**
 * Hands a claimed job back untouched (its attempt not counted), while this worker still holds it: for the
 * rest of a batch when the worker stops before reaching them.
 */
export async function releaseJob(db: Database, job: Job): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'pending', attempts: sql`${jobs.attempts} - 1`, lockedAt: null, lockedBy: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), lockedByClause(job)));
}

/**
 * Queues a failed job again from the start (an administrator's 'Send again'): pending now, no attempts, its
 * time counted from now. Only a failed job; returns whether one was.
 */
export async function requeueFailedJob(db: DatabaseOrTransaction, id: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: 'pending',
      attempts: 0,
      runAt: sql`now()`,
      createdAt: sql`now()`,
      updatedAt: sql`now()`,
      lockedAt: null,
      lockedBy: null,
    })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks a claimed job done (only while this worker still holds it). */
export async function completeJob(db: Database, job: Job, now: Date = new Date()): Promise<void> {
  await runNamed(db, COMPLETE_JOB, [job.id, job.lockedBy, now.toISOString()]);
}

const COMPLETE_JOB: NamedStatement = {
  name: 'complete_job_v1',
  text: `
update jobs
   set state = 'done', completed_at = $3::timestamptz, locked_at = null, locked_by = null, last_error = null,
       updated_at = $3::timestamptz
 where id = $1::bigint and state = 'running' and locked_by is not distinct from $2::text`,
};

/**
 * How a kind of job is retried when it is bounded by time rather than by a count of attempts (e-mail:
 * docs/emails.md#how-e-mail-is-sent): it gives up once `giveUpAfterMs` have passed since it was queued, and
 * waits at most `maxDelayMs` between attempts.
 */
export interface RetryPolicy {
  giveUpAfterMs: number;
  maxDelayMs: number;
}

export interface FailJobOptions {
  /** Give up now instead of retrying (e.g. a payload that can never be valid). */
  permanent?: boolean;
  random?: () => number;
  /** Retried for a time instead of for the job's max_attempts. */
  policy?: RetryPolicy | undefined;
}

/**
 * Records a failed attempt: back to 'pending' with run_at = now + retryDelayMs, or 'failed' when the job has
 * used its attempts or its time (or the failure is permanent). Returns the state the job is left in.
 */
export async function failJob(
  db: Database,
  job: Job,
  error: unknown,
  now: Date = new Date(),
  options: FailJobOptions = {},
): Promise<'pending' | 'failed'> {
  const message = describeError(error).slice(0, MAX_ERROR_LENGTH);
  const { policy } = options;
  const used = policy
    ? now.getTime() - job.createdAt.getTime() >= policy.giveUpAfterMs
    : job.attempts >= job.maxAttempts;
  const giveUp = options.permanent === true || used;
  const delay = retryDelayMs(job.attempts, options.random ?? Math.random, policy?.maxDelayMs);
  const runAt = new Date(now.getTime() + delay);
  await db
    .update(jobs)
    .set({
      state: giveUp ? 'failed' : 'pending',
      ...(giveUp ? {} : { runAt }),
      lockedAt: null,
      lockedBy: null,
      lastError: message,
      updatedAt: now,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), lockedByClause(job)));
  return giveUp ? 'failed' : 'pending';
}

/**
 * Makes due now every job waiting for a retry whose last attempt failed with an error named `errorName`
 * (failJob records it as `${name}: ${message}`): the jobs that waited on a service that answers again
 * (docs/emails.md#how-e-mail-is-sent). One statement, whatever their number; returns how many.
 */
export async function makeDueJobsThatFailedWith(db: Database, errorName: string): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ runAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(jobs.state, 'pending'),
        sql`${jobs.runAt} > now()`,
        sql`starts_with(${jobs.lastError}, ${`${errorName}: `})`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Delay before retrying after failed attempt number `attempt` (1-based): capped exponential backoff with
 * full jitter — uniformly between the base (1 s, so a down server is never hammered) and
 * min(cap, base · 2^(attempt−1)), cap 10 minutes unless given. `random` returns a number in [0, 1).
 */
export function retryDelayMs(attempt: number, random: () => number, maxDelayMs = RETRY_MAX_DELAY_MS): number {
  const exponent = Math.max(0, Math.min(Math.floor(attempt) - 1, 30));
  const ceiling = Math.max(RETRY_BASE_DELAY_MS, Math.min(maxDelayMs, RETRY_BASE_DELAY_MS * 2 ** exponent));
  const fraction = Math.min(Math.max(random(), 0), 1);
  return Math.round(RETRY_BASE_DELAY_MS + fraction * (ceiling - RETRY_BASE_DELAY_MS));
}

function lockedByClause(job: Job) {
  return job.lockedBy === null ? sql`${jobs.lockedBy} is null` : eq(jobs.lockedBy, job.lockedBy);
}

/** How an error is recorded as a job's last_error (makeDueJobsThatFailedWith reads the name back). */
function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
