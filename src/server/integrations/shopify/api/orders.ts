import type { ShopifyClient } from '../client';
import { operations } from '../operations';
import { notFound, type ShopifyResult } from '../shopify-result';
import { toGid } from './ids';

/* Orders: what a completed draft became, read back for its payment and fulfilment (docs/shopify.md#order-read-back-and-webhook-subscriptions). */

export interface ShopifyOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  email: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  fullyPaid: boolean;
  cancelledAt: string | null;
  /** When anything about the order last changed: the time of the state this answer describes. */
  updatedAt: string;
  fulfillments: {
    id: string;
    status: string;
    /** e.g. IN_TRANSIT, DELIVERED: the carrier's latest word on this shipment. */
    displayStatus: string | null;
    createdAt: string;
    deliveredAt: string | null;
    trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  }[];
}

export interface OrdersApi {
  getOrder(id: string): Promise<ShopifyResult<ShopifyOrder>>;
}

export function createOrdersApi(client: ShopifyClient): OrdersApi {
  return {
    async getOrder(id) {
      const gid = toGid('Order', id);
      if (!gid) return notFound('order', id);
      const result = await client.request(operations.getOrder, { id: gid });
      if (!result.ok) return result;
      const order = result.data.order;
      return order ? { ok: true, data: order } : notFound('order', id);
    },
  };
}
