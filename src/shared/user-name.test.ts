import { describe, expect, it } from 'vitest';
import { fullName } from './user-name';

describe('fullName', () => {
  it("writes 'First Last', or either name alone", () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Buyer', username: 'ada' })).toBe('Ada Buyer');
    expect(fullName({ firstName: 'Ada', lastName: null, username: 'ada' })).toBe('Ada');
    expect(fullName({ firstName: null, lastName: 'Buyer', username: 'ada' })).toBe('Buyer');
  });

  it('falls back to the username when no name is known', () => {
    expect(fullName({ firstName: null, lastName: null, username: 'ada' })).toBe('ada');
    expect(fullName({ firstName: '', lastName: ' ', username: 'ada' })).toBe('ada');
  });
});
