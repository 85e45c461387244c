import { and, eq, type SQL } from 'drizzle-orm';
import type { AccountRow } from '../../../db/schema';
import { orders } from '../../../db/schema';

/**
 * Which orders a customer sees (docs/companies.md#orders): their company's. An owner and a viewer see all of
 * them; a buyer sees the orders they placed themselves (the locations an owner gives a buyer come with
 * invitations). Every customer read of an order goes through a scope, so another company's order is "not
 * found" (docs/security.md#access-control).
 */
export interface OrderScope {
  companyId: number;
  /** Only the orders this person placed; null for the whole company. */
  placedBy: number | null;
}

export function orderScopeOf(account: AccountRow): OrderScope {
  return {
    // A customer always has a company; an account without one (staff) sees no customer's orders.
    companyId: account.companyId ?? -1,
    placedBy: account.companyRole === 'buyer' ? account.id : null,
  };
}

/** The scope as a Drizzle condition on `orders`. */
export const inOrderScope = (scope: OrderScope): SQL | undefined =>
  and(
    eq(orders.companyId, scope.companyId),
    scope.placedBy === null ? undefined : eq(orders.userId, scope.placedBy),
  );

/** The scope's parameters of a named statement's `${SCOPE_SQL}`, at `$n` and `$n+1`. */
export const scopeSql = (first: number) =>
  `o.company_id = $${first}::int and ($${first + 1}::int is null or o.user_id = $${first + 1}::int)`;

export const scopeParams = (scope: OrderScope) => [scope.companyId, scope.placedBy];
