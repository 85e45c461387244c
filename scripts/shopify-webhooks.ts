// `npm run shopify:webhooks`: subscribes APP_ORIGIN/api/shopify/webhooks to every topic the portal reads, on the
// store SHOPIFY_STORE_DOMAIN names. Run once when connecting a store; running it again changes nothing.
import { loadEnv } from '../src/server/env';
import { subscribeWebhooks } from '../src/server/features/shopify-events/webhook-subscriptions';
import { connectShopify } from '../src/server/integrations/shopify/shopify';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env;
try {
  env = loadEnv();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const shopify = connectShopify(env);
if (!shopify)
  fail('Set SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN first: no store is connected (test mode).');
if (shopify.webhookSecrets.length === 0) {
  fail(
    'Set SHOPIFY_WEBHOOK_SECRET (the app’s client secret) too: without it the portal refuses every webhook.',
  );
}

const uri = `${env.APP_ORIGIN}/api/shopify/webhooks`;
console.log(`Subscribing ${uri} on ${shopify.config.storeDomain}:`);
const outcomes = await subscribeWebhooks(shopify.api, uri);
for (const outcome of outcomes) {
  const what =
    outcome.result === 'subscribed'
      ? `subscribed (${outcome.id})`
      : outcome.result === 'already-subscribed'
        ? 'already subscribed'
        : `FAILED: ${outcome.message}`;
  console.log(`  ${outcome.topic.padEnd(22)} ${what}`);
}
process.exit(outcomes.some((outcome) => outcome.result === 'failed') ? 1 : 0);
