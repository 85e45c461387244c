import { describe, expect, it } from 'vitest';
import { toCountryCode, toProvinceCode } from './address-codes';

describe('toCountryCode', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    ['USA', 'US'],
    ['U.S.A.', 'US'],
    ['U.S.', 'US'],
    ['United States', 'US'],
    ['  united   states of America ', 'US'],
    ['Canada', 'CA'],
    ['UK', 'GB'],
    ['México', 'MX'],
  ])('maps %j to %s', (typed, code) => {
    expect(toCountryCode(typed)).toBe(code);
  });

  it.each([null, undefined, '', 'Atlantis', 'ZZ', 'U S of A'])('leaves %j out', (typed) => {
    expect(toCountryCode(typed)).toBeUndefined();
  });
});

describe('toProvinceCode', () => {
  it('takes US states by code or by name', () => {
    expect(toProvinceCode('ca', 'US')).toBe('CA');
    expect(toProvinceCode('California', 'US')).toBe('CA');
    expect(toProvinceCode(' new  york ', 'US')).toBe('NY');
    expect(toProvinceCode('District of Columbia', 'US')).toBe('DC');
  });

  it('takes Canadian provinces', () => {
    expect(toProvinceCode('Ontario', 'CA')).toBe('ON');
    expect(toProvinceCode('qc', 'CA')).toBe('QC');
  });

  it('leaves out what is not a state of that country', () => {
    expect(toProvinceCode('Narnia', 'US')).toBeUndefined();
    expect(toProvinceCode('ZZ', 'US')).toBeUndefined();
    expect(toProvinceCode('Ontario', 'US')).toBeUndefined();
    expect(toProvinceCode('', 'US')).toBeUndefined();
    expect(toProvinceCode(null, 'US')).toBeUndefined();
  });

  it('passes a short code through for other countries, and nothing else', () => {
    expect(toProvinceCode('nsw', 'AU')).toBe('NSW');
    expect(toProvinceCode('New South Wales', 'AU')).toBeUndefined();
    expect(toProvinceCode('TX', undefined)).toBe('TX');
  });
});
