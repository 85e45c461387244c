import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './external-url';

describe('safeExternalUrl', () => {
  it('keeps https links', () => {
    expect(safeExternalUrl('https://shop.example/1/invoices/ab')).toBe('https://shop.example/1/invoices/ab');
  });

  it('keeps plain http to a loopback host only when the portal itself runs on loopback (the fake store)', () => {
    const invoice = 'http://127.0.0.1:4010/1/invoices/ab';
    expect(safeExternalUrl(invoice, 'http://localhost:5000')).toBe(invoice);
    expect(safeExternalUrl('http://localhost:4010/x', 'http://127.0.0.1:5000')).toBe(
      'http://localhost:4010/x',
    );
    expect(safeExternalUrl(invoice, 'https://wholesale.example.com')).toBeNull();
    expect(safeExternalUrl(invoice)).toBeNull();
    expect(safeExternalUrl('http://shop.example/1/invoices/ab', 'http://localhost:5000')).toBeNull();
    expect(safeExternalUrl('http://127.0.0.1.evil.example/x', 'http://localhost:5000')).toBeNull();
  });

  it('refuses other schemes and junk', () => {
    expect(safeExternalUrl('javascript:alert(1)', 'http://localhost:5000')).toBeNull();
    expect(safeExternalUrl('data:text/html,hi')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
