import type { z } from 'zod';
import type { Job } from './queue';
import type { EnqueueJobInput } from './queue';
import type { JobHandler } from './worker';

/**
 * One kind of job, declared once (ADR 0025): its type name, the shape of its payload, how often it is tried,
 * and optionally a serial key — jobs with the same key never run at the same time (one order's Shopify
 * jobs, for instance), whichever worker or instance claims them. The definition lives beside the code that
 * queues the job; the code that runs it is bound to it in jobs/registry.ts.
 */
export interface JobDefinition<Payload> {
  type: string;
  /** What staff call a job of this kind, e.g. 'Sign-in link' (admin's delivery problems show it). */
  label: string;
  payload: z.ZodType<Payload>;
  /** Attempts before the job fails for good; the queue's backoff spaces them (queue.ts retryDelayMs). */
  maxAttempts?: number;
  serialKey?: (payload: Payload) => string;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

export interface QueueOptions {
  /** At most one job ever exists with this key: a second enqueue does nothing. */
  dedupeKey?: string;
  runAt?: Date;
}

/**
 * The row to queue for `payload`, validated now (a payload the handler would refuse is a bug at the caller,
 * found where it is made) and carrying the definition's attempts and serial key.
 */
export function jobToQueue<Payload>(
  definition: JobDefinition<Payload>,
  payload: Payload,
  options: QueueOptions = {},
): EnqueueJobInput {
  const valid = definition.payload.parse(payload);
  const serialKey = definition.serialKey?.(valid);
  return {
    type: definition.type,
    payload: valid,
    ...(definition.maxAttempts === undefined ? {} : { maxAttempts: definition.maxAttempts }),
    ...(serialKey === undefined ? {} : { serialKey }),
    ...options,
  };
}

/** Runs one job of a definition, with its payload already validated. */
export type JobRun<Payload> = (payload: Payload, job: Job) => Promise<void>;

/** A definition with the code that runs it. */
export interface BoundJob {
  type: string;
  handler: JobHandler;
}

/**
 * Binds `run` to `definition`: the stored payload is validated again when the job runs (the row may have
 * been written by an older release); one that does not parse fails the job for good (worker.ts: a ZodError
 * is permanent).
 */
export function bindJob<Payload>(definition: JobDefinition<Payload>, run: JobRun<Payload>): BoundJob {
  return {
    type: definition.type,
    handler: async (payload, job) => run(definition.payload.parse(payload), job),
  };
}

/** The worker's table of handlers; a type bound twice is a programming error. */
export function handlerTable(bound: readonly BoundJob[]): Record<string, JobHandler> {
  const table: Record<string, JobHandler> = {};
  for (const { type, handler } of bound) {
    if (Object.hasOwn(table, type)) throw new Error(`Job type "${type}" is bound twice`);
    table[type] = handler;
  }
  return table;
}
