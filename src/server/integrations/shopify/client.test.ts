import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createShopifyClient, THROTTLE_JITTER_MS } from './client';
import {
  CONFIG,
  ENDPOINT,
  GET_SHOP,
  RENAME_SHOP,
  cost,
  ok,
  throttled,
  status,
  shopifyFailedInside,
  setup,
  connectionReset,
} from './client-test-support';
import { createShopifyApi } from './shopify-api';

describe('createShopifyClient: transport', () => {
  it('POSTs the document as JSON with the access token and keeps the throttle status', async () => {
    const { client, calls, delays } = setup([ok(1954)]);
    expect(client.lastThrottleStatus()).toBeNull();

    const result = await client.request(GET_SHOP, { unused: 1 });

    expect(result).toEqual({ ok: true, data: { shop: { name: 'Dew Mist' } } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(ENDPOINT);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({
      'X-Shopify-Access-Token': 'shpat_test',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      query: GET_SHOP.document,
      variables: { unused: 1 },
    });
    expect(client.lastThrottleStatus()).toEqual({
      maximumAvailable: 2000,
      currentlyAvailable: 1954,
      restoreRate: 100,
    });
    expect(delays).toEqual([]);
  });

  it('reads the throttle status on every answer, failed ones included', async () => {
    const { client } = setup([ok(1500), throttled(752, 100)], { maxAttempts: 1 });
    await client.request(GET_SHOP, {});
    expect(client.lastThrottleStatus()?.currentlyAvailable).toBe(1500);
    await client.request(GET_SHOP, {});
    expect(client.lastThrottleStatus()?.currentlyAvailable).toBe(100);
  });
});

describe('createShopifyClient: retries', () => {
  it('waits out THROTTLED (HTTP 200) for ceil((requested − available) / restoreRate) s plus jitter, then succeeds', async () => {
    const { client, calls, delays, warnings } = setup([throttled(752, 100), ok()]);

    const result = await client.request(GET_SHOP, {});

    expect(result.ok).toBe(true);
    expect(calls).toHaveLength(2);
    // ceil((752 − 100) / 100) = 7 s, plus 0.5 × 1 s of jitter; the bucket then holds enough, so no further wait.
    expect(delays).toEqual([7_000 + 0.5 * THROTTLE_JITTER_MS]);
    expect(warnings).toEqual([
      expect.objectContaining({ operation: 'GetShop', kind: 'throttled', attempt: 1 }),
    ]);
  });

  it('honours Retry-After in seconds on HTTP 429 ("2.0" is 2000 ms, not 2 ms)', async () => {
    const { client, delays } = setup([status(429, { 'Retry-After': '2.0' }), ok()]);
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect(delays).toEqual([2_000]);
  });

  it('accepts a fractional Retry-After and caps it at maxBackoffMs', async () => {
    const { client, delays } = setup(
      [status(429, { 'Retry-After': '0.25' }), status(429, { 'Retry-After': '3600' }), ok()],
      { maxBackoffMs: 10_000 },
    );
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect(delays).toEqual([250, 10_000]);
  });

  it('retries 5xx with exponential backoff and gives up after maxAttempts with kind server', async () => {
    const { client, calls, delays, warnings } = setup([status(502), status(503), status(500), ok()], {
      maxAttempts: 3,
    });

    const result = await client.request(GET_SHOP, {});

    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'server', status: 500, retryable: true }),
    });
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([750, 1_500]); // equal jitter at 0.5: half the step plus half of the other half
    expect(warnings).toHaveLength(2);
  });

  it('never retries at 0 ms: with random() = 0 each wait is still half its step', async () => {
    const { client, delays } = setup([status(500), status(500), status(500), status(500), ok()], {
      random: () => 0,
    });
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect(delays).toEqual([500, 1_000, 2_000, 4_000]);
  });

  it('treats INTERNAL_SERVER_ERROR and SERVICE_UNAVAILABLE with HTTP 200 like a 5xx: a query is retried', async () => {
    const { client, calls, delays } = setup([
      shopifyFailedInside('INTERNAL_SERVER_ERROR'),
      shopifyFailedInside('SERVICE_UNAVAILABLE'),
      ok(),
    ]);
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([750, 1_500]);

    const exhausted = setup([shopifyFailedInside('INTERNAL_SERVER_ERROR')], { maxAttempts: 1 });
    expect(await exhausted.client.request(GET_SHOP, {})).toEqual({
      ok: false,
      error: {
        kind: 'server',
        status: 200,
        retryable: true,
        message: expect.stringContaining('GetShop: INTERNAL_SERVER_ERROR: Internal error'),
      },
    });
  });

  it('retries a network error on a query', async () => {
    const { client, calls } = setup([connectionReset(), ok()]);
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('reports the last kind after the attempts run out on 429 and on THROTTLED', async () => {
    const limited = setup([status(429, { 'Retry-After': '1' }), status(429, { 'Retry-After': '1' })], {
      maxAttempts: 2,
    });
    expect(await limited.client.request(GET_SHOP, {})).toMatchObject({
      ok: false,
      error: { kind: 'rate-limited', status: 429, retryable: true },
    });
    const throttledTwice = setup([throttled(100, 0), throttled(100, 0)], { maxAttempts: 2 });
    expect(await throttledTwice.client.request(GET_SHOP, {})).toMatchObject({
      ok: false,
      error: { kind: 'throttled', retryable: true },
    });
  });

  it('keeps every wait bounded: backoff within [step / 2, step], THROTTLED within [base, base + 1 s]', async () => {
    for (const random of [() => 0, () => 0.999_999, Math.random]) {
      const backoff = setup([status(500), status(500), status(500), status(500), status(500)], { random });
      await backoff.client.request(GET_SHOP, {});
      expect(backoff.delays).toHaveLength(4);
      backoff.delays.forEach((delay, index) => {
        expect(delay).toBeGreaterThanOrEqual(500 * 2 ** index);
        expect(delay).toBeLessThanOrEqual(1_000 * 2 ** index);
      });

      const throttle = setup([throttled(300, 100), ok()], { random });
      await throttle.client.request(GET_SHOP, {});
      expect(throttle.delays[0]).toBeGreaterThanOrEqual(2_000);
      expect(throttle.delays[0]).toBeLessThanOrEqual(2_000 + THROTTLE_JITTER_MS);
    }
    const longRun = {
      maxAttempts: 8,
      maxBackoffMs: 5_000,
      circuit: { failureThreshold: 100, cooldownMs: 1 },
    };
    const capped = setup(
      Array.from({ length: 8 }, () => status(500)),
      { ...longRun, random: () => 0.999_999 },
    );
    await capped.client.request(GET_SHOP, {});
    expect(capped.delays).toHaveLength(7);
    expect(Math.max(...capped.delays)).toBeLessThanOrEqual(5_000);
    const cappedLow = setup(
      Array.from({ length: 8 }, () => status(500)),
      { ...longRun, random: () => 0 },
    );
    await cappedLow.client.request(GET_SHOP, {});
    expect(cappedLow.delays).toEqual([500, 1_000, 2_000, 2_500, 2_500, 2_500, 2_500]); // half the capped step
  });

  it('waits for the bucket before sending when the estimate exceeds what is left', async () => {
    const { client, delays, clock } = setup([ok(10), ok(1000)]);
    await client.request(GET_SHOP, {});
    clock.now += 500; // 0.5 s at 100 points/s refills 50 → 60 available

    await client.request({ ...GET_SHOP, estimatedCost: 260 }, {});

    expect(delays).toEqual([2_000]); // (260 − 60) / 100 s
  });

  it('reserves the estimate so concurrent requests queue behind each other instead of sharing one refill', async () => {
    const delays: number[] = [];
    // Sleeps that do not move the clock: both requests decide at the same instant.
    const { client } = setup([ok(0), ok(), ok()], {
      sleep: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
    });
    await client.request(GET_SHOP, {});

    await Promise.all([
      client.request({ ...GET_SHOP, estimatedCost: 100 }, {}),
      client.request({ ...GET_SHOP, estimatedCost: 100 }, {}),
    ]);

    expect(delays).toEqual([1_000, 2_000]); // the second waits for its own 100 points as well
  });

  it('uses the default estimate of 50 points when none is given', async () => {
    const { client, delays } = setup([ok(20), ok()]);
    await client.request(GET_SHOP, {});
    await client.request(GET_SHOP, {});
    expect(delays).toEqual([300]); // (50 − 20) / 100 s
  });
});

describe('createShopifyClient: failures that are never retried', () => {
  it('turns 401 (string errors) into unauthorized without retrying', async () => {
    const { client, calls } = setup([
      status(
        401,
        {},
        { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
      ),
    ]);
    const result = await client.request(GET_SHOP, {});
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'unauthorized',
        status: 401,
        retryable: false,
        message: expect.stringContaining('Invalid API key or access token'),
      },
    });
    expect(calls).toHaveLength(1);
  });

  it('does not retry MAX_COST_EXCEEDED or ACCESS_DENIED', async () => {
    const maxCost = {
      body: {
        errors: [
          {
            message: 'Query cost is 1723, which exceeds the single query max cost limit (1000).',
            extensions: { code: 'MAX_COST_EXCEEDED', cost: 1723, maxCost: 1000 },
          },
        ],
        extensions: cost(2000, 1723),
      },
    };
    const accessDenied = {
      body: {
        data: { shop: null },
        errors: [
          {
            message: 'Access denied for shop field.',
            path: ['shop'],
            extensions: { code: 'ACCESS_DENIED', requiredAccess: '`read_shop` access scope.' },
          },
        ],
        extensions: cost(1999, 1),
      },
    };
    const { client, calls } = setup([maxCost, accessDenied]);

    const first = await client.request(GET_SHOP, {});
    const second = await client.request(GET_SHOP, {});

    expect(first).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'graphql',
        retryable: false,
        message: expect.stringMatching(/MAX_COST_EXCEEDED/),
      }),
    });
    expect(second).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'graphql',
        retryable: false,
        message: expect.stringMatching(/ACCESS_DENIED/),
      }),
    });
    expect(calls).toHaveLength(2);
  });

  it('does not retry other 4xx answers', async () => {
    const { client, calls } = setup([status(404, {}, { errors: 'Not Found' })]);
    expect(await client.request(GET_SHOP, {})).toMatchObject({
      ok: false,
      error: {
        kind: 'graphql',
        status: 404,
        retryable: false,
        message: expect.stringContaining('Not Found'),
      },
    });
    expect(calls).toHaveLength(1);
  });

  it('reports a body that is not JSON, or does not match the schema, as invalid-response', async () => {
    const { client, calls } = setup([
      { raw: '<html>maintenance</html>' },
      { body: { data: { shop: { name: 42 } } } },
      { body: { data: null } },
      {
        body: {
          data: { shop: { name: 'x' } },
          extensions: { cost: { throttleStatus: { maximumAvailable: '2000' } } },
        },
      },
    ]);
    for (let index = 0; index < 4; index += 1) {
      expect(await client.request(GET_SHOP, {})).toMatchObject({
        ok: false,
        error: { kind: 'invalid-response', retryable: false },
      });
    }
    expect(calls).toHaveLength(4);
  });

  it('types userErrors through the API as user-errors, never retryable', async () => {
    const { client } = setup([
      {
        body: {
          data: {
            productVariantsBulkUpdate: {
              product: null,
              productVariants: null,
              userErrors: [
                {
                  field: ['variants', '0', 'price'],
                  message: 'Price must be positive',
                  code: 'NEGATIVE_PRICE_VALUE',
                },
              ],
            },
          },
          extensions: cost(1990),
        },
      },
    ]);
    const result = await createShopifyApi(client).updateVariants('1', [{ id: '2', price: '-1.00' }]);
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'user-errors',
        retryable: false,
        message: 'productVariantsBulkUpdate: variants.0.price: Price must be positive',
        userErrors: [
          {
            field: ['variants', '0', 'price'],
            message: 'Price must be positive',
            code: 'NEGATIVE_PRICE_VALUE',
          },
        ],
      },
    });
  });

  it('never throws, even when fetch throws something odd or the data schema throws', async () => {
    const { client } = setup([{ throws: 'a string' }, ok()], { maxAttempts: 1 });
    expect(await client.request(GET_SHOP, {})).toMatchObject({ ok: false, error: { kind: 'network' } });
    const exploding = {
      ...GET_SHOP,
      data: z.unknown().transform(() => {
        throw new Error('boom');
      }),
    };
    expect(await client.request(exploding, {})).toMatchObject({
      ok: false,
      error: { kind: 'invalid-response', message: expect.stringContaining('boom') },
    });
  });
});

describe('createShopifyClient: timeouts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('by default waits 15 s for the headers (Shopify sends them after executing) and 20 s in all', async () => {
    vi.useFakeTimers();
    const settled = (promise: Promise<unknown>) => {
      const state = { done: false };
      void promise.then(() => (state.done = true));
      return state;
    };

    const slow = setup(['no-headers'], { maxAttempts: 1 });
    const waitingForHeaders = slow.client.request(RENAME_SHOP, {});
    const headers = settled(waitingForHeaders);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(headers.done).toBe(false); // a slow draftOrderCreate at 3 s, 10 s … is still waited for
    await vi.advanceTimersByTimeAsync(1);
    expect(await waitingForHeaders).toMatchObject({
      ok: false,
      error: { kind: 'timeout', message: expect.stringContaining('no response headers within 15000 ms') },
    });

    const stalled = setup(['no-body'], { maxAttempts: 1 });
    const waitingForBody = stalled.client.request(GET_SHOP, {});
    const body = settled(waitingForBody);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(body.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waitingForBody).toMatchObject({
      ok: false,
      error: { kind: 'timeout', message: expect.stringContaining('did not finish within 20000 ms') },
    });
  });

  it('times out when no response headers arrive (time-to-headers limit)', async () => {
    const { client } = setup(['no-headers'], { connectTimeoutMs: 20, maxAttempts: 1 });
    expect(await client.request(GET_SHOP, {})).toMatchObject({
      ok: false,
      error: { kind: 'timeout', retryable: true, message: expect.stringContaining('no response headers') },
    });
  });

  it('times out when the body does not finish (total timeout)', async () => {
    const { client } = setup(['no-body'], { connectTimeoutMs: 1_000, totalTimeoutMs: 30, maxAttempts: 1 });
    expect(await client.request(GET_SHOP, {})).toMatchObject({
      ok: false,
      error: {
        kind: 'timeout',
        retryable: true,
        message: expect.stringContaining('did not finish within 30 ms'),
      },
    });
  });

  it('retries a query after a timeout', async () => {
    const { client, calls } = setup(['no-headers', ok()], { connectTimeoutMs: 20 });
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });
});

describe('createShopifyClient: circuit breaker', () => {
  const circuit = { failureThreshold: 3, cooldownMs: 10_000 };

  it('opens after failureThreshold consecutive store failures and then fails fast without calling Shopify', async () => {
    const { client, calls } = setup(
      [status(503), connectionReset(), shopifyFailedInside('INTERNAL_SERVER_ERROR')],
      {
        circuit,
        maxAttempts: 1,
      },
    );
    for (let index = 0; index < 3; index += 1) expect((await client.request(GET_SHOP, {})).ok).toBe(false);

    const refused = await client.request(GET_SHOP, {});

    expect(refused).toMatchObject({ ok: false, error: { kind: 'circuit-open', retryable: true } });
    expect(calls).toHaveLength(3);
  });

  it('does not count answers from a live store (GraphQL errors, 401) as failures', async () => {
    const { client, calls } = setup([status(503), status(503), status(401), status(503), status(503), ok()], {
      circuit,
      maxAttempts: 1,
    });
    for (let index = 0; index < 6; index += 1) await client.request(GET_SHOP, {});
    expect(calls).toHaveLength(6);
  });

  it('does not count 429 or THROTTLED as failures: the store is up and says when to come back', async () => {
    const { client, calls } = setup(
      [
        status(503),
        status(503),
        status(429, { 'Retry-After': '1' }),
        status(429, { 'Retry-After': '1' }),
        status(429, { 'Retry-After': '1' }),
        throttled(100, 0),
        status(503),
        status(503),
        ok(),
      ],
      { circuit, maxAttempts: 1 },
    );
    for (let index = 0; index < 9; index += 1) {
      expect(await client.request(GET_SHOP, {})).not.toMatchObject({ error: { kind: 'circuit-open' } });
    }
    expect(calls).toHaveLength(9);
  });

  it('stops retrying inside a request once the circuit opens, returning the real error', async () => {
    const { client, calls } = setup([status(503), status(503), status(503), ok()], {
      circuit,
      maxAttempts: 5,
    });
    expect(await client.request(GET_SHOP, {})).toMatchObject({ ok: false, error: { kind: 'server' } });
    expect(calls).toHaveLength(3);
  });

  it('lets one trial through after the cool-down: success closes the circuit', async () => {
    const { client, calls, clock } = setup([status(503), status(503), status(503), ok(), ok(), ok()], {
      circuit,
      maxAttempts: 1,
    });
    for (let index = 0; index < 3; index += 1) await client.request(GET_SHOP, {});
    clock.now += 9_999;
    expect(await client.request(GET_SHOP, {})).toMatchObject({ error: { kind: 'circuit-open' } });
    clock.now += 1;

    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
    expect(calls).toHaveLength(6);
  });

  it('re-opens at once when the trial fails, and refuses concurrent requests during the trial', async () => {
    const { client, calls, clock } = setup([status(503), status(503), status(503), 'no-headers', ok()], {
      circuit,
      maxAttempts: 1,
      connectTimeoutMs: 30,
    });
    for (let index = 0; index < 3; index += 1) await client.request(GET_SHOP, {});
    clock.now += 10_000;

    const trial = client.request(GET_SHOP, {});
    const concurrent = await client.request(GET_SHOP, {});
    expect(concurrent).toMatchObject({ error: { kind: 'circuit-open' } });
    expect(await trial).toMatchObject({ error: { kind: 'timeout' } });
    expect(await client.request(GET_SHOP, {})).toMatchObject({ error: { kind: 'circuit-open' } });
    expect(calls).toHaveLength(4);

    clock.now += 10_000;
    expect((await client.request(GET_SHOP, {})).ok).toBe(true);
  });
});

describe('createShopifyClient over real HTTP (node:http, global fetch)', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function listen(handler: (request: IncomingMessage, response: ServerResponse, body: string) => void) {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => handler(request, response, body));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('speaks the protocol to a loopback store: path, headers, body, throttle status', async () => {
    const seen: { url?: string; token?: string; type?: string; body?: string } = {};
    const storeDomain = await listen((request, response, body) => {
      Object.assign(seen, {
        url: request.url,
        token: request.headers['x-shopify-access-token'],
        type: request.headers['content-type'],
        body,
      });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(ok(1234).body));
    });
    const client = createShopifyClient({ ...CONFIG, storeDomain });

    expect(await client.request(GET_SHOP, { a: 1 })).toEqual({
      ok: true,
      data: { shop: { name: 'Dew Mist' } },
    });
    expect(seen).toEqual({
      url: '/admin/api/2026-10/graphql.json',
      token: 'shpat_test',
      type: 'application/json',
      body: JSON.stringify({ query: GET_SHOP.document, variables: { a: 1 } }),
    });
    expect(client.lastThrottleStatus()?.currentlyAvailable).toBe(1234);
  });

  it('aborts a real exchange whose body stalls (total timeout)', async () => {
    const storeDomain = await listen((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"data":');
    });
    const client = createShopifyClient({ ...CONFIG, storeDomain }, { totalTimeoutMs: 100, maxAttempts: 1 });
    const started = Date.now();
    expect(await client.request(GET_SHOP, {})).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('retries a mutation when the connection is refused (nothing was sent)', async () => {
    const storeDomain = await listen(() => {});
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const delays: number[] = [];
    const client = createShopifyClient(
      { ...CONFIG, storeDomain },
      {
        maxAttempts: 3,
        sleep: (ms) => {
          delays.push(ms);
          return Promise.resolve();
        },
        circuit: { failureThreshold: 10, cooldownMs: 1 },
      },
    );
    const started = Date.now();
    expect(await client.request(RENAME_SHOP, {})).toMatchObject({
      ok: false,
      error: { kind: 'network', retryable: true, message: expect.stringContaining('ECONNREFUSED') },
    });
    expect(delays).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000); // refused at once, not after the 15 s headers limit
  });
});
