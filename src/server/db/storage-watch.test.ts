import { describe, expect, it } from 'vitest';
import { createStorageWatch, STORAGE_FULL_READY_MS } from './storage-watch';
import { isDiskFull } from './postgres-errors';

const silent = { error() {}, warn() {}, info() {} };
const diskFull = Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
  code: '53100',
});

describe('readiness after a full disk (docs/operations.md#a-full-disk)', () => {
  it('says full for 30 s after the last refused write, again after a new one, and not once a write succeeds', () => {
    let clock = 1_000_000;
    const storage = createStorageWatch(silent, 'the volume holding /data/pglite', { now: () => clock });
    expect(storage.full).toBe(false);
    storage.refused(diskFull);
    expect(storage.full).toBe(true);
    clock += STORAGE_FULL_READY_MS - 1;
    expect(storage.full).toBe(true);
    clock += 1;
    // Offered traffic again: a write that still does not fit starts the window again.
    expect(storage.full).toBe(false);
    storage.refused(diskFull);
    expect(storage.full).toBe(true);
    storage.wrote();
    expect(storage.full).toBe(false);
    storage.stop();
  });
});

describe('which errors are a full disk', () => {
  it.each([
    ['SQLSTATE 53100', diskFull],
    ['53100 inside a Drizzle wrapper', new Error('Failed query: insert into orders …', { cause: diskFull })],
    ["Node's ENOSPC", Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })],
    ["Node's EDQUOT", Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' })],
    ["PGlite's file system's ENOSPC", { name: 'ErrnoError', errno: 51 }],
  ])('%s is', (_name, error) => {
    expect(isDiskFull(error)).toBe(true);
  });

  it.each([
    ['out of memory (53200)', Object.assign(new Error('out of memory'), { code: '53200' })],
    ['too many connections (53300)', Object.assign(new Error('sorry, too many clients'), { code: '53300' })],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['another ErrnoError', { name: 'ErrnoError', errno: 44 }],
  ])('%s is not', (_name, error) => {
    expect(isDiskFull(error)).toBe(false);
  });
});
