import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_LINK_MESSAGE } from '../../../shared/schemas/auth';
import { enqueueJob } from '../../jobs/queue';
import { jobToQueue } from '../../jobs/job-definition';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { createUser, uniqueEmail } from '../../test/factories/users';
import { mailsTo } from '../../test/outbox';
import { post, sessionCookie } from '../../test/requests';
import { signInLinkJob } from './link-mail.jobs';

/**
 * Issue 19: the e-mailed sign-in link leads back to where the visitor was going
 * (docs/accounts-and-roles.md#magic-links). 'Send Login Link' takes an optional `next`; only a same-origin
 * path is kept, it travels in the job (never a token) and in the link, and /api/auth/verify answers it as
 * `redirectTo`.
 */

/** The sign-in link of the last e-mail to `email`, as a URL. */
async function lastSignInLink(t: TestApp, email: string): Promise<URL> {
  const text = (await mailsTo(t.db, email)).at(-1)?.text ?? '';
  const match = /https?:\/\/\S+\/auth\/verify\?\S+/.exec(text);
  if (!match) throw new Error(`No sign-in link in: ${text}`);
  return new URL(match[0]);
}

describe('the sign-in link returns to the page the visitor was going to', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('carries an accepted same-origin path in the e-mailed link, and verify sends the browser there', async () => {
    const user = await createUser(t.db);
    const response = await post(t.app, '/api/request-magic-link', { email: user.email, next: '/confirm' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: GENERIC_LINK_MESSAGE });

    // The job holds the address and the path, never a usable link (docs/security.md#link-tokens).
    const [queued] = await sqlRows<{ payload: unknown }>(
      t.db,
      sql`select payload from jobs where type = 'account.sign-in-link' and payload->>'email' = ${user.email}`,
    );
    expect(queued?.payload).toEqual({ email: user.email, next: '/confirm' });

    const link = await lastSignInLink(t, user.email);
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(link.pathname).toBe('/auth/verify');
    expect(link.searchParams.get('next')).toBe('/confirm');
    expect(link.search).toContain('&next=%2Fconfirm');

    // What /auth/verify sends when the person presses 'Sign In': the token and the link's `next`.
    const verified = await post(t.app, '/api/auth/verify', {
      token: link.searchParams.get('token'),
      next: link.searchParams.get('next'),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().redirectTo).toBe('/confirm');
    expect(sessionCookie(verified)).toBeDefined();
  });

  it('keeps a query string in the path', async () => {
    const user = await createUser(t.db);
    await post(t.app, '/api/request-magic-link', {
      email: user.email,
      next: '/orders?page=2&status=shipped',
    });
    const link = await lastSignInLink(t, user.email);
    expect(link.searchParams.get('next')).toBe('/orders?page=2&status=shipped');
  });

  it.each([
    '//evil.com',
    '///evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '/\\evil.com',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '/%5Cevil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/..//evil.com',
    'confirm',
    '',
    `/${'a'.repeat(500)}`,
    42,
    { path: '/confirm' },
  ])('ignores next=%j: the same answer, and a link without next that leads to /', async (next) => {
    const user = await createUser(t.db);
    const response = await post(t.app, '/api/request-magic-link', { email: user.email, next });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: GENERIC_LINK_MESSAGE });

    const link = await lastSignInLink(t, user.email);
    expect([...link.searchParams.keys()]).toEqual(['token']);
    expect(link.href).not.toContain('evil');

    // Sent straight to verify, it is ignored there as well.
    const verified = await post(t.app, '/api/auth/verify', { token: link.searchParams.get('token'), next });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().redirectTo).toBe('/');
  });

  it('answers alike with or without next, for an unknown, an approved and a pending address', async () => {
    const addresses = [
      uniqueEmail('nobody'),
      (await createUser(t.db, { status: 'approved' })).email,
      (await createUser(t.db, { status: 'pending' })).email,
    ];
    const answers = new Set<string>();
    for (const email of addresses) {
      for (const body of [{ email }, { email, next: '/confirm' }, { email, next: '//evil.com' }]) {
        const response = await post(t.app, '/api/request-magic-link', body);
        answers.add(JSON.stringify([response.statusCode, response.body]));
      }
    }
    expect([...answers]).toEqual([JSON.stringify([200, JSON.stringify({ message: GENERIC_LINK_MESSAGE })])]);
  });

  it('sends a link without next for a job queued before the path existed', async () => {
    const user = await createUser(t.db);
    await enqueueJob(t.db, jobToQueue(signInLinkJob, { email: user.email }));
    const link = await lastSignInLink(t, user.email);
    expect([...link.searchParams.keys()]).toEqual(['token']);
  });
});
