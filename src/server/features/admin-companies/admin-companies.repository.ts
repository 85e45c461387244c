import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/client';
import {
  auditLog,
  companies,
  companyLocations,
  orders,
  supportMessages,
  users,
  type CompanyLocationRow,
  type CompanyRow,
  type UserRow,
} from '../../db/schema';

/*
 * The reads of admin Companies (docs/companies.md#admin-companies). Nothing here writes: the changes go
 * through the accounts feature's and the orders feature's named writes.
 */

/** Escapes LIKE's wildcards (and its escape character) so the user's % and _ match themselves. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A person's name as the portal shows it: 'First Last', else the username (shared/user-name.ts). */
const personName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn; username: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${table.username})`;

/** The search of the list: the company's name, or a member's e-mail or name (case-insensitive substring). */
function companySearch(search: string): SQL | undefined {
  if (search === '') return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    sql`${companies.name} ilike ${pattern}`,
    sql`exists (select 1 from users member where member.company_id = "companies"."id" and (
      member.email ilike ${pattern} or coalesce(nullif(trim(concat_ws(' ', member.first_name, member.last_name)), ''),
      member.username) ilike ${pattern}))`,
  );
}

/**
 * How many rows of `table` belong to the listed company. Spelled out in SQL: in a select list of one table
 * Drizzle leaves its columns unqualified, which inside a subquery would name the subquery's own table.
 */
const countOf = (table: 'users' | 'company_locations' | 'orders') =>
  sql<number>`(select count(*) from ${sql.identifier(table)} member where member.company_id = "companies"."id")`.mapWith(
    Number,
  );

export interface CompanyListRow {
  company: CompanyRow;
  peopleCount: number;
  locationCount: number;
  orderCount: number;
}

/**
 * One page of the matching companies, newest first (the id breaks ties), each with how many people,
 * locations and orders it has, and how many match in all.
 */
export async function findCompaniesPage(
  db: DatabaseOrTransaction,
  search: string,
  page: { limit: number; offset: number },
): Promise<{ rows: CompanyListRow[]; total: number }> {
  const where = companySearch(search);
  const found = await db
    .select({
      company: companies,
      peopleCount: countOf('users'),
      locationCount: countOf('company_locations'),
      orderCount: countOf('orders'),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(companies)
    .where(where)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(page.limit)
    .offset(page.offset);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page.offset > 0) {
    const [row] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(companies)
      .where(where);
    total = row?.total ?? 0;
  }
  return { rows: found.map(({ total: _total, ...row }) => row), total };
}

export async function findCompany(db: DatabaseOrTransaction, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

/**
 * Locks the companies of `ids` in id order (so two merges of the same pair queue instead of deadlocking) and
 * returns those that exist.
 */
export async function lockCompanies(
  db: DatabaseOrTransaction,
  ids: readonly number[],
): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(inArray(companies.id, [...ids]))
    .orderBy(asc(companies.id))
    .for('update');
}

/**
 * Locks the people of company `companyId` in id order and returns them: a role change or a move checks the
 * owners after the lock, so two concurrent demotions cannot leave the company without one.
 */
export function lockMembers(db: DatabaseOrTransaction, companyId: number): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.id)).for('update');
}

/**
 * The person, not locked: a move locks the companies first and then the members of the company they leave
 * (lockMembers), in the order every change of membership takes its locks, so none waits for another in a
 * circle.
 */
export async function findUser(db: DatabaseOrTransaction, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The company's locations, its default first, then by name. */
export function findLocations(db: DatabaseOrTransaction, companyId: number): Promise<CompanyLocationRow[]> {
  return db
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(desc(companyLocations.isDefault), asc(companyLocations.name), asc(companyLocations.id));
}

/** The company's people, owners first, then by name. */
export function findMembers(db: DatabaseOrTransaction, companyId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(
      sql`case ${users.companyRole} when 'owner' then 0 when 'buyer' then 1 else 2 end`,
      asc(personName(users)),
      asc(users.id),
    );
}

const placer = alias(users, 'placer');

/** The company's newest orders with who placed each, and how many it has in all. */
export async function findRecentOrders(db: DatabaseOrTransaction, companyId: number, limit: number) {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      orderTotal: orders.orderTotal,
      placedById: placer.id,
      placedByName: personName(placer),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(placer, eq(placer.id, orders.userId))
    .where(eq(orders.companyId, companyId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The newest support messages of the people of `userIds`. */
export function findSupportMessagesOf(db: DatabaseOrTransaction, userIds: readonly number[], limit: number) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: supportMessages.id,
      subject: supportMessages.subject,
      status: supportMessages.status,
      createdAt: supportMessages.createdAt,
      userId: users.id,
      userName: personName(users),
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .where(inArray(supportMessages.userId, [...userIds]))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(limit);
}

const actor = alias(users, 'actor');

/**
 * The newest audit entries about the company: about it (a merge), about its people now, and about anyone
 * whose entry names the company (`companyId` before or after: a person who left it, its payment terms).
 */
export function findAuditOfCompany(
  db: DatabaseOrTransaction,
  companyId: number,
  memberIds: readonly number[],
  limit: number,
) {
  const id = String(companyId);
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorName: sql<string | null>`case when ${actor.id} is null then null else ${personName(actor)} end`,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(
      or(
        and(eq(auditLog.entityType, 'company'), eq(auditLog.entityId, id)),
        and(
          eq(auditLog.entityType, 'user'),
          or(
            memberIds.length > 0 ? inArray(auditLog.entityId, memberIds.map(String)) : undefined,
            sql`${auditLog.before}->>'companyId' = ${id}`,
            sql`${auditLog.after}->>'companyId' = ${id}`,
          ),
        ),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
