import { and, desc, eq, inArray, lte, max, notInArray, sql } from 'drizzle-orm';
import { STORED_ORDER_STATUSES } from '../../../shared/orders';
import { NOT_PLACED_ORDER_STATUSES, REORDER_ORDERS_READ } from '../../../shared/reorder-rules';
import type { DatabaseOrTransaction } from '../../db/client';
import {
  companies,
  orders,
  reorderReminders,
  users,
  type ReorderReminderRow,
  type UserRow,
} from '../../db/schema';

/*
 * The reorder reminders' reads of orders, companies and people, and the feature's own table: it writes only
 * `reorder_reminders`; its links' table `reorder_link_tokens` is written by accounts with the other sign-in
 * links, so retiring a person's links retires these too (docs/reorder-reminders.md,
 * docs/architecture.md#one-writer-per-table).
 */

const NOT_PLACED_STORED = NOT_PLACED_ORDER_STATUSES.flatMap((status) => STORED_ORDER_STATUSES[status]);
const ON_HOLD_STORED = STORED_ORDER_STATUSES.on_hold;

/** What the rule reads of a company, and who placed its orders. */
export interface CompanyOrders {
  companyId: number;
  companyName: string;
  reminders: boolean;
  fixedIntervalDays: number | null;
  onHold: boolean;
  /** Its last placed orders, newest first (at most REORDER_ORDERS_READ). */
  placed: Array<{ id: number; userId: number | null; createdAt: Date }>;
}

/**
 * The companies (all of them with reminders on, or the one asked for, whatever its switch) with their last
 * placed orders and whether they have an order on hold: three reads, however many companies.
 */
export async function findCompanyOrders(
  db: DatabaseOrTransaction,
  only: { companyId: number } | { remindersOn: true },
): Promise<CompanyOrders[]> {
  const companyFilter =
    'companyId' in only ? eq(companies.id, only.companyId) : eq(companies.reorderReminders, true);
  const found = await db
    .select({
      id: companies.id,
      name: companies.name,
      reminders: companies.reorderReminders,
      fixedIntervalDays: companies.reorderIntervalDays,
    })
    .from(companies)
    .where(companyFilter);
  if (found.length === 0) return [];
  const companyIds = found.map((company) => company.id);

  const ranked = db
    .select({
      companyId: orders.companyId,
      id: orders.id,
      userId: orders.userId,
      createdAt: orders.createdAt,
      rank: sql<number>`row_number() over (partition by ${orders.companyId} order by ${orders.createdAt} desc, ${orders.id} desc)`.as(
        'rank',
      ),
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(and(companyFilter, notInArray(orders.status, NOT_PLACED_STORED)))
    .as('ranked');
  const placedRows = await db
    .select({
      companyId: ranked.companyId,
      id: ranked.id,
      userId: ranked.userId,
      createdAt: ranked.createdAt,
    })
    .from(ranked)
    .where(lte(ranked.rank, REORDER_ORDERS_READ))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));

  const held = await db
    .selectDistinct({ companyId: orders.companyId })
    .from(orders)
    .where(and(inArray(orders.companyId, companyIds), inArray(orders.status, ON_HOLD_STORED)));
  const onHold = new Set(held.map((row) => row.companyId));

  const placedOf = new Map<number, CompanyOrders['placed']>();
  for (const row of placedRows) {
    if (row.companyId === null) continue;
    const list = placedOf.get(row.companyId) ?? [];
    list.push({ id: row.id, userId: row.userId, createdAt: new Date(row.createdAt) });
    placedOf.set(row.companyId, list);
  }
  return found.map((company) => ({
    companyId: company.id,
    companyName: company.name,
    reminders: company.reminders,
    fixedIntervalDays: company.fixedIntervalDays,
    onHold: onHold.has(company.id),
    placed: placedOf.get(company.id) ?? [],
  }));
}

/** The cycles whose reminder went (or is on its way), by `${companyId}:${lastOrderId}`. */
export async function findSentCycles(db: DatabaseOrTransaction, companyIds: number[]): Promise<Set<string>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .select({ companyId: reorderReminders.companyId, lastOrderId: reorderReminders.lastOrderId })
    .from(reorderReminders)
    .where(inArray(reorderReminders.companyId, companyIds));
  return new Set(rows.map((row) => cycleKey(row.companyId, row.lastOrderId)));
}

export const cycleKey = (companyId: number, lastOrderId: number) => `${companyId}:${lastOrderId}`;

/** When the company's last reminder went, if ever. */
export async function findLastSentAt(db: DatabaseOrTransaction, companyId: number): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: max(reorderReminders.sentAt) })
    .from(reorderReminders)
    .where(eq(reorderReminders.companyId, companyId));
  return row?.sentAt ? new Date(row.sentAt) : null;
}

export async function findUsersByIds(
  db: DatabaseOrTransaction,
  ids: number[],
): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Claims the cycle (company, last order) for its reminder: of any number of runs at once, on any instance,
 * exactly one gets the new row back (the unique key reorder_reminders_cycle_idx); null when it was claimed
 * before. `unsubscribeTokenHash` is a placeholder until the e-mail is written (setReminderSecrets).
 */
export async function claimCycle(
  db: DatabaseOrTransaction,
  values: {
    companyId: number;
    lastOrderId: number;
    userId: number;
    intervalDays: number;
    unsubscribeTokenHash: string;
    sentAt: Date;
  },
): Promise<ReorderReminderRow | null> {
  const [row] = await db.insert(reorderReminders).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findReminderById(
  db: DatabaseOrTransaction,
  id: number,
): Promise<ReorderReminderRow | null> {
  const [row] = await db.select().from(reorderReminders).where(eq(reorderReminders.id, id));
  return row ?? null;
}

/** Gives up a claimed cycle whose e-mail was not sent after all (the company or person changed meanwhile). */
export async function releaseCycle(db: DatabaseOrTransaction, id: number) {
  await db.delete(reorderReminders).where(eq(reorderReminders.id, id));
}

/** The e-mail's unsubscribe secret (its SHA-256) and the moment it is sent; a retry replaces both. */
export async function setReminderSent(
  db: DatabaseOrTransaction,
  id: number,
  unsubscribeTokenHash: string,
  sentAt: Date,
) {
  await db.update(reorderReminders).set({ unsubscribeTokenHash, sentAt }).where(eq(reorderReminders.id, id));
}

/** The reminder an unsubscribe secret belongs to (by its SHA-256), and that reminder's person. */
export async function findReminderByUnsubscribeHash(
  db: DatabaseOrTransaction,
  tokenHash: string,
): Promise<ReorderReminderRow | null> {
  const [row] = await db
    .select()
    .from(reorderReminders)
    .where(eq(reorderReminders.unsubscribeTokenHash, tokenHash));
  return row ?? null;
}

/** The order a link opens: its company, to check the person still belongs to it. */
export async function findOrderCompany(db: DatabaseOrTransaction, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, companyId: orders.companyId, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}
