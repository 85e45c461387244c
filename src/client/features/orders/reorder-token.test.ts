// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetHandledReorderTokensInMemory,
  isReorderTokenHandled,
  markReorderTokenHandled,
  newReorderToken,
  readReorderToken,
  reorderNavigationState,
} from './reorder-token';

afterEach(() => {
  sessionStorage.clear();
  forgetHandledReorderTokensInMemory();
  vi.restoreAllMocks();
});

describe('reorder tokens', () => {
  it('makes a new random token per click', () => {
    const first = newReorderToken();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newReorderToken()).not.toBe(first);
  });

  it('reads the token back from the navigation state, and nothing from other states', () => {
    expect(readReorderToken(reorderNavigationState('abc'))).toBe('abc');
    expect(readReorderToken(null)).toBeNull();
    expect(readReorderToken({ reorderToken: 5 })).toBeNull();
    expect(readReorderToken({ reorderToken: '' })).toBeNull();
    expect(readReorderToken('abc')).toBeNull();
  });

  it('remembers handled tokens for the session, across a page load', () => {
    expect(isReorderTokenHandled('t1')).toBe(false);
    markReorderTokenHandled('t1');
    forgetHandledReorderTokensInMemory();
    expect(isReorderTokenHandled('t1')).toBe(true);
    expect(isReorderTokenHandled('t2')).toBe(false);
  });

  it('still remembers within the page when sessionStorage is blocked', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    markReorderTokenHandled('t3');
    expect(isReorderTokenHandled('t3')).toBe(true);
  });

  it('ignores an unreadable record', () => {
    sessionStorage.setItem('wholesale-reorder-handled', '{oops');
    expect(isReorderTokenHandled('t4')).toBe(false);
    markReorderTokenHandled('t4');
    expect(isReorderTokenHandled('t4')).toBe(true);
  });
});
