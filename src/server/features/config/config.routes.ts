import type { FastifyPluginAsync } from 'fastify';
import { POLICY_PAGES } from '../../../shared/policy-pages';
import type { PublicConfig } from '../../../shared/schemas/config';
import type { Env } from '../../env';

/** Footer and contact settings the browser shows (docs/storefront.md#header-and-footer); nothing secret. */
export function toPublicConfig(env: Env): PublicConfig {
  return {
    storeName: env.STORE_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    // The policies published elsewhere when configured; else the portal's own public pages, whose text
    // staff edit in admin (docs/storefront.md#policy-pages). Shopify's policy pages are one such address.
    termsUrl: env.TERMS_URL ?? POLICY_PAGES.terms.path,
    privacyUrl: env.PRIVACY_URL ?? POLICY_PAGES.privacy.path,
  };
}

export const configRoutes =
  (env: Env): FastifyPluginAsync =>
  async (app) => {
    const body = toPublicConfig(env);
    app.get('/api/config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
  };
