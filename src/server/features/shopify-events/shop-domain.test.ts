import { describe, expect, it } from 'vitest';
import { isExpectedShopDomain } from './shop-domain';

describe('isExpectedShopDomain', () => {
  it("accepts only the configured shop's myshopify.com domain, in any case", () => {
    expect(isExpectedShopDomain('portal-shop.myshopify.com', 'portal-shop.myshopify.com')).toBe(true);
    expect(isExpectedShopDomain('Portal-Shop.MyShopify.com', 'https://portal-shop.myshopify.com')).toBe(true);
    expect(isExpectedShopDomain('other-shop.myshopify.com', 'portal-shop.myshopify.com')).toBe(false);
    expect(isExpectedShopDomain('portal-shop.myshopify.com.evil.example', 'portal-shop.myshopify.com')).toBe(
      false,
    );
  });

  it('accepts any *.myshopify.com for a loopback store (the fake store), nothing else', () => {
    for (const store of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      expect(isExpectedShopDomain('fake-store.myshopify.com', store)).toBe(true);
      expect(isExpectedShopDomain('evil.example.com', store)).toBe(false);
      expect(isExpectedShopDomain('127.0.0.1', store)).toBe(false);
    }
  });
});
