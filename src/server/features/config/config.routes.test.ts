import { describe, expect, it } from 'vitest';
import { testEnv } from '../../test/test-app';
import { toPublicConfig } from './config.routes';

describe('the footer policy links of GET /api/config (docs/storefront.md#policy-pages)', () => {
  it("link the portal's own public pages when TERMS_URL and PRIVACY_URL are unset, store or no store", () => {
    for (const env of [
      testEnv(),
      testEnv({ SHOPIFY_STORE_DOMAIN: 'mist.myshopify.com', SHOPIFY_ADMIN_TOKEN: 'shpat_unused' }),
    ]) {
      expect(toPublicConfig(env)).toMatchObject({ termsUrl: '/terms', privacyUrl: '/privacy' });
    }
  });

  it('link where TERMS_URL and PRIVACY_URL say, each on its own', () => {
    expect(
      toPublicConfig(
        testEnv({
          TERMS_URL: 'https://mist.example.com/policies/terms-of-service',
          PRIVACY_URL: 'https://mist.example.com/privacy',
        }),
      ),
    ).toMatchObject({
      termsUrl: 'https://mist.example.com/policies/terms-of-service',
      privacyUrl: 'https://mist.example.com/privacy',
    });
    expect(toPublicConfig(testEnv({ PRIVACY_URL: 'https://mist.example.com/privacy' }))).toMatchObject({
      termsUrl: '/terms',
      privacyUrl: 'https://mist.example.com/privacy',
    });
  });
});
