import type { Env } from '../../env';

/**
 * Whether a Shopify store is configured. Without one the portal runs in test mode (DECISIONS §1): orders
 * stay in the portal and actions that need Shopify say 'Shopify is not connected'.
 */
export function isShopifyConnected(env: Pick<Env, 'SHOPIFY_STORE_DOMAIN' | 'SHOPIFY_ADMIN_TOKEN'>): boolean {
  return Boolean(env.SHOPIFY_STORE_DOMAIN && env.SHOPIFY_ADMIN_TOKEN);
}
