import { describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { bindJob, defineJob, handlerTable, jobToQueue } from './job-definition';
import type { Job } from './queue';

const refund = defineJob({
  type: 'test.refund',
  label: 'Refund',
  payload: z.object({ orderId: z.number().int().positive(), cents: z.number().int() }),
  maxAttempts: 7,
  serialKey: ({ orderId }) => `order:${orderId}`,
});

const someJob = { id: 1, type: 'test.refund', attempts: 1 } as Job;

describe('a job definition', () => {
  it('queues a validated payload with its attempts, serial key and the caller’s options', () => {
    const runAt = new Date('2026-11-27T12:00:00Z');
    expect(jobToQueue(refund, { orderId: 42, cents: 500 }, { dedupeKey: 'refund:42', runAt })).toEqual({
      type: 'test.refund',
      payload: { orderId: 42, cents: 500 },
      maxAttempts: 7,
      serialKey: 'order:42',
      dedupeKey: 'refund:42',
      runAt,
    });
  });

  it('refuses to queue a payload its handler would refuse', () => {
    expect(() => jobToQueue(refund, { orderId: -1, cents: 500 })).toThrow(ZodError);
  });

  it('leaves the queue’s defaults alone when it sets no attempts or serial key', () => {
    const ping = defineJob({ type: 'test.ping', label: 'Ping', payload: z.object({}) });
    expect(jobToQueue(ping, {})).toEqual({ type: 'test.ping', payload: {} });
  });

  it('validates the stored payload again when the job runs, and hands the handler the parsed value', async () => {
    const seen: unknown[] = [];
    const { type, handler } = bindJob(refund, (payload) => {
      seen.push(payload);
      return Promise.resolve();
    });
    expect(type).toBe('test.refund');
    await handler({ orderId: 42, cents: 500, extra: 'dropped' }, someJob);
    expect(seen).toEqual([{ orderId: 42, cents: 500 }]);
    await expect(handler({ orderId: 'x' }, someJob)).rejects.toBeInstanceOf(ZodError);
    expect(seen).toHaveLength(1);
  });

  it('builds the worker’s table and refuses a type bound twice', () => {
    const run = async () => {};
    const table = handlerTable([bindJob(refund, run)]);
    expect(Object.keys(table)).toEqual(['test.refund']);
    expect(() => handlerTable([bindJob(refund, run), bindJob(refund, run)])).toThrow(/bound twice/);
  });
});
