import type { ShopifyApi } from '../../integrations/shopify/shopify-api';
import { deliveryOf } from './read-back-facts';

export type DeliveryCheck = { delivered: { at: Date } } | { delivered: null; reason: string };

/**
 * A fulfilment event's 'delivered' is one parcel's. The order is delivered only when Shopify says every line
 * has shipped and every shipment has arrived: the reconciliation's rule (deliveryOf), applied to the order as
 * GetOrder reads it now. The time is Shopify's newest `deliveredAt`, else the event's. Calls Shopify, so run
 * it outside any transaction. Throws when the store cannot answer now (the job is retried); a store that
 * answers with an error confirms nothing.
 */
export async function confirmOrderDelivered(
  api: Pick<ShopifyApi, 'getOrder'>,
  orderGid: string,
  reportedAt: Date,
): Promise<DeliveryCheck> {
  const read = await api.getOrder(orderGid);
  if (!read.ok) {
    if (read.error.retryable) {
      throw new Error(`Shopify could not confirm the delivery of ${orderGid} now: ${read.error.message}`);
    }
    return { delivered: null, reason: `the order could not be read (${read.error.kind})` };
  }
  const delivered = deliveryOf(read.data, reportedAt);
  return delivered ? { delivered } : { delivered: null, reason: 'not every shipment has arrived' };
}
