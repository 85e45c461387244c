import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './external-url';

describe('safeExternalUrl', () => {
  it('keeps https links', () => {
    expect(safeExternalUrl('https://shop.example/1/invoices/ab')).toBe('https://shop.example/1/invoices/ab');
  });

  it('keeps plain http only for a loopback host (the local fake store)', () => {
    expect(safeExternalUrl('http://127.0.0.1:4010/1/invoices/ab')).toBe(
      'http://127.0.0.1:4010/1/invoices/ab',
    );
    expect(safeExternalUrl('http://localhost:4010/x')).toBe('http://localhost:4010/x');
    expect(safeExternalUrl('http://shop.example/1/invoices/ab')).toBeNull();
    expect(safeExternalUrl('http://127.0.0.1.evil.example/x')).toBeNull();
  });

  it('refuses other schemes and junk', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,hi')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
