import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PATH_LENGTH, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each(['/', '/confirm', '/orders?page=2', '/orders/12#messages', '/account/support'])(
    'keeps the same-origin path %j',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it('normalises dot segments', () => {
    expect(safeReturnPath('/orders/../confirm')).toBe('/confirm');
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'confirm',
    'https://evil.com',
    'javascript:alert(1)',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    '/%2F%2Fevil.com',
    '/%2f/evil.com',
    '/%5Cevil.com',
    '%2F%2Fevil.com',
    '/..//evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/ /evil.com',
    '/confirm\u0000',
    '/confirm\u007f',
    '/%E0%A4%A',
    `/${'a'.repeat(MAX_RETURN_PATH_LENGTH)}`,
  ])('sends %j to /', (next) => {
    expect(safeReturnPath(next)).toBe('/');
  });

  it('escapes what a browser would, and holds the length limit after escaping', () => {
    expect(safeReturnPath('/orders?q=é')).toBe('/orders?q=%C3%A9');
    expect(safeReturnPath(`/${'é'.repeat(200)}`)).toBe('/');
  });

  it('accepts a path of exactly the length limit', () => {
    const path = `/orders?q=${'a'.repeat(MAX_RETURN_PATH_LENGTH - '/orders?q='.length)}`;
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    // Would spend a token someone else chose: signing the victim in to the attacker's account.
    '/auth/verify?token=abc',
    '/reset-password?token=abc',
    '/auth',
    // Acts on a mere visit: replaces the cart.
    '/orders/12/reorder',
    '/ORDERS/12/REORDER',
    '/admin',
    '/no-such-page',
  ])('leads %j to / instead: only pages that merely show something are a place to return to', (next) => {
    expect(safeReturnPath(next)).toBe('/');
  });

  it('matches the pages case-insensitively, as the router does', () => {
    expect(safeReturnPath('/Confirm')).toBe('/Confirm');
  });
});
