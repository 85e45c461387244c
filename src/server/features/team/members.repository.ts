import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { users } from '../../db/schema';

/** The company's people who may sign in (a removed person's account is disabled), owners first. */
export function teamMembersOf(db: DatabaseOrTransaction, companyId: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      role: users.companyRole,
      lastLoginAt: users.lastLoginAt,
      locationIds: sql<number[]>`coalesce((select array_agg(m.location_id order by m.location_id)
        from member_locations m where m.user_id = ${users.id}), '{}'::int[])`,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.status, 'disabled')))
    .orderBy(
      sql`case ${users.companyRole} when 'owner' then 0 when 'buyer' then 1 else 2 end`,
      asc(users.email),
    );
}
