import { describe, expect, it } from 'vitest';
import { ApiError, UnexpectedReplyError } from '../../lib/api';
import {
  categorizeReorderError,
  MAX_REORDER_RETRIES,
  REORDER_ERRORS,
  reorderRetryDelay,
} from './reorder-errors';

const apiError = (status: number) => new ApiError(status, 'x', undefined, undefined);

describe('categorizeReorderError (docs/storefront.md#reorder-page)', () => {
  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [408, 'timeout'],
    [429, 'rate_limit'],
    [400, 'validation'],
    [422, 'validation'],
    [404, 'data_integrity'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [418, 'unknown'],
  ])('files HTTP %i under %s', (status, category) => {
    expect(categorizeReorderError(apiError(status))).toBe(category);
  });

  it('files a failed fetch under network, an abort under timeout, a malformed reply under data_integrity', () => {
    expect(categorizeReorderError(new TypeError('Failed to fetch'))).toBe('network');
    expect(categorizeReorderError(new DOMException('late', 'TimeoutError'))).toBe('timeout');
    expect(categorizeReorderError(new DOMException('aborted', 'AbortError'))).toBe('timeout');
    expect(categorizeReorderError(new UnexpectedReplyError('POST', '/api/orders/1/reorder', []))).toBe(
      'data_integrity',
    );
    expect(categorizeReorderError(new Error('something odd'))).toBe('unknown');
    expect(categorizeReorderError('a string')).toBe('unknown');
  });
});

describe('REORDER_ERRORS', () => {
  it("holds the spec's message and retry delay of every category", () => {
    expect(REORDER_ERRORS).toEqual({
      network: { message: 'Network connection failed', retryAfterMs: 2000 },
      timeout: { message: 'The request timed out', retryAfterMs: 3000 },
      rate_limit: { message: 'Too many requests', retryAfterMs: 5000 },
      auth: { message: 'Please log in again to continue.', retryAfterMs: null },
      validation: {
        message: 'Some items in your order are no longer available or have changed.',
        retryAfterMs: null,
      },
      data_integrity: {
        message: 'Order data appears to be incomplete. Please try selecting a different order.',
        retryAfterMs: null,
      },
      server: { message: 'A server error occurred. Please try again in a few moments.', retryAfterMs: 5000 },
      unknown: { message: 'A server error occurred. Please try again in a few moments.', retryAfterMs: 3000 },
    });
  });
});

describe('reorderRetryDelay (docs/storefront.md#reorder-page)', () => {
  const noJitter = () => 0;
  const fullJitter = () => 1;

  it('never retries auth, validation or data_integrity', () => {
    expect(reorderRetryDelay('auth', 1, noJitter)).toBeNull();
    expect(reorderRetryDelay('validation', 1, noJitter)).toBeNull();
    expect(reorderRetryDelay('data_integrity', 1, noJitter)).toBeNull();
  });

  it("waits the category's own delay on the first retry", () => {
    expect(reorderRetryDelay('network', 1, fullJitter)).toBe(2000);
    expect(reorderRetryDelay('timeout', 1, fullJitter)).toBe(3000);
    expect(reorderRetryDelay('rate_limit', 1, fullJitter)).toBe(5000);
    expect(reorderRetryDelay('server', 1, fullJitter)).toBe(5000);
    expect(reorderRetryDelay('unknown', 1, fullJitter)).toBe(3000);
  });

  it('backs off from 1 s doubling with up to 30 % jitter once that is longer than the own delay', () => {
    expect(reorderRetryDelay('network', 2, noJitter)).toBe(2000);
    expect(reorderRetryDelay('network', 2, fullJitter)).toBe(2600);
    expect(reorderRetryDelay('network', 3, noJitter)).toBe(4000);
    expect(reorderRetryDelay('network', 3, fullJitter)).toBe(5200);
    expect(reorderRetryDelay('network', 3, () => 0.5)).toBe(4600);
  });

  it('stops after 3 retries', () => {
    expect(MAX_REORDER_RETRIES).toBe(3);
    expect(reorderRetryDelay('server', 3, noJitter)).not.toBeNull();
    expect(reorderRetryDelay('server', 4, noJitter)).toBeNull();
  });

  it('never waits more than 10 s', () => {
    for (let retry = 1; retry <= MAX_REORDER_RETRIES; retry += 1) {
      for (const category of ['network', 'timeout', 'rate_limit', 'server', 'unknown'] as const) {
        expect(reorderRetryDelay(category, retry, fullJitter)).toBeLessThanOrEqual(10_000);
      }
    }
  });
});
