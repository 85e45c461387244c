import { randomBytes } from 'node:crypto';
import type { Env } from '../../src/server/env';
import { seedDemoCatalogue } from './demo-catalogue';
import { startFakeShopify, type FakeShopify } from './fake-shopify';

export interface EmbeddedFakeShopify {
  fake: FakeShopify;
  /** The portal's settings pointing at the fake store (domain, token, webhook secret). */
  env: Env;
  close(): Promise<void>;
}

/**
 * `SHOPIFY_MODE=fake` (issue 8): the fake store runs inside the portal process so one `npm start` shows the
 * whole flow locally — draft orders, an invoice page with 'Pay now', signed webhooks back to the portal. Its
 * state lives in memory: a restart forgets drafts and orders (product ids stay the same).
 */
export async function startEmbeddedFakeShopify(
  env: Env,
  log: (line: string) => void,
): Promise<EmbeddedFakeShopify> {
  const webhookSecret = env.SHOPIFY_WEBHOOK_SECRET ?? randomBytes(24).toString('hex');
  const fake = await startFakeShopify({
    port: env.FAKE_SHOPIFY_PORT,
    token: `shpat_${randomBytes(16).toString('hex')}`,
    apiVersion: env.SHOPIFY_API_VERSION,
    invoiceBaseUrl: 'self',
    webhookUrl: `http://127.0.0.1:${env.PORT}/api/shopify/webhooks`,
    webhookSecret,
    // Draft and order ids of a new run never repeat those the portal kept from the previous one.
    idOffset: (Math.floor(Date.now() / 1000) % 1_000_000) * 1000,
    log,
  });
  seedDemoCatalogue(fake.store);
  return {
    fake,
    env: {
      ...env,
      SHOPIFY_STORE_DOMAIN: fake.url,
      SHOPIFY_ADMIN_TOKEN: fake.token,
      SHOPIFY_WEBHOOK_SECRET: webhookSecret,
    },
    close: () => fake.close(),
  };
}
