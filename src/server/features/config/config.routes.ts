import type { FastifyPluginAsync } from 'fastify';
import type { PublicConfig } from '../../../shared/schemas/config';
import type { Env } from '../../env';
import { storeOrigin } from '../../integrations/shopify/config';

/** Footer and contact settings the browser shows (docs/storefront.md#header-and-footer); nothing secret. */
export function toPublicConfig(env: Env): PublicConfig {
  // The store's public https origin; a local fake store (SHOPIFY_MODE=fake, plain http) has no policy pages.
  const origin = env.SHOPIFY_STORE_DOMAIN ? storeOrigin(env.SHOPIFY_STORE_DOMAIN) : null;
  const store = origin?.startsWith('https://') ? origin : null;
  return {
    storeName: env.STORE_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    // Shopify's standard policy pages when a store is connected; the support page (FAQ, contact) otherwise.
    termsUrl: env.TERMS_URL ?? (store ? `${store}/policies/terms-of-service` : '/support'),
    privacyUrl: env.PRIVACY_URL ?? (store ? `${store}/policies/privacy-policy` : '/support'),
  };
}

export const configRoutes =
  (env: Env): FastifyPluginAsync =>
  async (app) => {
    const body = toPublicConfig(env);
    app.get('/api/config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
  };
