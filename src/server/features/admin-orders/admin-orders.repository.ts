import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Orderer } from '../../../shared/schemas/order-changes';
import { fullName } from '../../../shared/user-name';
import type { DatabaseOrTransaction } from '../../db/client';
import { companies, orderLocationsOfUser, supportMessages, users } from '../../db/schema';

/** How many support messages are about each of `orderIds` (issue 7), in one query; absent ids have none. */
export async function countSupportMessagesOfOrders(
  db: DatabaseOrTransaction,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: supportMessages.specificOrderId, total: count() })
    .from(supportMessages)
    .where(inArray(supportMessages.specificOrderId, [...orderIds]))
    .groupBy(supportMessages.specificOrderId);
  return new Map(rows.flatMap((row) => (row.orderId === null ? [] : [[row.orderId, row.total] as const])));
}

/** The names of the companies of `ids` as they are now (an order's company, docs/companies.md). */
export async function findCompanyNames(
  db: DatabaseOrTransaction,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The most people the New order search answers with. */
const ORDERERS_LIMIT = 20;

/**
 * The people staff may prepare an order for (docs/orders.md#staff-prepare-an-order): approved customers who
 * own or buy for their company, whose name, e-mail, username or company name contains `search` (any case),
 * with the locations they order for; by company, then name.
 */
export async function findOrderers(
  db: DatabaseOrTransaction,
  search: string | undefined,
): Promise<Orderer[]> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      companyId: users.companyId,
      companyRole: users.companyRole,
      companyName: companies.name,
      locations: orderLocationsOfUser,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(users.role, 'customer'),
        eq(users.status, 'approved'),
        inArray(users.companyRole, ['owner', 'buyer']),
        pattern === null
          ? undefined
          : or(
              ilike(users.email, pattern),
              ilike(users.username, pattern),
              ilike(companies.name, pattern),
              ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
            ),
      ),
    )
    .orderBy(asc(companies.name), asc(users.email))
    .limit(ORDERERS_LIMIT);
  return rows.map((row) => ({
    userId: row.id,
    name: fullName(row) || row.username,
    email: row.email,
    companyId: row.companyId ?? 0,
    companyName: row.companyName,
    companyRole: row.companyRole === 'owner' ? 'owner' : 'buyer',
    locations: row.locations.map((location) => ({ id: location.id, name: location.name })),
  }));
}
