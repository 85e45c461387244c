import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AccountRow } from '../../../db/schema';
import { orders } from '../../../db/schema';

/**
 * Which orders a customer sees (docs/companies.md#orders): their company's. An owner and a viewer see all of
 * them; a buyer sees the orders they placed and those of the locations an owner gave them
 * (docs/companies.md#buyers-and-locations). Every customer read of an order goes through a scope, so another
 * company's order is "not found" (docs/security.md#access-control). A scope may also narrow the reads to
 * one location (order history's filter).
 */
export interface OrderScope {
  companyId: number;
  /** A buyer's own id: only the orders they placed or of `locationIds`; null for the whole company. */
  placedBy: number | null;
  /** A buyer's locations (read with the session); empty for everyone else. */
  locationIds: number[];
  /** Only the orders of this location (history's filter); null for every location in scope. */
  locationId: number | null;
}

export function orderScopeOf(account: AccountRow, locationId: number | null = null): OrderScope {
  const isBuyer = account.companyRole === 'buyer';
  return {
    // A customer always has a company; an account without one (staff) sees no customer's orders.
    companyId: account.companyId ?? -1,
    placedBy: isBuyer ? account.id : null,
    locationIds: isBuyer ? account.locations.map((location) => location.id) : [],
    locationId,
  };
}

/** The scope as a Drizzle condition on `orders`. */
export const inOrderScope = (scope: OrderScope): SQL | undefined =>
  and(
    eq(orders.companyId, scope.companyId),
    scope.placedBy === null
      ? undefined
      : scope.locationIds.length === 0
        ? eq(orders.userId, scope.placedBy)
        : or(eq(orders.userId, scope.placedBy), inArray(orders.locationId, scope.locationIds)),
    scope.locationId === null ? undefined : eq(orders.locationId, scope.locationId),
  );

/** The scope's condition in a named statement, with its four parameters at `$first` to `$first+3`. */
export const scopeSql = (first: number) => {
  const [company, placedBy, locationIds, locationId] = [0, 1, 2, 3].map((offset) => `$${first + offset}`);
  return `o.company_id = ${company}::int
    and (${placedBy}::int is null or o.user_id = ${placedBy}::int or o.location_id = any(${locationIds}::int[]))
    and (${locationId}::int is null or o.location_id = ${locationId}::int)`;
};

export const scopeParams = (scope: OrderScope) => [
  scope.companyId,
  scope.placedBy,
  scope.locationIds,
  scope.locationId,
];
