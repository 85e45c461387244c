import { describe, expect, it } from 'vitest';
import { createRequestIds } from './request-id';

describe('request ids', () => {
  it('never repeats within a process, nor across processes (a prefix of its own each)', () => {
    const first = createRequestIds();
    const second = createRequestIds();
    const ids = [...Array.from({ length: 1_000 }, first), ...Array.from({ length: 1_000 }, second)];
    expect(new Set(ids).size).toBe(2_000);
    expect(ids[0]?.split('-')[0]).not.toBe(ids[1_000]?.split('-')[0]);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{8}-[0-9a-z]+$/.test(id))).toBe(true);
  });
});
