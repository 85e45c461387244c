import type { Env } from '../../env';
import type { CircuitState } from './circuit-breaker';
import { createShopifyClient, type ShopifyClientLog } from './client';
import { shopifyConfigFromEnv, type ShopifyConfig } from './config';
import { createShopifyApi, type ShopifyApi } from './shopify-api';

/**
 * The portal's connection to its Shopify store: the typed Admin API and the settings it was made from.
 * Null everywhere means test mode (docs/shopify.md#test-mode): no store configured, orders stay in the
 * portal.
 */
export interface ShopifyConnection {
  api: ShopifyApi;
  config: ShopifyConfig;
  /** Secrets a webhook may be signed with: the current one first, then the one being rotated out. */
  webhookSecrets: string[];
  /** The client's circuit breaker ('closed', 'open', 'half-open'), for the metrics. */
  circuitState?: () => CircuitState;
}

type ShopifyEnv = Pick<
  Env,
  | 'SHOPIFY_STORE_DOMAIN'
  | 'SHOPIFY_ADMIN_TOKEN'
  | 'SHOPIFY_API_VERSION'
  | 'SHOPIFY_WEBHOOK_SECRET'
  | 'SHOPIFY_WEBHOOK_SECRET_PREVIOUS'
>;

export function webhookSecretsOf(env: ShopifyEnv): string[] {
  return [env.SHOPIFY_WEBHOOK_SECRET, env.SHOPIFY_WEBHOOK_SECRET_PREVIOUS].filter(
    (secret): secret is string => Boolean(secret),
  );
}

/** Connects when SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN are set; throws on settings that can never work. */
export function connectShopify(env: ShopifyEnv, log?: ShopifyClientLog): ShopifyConnection | null {
  const config = shopifyConfigFromEnv(env);
  if (!config) return null;
  const client = createShopifyClient(config, log ? { log } : {});
  return {
    api: createShopifyApi(client),
    config,
    webhookSecrets: webhookSecretsOf(env),
    circuitState: () => client.circuitState?.() ?? 'closed',
  };
}
