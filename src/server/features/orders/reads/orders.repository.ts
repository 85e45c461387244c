import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal } from '../../../../shared/money';
import { runNamed, type Database, type NamedStatement, type DatabaseOrTransaction } from '../../../db/client';
import {
  DEFAULT_JOB_ATTEMPTS,
  companyLocations,
  idempotencyKeys,
  orderItems,
  orders,
  pricingTiers,
  products,
  type AccountRow,
  type IdempotencyKeyRow,
  type OrderRow,
} from '../../../db/schema';
import type { OrderLineDiff } from '../../../../shared/schemas/orders';
import { inOrderScope, scopeParams, scopeSql, type OrderScope } from './order-scope';
import type { ShippingColumn } from '../../../db/schema/columns';
import type { EnqueueJobInput } from '../../../jobs/queue';
import { countEventSql, MS_LEFT_SQL } from '../../../security/rate-counters';

export type NewOrderItem = typeof orderItems.$inferInsert;

/** An order line with what its product says today (the line's own name and SKU win: they are as sold). */
export interface OrderItemRow {
  id: number;
  orderId: number;
  productId: number;
  quantity: number;
  price: number;
  name: string | null;
  sku: string | null;
  product: {
    name: string;
    sku: string;
    imageUrl: string | null;
    shopifyVariantId: string | null;
    caseSize: number;
    isTester: boolean;
    isVirtual: boolean;
  } | null;
}

/** A new order as its one statement writes it: the id already drawn (order-ids.ts), status and money set. */
export type OrderToWrite = Pick<
  OrderRow,
  | 'id'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'businessName'
  | 'notes'
  | 'poNumber'
  | 'paymentTerms'
  | ShippingColumn
  | 'totalCases'
  | 'standardTotal'
  | 'orderTotal'
  | 'tierId'
  | 'discountPercentage'
  | 'testMode'
  | 'shopifySyncStatus'
  | 'companyId'
  | 'locationId'
> & { userId: number };

/** Everything one order submission writes (place-order.ts decides it all before the statement runs). */
export interface OrderWrite {
  /** The catalogue version the prices were taken from: nothing is written unless it is still the current one. */
  catalogVersion: number;
  key: {
    userId: number;
    key: string;
    requestHash: string;
    expiresAt: Date;
    response: { status: number; body: unknown };
  };
  order: OrderToWrite;
  items: ReadonlyArray<Pick<NewOrderItem, 'productId' | 'quantity' | 'price' | 'name' | 'sku'>>;
  jobs: readonly EnqueueJobInput[];
  /**
   * The customer's submission limit, counted by this statement (docs/security.md#rate-limits): its counter
   * key, at most `max` in `windowMs`. Null counts nothing (a write retried after a catalogue change, counted
   * already).
   */
  limit: { key: string; max: number; windowMs: number } | null;
}

/** What the statement did: wrote the order, or nothing because the limit refused it or the catalogue changed. */
export type OrderWriteOutcome =
  { written: true } | { written: false; limited: true; msLeft: number } | { written: false; limited: false };

/**
 * The whole submission as ONE statement (ADR 0019): the customer's submission counted against their limit,
 * the catalogue version check, the idempotency key with its answer, the order, its lines and its jobs
 * (e-mails, Shopify draft). Each insert reads from the one before, so a submission beyond the limit or a
 * stale version writes nothing (the count stays: every submission counts); a key the customer already holds
 * fails the statement with a unique violation (after waiting for a concurrent holder to commit or roll back),
 * which undoes the count too. The counter row stays locked until the statement ends, so a customer's
 * parallel submissions count one after another. Lines and jobs arrive as one JSON array each, with their
 * position (ids follow it), so the statement's text never changes and PostgreSQL plans it once per
 * connection.
 */
export const WRITE_ORDER: NamedStatement = {
  name: 'write_order_v7',
  text: `
with counted as (${countEventSql('$32', '$33')}
  returning count, ${MS_LEFT_SQL} as ms_left
), within_limit as (
  select 1 where $32::text is null or (select count from counted) <= $34::int
), current_catalogue as (
  select 1 from catalog_version, within_limit where version = $1::bigint
), claimed_key as (
  insert into idempotency_keys (user_id, key, request_hash, state, response_status, response_body, expires_at)
  select $2::int, $3::text, $4::text, 'completed', $5::int, $6::jsonb, $7::timestamptz from current_catalogue
  returning id
), placed_order as (
  insert into orders (id, user_id, customer_name, customer_email, customer_phone, business_name, notes,
    po_number, shipping_address, shipping_address_line1, shipping_address_line2, shipping_city, shipping_state,
    shipping_zip, shipping_country, status, payment_status, total_cases, standard_total, order_total, tier_id,
    discount_percentage, test_mode, shopify_sync_status, payment_terms, company_id, location_id)
  select $8::int, $2::int, $9::text, $10::text, $11::text, $12::text, $13::text,
    $14::text, $15::text, $16::text, $17::text, $18::text, $19::text,
    $20::text, $21::text, 'pending', 'unpaid', $22::int, $23::numeric, $24::numeric, $25::int,
    $26::numeric, $27::boolean, $28::text, $31::text, $35::int, $36::int
  from claimed_key
  returning id
), order_lines as (
  insert into order_items (order_id, product_id, quantity, price, name, sku)
  select placed_order.id, line.product_id, line.quantity, line.price, line.name, line.sku
  from placed_order,
    json_to_recordset($29::json) as line(position int, product_id int, quantity int, price numeric, name text, sku text)
  order by line.position
), queued_jobs as (
  insert into jobs (type, payload, dedupe_key, max_attempts, run_at, serial_key)
  select job.type, job.payload, job.dedupe_key, job.max_attempts, coalesce(job.run_at, now()), job.serial_key
  from placed_order,
    json_to_recordset($30::json)
      as job(position int, type text, payload jsonb, dedupe_key text, max_attempts int, run_at timestamptz,
             serial_key text)
  order by job.position
  on conflict (dedupe_key) do nothing
)
select exists (select 1 from current_catalogue) as "current",
  not exists (select 1 from within_limit) as "limited",
  coalesce((select ms_left from counted), 0) as "msLeft"`,
};

/**
 * Writes one order submission (see WRITE_ORDER). Writes nothing when the customer is beyond their limit or
 * the catalogue has changed since `catalogVersion`; throws a unique violation on
 * idempotency_keys_user_key_unique when the customer already used the key.
 */
export async function writeOrder(db: Database, write: OrderWrite): Promise<OrderWriteOutcome> {
  const [row] = await runNamed<{ current: boolean; limited: boolean; msLeft: number | string }>(
    db,
    WRITE_ORDER,
    writeOrderParams(write),
  );
  if (row?.limited === true) return { written: false, limited: true, msLeft: Number(row.msLeft) };
  return row?.current === true ? { written: true } : { written: false, limited: false };
}

/** WRITE_ORDER's parameters for `write` (also the bench's raw ceiling, scripts/bench-ceiling.ts). */
export function writeOrderParams(write: OrderWrite): unknown[] {
  const { order, key } = write;
  return [
    write.catalogVersion,
    key.userId,
    key.key,
    key.requestHash,
    key.response.status,
    JSON.stringify(key.response.body),
    key.expiresAt.toISOString(),
    order.id,
    order.customerName,
    order.customerEmail,
    order.customerPhone,
    order.businessName,
    order.notes,
    order.poNumber,
    order.shippingAddress,
    order.shippingAddressLine1,
    order.shippingAddressLine2,
    order.shippingCity,
    order.shippingState,
    order.shippingZip,
    order.shippingCountry,
    order.totalCases,
    centsToDecimal(order.standardTotal),
    centsToDecimal(order.orderTotal),
    order.tierId,
    centsToDecimal(order.discountPercentage),
    order.testMode,
    order.shopifySyncStatus,
    JSON.stringify(
      write.items.map((item, position) => ({
        position,
        product_id: item.productId,
        quantity: item.quantity,
        price: centsToDecimal(item.price),
        name: item.name ?? null,
        sku: item.sku ?? null,
      })),
    ),
    JSON.stringify(
      write.jobs.map((job, position) => ({
        position,
        type: job.type,
        payload: job.payload,
        dedupe_key: job.dedupeKey ?? null,
        max_attempts: job.maxAttempts ?? DEFAULT_JOB_ATTEMPTS,
        run_at: job.runAt?.toISOString() ?? null,
        serial_key: job.serialKey ?? null,
      })),
    ),
    order.paymentTerms,
    write.limit?.key ?? null,
    write.limit?.windowMs ?? null,
    write.limit?.max ?? null,
    order.companyId,
    order.locationId,
  ];
}

export const ORDER_ID_BLOCK: NamedStatement = {
  name: 'order_id_block_v1',
  text: `select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, $1::int)`,
};

/** `count` new order ids from the orders' own sequence, in one round trip. */
export async function drawOrderIds(db: Database, count: number): Promise<number[]> {
  const rows = await runNamed<{ id: number }>(db, ORDER_ID_BLOCK, [count]);
  return rows.map((row) => row.id);
}

/** An order the customer may see, or null: the scope is part of the query, so another's order is "not found". */
export async function findOrderInScope(
  db: DatabaseOrTransaction,
  scope: OrderScope,
  orderId: number,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inOrderScope(scope)))
    .limit(1);
  return row ?? null;
}

/** An order as its PDF shows it (docs/orders.md#order-pdf): the row, its lines and its tier's name. */
export interface OrderForDocument {
  order: OrderRow;
  /** The name of the tier the order was priced at; null without one, or when staff deleted it since. */
  tierName: string | null;
  items: OrderItemRow[];
}

/**
 * The order with its tier's name and its lines, or null. With a customer's `scope` the order is looked up
 * within the orders they may see, so another's order is "not found" (docs/security.md#access-control); staff
 * pass null.
 */
export async function findOrderForDocument(
  db: DatabaseOrTransaction,
  orderId: number,
  scope: OrderScope | null,
): Promise<OrderForDocument | null> {
  const [row] = await db
    .select({ order: orders, tierName: pricingTiers.name })
    .from(orders)
    .leftJoin(pricingTiers, eq(pricingTiers.id, orders.tierId))
    .where(and(eq(orders.id, orderId), scope === null ? undefined : inOrderScope(scope)))
    .limit(1);
  if (!row) return null;
  return { ...row, items: await findItemsOfOrders(db, [orderId]) };
}

async function countOrdersInScope(db: DatabaseOrTransaction, scope: OrderScope): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(inOrderScope(scope));
  return row?.total ?? 0;
}

/**
 * One page of the orders the customer may see, newest first (the id breaks ties between equal timestamps),
 * with how many there are in all: one query instead of two. A page past the end has no rows to carry the
 * count, so it is counted apart.
 */
export async function findOrdersInScope(
  db: DatabaseOrTransaction,
  scope: OrderScope,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const found = await db
    .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(inOrderScope(scope))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = found[0]?.total ?? (page.offset > 0 ? await countOrdersInScope(db, scope) : 0);
  return { rows: found.map((row) => row.order), total };
}

/**
 * The customer's order reads, GET /api/orders and GET /api/orders/{id} (ADR 0019 "Reads near the wire"):
 * each ONE named statement, planned once per connection, returning rows already in the shape the views take
 * (camelCase names, money in cents, the lines as one JSON array in the order they were placed), so nothing
 * maps them again. Written out in SQL rather than through Drizzle: its per-row mapping and type handling
 * cost as much as the query itself on this hot path. The columns are those the answers show
 * (order-view.ts), no more; ownership is part of both queries, so another's order is "not found".
 */
const ITEMS_OF_ORDER = `coalesce((
  select json_agg(json_build_object(
    'id', item.id, 'orderId', item.order_id, 'productId', item.product_id, 'quantity', item.quantity,
    'price', (item.price * 100)::int, 'name', item.name, 'sku', item.sku,
    'product', case when product.id is null then null else json_build_object(
      'name', product.name, 'sku', product.sku, 'imageUrl', product.image_url,
      'shopifyVariantId', product.shopify_variant_id, 'caseSize', product.case_size,
      'isTester', product.is_tester, 'isVirtual', product.is_virtual) end
  ) order by item.id)
  from order_items item left join products product on product.id = item.product_id
  where item.order_id = o.id), '[]'::json) as items`;

/** A person as the company's people know them, { id, name }, by the column holding their id; null for none. */
const personOf = (column: string) => `(select json_build_object('id', u.id,
     'name', coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username))
   from users u where u.id = ${column})`;

/** What staff prepared of the order for the buyer to confirm (docs/orders.md#staff-prepare-an-order), or null. */
const PREPARED_OF_ORDER = `(select json_build_object('note', p.note, 'expiresAt', p.expires_at,
    'confirmedAt', p.confirmed_at, 'confirmedBy', ${personOf('p.confirmed_by_user_id')},
    'declinedAt', p.declined_at, 'declineReason', p.decline_reason, 'expiredAt', p.expired_at)
  from prepared_orders p where p.order_id = o.id) as "prepared"`;

/** The changes of the order's lines, oldest first (docs/orders.md#changing-a-pending-order). */
const CHANGES_OF_ORDER = `coalesce((select json_agg(json_build_object('at', c.created_at, 'byStaff', c.by_staff,
    'buyerName', case when c.by_staff then null else ${personOf('c.changed_by_user_id')} ->> 'name' end,
    'reason', c.reason, 'lines', c.lines, 'totalBefore', (c.total_before * 100)::int,
    'totalAfter', (c.total_after * 100)::int) order by c.id)
  from order_changes c where c.order_id = o.id), '[]'::json) as "changes"`;

const SUMMARY_COLUMNS = `o.id, o.status, o.payment_status as "paymentStatus", o.created_at as "createdAt",
  o.updated_at as "updatedAt", o.shopify_order_id as "shopifyOrderId", o.customer_name as "customerName",
  o.customer_email as "customerEmail", o.customer_phone as "customerPhone", o.business_name as "businessName",
  o.notes, o.po_number as "poNumber", o.payment_terms as "paymentTerms", o.payment_due_at as "paymentDueAt",
  o.total_cases as "totalCases", (o.order_total * 100)::int as "orderTotal",
  o.shopify_checkout_url as "shopifyCheckoutUrl",
  ${personOf('o.user_id')} as "placedBy", o.location_id as "locationId"`;

const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, (o.standard_total * 100)::int as "standardTotal",
  (o.discount_percentage * 100)::int as "discountPercentage", o.shipping_address as "shippingAddress",
  o.shipping_address_line1 as "shippingAddressLine1", o.shipping_address_line2 as "shippingAddressLine2",
  o.shipping_city as "shippingCity", o.shipping_state as "shippingState", o.shipping_zip as "shippingZip",
  o.shipping_country as "shippingCountry",
  o.tracking_number as "trackingNumber", o.tracking_url as "trackingUrl", o.tracking_company as "trackingCompany",
  o.approved_at as "approvedAt", o.invoice_sent_at as "invoiceSentAt", o.paid_at as "paidAt",
  o.shipped_at as "shippedAt", o.delivered_at as "deliveredAt", o.cancelled_at as "cancelledAt",
  o.version, o.hold_reason as "holdReason", case when o.cancelled_by_user_id is null then null
    else ${personOf('o.cancelled_by_user_id')} end as "cancelledBy",
  ${PREPARED_OF_ORDER}, ${CHANGES_OF_ORDER}`;

const ORDERS_PAGE: NamedStatement = {
  name: 'orders_page_in_scope_v7',
  text: `select ${SUMMARY_COLUMNS}, ${ITEMS_OF_ORDER}, count(*) over ()::int as "total"
    from orders o where ${scopeSql(1)}
    order by o.created_at desc, o.id desc limit $5 offset $6`,
};

const ORDER_IN_SCOPE: NamedStatement = {
  name: 'order_in_scope_v10',
  text: `select ${DETAIL_COLUMNS}, ${ITEMS_OF_ORDER} from orders o where o.id = $1 and ${scopeSql(2)}`,
};

export type OrderSummaryRow = Pick<
  OrderRow,
  | 'id'
  | 'status'
  | 'paymentStatus'
  | 'createdAt'
  | 'updatedAt'
  | 'shopifyOrderId'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'businessName'
  | 'notes'
  | 'poNumber'
  | 'paymentTerms'
  | 'paymentDueAt'
  | 'totalCases'
  | 'orderTotal'
  | 'shopifyCheckoutUrl'
> & {
  /** Who placed the order, as the company's people know them (docs/companies.md#orders). */
  placedBy?: { id: number; name: string } | null;
  /** The company location it ships to (docs/companies.md#locations); null when unknown or removed. */
  locationId?: number | null;
  /** Its name with it, added by order-locations.ts from what the reader's session knows. */
  location?: { id: number; name: string } | null;
};
export type OrderDetailRow = OrderSummaryRow &
  Pick<
    OrderRow,
    | 'standardTotal'
    | 'discountPercentage'
    | ShippingColumn
    | 'trackingNumber'
    | 'trackingUrl'
    | 'trackingCompany'
    | 'approvedAt'
    | 'invoiceSentAt'
    | 'paidAt'
    | 'shippedAt'
    | 'deliveredAt'
    | 'cancelledAt'
    | 'version'
    | 'holdReason'
  > & {
    /** The buyer who cancelled it themselves (docs/orders.md#buyers-cancel-a-pending-order); the PDF has none. */
    cancelledBy?: { id: number; name: string } | null;
    /** Staff prepared it (docs/orders.md#staff-prepare-an-order): dates as JSON gives them (text). */
    prepared?: PreparedOrderJson | null;
    /** Its changes, oldest first (docs/orders.md#changing-a-pending-order). */
    changes?: OrderChangeJson[];
  };

/** prepared_orders as the detail statement gives it: JSON, so dates are text. */
export interface PreparedOrderJson {
  note: string | null;
  expiresAt: string;
  confirmedAt: string | null;
  confirmedBy: { id: number; name: string } | null;
  declinedAt: string | null;
  declineReason: string | null;
  expiredAt: string | null;
}

/** An order_changes row as the detail statement gives it (money in cents). */
export interface OrderChangeJson {
  at: string;
  byStaff: boolean;
  buyerName: string | null;
  reason: string | null;
  lines: OrderLineDiff[];
  totalBefore: number;
  totalAfter: number;
}

export function prepareOrderReads(db: Database) {
  return {
    /**
     * One page of the orders the customer may see, newest first (the id breaks ties between equal
     * timestamps), with their lines and how many there are in all. A page past the end has no rows to carry
     * the count, so it is counted apart.
     */
    async page(scope: OrderScope, { limit, offset }: { limit: number; offset: number }) {
      const found = await runNamed<OrderSummaryRow & { items: OrderItemRow[]; total: number }>(
        db,
        ORDERS_PAGE,
        [...scopeParams(scope), limit, offset],
      );
      const total = found[0]?.total ?? (offset > 0 ? await countOrdersInScope(db, scope) : 0);
      return { orders: found, total };
    },
    async one(scope: OrderScope, orderId: number) {
      const [row] = await runNamed<OrderDetailRow & { items: OrderItemRow[] }>(db, ORDER_IN_SCOPE, [
        orderId,
        ...scopeParams(scope),
      ]);
      return row ?? null;
    },
  };
}

/** The lines of `orderIds`, in the order they were placed. */
export async function findItemsOfOrders(
  db: DatabaseOrTransaction,
  orderIds: readonly number[],
): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      item: orderItems,
      product: {
        name: products.name,
        sku: products.sku,
        imageUrl: products.imageUrl,
        shopifyVariantId: products.shopifyVariantId,
        caseSize: products.caseSize,
        isTester: products.isTester,
        isVirtual: products.isVirtual,
      },
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  return rows.map(({ item, product }) => ({ ...item, product }));
}

export async function findIdempotencyKey(
  db: DatabaseOrTransaction,
  userId: number,
  key: string,
): Promise<IdempotencyKeyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row ?? null;
}

/**
 * The location each order ships to, named (docs/companies.md#orders). The names come from the locations the
 * reader's session already carries, so the order reads stay one statement; only a location the reader no
 * longer orders for (a buyer's order at a location taken from them since) is looked up, in their company.
 */
export async function withLocationNames<Row extends { locationId?: number | null }>(
  db: DatabaseOrTransaction,
  reader: AccountRow,
  rows: Row[],
): Promise<Array<Row & { location: { id: number; name: string } | null }>> {
  const names = new Map(reader.locations.map((location) => [location.id, location.name]));
  const unknown = [
    ...new Set(rows.flatMap((row) => (row.locationId && !names.has(row.locationId) ? [row.locationId] : []))),
  ];
  if (unknown.length > 0 && reader.companyId !== null) {
    const found = await db
      .select({ id: companyLocations.id, name: companyLocations.name })
      .from(companyLocations)
      .where(and(eq(companyLocations.companyId, reader.companyId), inArray(companyLocations.id, unknown)));
    for (const location of found) names.set(location.id, location.name);
  }
  return rows.map((row) => {
    const name = row.locationId ? names.get(row.locationId) : undefined;
    return { ...row, location: row.locationId && name !== undefined ? { id: row.locationId, name } : null };
  });
}
