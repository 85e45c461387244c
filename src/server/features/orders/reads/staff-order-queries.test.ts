import { describe, expect, it } from 'vitest';
import { escapeLike } from './staff-order-queries';

describe('the admin order search', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_off\\')).toBe('100\\%\\_off\\\\');
  });
});
