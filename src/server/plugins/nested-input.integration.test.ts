import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories/users';
import { freshIp } from '../test/requests';
import { signIn, signInAdmin } from '../test/factories/sign-in';
import { BODY_LIMIT_BYTES } from '../app';
import { apiRoutes } from '../test/api-routes';
import { createTestApp, sameOrigin, type TestApp } from '../test/test-app';
import { findInputProblem, MAX_INPUT_DEPTH, nestsDeeperThan } from './control-characters';

/*
 * Deeply nested bodies (issue 29 §3, docs/security.md#input-validation): the check that walks every body is
 * iterative and refuses more than MAX_INPUT_DEPTH levels, so a small body nested thousands deep is a 400
 * naming where, on every route, never a 500 (the recursive walk overflowed the stack at ~4,000 levels) and
 * never seconds of event loop. What a hostile body costs next to a normal one is a bench line
 * (scripts/bench.ts, BENCH_ONLY=hostile-body), not a test.
 */

/** `[[[ … ]]]` with `depth` arrays. */
const deepArray = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
/** `{"a":{"a": … }}` with `depth` objects. */
const deepObject = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

const DEPTH_MESSAGE = `must not be nested more than ${MAX_INPUT_DEPTH} levels`;

let t: TestApp;
let customer: string;
let customerId: number;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { status: 'approved' });
  customerId = user.id;
  customer = await signIn(t.app, t.db, user.email);
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: string, cookie?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: {
      ...sameOrigin,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      ...(cookie ? { cookie } : {}),
    },
    remoteAddress: freshIp(),
  });

describe('the depth of a body', () => {
  it('lets 32 levels through and finds the 33rd, naming the top field or the part', () => {
    expect(findInputProblem(JSON.parse(deepArray(MAX_INPUT_DEPTH)))).toBeNull();
    expect(findInputProblem(JSON.parse(deepObject(MAX_INPUT_DEPTH)))).toBeNull();
    expect(findInputProblem(JSON.parse(deepArray(MAX_INPUT_DEPTH + 1)))).toEqual({
      path: [],
      problem: 'depth',
    });
    expect(findInputProblem({ customer: JSON.parse(deepObject(MAX_INPUT_DEPTH)) })).toEqual({
      path: ['customer'],
      problem: 'depth',
    });
    expect(findInputProblem(JSON.parse(deepObject(5_000)))).toEqual({ path: ['a'], problem: 'depth' });
  });

  it('reads the depth of JSON text before parsing it, skipping what is inside strings', () => {
    expect(nestsDeeperThan(deepArray(MAX_INPUT_DEPTH), MAX_INPUT_DEPTH)).toBe(false);
    expect(nestsDeeperThan(deepArray(MAX_INPUT_DEPTH + 1), MAX_INPUT_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`[[${deepObject(MAX_INPUT_DEPTH - 1)}]]`, MAX_INPUT_DEPTH)).toBe(true);
    // Many containers side by side are not deep.
    expect(nestsDeeperThan(`[${'[[1]],'.repeat(1_000)}1]`, 3)).toBe(false);
    const brackets = JSON.stringify({ notes: '[[[[{{{{ "quoted" \\', more: '\\"[[[[' });
    expect(nestsDeeperThan(brackets, 1)).toBe(false);
  });

  it.each([
    ['arrays', deepArray(5_000)],
    ['objects', deepObject(5_000)],
    ['arrays inside a field', `{"customer":${deepArray(5_000)}}`],
  ])('answers 400 to 5,000 nested %s on public and signed-in routes', async (_kind, payload) => {
    expect(Buffer.byteLength(payload)).toBeLessThan(BODY_LIMIT_BYTES);
    for (const [method, url, cookie] of [
      ['POST', '/api/calculate-prices', undefined],
      ['POST', '/api/register', undefined],
      ['POST', '/api/request-magic-link', undefined],
      ['POST', '/api/calculate-prices', customer],
      ['POST', '/api/create-draft-order', customer],
      ['PATCH', `/api/user/${customerId}`, customer],
      ['POST', '/api/support/contact', customer],
      ['POST', '/api/admin/users', admin],
    ] as const) {
      const response = await send(method, url, payload, cookie);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      const body = response.json<{ code: string; message: string }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toMatch(new RegExp(`^(body|customer|a): ${DEPTH_MESSAGE}$`));
    }
  });

  it('answers 400, never 500, to a body nested as deep as the body limit allows, on every API route', async () => {
    const payload = deepArray(Math.floor((BODY_LIMIT_BYTES - 10) / 2));
    const failures: string[] = [];
    for (const route of apiRoutes(t.app)) {
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      const cookie = route.url.startsWith('/api/admin') ? admin : customer;
      const url = route.url.replace(/:[^/]+/g, '1');
      const response = await send(route.method, url, payload, cookie);
      const expected = route.url === '/api/shopify/webhooks' ? 401 : 400;
      if (response.statusCode !== expected) {
        failures.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives a body 32 deep the route’s own answer, not the depth refusal', async () => {
    const response = await send('POST', '/api/calculate-prices', deepObject(MAX_INPUT_DEPTH), customer);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).not.toContain('nested');
  });

  it('reads a query string flat, so brackets cannot nest it and a repeated parameter is one list', async () => {
    // Fastify's parser (fast-querystring) keeps `a[b][c]` as one name: a query is at most a list of texts.
    const bracketed = await t.app.inject({
      url: `/api/orders?${'a[b]'.repeat(1_000)}=1`,
      headers: { cookie: customer },
      remoteAddress: freshIp(),
    });
    expect(bracketed.statusCode).toBe(400);
    expect(bracketed.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    const repeated = await t.app.inject({
      url: `/api/admin/orders?${'search=a&'.repeat(2_000)}`,
      headers: { cookie: admin },
      remoteAddress: freshIp(),
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<{ message: string }>().message).toBe('search: must be a single text value');
  });
});
