import { describe, expect, it } from 'vitest';

import { createSessionCache } from './session-cache';
import type { AccountRow } from '../../db/schema';

const user = (id: number) => ({ id, email: `u${id}@example.com` }) as AccountRow;

/** A cache on a clock the test moves, listening (live) unless told otherwise. */
function cacheAt(live = true) {
  let time = 1_000;
  const cache = createSessionCache({ ttlMs: 5_000, now: () => time });
  cache.onLive(live);
  return { cache, advance: (ms: number) => (time += ms) };
}

describe('session cache', () => {
  it('remembers a session for its few seconds, then asks again', () => {
    const { cache, advance } = cacheAt();
    cache.set('a', user(1), cache.generation());
    expect(cache.get('a')?.id).toBe(1);
    advance(4_999);
    expect(cache.get('a')?.id).toBe(1);
    advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it("forgets a user's sessions when the database names the user, and everything on any other word", () => {
    const { cache } = cacheAt();
    cache.set('a', user(1), cache.generation());
    cache.set('b', user(1), cache.generation());
    cache.set('c', user(2), cache.generation());
    cache.onNotify('1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')?.id]).toEqual([undefined, undefined, 2]);
    cache.onNotify('');
    expect(cache.get('c')).toBeUndefined();
  });

  it('does not keep what a lookup found if something was forgotten while it ran', () => {
    const { cache } = cacheAt();
    const lookedUpAt = cache.generation();
    cache.onNotify('1'); // the session ended while the database was being asked
    cache.set('a', user(1), lookedUpAt);
    expect(cache.get('a')).toBeUndefined();
    cache.forget('zzz');
    cache.set('a', user(1), lookedUpAt);
    expect(cache.get('a')).toBeUndefined();
  });

  it('remembers nothing while notifications are not arriving, and forgets all when they stop', () => {
    const { cache } = cacheAt(false);
    cache.set('a', user(1), cache.generation());
    expect(cache.get('a')).toBeUndefined();
    cache.onLive(true);
    cache.set('a', user(1), cache.generation());
    expect(cache.get('a')?.id).toBe(1);
    cache.onLive(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it("forgets a user's sessions when told to (a change made through this instance)", () => {
    const { cache } = cacheAt();
    cache.set('a', user(1), cache.generation());
    cache.set('c', user(2), cache.generation());
    cache.forgetUser(1);
    expect([cache.get('a'), cache.get('c')?.id]).toEqual([undefined, 2]);
  });

  it('forgets a session this instance ends itself', () => {
    const { cache } = cacheAt();
    cache.set('a', user(1), cache.generation());
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
