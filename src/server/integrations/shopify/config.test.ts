import { describe, expect, it } from 'vitest';
import { graphqlEndpoint, ShopifyConfigError, shopifyConfigFromEnv } from './config';

const endpoint = (storeDomain: string, apiVersion = '2026-10') =>
  graphqlEndpoint({ storeDomain, apiVersion });

describe('graphqlEndpoint', () => {
  it('builds the Admin GraphQL URL over https for a store domain', () => {
    expect(endpoint('wholesale.myshopify.com')).toBe(
      'https://wholesale.myshopify.com/admin/api/2026-10/graphql.json',
    );
    expect(endpoint('https://wholesale.myshopify.com/', '2026-07')).toBe(
      'https://wholesale.myshopify.com/admin/api/2026-07/graphql.json',
    );
  });

  it('uses a loopback fake store as given, plain http included', () => {
    expect(endpoint('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010/admin/api/2026-10/graphql.json');
    expect(endpoint('http://localhost:4010/')).toBe('http://localhost:4010/admin/api/2026-10/graphql.json');
  });

  it('refuses plain http to anything but loopback, paths, credentials and bad versions', () => {
    expect(() => endpoint('http://wholesale.myshopify.com')).toThrow(ShopifyConfigError);
    expect(() => endpoint('http://127.0.0.2.example.com:4010')).toThrow(/https/);
    expect(() => endpoint('wholesale.myshopify.com/admin')).toThrow(/host/);
    expect(() => endpoint('https://user:pw@wholesale.myshopify.com')).toThrow(/host/);
    expect(() => endpoint('not a host')).toThrow(ShopifyConfigError);
    expect(() => endpoint('wholesale.myshopify.com', 'latest')).toThrow(/SHOPIFY_API_VERSION/);
    expect(() => endpoint('wholesale.myshopify.com', '2026-11')).toThrow(/SHOPIFY_API_VERSION/);
    expect(endpoint('wholesale.myshopify.com', 'unstable')).toContain('/admin/api/unstable/');
  });
});

describe('shopifyConfigFromEnv', () => {
  it('is null without a domain or a token (test mode)', () => {
    expect(shopifyConfigFromEnv({ SHOPIFY_API_VERSION: '2026-10' })).toBeNull();
    expect(
      shopifyConfigFromEnv({ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_API_VERSION: '2026-10' }),
    ).toBeNull();
  });

  it('reads domain, token and version, and fails fast on a domain that could never work', () => {
    expect(
      shopifyConfigFromEnv({
        SHOPIFY_STORE_DOMAIN: ' a.myshopify.com ',
        SHOPIFY_ADMIN_TOKEN: 'shpat_x',
        SHOPIFY_API_VERSION: '2026-10',
      }),
    ).toEqual({ storeDomain: 'a.myshopify.com', adminToken: 'shpat_x', apiVersion: '2026-10' });
    expect(() =>
      shopifyConfigFromEnv({
        SHOPIFY_STORE_DOMAIN: 'http://a.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: 'shpat_x',
        SHOPIFY_API_VERSION: '2026-10',
      }),
    ).toThrow(ShopifyConfigError);
  });
});
