// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { buildReorderResponse } from '../../test-support/order-fixtures';
import { claimReorderOutcome, claimReorderRun, forgetReorderRuns, runReorder } from './reorder-run';
import { forgetHandledReorderTokensInMemory, markReorderTokenHandled } from './reorder-token';

const serverError = () => new ApiError(503, 'busy', 'UNAVAILABLE', 'req-1');

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  forgetReorderRuns();
  forgetHandledReorderTokensInMemory();
});

describe('runReorder', () => {
  it('returns the checked reorder on success', async () => {
    const request = vi.fn(() => Promise.resolve(buildReorderResponse()));
    const outcome = await runReorder('1', { request });
    expect(outcome).toMatchObject({ ok: true, reorder: { orderId: 1, orderNumber: 'WO-1001' } });
    expect(request).toHaveBeenCalledWith(1);
  });

  it('retries a retryable failure with the waits of docs/storefront.md#reorder-page, 3 times at most', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const request = vi.fn(() => Promise.reject(serverError()));
    const outcome = await runReorder('1', { request, sleep, random: () => 0 });
    expect(request).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([5000, 5000, 5000]);
    expect(outcome).toEqual({
      ok: false,
      category: 'server',
      message: 'A server error occurred. Please try again in a few moments.',
    });
  });

  it('succeeds on a retry after a network failure', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const request = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(buildReorderResponse());
    const outcome = await runReorder('1', { request, sleep, random: () => 0 });
    expect(outcome.ok).toBe(true);
    expect(sleep).toHaveBeenCalledWith(2000);
  });

  it('does not retry auth, validation or a malformed reply', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    for (const [failure, category] of [
      [new ApiError(401, 'no', undefined, undefined), 'auth'],
      [new ApiError(422, 'no', undefined, undefined), 'validation'],
      [new ApiError(404, 'no', undefined, undefined), 'data_integrity'],
    ] as const) {
      const request = vi.fn(() => Promise.reject(failure));
      expect(await runReorder('1', { request, sleep })).toMatchObject({ ok: false, category });
      expect(request).toHaveBeenCalledTimes(1);
    }
    const malformed = vi.fn(() => Promise.resolve({ id: 1, items: 'nope' }));
    expect(await runReorder('1', { request: malformed, sleep })).toMatchObject({
      ok: false,
      category: 'data_integrity',
    });
    expect(malformed).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('fails as data_integrity without a request for an id that is not one', async () => {
    const request = vi.fn();
    expect(await runReorder('abc', { request })).toMatchObject({ ok: false, category: 'data_integrity' });
    expect(request).not.toHaveBeenCalled();
  });
});

describe('claimReorderRun', () => {
  it('starts one run per token and hands the same run to a second caller', () => {
    const request = vi.fn(() => Promise.resolve(buildReorderResponse()));
    const first = claimReorderRun('token-a', '1', { request });
    const second = claimReorderRun('token-a', '1', { request });
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('refuses a token handled before this page load (a reload) without calling', () => {
    markReorderTokenHandled('token-b');
    forgetHandledReorderTokensInMemory();
    const request = vi.fn();
    expect(claimReorderRun('token-b', '1', { request })).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it('lets an outcome be applied once', () => {
    expect(claimReorderOutcome('token-c')).toBe(true);
    expect(claimReorderOutcome('token-c')).toBe(false);
  });
});
