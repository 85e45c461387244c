import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  classifyFailedExchange,
  classifyPayload,
  classifyResponse,
  retryAfterMs,
  type AnsweredOperation,
} from './classify-response';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const now = () => NOW;
const throttleStatus = { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 };
const extensions = { cost: { requestedQueryCost: 10, actualQueryCost: 10, throttleStatus } };

const query: AnsweredOperation<{ shop: { name: string } }> = {
  name: 'GetShop',
  data: z.object({ shop: z.object({ name: z.string() }) }),
  isMutation: false,
};
const mutation: AnsweredOperation<{ shopUpdate: { id: string } | null }> = {
  name: 'RenameShop',
  data: z.object({ shopUpdate: z.object({ id: z.string() }).nullable() }),
  isMutation: true,
};

const answer = (status: number, body: unknown, retryAfter: string | null = null) => ({
  status,
  retryAfter,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});
const classify = <T>(status: number, body: unknown, operation: AnsweredOperation<T> = query as never) =>
  classifyResponse(answer(status, body), operation, now);
const gqlError = (code: string, message = code, path?: (string | number)[]) => ({
  message,
  path,
  extensions: { code },
});

describe('classifyResponse: answers that can be used', () => {
  it('returns the data parsed with the operation schema and the bucket the answer reported', () => {
    expect(classify(200, { data: { shop: { name: 'Dew Mist' } }, extensions })).toEqual({
      ok: true,
      data: { shop: { name: 'Dew Mist' } },
      throttleStatus,
    });
  });

  it('passes no bucket on when the answer reports none', () => {
    expect(classify(200, { data: { shop: { name: 'Dew Mist' } } })).toEqual({
      ok: true,
      data: { shop: { name: 'Dew Mist' } },
    });
  });
});

describe('classifyResponse: HTTP statuses', () => {
  it('reads a 401 string error as unauthorized, never retried', () => {
    const result = classify(401, { errors: '[API] Invalid API key or access token' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'unauthorized',
        retryable: false,
        status: 401,
        message: 'Shopify refused the access token: [API] Invalid API key or access token',
      },
      retry: { after: 'never' },
    });
    expect(classify(401, '<html>nope</html>')).toMatchObject({
      error: { message: 'Shopify refused the access token: Invalid API key or access token' },
    });
  });

  it('waits out a 429 for its Retry-After in seconds, fractions allowed, or until its HTTP date', () => {
    const at = (header: string | null) => classifyResponse(answer(429, '', header), query, now);
    expect(at('2.0')).toMatchObject({
      ok: false,
      error: { kind: 'rate-limited', retryable: true, status: 429 },
      retry: { after: 'retry-after', ms: 2_000 },
      notExecuted: true,
    });
    expect(at('0.5')).toMatchObject({ retry: { after: 'retry-after', ms: 500 } });
    expect(at(new Date(NOW + 7_000).toUTCString())).toMatchObject({
      retry: { after: 'retry-after', ms: 7_000 },
    });
  });

  it('backs off after a 429 without a readable Retry-After', () => {
    expect(classifyResponse(answer(429, ''), query, now)).toMatchObject({ retry: { after: 'backoff' } });
    expect(classifyResponse(answer(429, '', 'soon'), query, now)).toMatchObject({
      retry: { after: 'backoff' },
    });
  });

  it('backs off after a 5xx, which may have run the operation', () => {
    for (const status of [500, 502, 503, 504]) {
      expect(classify(status, 'Bad gateway')).toMatchObject({
        ok: false,
        error: { kind: 'server', retryable: true, status, message: `Shopify answered HTTP ${status}` },
        retry: { after: 'backoff' },
        notExecuted: false,
      });
    }
  });

  it('never retries another 4xx, and names what Shopify said when it said something', () => {
    expect(classify(404, { errors: 'Not Found' })).toMatchObject({
      error: {
        kind: 'graphql',
        retryable: false,
        status: 404,
        message: 'Shopify answered HTTP 404: Not Found',
      },
      retry: { after: 'never' },
    });
    expect(classify(400, { errors: [{ message: 'bad query' }, { message: 'really' }] })).toMatchObject({
      error: { message: 'Shopify answered HTTP 400: bad query; really' },
    });
    expect(classify(403, 'forbidden')).toMatchObject({ error: { message: 'Shopify answered HTTP 403' } });
  });
});

describe('classifyResponse: GraphQL errors with HTTP 200', () => {
  it('waits for the bucket to refill after THROTTLED, which Shopify never ran', () => {
    const body = {
      errors: [gqlError('THROTTLED', 'Throttled')],
      extensions: { cost: { requestedQueryCost: 500, actualQueryCost: null, throttleStatus } },
    };
    expect(classify(200, body, mutation)).toEqual({
      ok: false,
      error: {
        kind: 'throttled',
        message: 'Shopify throttled the request (cost limit)',
        retryable: true,
        status: 200,
      },
      retry: { after: 'refill', requestedCost: 500 },
      notExecuted: true,
      throttleStatus,
    });
  });

  it('leaves the requested cost to the caller when THROTTLED comes without a cost', () => {
    expect(classify(200, { errors: [gqlError('THROTTLED')] })).toMatchObject({
      retry: { after: 'refill', requestedCost: null },
    });
  });

  it('treats INTERNAL_SERVER_ERROR and SERVICE_UNAVAILABLE like a 5xx', () => {
    for (const code of ['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']) {
      expect(classify(200, { errors: [gqlError(code, 'oops')], extensions })).toMatchObject({
        error: { kind: 'server', retryable: true, message: `GetShop: ${code}: oops` },
        retry: { after: 'backoff' },
        notExecuted: false,
        throttleStatus,
      });
    }
  });

  it('never retries MAX_COST_EXCEEDED, ACCESS_DENIED or other errors of a query', () => {
    const body = { errors: [gqlError('MAX_COST_EXCEEDED', 'too costly'), { message: 'plain' }], extensions };
    expect(classify(200, body)).toMatchObject({
      error: { kind: 'graphql', retryable: false, message: 'GetShop: MAX_COST_EXCEEDED: too costly; plain' },
      retry: { after: 'never' },
      throttleStatus,
    });
    expect(
      classify(200, { data: { shop: null }, errors: [gqlError('ACCESS_DENIED', 'scope', ['shop'])] }),
    ).toMatchObject({ error: { kind: 'graphql', retryable: false }, retry: { after: 'never' } });
  });

  it('says a mutation with errors next to its data may have run: retryable for the job, not resent by the client', () => {
    const body = {
      data: { shopUpdate: null },
      errors: [gqlError('SOMETHING', 'half done', ['shopUpdate', 'x'])],
    };
    expect(classify(200, body, mutation)).toMatchObject({
      error: {
        kind: 'invalid-response',
        retryable: true,
        message: expect.stringContaining(
          'RenameShop: unexpected answer from Shopify (the mutation may have run)',
        ),
      },
      retry: { after: 'never' },
      notExecuted: false,
    });
  });

  it('keeps a mutation refused at its root field for a missing scope final: it never ran', () => {
    const body = {
      data: { shopUpdate: null },
      errors: [gqlError('ACCESS_DENIED', 'needs write_shop', ['shopUpdate'])],
    };
    expect(classify(200, body, mutation)).toMatchObject({
      error: { kind: 'graphql', retryable: false, message: 'RenameShop: ACCESS_DENIED: needs write_shop' },
      retry: { after: 'never' },
    });
  });

  it('carries the code and path of each error: a store without B2B refusing companyCreate', () => {
    const requiredAccess =
      '`write_customers` access scope or `write_companies` access scope. Also: The shop must have access to B2B. Some operations may require additional plan capabilities.';
    const companyCreate: AnsweredOperation<{ companyCreate: { id: string } | null }> = {
      name: 'CreateCompany',
      data: z.object({ companyCreate: z.object({ id: z.string() }).nullable() }),
      isMutation: true,
    };
    const body = {
      data: { companyCreate: null },
      errors: [
        {
          message: `Access denied for companyCreate field. Required access: ${requiredAccess}`,
          locations: [{ line: 2, column: 3 }],
          path: ['companyCreate'],
          extensions: {
            code: 'ACCESS_DENIED',
            documentation: 'https://shopify.dev/api/usage/access-scopes',
            requiredAccess,
          },
        },
      ],
      extensions,
    };
    const result = classify(200, body, companyCreate);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'graphql', retryable: false, status: 200 },
      retry: { after: 'never' },
      notExecuted: false,
    });
    if (result.ok) return;
    expect(result.error.graphqlErrors).toEqual([{ code: 'ACCESS_DENIED', path: ['companyCreate'] }]);
    expect(result.error.message).toMatch(/^CreateCompany: ACCESS_DENIED: Access denied for companyCreate/);
  });

  it('carries a null code and an empty path when Shopify names neither', () => {
    const result = classify(200, {
      errors: [{ message: 'syntax error' }, gqlError('ACCESS_DENIED', 'nested', ['company', 'contacts', 0])],
    });
    expect(result).toMatchObject({
      error: {
        kind: 'graphql',
        graphqlErrors: [
          { code: null, path: [] },
          { code: 'ACCESS_DENIED', path: ['company', 'contacts', 0] },
        ],
      },
    });
  });

  it('carries no graphqlErrors on the errors it does not end with', () => {
    const throttledAnswer = classify(200, { errors: [gqlError('THROTTLED')] });
    const server = classify(200, { errors: [gqlError('INTERNAL_SERVER_ERROR')] });
    for (const result of [throttledAnswer, server]) {
      expect(result.ok ? null : result.error.graphqlErrors).toBeUndefined();
    }
  });

  it('keeps a mutation that failed before execution (errors, no data) final', () => {
    expect(classify(200, { errors: [{ message: 'syntax error' }] }, mutation)).toMatchObject({
      error: { kind: 'graphql', retryable: false },
    });
  });
});

describe('classifyResponse: HTTP 200 answers that cannot be used', () => {
  it('reads malformed JSON as invalid-response: final for a query, retryable for a mutation', () => {
    expect(classify(200, '{"data": {')).toMatchObject({
      error: {
        kind: 'invalid-response',
        retryable: false,
        message: 'GetShop: unexpected answer from Shopify: the body is not JSON',
      },
      retry: { after: 'never' },
    });
    expect(classify(200, '', mutation)).toMatchObject({
      error: { kind: 'invalid-response', retryable: true },
      retry: { after: 'never' },
    });
  });

  it('reads a body that is not a GraphQL answer as invalid-response', () => {
    expect(classify(200, { errors: 'a string with 200' })).toMatchObject({
      error: { kind: 'invalid-response' },
    });
    expect(classify(200, [1, 2])).toMatchObject({ error: { kind: 'invalid-response' } });
  });

  it('reads data the schema does not accept as invalid-response, and still passes the bucket on', () => {
    expect(classify(200, { data: { shop: { name: 42 } }, extensions })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-response', retryable: false, status: 200 },
      throttleStatus,
    });
  });

  it('reads a mutation whose payload is null without errors as invalid-response, retryable', () => {
    expect(classify(200, { data: { shopUpdate: null } }, mutation)).toMatchObject({
      error: {
        kind: 'invalid-response',
        retryable: true,
        message: expect.stringContaining('a null payload and no errors'),
      },
    });
  });
});

describe('classifyFailedExchange', () => {
  it('names the time limit that fired; a timed-out request may have run', () => {
    expect(
      classifyFailedExchange({ error: new Error('aborted'), timeout: { limit: 'headers', ms: 15_000 } }),
    ).toEqual({
      ok: false,
      error: {
        kind: 'timeout',
        message: 'Shopify timed out: no response headers within 15000 ms',
        retryable: true,
      },
      retry: { after: 'backoff' },
      notExecuted: false,
    });
    expect(
      classifyFailedExchange({ error: new Error('aborted'), timeout: { limit: 'total', ms: 20_000 } }),
    ).toMatchObject({
      error: { message: 'Shopify timed out: the exchange did not finish within 20000 ms' },
    });
  });

  it('says nothing was sent when the connection was never made (the code found in the causes)', () => {
    const refused = new TypeError('fetch failed', {
      cause: new AggregateError([], 'connect', {
        cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      }),
    });
    (refused.cause as { code?: string }).code = undefined;
    expect(classifyFailedExchange({ error: refused, timeout: null })).toMatchObject({
      error: {
        kind: 'network',
        retryable: true,
        message: 'Could not reach Shopify: fetch failed (ECONNREFUSED)',
      },
      retry: { after: 'backoff' },
      notExecuted: true,
    });
  });

  it('says a dropped connection may have run the operation', () => {
    const reset = new TypeError('fetch failed', {
      cause: Object.assign(new Error('socket'), { code: 'ECONNRESET' }),
    });
    expect(classifyFailedExchange({ error: reset, timeout: null })).toMatchObject({
      error: { kind: 'network', message: 'Could not reach Shopify: fetch failed (ECONNRESET)' },
      notExecuted: false,
    });
    expect(classifyFailedExchange({ error: 'a string', timeout: null })).toMatchObject({
      error: { kind: 'network', message: 'Could not reach Shopify: a string' },
      notExecuted: false,
    });
  });
});

describe('classifyPayload', () => {
  type Payload = {
    userErrors: { field: string[] | null; message: string; code?: string | null }[];
    id?: string;
  };
  const toId = (payload: Payload) => ({ ok: true as const, data: payload.id });

  it('maps a payload without userErrors', () => {
    expect(
      classifyPayload('draftOrderCreate', { userErrors: [], id: 'gid://shopify/DraftOrder/1' }, toId),
    ).toEqual({
      ok: true,
      data: 'gid://shopify/DraftOrder/1',
    });
  });

  it('turns userErrors into user-errors, never retryable, naming each field', () => {
    const userErrors = [
      { field: ['input', 'email'], message: 'is invalid', code: 'INVALID' },
      { field: null, message: 'Something else' },
    ];
    expect(classifyPayload('draftOrderCreate', { userErrors }, toId)).toEqual({
      ok: false,
      error: {
        kind: 'user-errors',
        message: 'draftOrderCreate: input.email: is invalid; Something else',
        retryable: false,
        userErrors,
      },
    });
  });

  it('reads a missing payload as invalid-response', () => {
    expect(classifyPayload<Payload, string | undefined>('draftOrderCreate', null, toId)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-response', message: 'draftOrderCreate: Shopify returned no payload' },
    });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds (trimmed) or an HTTP date, and nothing else', () => {
    expect(retryAfterMs(' 3 ', now)).toBe(3_000);
    expect(retryAfterMs(new Date(NOW - 5_000).toUTCString(), now)).toBe(-5_000);
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('in a while', now)).toBeNull();
  });
});
