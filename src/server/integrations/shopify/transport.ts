import type { FailedExchange } from './classify-response';

/*
 * One POST to the Admin GraphQL endpoint with the access token and two time limits
 * (docs/decisions/0013-shopify-calls-as-jobs.md): one until the response headers arrive (Shopify sends them
 * after executing, so this includes execution time) and one for the whole exchange. It never throws: a
 * failure comes back with what was thrown and which limit fired; classify-response.ts says what it means.
 */

interface ExchangeRequest {
  fetch: typeof fetch;
  endpoint: string;
  adminToken: string;
  body: string;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
}

type Exchange =
  { ok: true; status: number; headers: Headers; text: string } | ({ ok: false } & FailedExchange);

export async function exchange(request: ExchangeRequest): Promise<Exchange> {
  const { connectTimeoutMs, totalTimeoutMs } = request;
  const controller = new AbortController();
  let timedOut: 'headers' | 'total' | null = null;
  const abortOn = (which: 'headers' | 'total', ms: number) =>
    setTimeout(() => {
      timedOut ??= which;
      controller.abort();
    }, ms);
  const headersTimer = abortOn('headers', connectTimeoutMs);
  const totalTimer = abortOn('total', totalTimeoutMs);
  // A fetch that ignores its signal must not hang us: race every step against the abort.
  const aborted = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
  );
  aborted.catch(() => {});
  try {
    const response = await Promise.race([
      request.fetch(request.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Shopify-Access-Token': request.adminToken,
        },
        body: request.body,
        signal: controller.signal,
      }),
      aborted,
    ]);
    clearTimeout(headersTimer);
    const text = await Promise.race([response.text(), aborted]);
    return { ok: true, status: response.status, headers: response.headers, text };
  } catch (error) {
    const limit: 'headers' | 'total' | null = timedOut;
    const timeout = limit ? { limit, ms: limit === 'headers' ? connectTimeoutMs : totalTimeoutMs } : null;
    return { ok: false, error, timeout };
  } finally {
    clearTimeout(headersTimer);
    clearTimeout(totalTimer);
    if (!controller.signal.aborted) controller.abort(); // releases the listener and any dangling body
  }
}
