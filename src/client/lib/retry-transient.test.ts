import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, requestUrl, stubFetch } from '../test-support/stub-fetch';
import { fetchRetryingTransient, RETRY_TRIES } from './retry-transient';

/** docs/storefront.md#timings-and-limits: what a buyer's order and cart check survive without a word. */

type Answer = () => Response | Promise<Response>;

/** fetch answering each call with the next of `answers` (the last one repeats). */
function answerInTurn(...answers: Answer[]) {
  let call = 0;
  return stubFetch({ '/api/thing': () => answers[Math.min(call++, answers.length - 1)]!() });
}

const networkError: Answer = () => Promise.reject(new TypeError('Failed to fetch'));
const proxyError =
  (status: number, headers: Record<string, string> = {}): Answer =>
  () =>
    new Response('<html>Bad Gateway</html>', {
      status,
      headers: { 'Content-Type': 'text/html', ...headers },
    });
const ok: Answer = () => jsonResponse({ done: true });

/** Jitter fixed at its top: each wait is the whole back-off (200 ms, 400 ms, 800 ms). */
const send = (init: RequestInit = {}) =>
  fetchRetryingTransient('/api/thing', { method: 'POST', ...init }, { random: () => 1 });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('fetchRetryingTransient', () => {
  it('sends again after a 502, a 503, a 504 and a network error, with the same request each time', async () => {
    const fetchMock = answerInTurn(proxyError(502), proxyError(503), networkError, ok);
    const init = { method: 'POST' as const, headers: { 'Idempotency-Key': 'key-1' }, body: '{"a":1}' };
    const answer = send(init);
    await vi.runAllTimersAsync();

    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    for (const [input, sent] of fetchMock.mock.calls) {
      expect(requestUrl(input)).toBe('/api/thing');
      expect(sent).toMatchObject(init);
    }

    const gateway = answerInTurn(proxyError(504), ok);
    const again = send();
    await vi.runAllTimersAsync();
    expect((await again).status).toBe(200);
    expect(gateway).toHaveBeenCalledTimes(2);
  });

  it('waits longer before each try: exponential back-off with jitter', async () => {
    const fetchMock = answerInTurn(proxyError(502));
    const answer = send();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(800);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await answer;

    // The jitter spreads the waits over the back-off's upper half: at its bottom, 100 ms.
    const spread = answerInTurn(proxyError(502), ok);
    const early = fetchRetryingTransient('/api/thing', { method: 'POST' }, { random: () => 0 });
    await vi.advanceTimersByTimeAsync(100);
    expect(spread).toHaveBeenCalledTimes(2);
    expect((await early).status).toBe(200);
  });

  it(`gives up after ${RETRY_TRIES} tries and hands back the last answer, or throws the last network error`, async () => {
    const fetchMock = answerInTurn(proxyError(503));
    const answer = send();
    await vi.runAllTimersAsync();
    expect((await answer).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(RETRY_TRIES);

    const offline = answerInTurn(networkError);
    const failing = send();
    const outcome = expect(failing).rejects.toThrow('Failed to fetch');
    await vi.runAllTimersAsync();
    await outcome;
    expect(offline).toHaveBeenCalledTimes(RETRY_TRIES);
  });

  it('never sends again after a 4xx, a 500 or a success', async () => {
    for (const status of [400, 401, 404, 409, 422, 429, 500]) {
      const fetchMock = answerInTurn(() => errorResponse(status, 'No'), ok);
      const response = await send();
      expect(response.status, String(status)).toBe(status);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
    const replayed = answerInTurn(
      () => jsonResponse({ orderId: 1 }, { status: 201, headers: { 'Idempotent-Replayed': 'true' } }),
      proxyError(502),
    );
    const response = await send();
    expect(response.status).toBe(201);
    expect(response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replayed).toHaveBeenCalledTimes(1);
  });

  it('waits a short Retry-After out, and hands back at once an answer that asks for a longer wait', async () => {
    const fetchMock = answerInTurn(proxyError(503, { 'Retry-After': '3' }), ok);
    const answer = send();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((await answer).status).toBe(200);

    const busy = answerInTurn(proxyError(503, { 'Retry-After': '10' }), ok);
    expect((await send()).status).toBe(503);
    expect(busy).toHaveBeenCalledTimes(1);
  });

  it('stops at once when the request is cancelled, also while it waits to try again', async () => {
    const fetchMock = answerInTurn(proxyError(502), ok);
    const controller = new AbortController();
    const answer = send({ signal: controller.signal });
    const outcome = expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(50);
    controller.abort();
    await outcome;
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
