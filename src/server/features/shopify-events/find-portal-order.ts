import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../jobs/queue';
import { findDraftGidOfOrder } from './webhook-inbox';
import type { OrderRef } from './webhook-payloads';

const ORDER_GID = /^gid:\/\/shopify\/Order\/(\d+)$/;

async function idWhere(db: DatabaseOrTransaction, where: ReturnType<typeof and>): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(where).limit(1);
  return row?.id ?? null;
}

/**
 * The portal order an event is about, or null (a retail order of the same shop, or a draft the portal
 * never made). Tried in this order: the linked Shopify order; the draft; the draft's `portal_order_id`
 * attribute (only for an order synced to Shopify and not linked to another Shopify order or draft); and the
 * draft a stored draft_orders/update names for this order (the draft linkage when its event came first).
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
  if (ref.portalOrderId !== undefined) {
    const id = await idWhere(
      db,
      and(
        eq(orders.id, ref.portalOrderId),
        ne(orders.shopifySyncStatus, 'not_required'),
        ref.orderGid
          ? or(isNull(orders.shopifyOrderGid), eq(orders.shopifyOrderGid, ref.orderGid))
          : undefined,
        ref.draftOrderGid
          ? or(isNull(orders.shopifyDraftOrderGid), eq(orders.shopifyDraftOrderGid, ref.draftOrderGid))
          : undefined,
      ),
    );
    if (id !== null) return id;
  }
  const numericId = ref.orderGid ? ORDER_GID.exec(ref.orderGid)?.[1] : undefined;
  if (numericId) {
    const draftGid = await findDraftGidOfOrder(db, numericId);
    if (draftGid) return idWhere(db, eq(orders.shopifyDraftOrderGid, draftGid));
  }
  return null;
}
