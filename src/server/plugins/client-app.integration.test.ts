import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, type TestApp } from '../test/test-app';

/**
 * The delivery rules of ADR 0014 on a client folder laid out as the build writes it: hashed files under
 * assets/ with `.br` and `.gz` copies made here by node:zlib, a public file, an image, and index.html.
 */
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>portal</title>
<script type="module" src="/assets/app-4f2a9c.js"></script></head>
<body><div id="root"></div><noscript>This portal needs JavaScript.</noscript></body></html>`;
const APP_JS = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, sku: `800-${i}` })))};`;
/** The build skips a copy that would not be smaller: this one has a Brotli copy only. */
const TINY_JS = 'export{a as b};';
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#4a7"/></svg>`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const BROWSER = 'gzip, deflate, br, zstd';

/** The store's public settings the server writes into every page (ADR 0016; client-shell.integration.test.ts). */
const STORE_CONFIG = /<script type="application\/json" id="store-config">[^<]*<\/script>/;
/** A page as sent, less those settings: index.html as built. */
const withoutStoreConfig = (html: string) => html.replace(STORE_CONFIG, '');

function writeClientFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-delivery-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, content: string | Buffer, copies: Array<'br' | 'gz'> = []) => {
    writeFileSync(path.join(dir, name), content);
    if (copies.includes('br')) writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
    if (copies.includes('gz')) writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
  };
  write('index.html', INDEX_HTML, ['br', 'gz']);
  write('favicon.svg', FAVICON_SVG, ['br', 'gz']);
  write('assets/app-4f2a9c.js', APP_JS, ['br', 'gz']);
  write('assets/tiny-77aa01.js', TINY_JS, ['br']);
  write('assets/logo-1b2c3d.png', PNG);
  return dir;
}

describe('delivering the built client', () => {
  let t: TestApp;
  const clientDir = writeClientFolder();
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp({ clientDir, seed: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  describe('files under /assets/', () => {
    const url = '/assets/app-4f2a9c.js';

    it('sends the Brotli copy when accepted, with the type of the script and the length of the copy', async () => {
      const response = await get(url, { 'accept-encoding': BROWSER });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(APP_JS.length / 2);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
      expect(response.headers.vary).toBe('accept-encoding');
    });

    it('sends the gzip copy to a client without br, and the file itself to one without either', async () => {
      for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
        const response = await get(url, { 'accept-encoding': acceptEncoding });
        expect(response.headers['content-encoding'], acceptEncoding).toBe('gzip');
        expect(gunzipSync(response.rawPayload).toString()).toBe(APP_JS);
        expect(response.headers.vary).toBe('accept-encoding');
      }
      const withoutCopies: Array<Record<string, string>> = [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'deflate' },
      ];
      for (const headers of withoutCopies) {
        const response = await get(url, headers);
        expect(response.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
        expect(response.body).toBe(APP_JS);
        expect(Number(response.headers['content-length'])).toBe(APP_JS.length);
        expect(response.headers.vary).toBe('accept-encoding');
      }
    });

    it('falls back to the file itself when the build wrote no copy for that coding', async () => {
      const gzip = await get('/assets/tiny-77aa01.js', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBeUndefined();
      expect(gzip.body).toBe(TINY_JS);
      const br = await get('/assets/tiny-77aa01.js', { 'accept-encoding': BROWSER });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-encoding');
    });

    it('lets browsers keep hashed files for a year without asking again', async () => {
      for (const headers of [{ 'accept-encoding': BROWSER }, {}] as Array<Record<string, string>>) {
        const response = await get(url, headers);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const image = await get('/assets/logo-1b2c3d.png', { 'accept-encoding': BROWSER });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers['content-encoding']).toBeUndefined();
      // Compressed already: the answer does not depend on Accept-Encoding.
      expect(image.headers.vary).toBeUndefined();
    });

    it('sends hashed files with only the headers a script obeys, and no validators', async () => {
      const response = await get(url, { 'accept-encoding': BROWSER });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of [
        'content-security-policy',
        'x-frame-options',
        'strict-transport-security',
        'referrer-policy',
        'etag',
        'last-modified',
        'accept-ranges',
      ]) {
        expect(response.headers[documentOnly], documentOnly).toBeUndefined();
      }
      // A public file and a page keep the full set.
      for (const other of ['/favicon.svg', '/orders']) {
        const page = await get(other, { 'accept-encoding': BROWSER });
        expect(page.headers['content-security-policy'], other).toContain("default-src 'self'");
        expect(page.headers['strict-transport-security'], other).toContain('max-age=31536000');
        expect(page.headers.etag, other).toBeDefined();
      }
    });

    it('answers HEAD with the headers of the copy and no body', async () => {
      const response = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': BROWSER } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(APP_JS).length);
      expect(response.rawPayload.length).toBe(0);
    });

    it('answers a missing file, a source map and a copy asked for by name with a 404, never the app', async () => {
      for (const missing of [
        '/assets/app-4f2a9c.js.map',
        '/assets/gone-000000.js',
        '/assets/gone-000000.css',
        '/assets/app-4f2a9c.js.br',
        '/assets/app-4f2a9c.js.gz',
        '/assets/',
        '/assets/no-extension',
      ]) {
        const response = await get(missing, { 'accept-encoding': BROWSER });
        expect(response.statusCode, missing).toBe(404);
        expect(response.headers['content-type'], missing).toContain('application/json');
        expect(response.json(), missing).toMatchObject({ code: 'NOT_FOUND' });
        // A deploy may add the file a moment later: no cache may keep this answer.
        expect(response.headers['cache-control'], missing).toBe('no-store');
        expect(response.body, missing).not.toContain('<div id="root">');
      }
    });
  });

  describe('other files', () => {
    it('revalidates public files such as the favicon, with a validator and a 304', async () => {
      const first = await get('/favicon.svg', { 'accept-encoding': BROWSER });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.vary).toBe('accept-encoding');
      const etag = String(first.headers.etag);
      expect(etag).not.toBe('undefined');

      const again = await get('/favicon.svg', { 'accept-encoding': BROWSER, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(again.headers.vary).toBe('accept-encoding');
    });

    it('answers a file name with an extension that does not exist with a 404', async () => {
      for (const missing of ['/robots.txt', '/favicon.ico', '/sitemap.xml', '/orders/12/receipt.pdf']) {
        const response = await get(missing);
        expect(response.statusCode, missing).toBe(404);
        expect(response.body, missing).not.toContain('<div id="root">');
      }
    });
  });

  describe('index.html and the pages of the app', () => {
    const pages = [
      '/',
      '/orders/12',
      '/auth/verify?token=abc.DEF-123',
      '/admin?section=support',
      '/index.html',
    ];

    it('answers every page with index.html, compressed as accepted, to be revalidated on each use', async () => {
      for (const page of pages) {
        const br = await get(page, { 'accept-encoding': BROWSER });
        expect(br.statusCode, page).toBe(200);
        expect(br.headers['content-type'], page).toBe('text/html; charset=utf-8');
        expect(br.headers['content-encoding'], page).toBe('br');
        expect(withoutStoreConfig(brotliDecompressSync(br.rawPayload).toString()), page).toBe(INDEX_HTML);
        expect(Number(br.headers['content-length']), page).toBe(br.rawPayload.length);
        expect(br.headers['cache-control'], page).toBe('no-cache');
        expect(br.headers.vary, page).toBe('accept-encoding');
        expect(br.headers.etag, page).toMatch(/^"[^"]+"$/);

        const gzip = await get(page, { 'accept-encoding': 'gzip' });
        expect(gzip.headers['content-encoding'], page).toBe('gzip');
        expect(withoutStoreConfig(gunzipSync(gzip.rawPayload).toString()), page).toBe(INDEX_HTML);

        const plain = await get(page);
        expect(plain.headers['content-encoding'], page).toBeUndefined();
        expect(plain.body, page).toMatch(STORE_CONFIG);
        expect(withoutStoreConfig(plain.body), page).toBe(INDEX_HTML);
        expect(plain.headers.vary, page).toBe('accept-encoding');
      }
    });

    it('gives each coding its own ETag and answers a matching If-None-Match with 304', async () => {
      const br = await get('/orders/12', { 'accept-encoding': BROWSER });
      const plain = await get('/orders/12');
      const brTag = String(br.headers.etag);
      expect(brTag).not.toBe(plain.headers.etag);

      for (const page of pages) {
        const revalidated = await get(page, { 'accept-encoding': BROWSER, 'if-none-match': brTag });
        expect(revalidated.statusCode, page).toBe(304);
        expect(revalidated.rawPayload.length, page).toBe(0);
        expect(revalidated.headers.etag, page).toBe(brTag);
        expect(revalidated.headers['cache-control'], page).toBe('no-cache');
        expect(revalidated.headers.vary, page).toBe('accept-encoding');
      }
      // The Brotli copy's tag does not validate the plain bytes.
      expect((await get('/', { 'if-none-match': brTag })).statusCode).toBe(200);
      expect((await get('/', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    });

    it('keeps the JSON 404 for unknown API paths and other methods', async () => {
      const api = await get('/api/nope', { 'accept-encoding': BROWSER });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
      const other = await t.app.inject({ method: 'DELETE', url: '/orders/12', headers: sameOrigin });
      expect(other.statusCode).toBe(404);
      expect(other.headers['content-type']).toContain('application/json');
    });
  });
});
