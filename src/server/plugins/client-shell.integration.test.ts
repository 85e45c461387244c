import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The page shells of ADR 0016 as the server sends them: a build laid out like dist/ (client/index.html,
 * client/shell.html, shells/page-shells.js), with a stand-in renderer that marks each shell, so these tests
 * see which page a request gets. The real renderer has its own test (client/prerender/page-shells.test.tsx).
 */
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Wholesale Order Form</title>
<script type="module" crossorigin src="/assets/index-4f2a9c.js"></script>
</head><body><div id="root"></div></body></html>`;
const SHELL_HTML = INDEX_HTML.replace('/assets/index-4f2a9c.js', '/assets/boot-77aa01.js');

/** Renders `<p>shell:ID store:NAME</p>` for each shell, titled after the id. */
const RENDERER = `
const ids = ['home-visitor', 'home-customer', 'orders', 'admin'];
export async function renderPageShells(config) {
  return Object.fromEntries(ids.map((id) => [id, { html: '<p>shell:' + id + ' store:' + config.storeName + '</p>', title: 'Title of ' + id + ' $&' }]));
}`;

const STORE_NAME = 'Dew </script> & Co';
const HINT = 'signed_in=1';

function writeBuild(renderer: string | null): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-shells-'));
  mkdirSync(path.join(dist, 'client'));
  writeFileSync(path.join(dist, 'client/index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'client/shell.html'), SHELL_HTML);
  if (renderer !== null) {
    mkdirSync(path.join(dist, 'shells'));
    writeFileSync(path.join(dist, 'shells/page-shells.js'), renderer);
  }
  return dist;
}

const shellOf = (body: string) => /<p>shell:([a-z-]+)/.exec(body)?.[1] ?? null;

describe('page shells', () => {
  let t: TestApp;
  const dist = writeBuild(RENDERER);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp({ clientDir: path.join(dist, 'client'), seed: false, env: { STORE_NAME } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("gives a visitor the visitor's order form and a signed-in browser the customer's", async () => {
    const visitor = await get('/');
    expect(visitor.statusCode).toBe(200);
    expect(shellOf(visitor.body)).toBe('home-visitor');
    const customer = await get('/', { cookie: `theme=dark; ${HINT}` });
    expect(shellOf(customer.body)).toBe('home-customer');
    expect(customer.headers.etag).not.toBe(visitor.headers.etag);
    for (const response of [visitor, customer]) {
      expect(response.headers.vary).toBe('accept-encoding, cookie');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('puts the shell in #root, under the template with the waiting entry script, and its title in <head>', async () => {
    const body = (await get('/')).body;
    // With whose session the shell was drawn for, which the app waits for before replacing it.
    expect(body).toContain('<div id="root" data-session="visitor"><p>shell:home-visitor');
    expect((await get('/admin', { cookie: HINT })).body).toContain('<div id="root" data-session="admin">');
    expect(body).toContain('/assets/boot-77aa01.js');
    expect(body).not.toContain('/assets/index-4f2a9c.js');
    // `$&` is taken literally, not as a replacement pattern.
    expect(body).toContain('<title>Title of home-visitor $&</title>');
  });

  it('has the order history and the dashboard only for a browser with the session hint', async () => {
    expect(shellOf((await get('/orders', { cookie: HINT })).body)).toBe('orders');
    expect(shellOf((await get('/ORDERS/?page=2', { cookie: HINT })).body)).toBe('orders');
    expect(shellOf((await get('/admin', { cookie: HINT })).body)).toBe('admin');
    for (const url of ['/orders', '/admin']) {
      const plain = await get(url);
      expect(shellOf(plain.body), url).toBeNull();
      expect(plain.body, url).toContain('/assets/index-4f2a9c.js');
    }
  });

  it('sends every other page as index.html without a shell', async () => {
    for (const url of ['/orders/12', '/confirm', '/auth', '/admin/login']) {
      const response = await get(url, { cookie: HINT });
      expect(response.statusCode, url).toBe(200);
      expect(shellOf(response.body), url).toBeNull();
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it("writes the store's public settings into every page as data the CSP allows, unable to close the element", async () => {
    for (const url of ['/', '/auth']) {
      const body = (await get(url)).body;
      const json = /<script type="application\/json" id="store-config">([^<]*)<\/script>/.exec(body)?.[1];
      expect(json, url).toBeDefined();
      expect(JSON.parse(json ?? '')).toMatchObject({ storeName: STORE_NAME });
    }
    // The renderer got the same settings.
    expect((await get('/')).body).toContain(`store:${STORE_NAME}`);
  });

  it('compresses a shell page once per coding and answers a revalidation with 304', async () => {
    const response = await get('/', { 'accept-encoding': 'br', cookie: HINT });
    expect(response.headers['content-encoding']).toBe('br');
    expect(shellOf(brotliDecompressSync(response.rawPayload).toString())).toBe('home-customer');
    const again = await get('/', {
      'accept-encoding': 'br',
      cookie: HINT,
      'if-none-match': String(response.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // The visitor's page is another representation: the customer's validator does not match it.
    const visitor = await get('/', {
      'accept-encoding': 'br',
      'if-none-match': String(response.headers.etag),
    });
    expect(visitor.statusCode).toBe(200);
  });

  it('never serves the shell template as a file', async () => {
    expect((await get('/shell.html')).statusCode).toBe(404);
  });
});

describe('page shells that cannot be rendered', () => {
  for (const [what, renderer] of [
    ['no renderer in the build', null],
    ['a renderer that throws', 'export async function renderPageShells() { throw new Error("boom"); }'],
    [
      'a renderer that skips a shell',
      "export async function renderPageShells() { return { 'home-visitor': { html: 'x', title: null } }; }",
    ],
  ] as const) {
    it(`leaves every page as index.html: ${what}`, async () => {
      const dist = writeBuild(renderer);
      const t = await createTestApp({ clientDir: path.join(dist, 'client'), seed: false });
      try {
        for (const cookie of ['', HINT]) {
          const response = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
          expect(response.statusCode).toBe(200);
          expect(response.body).toContain('<div id="root"></div>');
          expect(response.body).toContain('/assets/index-4f2a9c.js');
        }
      } finally {
        await t.close();
        rmSync(dist, { recursive: true, force: true });
      }
    });
  }
});
