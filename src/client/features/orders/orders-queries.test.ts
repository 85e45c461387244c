import { describe, expect, it } from 'vitest';
import { parsePageParam } from './orders-queries';

describe('route parameters', () => {
  it('reads ?page= as a page from 1 on, else page 1', () => {
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('-2')).toBe(1);
    expect(parsePageParam('two')).toBe(1);
  });
});
