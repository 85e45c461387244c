import { describe, expect, it } from 'vitest';
import { checkPasswordRules, PASSWORD_COMPOSITION, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from './passwords';

describe('password rules (docs/accounts-and-roles.md#passwords)', () => {
  it.each([
    ['Abcdef1', PASSWORD_TOO_SHORT],
    ['Abcdefg1', null],
    ['abcdefg1', PASSWORD_COMPOSITION],
    ['ABCDEFG1', PASSWORD_COMPOSITION],
    ['Abcdefgh', PASSWORD_COMPOSITION],
    [`A1${'b'.repeat(98)}`, null],
    [`A1${'b'.repeat(99)}`, PASSWORD_TOO_LONG],
    ['Zürich 2026 ✓ Ok', null],
  ])('%j → %s', (password, expected) => {
    expect(checkPasswordRules(password)).toBe(expected);
  });

  it('uses the exact message of the spec for a short password', () => {
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters long');
  });
});
