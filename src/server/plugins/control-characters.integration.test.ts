import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories/users';
import { freshIp } from '../test/requests';
import { signIn, signInAdmin } from '../test/factories/sign-in';
import { apiRoutes } from '../test/api-routes';
import { createTestApp, sameOrigin, type TestApp } from '../test/test-app';
import { findInputProblem } from './control-characters';
import { serializeError } from './log-redaction';

const NUL = '\u0000';

describe('control characters in any text input (docs/security.md)', () => {
  let t: TestApp;
  let customer: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db, { status: 'approved' });
    customer = await signIn(t.app, t.db, user.email);
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the field, nested or a key, and lets tab, line feed and carriage return through', () => {
    const control = (path: string[]) => ({ path, problem: 'control' });
    expect(findInputProblem({ notes: 'line one\r\n\tline two' })).toBeNull();
    expect(findInputProblem({ items: [{ name: `a${NUL}b` }] })).toEqual(control(['items', '0', 'name']));
    expect(findInputProblem({ [`x${NUL}`]: 'y' })).toEqual(control(['x?']));
    expect(findInputProblem(`bell\u0007`)).toEqual(control([]));
    expect(findInputProblem({ name: 'del\u007f' })).toEqual(control(['name']));
  });

  it('answers 400 naming the field on every API route, for bodies, query strings and route parameters', async () => {
    const routes = apiRoutes(t.app).filter((route) => route.url !== '/api/shopify/webhooks');
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      const cookie = route.url.startsWith('/api/admin') ? admin : customer;
      const hasParams = route.url.includes(':');
      const url = hasParams ? route.url.replace(/:[^/]+/g, '%00') : `${route.url}?search=a%00b`;
      const withBody = route.method !== 'GET' && route.method !== 'DELETE' && !hasParams;
      const response = await t.app.inject({
        method: route.method,
        url: withBody ? route.url : url,
        headers: { ...sameOrigin, cookie },
        remoteAddress: freshIp(),
        ...(withBody ? { payload: { name: `Ada${NUL}`, email: `ada${NUL}@example.com` } } : {}),
      });
      const body = response.json<{ code?: string; message?: string }>();
      const named = /^(name|email|search|[a-zA-Z]+): must not contain control characters$/.test(
        body.message ?? '',
      );
      if (response.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !named) {
        failures.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps a failed query’s parameters and the value PostgreSQL quotes out of the log', async () => {
    const error = await t.db
      .execute(sql`select ${'ada.lovelace@example.com'}::int as n`)
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const logged = JSON.stringify(serializeError(error as Error));
    expect(logged).not.toContain('ada.lovelace@example.com');
    expect(logged).toContain('params: [redacted]');
    expect(logged).toContain('::int');
  });
});
