import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { ShopifyApi } from '../../integrations/shopify/shopify-api';
import type { DatabaseOrTransaction } from '../../db/client';
import { findDraftGidOfOrder } from './webhook-inbox';
import type { OrderRef } from './webhook-payloads';

const ORDER_GID = /^gid:\/\/shopify\/Order\/(\d+)$/;

async function idWhere(db: DatabaseOrTransaction, where: ReturnType<typeof and>): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(where).limit(1);
  return row?.id ?? null;
}

/**
 * The portal order an event is about, or null (a retail order of the same shop, or a draft the portal
 * never made). Only what Shopify itself links counts: the Shopify order the portal order is linked to; the
 * portal's draft (its GID on the order); and the draft whose stored draft_orders/update names this order
 * (the draft's completion, when the order's own event came first). Attributes a shopper can write
 * (`portal_order_id`) never link anything here (see confirmPortalOrderHint).
 */
export async function findPortalOrderId(db: DatabaseOrTransaction, ref: OrderRef): Promise<number | null> {
  if (ref.orderGid) {
    const id = await idWhere(db, eq(orders.shopifyOrderGid, ref.orderGid));
    if (id !== null) return id;
  }
  if (ref.draftOrderGid) {
    const id = await idWhere(db, eq(orders.shopifyDraftOrderGid, ref.draftOrderGid));
    if (id !== null) return id;
  }
  const numericId = ref.orderGid ? ORDER_GID.exec(ref.orderGid)?.[1] : undefined;
  if (numericId) {
    const draftGid = await findDraftGidOfOrder(db, numericId);
    if (draftGid) return idWhere(db, eq(orders.shopifyDraftOrderGid, draftGid));
  }
  return null;
}

export type HintCheck =
  | { confirmed: true; draftOrderGid: string; orderName: string | null }
  | { confirmed: false; reason: string }
  /** Shopify could not answer now: try the event again later. */
  | { confirmed: false; retry: Error };

/**
 * An order event's `portal_order_id` attribute, checked with Shopify's GetDraftOrder
 * (docs/shopify.md#order-read-back-and-webhook-subscriptions): it counts only when that portal order is
 * synced, not yet linked to a Shopify order, and its own draft says it became exactly this order. Anyone can
 * set cart attributes on a storefront order, so without this check a shopper could take over an unpaid portal
 * order. Calls Shopify: run it outside any transaction.
 */
export async function confirmPortalOrderHint(
  db: DatabaseOrTransaction,
  api: Pick<ShopifyApi, 'getDraftOrder'>,
  portalOrderId: number,
  orderGid: string,
): Promise<HintCheck> {
  const [candidate] = await db
    .select({ draftGid: orders.shopifyDraftOrderGid })
    .from(orders)
    .where(
      and(
        eq(orders.id, portalOrderId),
        eq(orders.shopifySyncStatus, 'synced'),
        isNull(orders.shopifyOrderGid),
        isNotNull(orders.shopifyDraftOrderGid),
      ),
    )
    .limit(1);
  if (!candidate?.draftGid) return { confirmed: false, reason: 'no unlinked synced portal order of that id' };
  const draft = await api.getDraftOrder(candidate.draftGid);
  if (!draft.ok) {
    if (draft.error.retryable) return { confirmed: false, retry: new Error(draft.error.message) };
    return { confirmed: false, reason: `its draft could not be read (${draft.error.kind})` };
  }
  if (draft.data.order?.id !== orderGid) {
    return { confirmed: false, reason: "the portal order's draft did not become this order" };
  }
  return { confirmed: true, draftOrderGid: candidate.draftGid, orderName: draft.data.order.name };
}
