import { eq } from 'drizzle-orm';
import { products } from '../db/schema';
import { createShopifyClient, type ShopifyClientOptions } from '../integrations/shopify/client';
import { seedDemoCatalogue } from '../../../dev/fake-shopify/demo-catalogue';
import {
  startFakeShopify,
  type FakeShopify,
  type FakeShopifyOptions,
} from '../../../dev/fake-shopify/fake-shopify';
import { createShopifyApi } from '../integrations/shopify/shopify-api';
import { toGid } from '../../../dev/fake-shopify/gid';
import type { ShopifyConnection } from '../integrations/shopify/shopify';
import { createJobHandlers } from '../jobs/registry';
import { startJobWorker } from '../jobs/worker';
import { createMailer } from '../mail/mailer';
import { createTestApp, type TestApp } from './test-app';

export const TEST_WEBHOOK_SECRET = 'test-webhook-secret';

export interface ShopifyTestApp extends TestApp {
  fake: FakeShopify;
  shopify: ShopifyConnection;
  /** Base URL of the listening portal (only with `listen: true`, for webhook deliveries). */
  portalUrl: string | null;
  /** Runs every job that is due (optionally as if `laterMs` had passed, for retries); how many ran. */
  runJobs(options?: { laterMs?: number }): Promise<number>;
  /** What the console mailer printed (e-mails the jobs sent). */
  sentMail: string[];
}

const quiet = { info() {}, warn() {}, error() {} };

/**
 * The portal connected to a fresh fake Shopify store (the only stand-in, docs/shopify.md#the-fake-store): the
 * store holds the demo catalogue, and the portal's seeded products are linked to its variants by SKU (as a
 * catalogue refresh would do). The client never really sleeps, so retries are instant. Jobs run only when the
 * test calls runJobs(). With `listen: true` the portal listens on a free port and the store's webhooks go
 * there.
 */
export async function createShopifyTestApp(
  options: {
    env?: Record<string, string>;
    listen?: boolean;
    fake?: FakeShopifyOptions;
    client?: ShopifyClientOptions;
  } = {},
): Promise<ShopifyTestApp> {
  const fake = await startFakeShopify({
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookUrl: null,
    webhookRetryDelayMs: 10,
    ...options.fake,
  });
  const seeded = seedDemoCatalogue(fake.store);
  const config = { storeDomain: fake.url, adminToken: fake.token, apiVersion: '2026-10' };
  const shopify: ShopifyConnection = {
    api: createShopifyApi(
      createShopifyClient(config, {
        sleep: async () => {},
        maxAttempts: 3,
        connectTimeoutMs: 1_000,
        totalTimeoutMs: 2_000,
        ...options.client,
      }),
    ),
    config,
    webhookSecrets: [TEST_WEBHOOK_SECRET],
  };
  const testApp = await createTestApp({
    env: {
      SHOPIFY_STORE_DOMAIN: fake.url,
      SHOPIFY_ADMIN_TOKEN: fake.token,
      SHOPIFY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      ...options.env,
    },
    shopify,
  });

  for (const product of seeded) {
    for (const variantId of product.variantIds) {
      const variant = fake.store.variants.get(variantId);
      if (!variant?.sku) continue;
      await testApp.db
        .update(products)
        .set({
          shopifyProductId: toGid('Product', product.id),
          shopifyVariantId: toGid('ProductVariant', variant.id),
        })
        .where(eq(products.sku, variant.sku));
    }
  }

  let portalUrl: string | null = null;
  if (options.listen) {
    portalUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    fake.control.setWebhookUrl(`${portalUrl}/api/shopify/webhooks`);
  }

  const sentMail: string[] = [];
  const mailer = createMailer({ MAIL_FROM: 'Portal <portal@example.com>' }, (text) => sentMail.push(text));
  const handlers = createJobHandlers({ db: testApp.db, env: testApp.env, mailer, shopify, log: quiet });

  return {
    ...testApp,
    fake,
    shopify,
    portalUrl,
    sentMail,
    runJobs: ({ laterMs = 0 } = {}) =>
      startJobWorker({
        db: testApp.db,
        handlers,
        log: quiet,
        autoStart: false,
        now: () => new Date(Date.now() + laterMs),
      }).runOnce(),
    close: async () => {
      await testApp.close();
      await fake.close();
    },
  };
}
