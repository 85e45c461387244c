import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from './app';
import { errorBodySchema } from '../shared/schemas/errors';
import { createTestApp, sameOrigin, TEST_ORIGIN, type TestApp } from './test/test-app';

describe('the application shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes that exist only in this test, to reach the body parser and the 500 path.
    t.app.post(
      '/api/test/echo',
      { schema: { body: z.object({ quantity: z.number().int().min(0) }) } },
      (request) => ({
        received: request.body,
      }),
    );
    t.app.get('/api/test/boom', () => {
      throw new Error('secret internals: SELECT * FROM users at /work/main/src/server/db.ts:12');
    });
  });
  afterAll(() => t.close());

  it('reports health with the database up', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown /api paths with a JSON 404 carrying code, message and request id', async () => {
    const response = await t.app.inject({ url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe('NOT_FOUND');
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('hides internals of unexpected errors behind a 500 with a request id', async () => {
    const response = await t.app.inject({ url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe('INTERNAL');
    expect(response.body).not.toMatch(/secret|SELECT|\/work\/|at \w+ \(/);
  });

  it('accepts a same-origin JSON body and validates it, naming the field', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: sameOrigin,
      payload: { quantity: 2 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: { quantity: 2 } });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: sameOrigin,
      payload: { quantity: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^quantity: /),
    });
  });

  it('rejects malformed JSON with 400, non-JSON bodies with 415 and oversized bodies with 413', async () => {
    const post = (payload: string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { ...sameOrigin, 'content-type': contentType },
        payload,
      });
    const malformed = await post('{"quantity": 2', 'application/json');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON.',
    });

    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await post('quantity=2', contentType);
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }

    const huge = await post(
      JSON.stringify({ quantity: 1, pad: 'x'.repeat(BODY_LIMIT_BYTES) }),
      'application/json',
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses prototype-poisoning bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload: '{"quantity":1,"__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  describe('same-origin check on state-changing requests', () => {
    const attempt = (headers: Record<string, string>, url = '/api/test/echo') =>
      t.app.inject({ method: 'POST', url, headers, payload: { quantity: 1 } });

    it('refuses requests with neither Sec-Fetch-Site nor Origin', async () => {
      const response = await attempt({});
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CROSS_ORIGIN_REQUEST');
      // Refusals carry the same security headers as every other answer.
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('refuses cross-site and same-site fetch metadata even with a matching Origin', async () => {
      expect((await attempt({ 'sec-fetch-site': 'cross-site', origin: TEST_ORIGIN })).statusCode).toBe(403);
      expect((await attempt({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    });

    it('refuses a foreign or null Origin', async () => {
      expect((await attempt({ origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await attempt({ origin: 'null' })).statusCode).toBe(403);
    });

    it('accepts Sec-Fetch-Site same-origin, or the portal Origin when fetch metadata is absent', async () => {
      expect((await attempt({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
      expect((await attempt({ origin: TEST_ORIGIN })).statusCode).toBe(200);
    });

    it('exempts only the Shopify webhook path, which authenticates by HMAC instead', async () => {
      expect((await attempt({}, '/api/shopify/webhooks')).statusCode).not.toBe(403);
      expect((await attempt({}, '/api/shopify/webhooks-other')).statusCode).toBe(403);
    });

    it('never emits CORS headers', async () => {
      const response = await attempt({ origin: 'https://evil.example' });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    });
  });

  it('sends strict security headers and no-store on API answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['/%c0%ae', '/api/%c0%ae', '/api/products/%E0%A4%A'])(
    'answers a URL that does not decode (%s) in the portal error shape, with the security headers',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'The address of this request is not valid.',
      });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('serves public settings for the footer', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.json()).toEqual({
      storeName: 'Dew Mist Wholesale',
      supportEmail: 'support@example.com',
      termsUrl: '/terms',
      privacyUrl: '/privacy',
    });
  });
});

describe('serving the web client', () => {
  let t: TestApp;
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'portal-client-'));
  beforeAll(async () => {
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>portal</title><div id="root"></div>',
    );
    t = await createTestApp({
      clientDir,
      seed: false,
      env: {
        SHOPIFY_STORE_DOMAIN: 'mist.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: 'shpat_unused',
        STORE_NAME: 'Mist & Co',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers deep links with index.html so the client router decides, and unknown API paths with JSON', async () => {
    for (const url of ['/', '/orders/12', '/Admin/Login', '/no/such/page?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root">');
    }
    expect((await t.app.inject({ url: '/api/nope' })).headers['content-type']).toContain('application/json');
  });

  it("links the footer policies to the portal's own pages, even with a Shopify store connected", async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({
      storeName: 'Mist & Co',
      termsUrl: '/terms',
      privacyUrl: '/privacy',
    });
  });
});
