import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/errors';
import {
  adminPolicyListSchema,
  adminPolicySchema,
  POLICY_BODY_MAX,
  POLICY_MESSAGES,
  POLICY_TITLE_MAX,
  publicPolicySchema,
} from '../../../shared/schemas/policies';
import { SEED_POLICIES } from '../../db/seed-policies';
import { auditLog, policyDocuments, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call } from '../admin-faq/admin-faq-test-support';
import { createUser } from '../../test/factories/users';
import { signIn, signInAdmin } from '../../test/factories/sign-in';

let t: TestApp;
let admin: string;
let adminId: number;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!row) throw new Error('no seeded admin');
  adminId = row.id;
  customer = await signIn(t.app, t.db, (await createUser(t.db)).email);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  call(t.app, admin, method, url, payload);
const starter = (kind: 'terms' | 'privacy') => SEED_POLICIES.find((policy) => policy.kind === kind)!;

async function auditRows(kind: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'policy_document'), eq(auditLog.entityId, kind)))
    .orderBy(desc(auditLog.id));
}

async function stored(kind: 'terms' | 'privacy') {
  const [row] = await t.db.select().from(policyDocuments).where(eq(policyDocuments.kind, kind));
  return row;
}

function expectError(response: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(errorBodySchema.parse(response.json()).message).toBe(message);
}

describe('the public policy pages (GET /api/policies/{kind})', () => {
  it('answers a visitor with no session with the starter text, small and cacheable with an ETag', async () => {
    for (const kind of ['terms', 'privacy'] as const) {
      const response = await t.app.inject({ url: `/api/policies/${kind}` });
      expect(response.statusCode).toBe(200);
      const policy = publicPolicySchema.parse(response.json());
      expect(policy).toMatchObject({ kind, title: starter(kind).title, body: starter(kind).body });
      expect(Object.keys(policy).sort()).toEqual(['body', 'kind', 'title', 'updatedAt']);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['set-cookie']).toBeUndefined();

      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await t.app.inject({ url: `/api/policies/${kind}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    expect(starter('terms').title).toBe('Terms & Conditions');
    expect(starter('privacy').title).toBe('Privacy Policy');
  });

  it('refuses an unknown kind with 400 naming the parameter', async () => {
    const response = await t.app.inject({ url: '/api/policies/cookies' });
    expectError(response, 400, 'kind: must be terms or privacy');
  });

  it('answers 404 with a sentence when a document is missing', async () => {
    const terms = await stored('terms');
    await t.db.delete(policyDocuments).where(eq(policyDocuments.kind, 'terms'));
    try {
      expectError(await t.app.inject({ url: '/api/policies/terms' }), 404, POLICY_MESSAGES.notFound);
      expectError(
        await send('PUT', '/api/admin/policies/terms', { title: 'T', body: 'B' }),
        404,
        POLICY_MESSAGES.notFound,
      );
    } finally {
      await t.db.insert(policyDocuments).values(terms!);
    }
  });
});

describe('the admin Policies section (GET /api/admin/policies, PUT /api/admin/policies/{kind})', () => {
  it('lists both documents, terms first, the starter text authored by nobody', async () => {
    const response = await send('GET', '/api/admin/policies');
    expect(response.statusCode).toBe(200);
    const list = adminPolicyListSchema.parse(response.json());
    expect(list.map((policy) => policy.kind)).toEqual(['terms', 'privacy']);
    expect(list.every((policy) => policy.updatedBy === null)).toBe(true);
  });

  it('saves a document trimmed, names its author, shows it publicly and audits before and after', async () => {
    const first = await t.app.inject({ url: '/api/policies/privacy' });
    const before = publicPolicySchema.parse(first.json());
    const response = await send('PUT', '/api/admin/policies/privacy', {
      title: '  Our Privacy Promise ',
      body: '\n## What we keep\n\nYour name.\n\n',
    });
    expect(response.statusCode).toBe(200);
    const saved = adminPolicySchema.parse(response.json());
    expect(saved).toMatchObject({
      kind: 'privacy',
      title: 'Our Privacy Promise',
      body: '## What we keep\n\nYour name.',
      updatedBy: { id: adminId, name: 'Morgan Reyes' },
    });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));

    expect(await stored('privacy')).toMatchObject({ title: 'Our Privacy Promise', updatedBy: adminId });
    const visitor = publicPolicySchema.parse((await t.app.inject({ url: '/api/policies/privacy' })).json());
    expect(visitor).toEqual({
      kind: 'privacy',
      title: 'Our Privacy Promise',
      body: '## What we keep\n\nYour name.',
      updatedAt: saved.updatedAt,
    });
    // A browser's kept copy is not current any more: the edit shows at once.
    const revalidated = await t.app.inject({
      url: '/api/policies/privacy',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    const listed = adminPolicyListSchema.parse((await send('GET', '/api/admin/policies')).json());
    expect(listed.find((policy) => policy.kind === 'privacy')).toEqual(saved);

    const [audit] = await auditRows('privacy');
    expect(audit).toMatchObject({ action: 'policy.update', actorUserId: adminId });
    expect(audit?.ipAddress).toBeTruthy();
    expect(audit?.before).toEqual(before);
    expect(audit?.after).toEqual(visitor);
  });

  it('accepts an empty text (the page then says it is not published) and a text of the full length', async () => {
    const empty = await send('PUT', '/api/admin/policies/terms', { title: 'Terms', body: '   ' });
    expect(empty.statusCode).toBe(200);
    expect(adminPolicySchema.parse(empty.json()).body).toBe('');
    const full = await send('PUT', '/api/admin/policies/terms', {
      title: 'x'.repeat(POLICY_TITLE_MAX),
      body: 'a'.repeat(POLICY_BODY_MAX),
    });
    expect(full.statusCode).toBe(200);
    expect(adminPolicySchema.parse(full.json()).body).toHaveLength(POLICY_BODY_MAX);
  });

  it.each([
    [{ body: 'Text' }, POLICY_MESSAGES.titleRequired],
    [{ title: '   ', body: 'Text' }, POLICY_MESSAGES.titleRequired],
    [{ title: 7, body: 'Text' }, POLICY_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(POLICY_TITLE_MAX + 1), body: 'Text' }, POLICY_MESSAGES.titleTooLong],
    [{ title: 'Two\nlines', body: 'Text' }, POLICY_MESSAGES.titleOneLine],
    [{ title: 'Terms' }, POLICY_MESSAGES.bodyMissing],
    [{ title: 'Terms', body: null }, POLICY_MESSAGES.bodyMissing],
    [{ title: 'Terms', body: 'a'.repeat(POLICY_BODY_MAX + 1) }, POLICY_MESSAGES.bodyTooLong],
    [{ title: 'Terms', body: 'Bell \u0007 text' }, 'body: must not contain control characters'],
    [{ title: 'Nul\u0000', body: 'Text' }, 'title: must not contain control characters'],
  ])('refuses %j with %j, changes nothing and audits nothing', async (body, message) => {
    const before = await stored('terms');
    const audits = (await auditRows('terms')).length;
    expectError(await send('PUT', '/api/admin/policies/terms', body), 400, message);
    expect(await stored('terms')).toEqual(before);
    expect(await auditRows('terms')).toHaveLength(audits);
  });

  it('refuses an unknown kind', async () => {
    const response = await send('PUT', '/api/admin/policies/cookies', { title: 'Cookies', body: 'Text' });
    expectError(response, 400, 'kind: must be terms or privacy');
  });

  it('keeps a visitor (401) and a customer (403) out, changing nothing', async () => {
    const before = await stored('terms');
    const audits = (await auditRows('terms')).length;
    for (const [cookie, status] of [
      [undefined, 401],
      [customer, 403],
    ] as const) {
      expect((await call(t.app, cookie, 'GET', '/api/admin/policies')).statusCode).toBe(status);
      const put = await call(t.app, cookie, 'PUT', '/api/admin/policies/terms', {
        title: 'Hijacked',
        body: 'Nothing applies.',
      });
      expect(put.statusCode).toBe(status);
    }
    expect(await stored('terms')).toEqual(before);
    expect(await auditRows('terms')).toHaveLength(audits);
  });
});
