import { z } from 'zod';

/** POST /api/admin/shopify/reconcile: the admin Orders section's 'Check Shopify now' (issue 8). */
export const SHOPIFY_RECONCILE_PATH = '/api/admin/shopify/reconcile';

export const shopifyReconcileResponseSchema = z.object({
  /** 'Checked 3 orders with Shopify: 1 updated.' */
  message: z.string(),
  /** Orders that are not final and whose state was read from Shopify. */
  checked: z.number().int(),
  /** Orders that changed (a webhook had been missed). */
  updated: z.number().int(),
  /** Orders Shopify could not be asked about just now. */
  failed: z.number().int(),
  /** Open orders this check had no time for (it answers within seconds); the next check takes them first. */
  remaining: z.number().int(),
});
export type ShopifyReconcileResponse = z.infer<typeof shopifyReconcileResponseSchema>;

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** The sentence the API answers with and the toast shows. */
export function describeReconcileResult(result: {
  checked: number;
  updated: number;
  failed: number;
  remaining: number;
}): string {
  const failed = result.failed > 0 ? ` ${orders(result.failed)} could not be checked.` : '';
  const remaining = result.remaining > 0 ? ` ${orders(result.remaining)} left for the next check.` : '';
  return `Checked ${orders(result.checked)} with Shopify: ${result.updated} updated.${failed}${remaining}`;
}
