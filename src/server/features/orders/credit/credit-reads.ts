import { and, asc, count, desc, eq, min, ne, sql } from 'drizzle-orm';
import { centsToDecimal, type Cents } from '../../../../shared/money';
import { STORED_ORDER_STATUSES } from '../../../../shared/orders';
import { creditAvailable } from '../../../../shared/credit';
import type { CompanyCredit, CreditExposure } from '../../../../shared/schemas/credit';
import type { DatabaseOrTransaction } from '../../../db/client';
import { companies, orders } from '../../../db/schema';
import { sqlLiteralList } from '../../../db/sql-literals';
import { isOverdueSql, openBalanceSql } from '../rules/order-rules.sql';

/*
 * The reads of a company's credit (docs/credit.md): its open balance and oldest overdue payment (the
 * approval's check), the answer buyers and staff read, and Insights' exposure. The rules are
 * shared/credit.ts; the balance's SQL is its twin openBalanceSql.
 */

const onHold = sql`${orders.status} in (${sqlLiteralList(STORED_ORDER_STATUSES.on_hold)})`;

/** What an approval weighs (docs/credit.md#credit-hold-at-approval), without the order being approved. */
export interface CompanyCreditState {
  limit: Cents | null;
  noticeSentAt: Date | null;
  /** Open balance of the company's other orders. */
  openBalance: Cents;
  oldestOverdueDueAt: Date | null;
}

/**
 * The company's limit and the state of its other orders at `now`. The caller holds the company's row lock
 * (so approvals of one company are weighed one after the other).
 */
export async function readCompanyCreditState(
  db: DatabaseOrTransaction,
  companyId: number,
  exceptOrderId: number,
  now: Date,
): Promise<CompanyCreditState | null> {
  const [company] = await db
    .select({ limit: companies.creditLimit, noticeSentAt: companies.creditNoticeSentAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return null;
  const [row] = await db
    .select({
      openBalance: openBalanceSql(),
      oldestOverdueDueAt: sql<
        Date | string | null
      >`min(${orders.paymentDueAt}) filter (where ${isOverdueSql(now)})`,
    })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), ne(orders.id, exceptOrderId)));
  const overdue = row?.oldestOverdueDueAt ?? null;
  return {
    limit: company.limit,
    noticeSentAt: company.noticeSentAt,
    openBalance: Number(row?.openBalance ?? 0),
    oldestOverdueDueAt: overdue === null ? null : new Date(overdue),
  };
}

/** A company's open balance (every order). */
async function openBalanceOfCompany(db: DatabaseOrTransaction, companyId: number): Promise<Cents> {
  const [row] = await db
    .select({ balance: openBalanceSql() })
    .from(orders)
    .where(eq(orders.companyId, companyId));
  return Number(row?.balance ?? 0);
}

/** The credit answer: limit, balance, what is available and the share used (nulls without a limit). */
export function toCompanyCredit(limit: Cents | null, openBalance: Cents): CompanyCredit {
  return {
    limit: limit === null ? null : centsToDecimal(limit),
    openBalance: centsToDecimal(openBalance),
    available: limit === null ? null : centsToDecimal(creditAvailable(limit, openBalance)),
    usedPercent: limit === null || limit === 0 ? null : Math.floor((openBalance * 100) / limit),
  };
}

/** The company's credit as buyers and staff read it; null when there is no such company. */
export async function readCompanyCredit(
  db: DatabaseOrTransaction,
  companyId: number,
): Promise<(CompanyCredit & { ordersOnHold: number }) | null> {
  const [company] = await db
    .select({ limit: companies.creditLimit })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return null;
  const [held] = await db
    .select({ count: count() })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), onHold));
  return {
    ...toCompanyCredit(company.limit, await openBalanceOfCompany(db, companyId)),
    ordersOnHold: held?.count ?? 0,
  };
}

/** The orders on hold (docs/credit.md#credit-hold-at-approval), for a WHERE. */
export const ON_HOLD_SQL = onHold;

/** How many companies Insights lists as over their limit or on hold, at most. */
export const EXPOSURE_LIST_LIMIT = 25;

/** Insights' credit exposure (docs/credit.md#insights): every company's balance, over-limit and on-hold lists. */
export async function readCreditExposure(db: DatabaseOrTransaction): Promise<CreditExposure> {
  const [total] = await db
    .select({ balance: openBalanceSql() })
    .from(orders)
    .where(sql`${orders.companyId} is not null`);
  const balances = db
    .select({ companyId: orders.companyId, balance: openBalanceSql().as('balance') })
    .from(orders)
    .groupBy(orders.companyId)
    .as('balances');
  const over = await db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      limit: companies.creditLimit,
      balance: balances.balance,
    })
    .from(companies)
    .innerJoin(balances, eq(balances.companyId, companies.id))
    .where(sql`${companies.creditLimit} is not null and ${balances.balance} > ${companies.creditLimit} * 100`)
    .orderBy(desc(sql`${balances.balance} - ${companies.creditLimit} * 100`))
    .limit(EXPOSURE_LIST_LIMIT);
  const held = await db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      orders: count(),
      total: sql<number>`(sum(${orders.orderTotal}) * 100)::float8`,
      since: min(orders.createdAt),
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(onHold)
    .groupBy(companies.id, companies.name)
    .orderBy(asc(min(orders.createdAt)))
    .limit(EXPOSURE_LIST_LIMIT);
  return {
    openBalance: centsToDecimal(Number(total?.balance ?? 0)),
    overLimit: over.map((row) => {
      const balance = Number(row.balance);
      const limit = row.limit ?? 0;
      return {
        companyId: row.companyId,
        companyName: row.companyName,
        limit: centsToDecimal(limit),
        openBalance: centsToDecimal(balance),
        overBy: centsToDecimal(balance - limit),
      };
    }),
    onHold: held.map((row) => ({
      companyId: row.companyId,
      companyName: row.companyName,
      orders: row.orders,
      total: centsToDecimal(Number(row.total)),
    })),
  };
}
