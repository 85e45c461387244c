import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { API_COMPRESSION_THRESHOLD_BYTES } from './api-compression';

const BROWSER = 'gzip, deflate, br, zstd';
const rows = (count: number) =>
  Array.from({ length: count }, (_, id) => ({ id, customer: 'Mist Shop', total: '255.60' }));
const CSV = [
  'Order,Customer,Total',
  ...rows(200).map((row) => `${row.id},${row.customer},${row.total}`),
].join('\n');

describe('compressed API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes that exist only in this test: a JSON list of a chosen length and a CSV file.
    for (const count of [2, 100]) t.app.get(`/api/test/rows/${count}`, () => rows(count));
    t.app.get('/api/test/by-origin', (_request, reply) => reply.header('vary', 'origin').send(rows(100)));
    t.app.get('/api/test/export.csv', (_request, reply) => reply.type('text/csv; charset=utf-8').send(CSV));
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('compresses a larger JSON answer with the best coding the request accepts', async () => {
    const expected = JSON.stringify(rows(100));
    expect(expected.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD_BYTES);

    const br = await get('/api/test/rows/100', BROWSER);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(expected.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);

    const gzip = await get('/api/test/rows/100', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);
  });

  it('sends the plain answer, still marked as varying, to a client that accepts no coding', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const response = await get('/api/test/rows/100', acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.headers.vary, acceptEncoding).toBe('accept-encoding');
      expect(response.json(), acceptEncoding).toEqual(rows(100));
    }
  });

  it('adds Accept-Encoding to a Vary the route set', async () => {
    const response = await get('/api/test/by-origin', BROWSER);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('origin, accept-encoding');
  });

  it('compresses the CSV export type too', async () => {
    const response = await get('/api/test/export.csv', BROWSER);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(CSV);
  });

  it('leaves small answers and errors as they are', async () => {
    const small = await get('/api/test/rows/2', BROWSER);
    expect(JSON.stringify(rows(2)).length).toBeLessThan(API_COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    const missing = await get('/api/nope', BROWSER);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('leaves the in-memory catalogue snapshots alone: their ETag names the plain body', async () => {
    const products = await get('/api/products', BROWSER);
    expect(products.statusCode).toBe(200);
    expect(products.headers.etag).toBeDefined();
    expect(products.headers['content-encoding']).toBeUndefined();
    const revalidated = await t.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': BROWSER, 'if-none-match': String(products.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });
});
