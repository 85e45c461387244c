import type { Env } from '../../env';

/**
 * Pinned Admin API version (docs/shopify.md#request-and-api-version): bump at least once a year, every
 * version lives ≥ 12 months.
 */
export const DEFAULT_SHOPIFY_API_VERSION = '2026-10';

export interface ShopifyConfig {
  /** `shop.myshopify.com` (https is implied), or `http://127.0.0.1:PORT` / `http://localhost:PORT` (fake store). */
  storeDomain: string;
  adminToken: string;
  apiVersion: string;
}

export class ShopifyConfigError extends Error {
  constructor(message: string) {
    super(`Invalid Shopify configuration: ${message}`);
    this.name = 'ShopifyConfigError';
  }
}

const API_VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The Shopify settings from the environment, or null when no store is configured (test mode,
 * docs/shopify.md#test-mode). Throws ShopifyConfigError for a domain or version that could never work, so a
 * typo stops start-up instead of failing every later request.
 */
export function shopifyConfigFromEnv(
  env: Pick<Env, 'SHOPIFY_STORE_DOMAIN' | 'SHOPIFY_ADMIN_TOKEN' | 'SHOPIFY_API_VERSION'>,
): ShopifyConfig | null {
  if (!env.SHOPIFY_STORE_DOMAIN || !env.SHOPIFY_ADMIN_TOKEN) return null;
  const config: ShopifyConfig = {
    storeDomain: env.SHOPIFY_STORE_DOMAIN.trim(),
    adminToken: env.SHOPIFY_ADMIN_TOKEN.trim(),
    apiVersion: env.SHOPIFY_API_VERSION?.trim() || DEFAULT_SHOPIFY_API_VERSION,
  };
  graphqlEndpoint(config); // validates domain and version
  return config;
}

/**
 * `https://{domain}/admin/api/{version}/graphql.json` (docs/shopify.md#request-and-api-version). A domain
 * given with a scheme is accepted; plain http only for a loopback host (the fake store), so a token never
 * travels unencrypted.
 */
export function graphqlEndpoint(config: Pick<ShopifyConfig, 'storeDomain' | 'apiVersion'>): string {
  if (!API_VERSION.test(config.apiVersion)) {
    throw new ShopifyConfigError(
      `SHOPIFY_API_VERSION must look like 2026-10 (or 'unstable'), got '${config.apiVersion}'`,
    );
  }
  return `${storeOrigin(config.storeDomain)}/admin/api/${config.apiVersion}/graphql.json`;
}

/** `https://shop.myshopify.com` or `http://127.0.0.1:4010`: scheme, host and port, nothing else. */
export function storeOrigin(storeDomain: string): string {
  const raw = storeDomain.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ShopifyConfigError(`SHOPIFY_STORE_DOMAIN '${storeDomain}' is not a host name`);
  }
  const onlyOrigin = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  if (!onlyOrigin || url.username || url.password || !url.hostname) {
    throw new ShopifyConfigError(
      `SHOPIFY_STORE_DOMAIN must be a host such as shop.myshopify.com, got '${storeDomain}'`,
    );
  }
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url.origin;
  throw new ShopifyConfigError(
    `SHOPIFY_STORE_DOMAIN '${storeDomain}' must use https (plain http only for 127.0.0.1 or localhost)`,
  );
}
