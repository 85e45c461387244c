import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { ZodError } from 'zod';
import type { Database } from '../db/client';
import { isCountedByOutageLog } from '../outage-log';
import {
  claimJobs,
  completeJob,
  failJob,
  failStaleJobs,
  JOB_LEASE_MS,
  releaseJob,
  renewLeases,
  type Job,
  type RetryPolicy,
} from './queue';

/** Runs one job. It receives the stored JSON as `unknown` and must validate it (zod), never cast it. */
export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

/** Thrown by a handler when retrying can never help: the job is marked failed at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** The part of pino the worker uses. */
export interface JobLogger {
  /** Optional: a logger without it (tests) stays silent for finished jobs. */
  debug?(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobWorkerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  /** Kinds of job retried for a time rather than a count of attempts (e-mail), by type. */
  retryPolicies?: Record<string, RetryPolicy>;
  /** Told how each attempt ended (the metrics). */
  onJobFinished?: (type: string, outcome: 'done' | 'retry' | 'failed' | 'released') => void;
  log: JobLogger;
  pollIntervalMs?: number;
  concurrency?: number;
  /** How many due jobs one loop claims at once (one statement for all): 10. */
  batchSize?: number;
  /** How often stale jobs with no attempts left are marked failed (queue.failStaleJobs): every lease. */
  staleSweepIntervalMs?: number;
  /** How often the worker renews the leases of the jobs it holds (queue.renewLeases): a third of a lease. */
  leaseRenewIntervalMs?: number;
  workerId?: string;
  /** The clock (tests move it forward); by default the database's now() decides what is due. */
  now?: () => Date;
  random?: () => number;
  /** false: no background polling; only runOnce runs jobs (tests). */
  autoStart?: boolean;
  /**
   * The foreground: while it is busy (a burst of requests), each loop waits before its next claim, for at
   * most `maxGiveWayMs`, then works through what is due before it waits again (ADR 0022). Without it the
   * worker never waits.
   */
  foreground?: { busy(): boolean };
  /** The longest a loop waits for a busy foreground before claiming anyway: 3 s. */
  maxGiveWayMs?: number;
}

/** How often a waiting loop looks whether the burst is over. */
const GIVE_WAY_POLL_MS = 20;

export interface StopOptions {
  /** How long running jobs may take before `abort` is called. */
  abortAfterMs?: number;
  /** Cuts running jobs short (e.g. closes the mailer, so a hanging send fails at once). */
  abort?: () => void;
}

export interface JobWorker {
  /**
   * Stops polling and waits for the jobs that are running; a job that fails because it was cut short is
   * released, not counted as an attempt.
   */
  stop(options?: StopOptions): Promise<void>;
  /** Sweeps stale jobs, then claims and runs jobs until none is due; resolves to how many ran. */
  runOnce(): Promise<number>;
}

/**
 * Polls the jobs table with `concurrency` loops, each claiming up to `batchSize` due jobs in one statement
 * and running them in turn; stale jobs are swept on a timer, not before every claim (issue 15: two e-mails
 * per order cost six statements before, about two and a half now). A failing handler, an unknown job type or
 * a database error never escapes: the job is retried with backoff (queue.failJob) and the loop carries on.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const {
    db,
    handlers,
    log,
    pollIntervalMs = 1_000,
    concurrency = 2,
    batchSize = 10,
    staleSweepIntervalMs = JOB_LEASE_MS,
    leaseRenewIntervalMs = JOB_LEASE_MS / 3,
    retryPolicies = {},
    onJobFinished = () => undefined,
    now,
    random = Math.random,
    autoStart = true,
    foreground,
    maxGiveWayMs = 3_000,
  } = options;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const sleepers = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  async function runJob(job: Job): Promise<void> {
    const handler = Object.hasOwn(handlers, job.type) ? handlers[job.type] : undefined;
    try {
      if (!handler) throw new Error(`No handler for job type "${job.type}"`);
      await handler(job.payload, job);
      await completeJob(db, job, now?.());
      onJobFinished(job.type, 'done');
      // At debug: two e-mails an order made this line as costly as the order itself at info (issue 15).
      // The jobs table keeps what ran (state done, completed_at); failures are logged at warn and error.
      log.debug?.({ jobId: job.id, type: job.type, attempts: job.attempts }, 'job done');
    } catch (error) {
      if (stopped && !(error instanceof PermanentJobError)) {
        // Stopping cut the job short (the mailer was closed under it): back to the queue, attempt not counted.
        await releaseJob(db, job);
        onJobFinished(job.type, 'released');
        log.info({ jobId: job.id, type: job.type }, 'job released at shutdown');
        return;
      }
      const permanent = error instanceof PermanentJobError || error instanceof ZodError;
      const policy = Object.hasOwn(retryPolicies, job.type) ? retryPolicies[job.type] : undefined;
      const state = await failJob(db, job, error, now?.(), { permanent, random, policy });
      onJobFinished(job.type, state === 'failed' ? 'failed' : 'retry');
      const context = { jobId: job.id, type: job.type, attempts: job.attempts, state };
      if (state === 'failed') log.error({ ...context, err: error }, 'job failed for good');
      // A failure an outage log counted (the mail server away: mail-outage.ts) is in its lines already
      // (docs/operations.md#logs-during-an-outage): at debug here, not a warning per attempt.
      else if (isCountedByOutageLog(error))
        log.debug?.({ ...context, error: describeFailure(error) }, 'job failed; will retry');
      // One line, no stack.
      else log.warn({ ...context, error: describeFailure(error) }, 'job failed; will retry');
    }
  }

  /** Claims a batch and runs it; how many jobs ran (0 when none was due). */
  async function step(): Promise<number> {
    const batch = await claimJobs(db, workerId, batchSize, now?.());
    for (const [index, job] of batch.entries()) {
      if (stopped) {
        // Stopping: the rest of the batch goes back to the queue for another worker or the next start.
        await Promise.all(batch.slice(index).map((rest) => releaseJob(db, rest)));
        return index;
      }
      await runJob(job);
    }
    return batch.length;
  }

  async function sweep(): Promise<void> {
    try {
      const failed = await failStaleJobs(db, now?.());
      if (failed > 0) log.warn({ failed, workerId }, 'stale jobs with no attempts left marked failed');
    } catch (error) {
      databaseFailed(error);
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => {});
    return promise;
  }

  /**
   * Lets a burst of requests go first: jobs wait in the table, and the CPU they would take (a claim, two
   * e-mails and their completions per order) goes to answering. Bounded, so a long burst still sends.
   * Resolves true when the foreground stayed busy for all of maxGiveWayMs (the jobs waited their longest).
   */
  async function giveWay(): Promise<boolean> {
    if (!foreground) return false;
    const until = Date.now() + maxGiveWayMs;
    while (!stopped && foreground.busy()) {
      if (Date.now() >= until) return true;
      await sleep(GIVE_WAY_POLL_MS);
    }
    return false;
  }

  async function loop(): Promise<void> {
    // After waiting its longest, a loop works until a claim comes back short (what was due is done), so
    // e-mails are at most a few seconds late however long the burst lasts.
    let catchingUp = false;
    while (!stopped) {
      if (!catchingUp) catchingUp = await giveWay();
      let ran = 0;
      try {
        ran = await track(step());
        databaseAnswered();
      } catch (error) {
        databaseFailed(error);
      }
      if (ran < batchSize) catchingUp = false;
      if (ran === 0 && !stopped) await sleep(pollIntervalMs);
    }
  }

  // One line when the database stops answering the worker and one when it answers again, not one per poll
  // (docs/operations.md#database-outages): each loop polls every second.
  let databaseDown = false;
  function databaseFailed(error: unknown) {
    if (databaseDown) return;
    databaseDown = true;
    log.error({ workerId, error: describeFailure(error) }, 'job worker could not reach the database');
  }
  function databaseAnswered() {
    if (!databaseDown) return;
    databaseDown = false;
    log.info({ workerId }, 'job worker reaches the database again');
  }

  /** Keeps the leases of the jobs this worker holds alive however long they run (queue.ts JOB_LEASE_MS). */
  async function renew(): Promise<void> {
    try {
      await renewLeases(db, workerId, now?.());
    } catch (error) {
      log.warn({ workerId, error: describeFailure(error) }, 'job leases could not be renewed');
    }
  }

  const loops = autoStart ? Array.from({ length: Math.max(1, concurrency) }, () => loop()) : [];
  let sweeper: NodeJS.Timeout | undefined;
  const renewer = setInterval(() => void renew(), leaseRenewIntervalMs);
  renewer.unref();
  if (autoStart) {
    void track(sweep());
    sweeper = setInterval(() => void track(sweep()), staleSweepIntervalMs);
    sweeper.unref();
  }

  return {
    async stop(options = {}) {
      stopped = true;
      clearInterval(sweeper);
      for (const wake of [...sleepers]) wake();
      const settled = Promise.allSettled([...loops, ...running]);
      if (options.abortAfterMs !== undefined && options.abort) {
        // Jobs still running after the wait are cut short (their outbound call fails) and released.
        const timer = setTimeout(options.abort, options.abortAfterMs);
        await settled;
        clearTimeout(timer);
      } else {
        await settled;
      }
      clearInterval(renewer);
    },
    async runOnce() {
      await track(sweep());
      let count = 0;
      for (let ran = await track(step()); ran > 0; ran = await track(step())) count += ran;
      return count;
    },
  };
}

/** An error as one short line for the log: its name and message, no stack. */
function describeFailure(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
