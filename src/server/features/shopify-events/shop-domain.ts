import { storeOrigin } from '../../integrations/shopify/config';

const MYSHOPIFY_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether X-Shopify-Shop-Domain names the store the portal is connected to (docs/shopify.md#webhook-headers).
 * The header is not covered by the HMAC, but a delivery for another shop is never ours (another app's secret
 * could be configured by mistake, or a test store's deliveries reach production).
 *
 * SHOPIFY_STORE_DOMAIN is the shop's `x.myshopify.com` (the Admin API is reached there, config.ts), so the
 * header must be that host. For a loopback store (the fake store, SHOPIFY_MODE=fake and the tests) the
 * configured host says nothing about the shop's name: any `*.myshopify.com` is accepted.
 */
export function isExpectedShopDomain(header: string, storeDomain: string): boolean {
  const domain = header.trim().toLowerCase();
  if (!MYSHOPIFY_DOMAIN.test(domain)) return false;
  const host = new URL(storeOrigin(storeDomain)).hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || domain === host;
}
