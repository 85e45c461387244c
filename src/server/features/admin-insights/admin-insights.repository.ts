import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { STORED_ORDER_STATUSES } from '../../../shared/orders';
import type { DatabaseOrTransaction } from '../../db/client';
import { orders } from '../../db/schema';
import { selectRows as rows } from '../../db/select-rows';
import { isOverdueSql } from '../orders';

/*
 * The reads of Insights (docs/admin.md#insights, ADR 0033): each one statement that an index answers on a
 * large table (the plans are in the ADR); reads only, the orders feature stays the only writer of orders
 * (ADR 0024). Money comes back in cents, times as ISO strings in UTC, counts as numbers, whichever driver.
 */

/**
 * The one definition of an order that counts, and so of revenue: every order placed, pending ones
 * included, that is not cancelled. Revenue is the sum of those orders' totals (after the tier discount), in
 * the week they were placed (docs/admin.md#insights).
 */
// Nor is a prepared order its buyer has not confirmed (docs/orders.md#staff-prepare-an-order): not yet placed.
const NOT_COUNTED: ReadonlyArray<keyof typeof STORED_ORDER_STATUSES> = ['cancelled', 'awaiting_confirmation'];
const COUNTED_ORDER = sql.raw(
  `o.status <> all (array[${NOT_COUNTED.flatMap((status) => STORED_ORDER_STATUSES[status])
    .map((value) => `'${value}'`)
    .join(', ')}])`,
);

/** `orders o` of the raw statements, for the orders feature's rule fragments. */
const o = alias(orders, 'o');

/** Placed in the period (from `since` on): orders_created_at_id_idx. */
const inPeriod = (since: Date) => sql`o.created_at >= ${since.toISOString()}::timestamptz`;

const isoUtc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A money column's sum in cents (ADR 0002): exact, since whole cents stay exact as float8 far past any total. */
const centsOf = (column: string) => sql.raw(`coalesce(round(sum(${column}) * 100), 0)::float8`);

const storedValues = (statuses: ReadonlyArray<keyof typeof STORED_ORDER_STATUSES>) =>
  statuses.flatMap((status) => STORED_ORDER_STATUSES[status]);

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** When the newest order was placed (null: none yet), read from the end of orders_created_at_id_idx. */
export async function findLastOrderAt(db: DatabaseOrTransaction): Promise<string | null> {
  const [row] = await rows<{ at: string | null }>(
    db,
    sql`select ${isoUtc('max(o.created_at)')} as at from orders o`,
  );
  return row?.at ?? null;
}

/** The period's counted orders and revenue per week ('yyyy-MM-dd' of its Monday); weeks without orders are absent. */
export function countOrdersPerWeek(db: DatabaseOrTransaction, since: Date) {
  return rows<{ week: string; orders: number; revenueCents: number }>(
    db,
    sql`select to_char(w.week, 'YYYY-MM-DD') as week, w.orders, w."revenueCents"
      from (select date_trunc('week', o.created_at at time zone 'UTC') as week, count(*)::int as orders,
          ${centsOf('o.order_total')} as "revenueCents"
        from orders o where ${inPeriod(since)} and ${COUNTED_ORDER}
        group by 1) w`,
  );
}

/** The period's counted orders and revenue per tier id (null: no tier). */
export function countOrdersPerTier(db: DatabaseOrTransaction, since: Date) {
  return rows<{ tierId: number | null; orders: number; revenueCents: number }>(
    db,
    sql`select o.tier_id as "tierId", count(*)::int as orders, ${centsOf('o.order_total')} as "revenueCents"
      from orders o where ${inPeriod(since)} and ${COUNTED_ORDER}
      group by o.tier_id`,
  );
}

/** Today's volume tiers, by minimum cases. */
export function findTiers(db: DatabaseOrTransaction) {
  return rows<{ id: number; name: string; minimumCases: number }>(
    db,
    sql`select id, name, minimum_cases as "minimumCases" from pricing_tiers order by minimum_cases, id`,
  );
}

/**
 * Orders per stored status for the pipeline: every open order (pending, on hold, processing, shipped, legacy values
 * included) through orders_status_idx, and the period's delivered ones through orders_created_at_id_idx.
 */
export function countPipeline(db: DatabaseOrTransaction, since: Date) {
  return rows<{ status: string; orders: number }>(
    db,
    sql`select o.status, count(*)::int as orders from orders o
        where o.status in (${inList(storedValues(['pending', 'on_hold', 'processing', 'shipped']))})
        group by o.status
      union all
      select o.status, count(*)::int as orders from orders o
        where ${inPeriod(since)} and o.status in (${inList(storedValues(['delivered']))})
        group by o.status`,
  );
}

/** The pending order placed first (legacy `submitted` included), through orders_status_idx. */
export async function findOldestPendingOrder(db: DatabaseOrTransaction) {
  const [row] = await rows<{ id: number; businessName: string; createdAt: string }>(
    db,
    sql`select o.id, o.business_name as "businessName", ${isoUtc('o.created_at')} as "createdAt"
      from orders o where o.status in (${inList(storedValues(['pending']))})
      order by o.created_at, o.id limit 1`,
  );
  return row ?? null;
}

/** The registration waiting longest for review (docs/accounts-and-roles.md#approval), through users_status_idx. */
export async function findOldestPendingRegistration(db: DatabaseOrTransaction) {
  const [row] = await rows<{
    userId: number;
    name: string;
    businessName: string | null;
    email: string;
    createdAt: string;
  }>(
    db,
    sql`select u.id as "userId", trim(concat_ws(' ', u.first_name, u.last_name)) as name,
        c.name as "businessName", u.email, ${isoUtc('u.created_at')} as "createdAt"
      from users u left join companies c on c.id = u.company_id where u.status = 'pending'
      order by u.created_at, u.id limit 1`,
  );
  return row ?? null;
}

/**
 * The period's customers by revenue, highest first (the later last order, then the lower id, breaks a tie),
 * with their counted orders and the time of the last one.
 */
export function findTopCustomers(db: DatabaseOrTransaction, since: Date, limit: number) {
  return rows<{
    userId: number;
    businessName: string | null;
    customerName: string;
    orders: number;
    revenueCents: number;
    lastOrderAt: string;
  }>(
    db,
    sql`select u.id as "userId", c.name as "businessName",
        trim(concat_ws(' ', u.first_name, u.last_name)) as "customerName",
        top.orders, top."revenueCents", ${isoUtc('top.last_order_at')} as "lastOrderAt"
      from (select o.user_id, count(*)::int as orders, ${centsOf('o.order_total')} as "revenueCents",
            max(o.created_at) as last_order_at
          from orders o where ${inPeriod(since)} and ${COUNTED_ORDER} and o.user_id is not null
          group by o.user_id
          order by "revenueCents" desc, last_order_at desc, o.user_id limit ${limit}) top
        join users u on u.id = top.user_id
        left join companies c on c.id = u.company_id
      order by top."revenueCents" desc, top.last_order_at desc, u.id`,
  );
}

/**
 * Orders whose payment is overdue at `now` (docs/orders.md#payment-terms; the orders feature's isOverdueSql):
 * approved, not paid, due before now; the longest overdue first, at most `limit`, each row carrying the count
 * and total of all of them. Read through orders_unpaid_due_idx, whose predicate that rule implies.
 */
export function findOverdueOrders(db: DatabaseOrTransaction, now: Date, limit: number) {
  return rows<{
    id: number;
    businessName: string;
    amountCents: number;
    dueAt: string;
    count: number;
    totalCents: number;
  }>(
    db,
    sql`select o.id, o.business_name as "businessName", round(o.order_total * 100)::float8 as "amountCents",
        ${isoUtc('o.payment_due_at')} as "dueAt", (count(*) over ())::int as count,
        round(sum(o.order_total) over () * 100)::float8 as "totalCents"
      from orders o
      where ${isOverdueSql(now, o)}
      order by o.payment_due_at, o.id limit ${limit}`,
  );
}
