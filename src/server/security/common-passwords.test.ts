import { describe, expect, it } from 'vitest';
import { checkPasswordRules, PASSWORD_TOO_COMMON } from '../../shared/passwords';
import { commonPasswordProblem, isCommonPassword } from './common-passwords';

describe('common and breached passwords', () => {
  it.each(['Password1', 'password', '123456789', 'qwerty'])('refuses %j in any letter case', (password) => {
    for (const variant of [password, password.toLowerCase(), password.toUpperCase()]) {
      expect(isCommonPassword(variant)).toBe(true);
      expect(commonPasswordProblem(variant)).toBe(PASSWORD_TOO_COMMON);
    }
    expect(isCommonPassword('qWeRtY')).toBe(true);
  });

  it('refuses listed passwords that keep the length and composition rules', () => {
    for (const password of ['Password1', 'Password123', 'Qwerty123', 'Abc12345', 'Iloveyou1', 'Passw0rd']) {
      expect(checkPasswordRules(password)).toBeNull();
      expect(commonPasswordProblem(password)).toBe(PASSWORD_TOO_COMMON);
    }
  });

  it('accepts a strong random passphrase and the passwords the tests set', () => {
    for (const password of [
      'Orbit-Lantern-Mosaic-47',
      'Admin-Pass-1',
      'E2e-Admin-Pass-1',
      'Old-Password-1',
      'New-Password-2',
      'Fresh-Pass-9',
    ]) {
      expect(isCommonPassword(password)).toBe(false);
      expect(commonPasswordProblem(password)).toBeNull();
    }
  });

  it('compares the whole password: a listed word inside a longer one is not refused', () => {
    expect(isCommonPassword('Password1-Orbit-Lantern')).toBe(false);
    expect(isCommonPassword(' Password1')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
  });

  it('states the problem as one sentence the forms can show as it is', () => {
    expect(PASSWORD_TOO_COMMON).toBe(
      'This password is too common: it appears in lists of leaked passwords. Please choose another.',
    );
  });
});
