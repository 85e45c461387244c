import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLifecycle, DRAINING_MESSAGE } from '../../http/lifecycle';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Issue 18 'An operator's view' and 'Shutdown' (docs/operations.md#health-and-readiness). */
describe('health, readiness and draining', () => {
  let t: TestApp;
  const lifecycle = createLifecycle();
  // The same switch the database's listener flips when its connection drops.
  const notifications = lifecycle.watch({ onNotify() {}, onLive() {} });

  beforeAll(async () => {
    t = await createTestApp({ lifecycle });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url });

  it('is live and ready with the database up and its notifications received', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'up',
      notifications: 'listening',
      storage: 'ok',
      migrations: 'applied',
    });
  });

  it('is not ready while the database notifications are down, and ready again when they are back', async () => {
    notifications.onLive(false);
    const down = await get('/api/health/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'not ready', notifications: 'down' });
    notifications.onLive(true);
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('while draining: readiness says so, every other request gets 503 with Retry-After, liveness holds', async () => {
    lifecycle.startDraining();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining' });
    for (const url of ['/api/products', '/api/session', '/api/admin/orders']) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ code: 'UNAVAILABLE', message: DRAINING_MESSAGE });
    }
    expect((await get('/api/health/live')).statusCode).toBe(200);
    expect((await get('/api/health')).statusCode).toBe(200);
  });
});
