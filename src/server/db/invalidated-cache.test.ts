import { describe, expect, it } from 'vitest';
import { createInvalidatedCache } from './invalidated-cache';

function counter() {
  let loads = 0;
  return { load: () => Promise.resolve(++loads), loads: () => loads };
}

describe('createInvalidatedCache', () => {
  it('reads the database on every call until the change feed is live', async () => {
    const source = counter();
    const cache = createInvalidatedCache(source.load);
    expect([await cache.get(), await cache.get()]).toEqual([1, 2]);
  });

  it('loads once while live and again after each invalidation', async () => {
    const source = counter();
    const cache = createInvalidatedCache(source.load);
    cache.setLive(true);
    expect([await cache.get(), await cache.get(), await cache.get()]).toEqual([1, 1, 1]);
    cache.invalidate();
    expect(await cache.get()).toBe(2);
    expect(source.loads()).toBe(2);
  });

  it('stops trusting its copy when the feed goes down, and starts afresh when it is back', async () => {
    const source = counter();
    const cache = createInvalidatedCache(source.load);
    cache.setLive(true);
    await cache.get();
    cache.setLive(false);
    expect([await cache.get(), await cache.get()]).toEqual([2, 3]);
    cache.setLive(true);
    expect([await cache.get(), await cache.get()]).toEqual([4, 4]);
  });

  it('never keeps a load that overlapped an invalidation for later callers', async () => {
    let release: (value: string) => void = () => {};
    let calls = 0;
    const cache = createInvalidatedCache(() => {
      calls++;
      return calls === 1 ? new Promise<string>((resolve) => (release = resolve)) : Promise.resolve('fresh');
    });
    cache.setLive(true);
    const early = cache.get();
    cache.invalidate();
    release('stale');
    expect(await early).toBe('stale');
    expect(await cache.get()).toBe('fresh');
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = createInvalidatedCache(() =>
      fail ? Promise.reject(new Error('database down')) : Promise.resolve('ok'),
    );
    cache.setLive(true);
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });

  it('peeks at a loaded, current value only, without ever loading', async () => {
    const source = counter();
    const cache = createInvalidatedCache(source.load);
    expect(cache.peek()).toBeUndefined();
    cache.setLive(true);
    expect(cache.peek()).toBeUndefined();
    expect(source.loads()).toBe(0);
    await cache.get();
    expect(cache.peek()).toBe(1);
    cache.invalidate();
    expect(cache.peek()).toBeUndefined();
    cache.setLive(false);
    await cache.get();
    expect(cache.peek()).toBeUndefined();
  });

  it('warms: loads for later readers only when the value can be kept and none is current', async () => {
    const source = counter();
    const cache = createInvalidatedCache(source.load);
    cache.warm();
    expect(source.loads()).toBe(0);
    cache.setLive(true);
    cache.warm();
    cache.warm();
    await cache.get();
    expect(source.loads()).toBe(1);
    expect(cache.peek()).toBe(1);
  });
});
