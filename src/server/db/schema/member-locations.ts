import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companyLocations, type OrderLocation } from './companies';
import { users } from './users';

/**
 * The locations an owner gives a buyer (docs/companies.md#buyers-and-locations): the buyer orders for these
 * and sees their orders. Owners and viewers have every location of their company and no rows here.
 */
export const memberLocations = pgTable(
  'member_locations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => companyLocations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.locationId] }),
    index('member_locations_location_id_idx').on(table.locationId),
  ],
);

/**
 * The locations a person may order for, as one JSON array beside their row (docs/companies.md#buyers-and-locations):
 * every location of their company for an owner or a viewer, the ones given to them for a buyer; the default
 * first, then by name. Read with the session (ADR 0036), so placing an order needs no extra round trip.
 */
export const orderLocationsOfUser: SQL<OrderLocation[]> = sql<OrderLocation[]>`coalesce((
  select json_agg(json_build_object(
      'id', l.id, 'name', l.name, 'isDefault', l.is_default,
      'shippingAddress', l.shipping_address, 'shippingAddressLine1', l.shipping_address_line1,
      'shippingAddressLine2', l.shipping_address_line2, 'shippingCity', l.shipping_city,
      'shippingState', l.shipping_state, 'shippingZip', l.shipping_zip, 'shippingCountry', l.shipping_country,
      'taxExemption', case when l.tax_exempt_certificate is not null and l.tax_exempt_expires_on >= (now() at time zone 'utc')::date
        then json_build_object('certificateNumber', l.tax_exempt_certificate, 'state', l.tax_exempt_state,
          'expiresOn', l.tax_exempt_expires_on) end
    ) order by l.is_default desc, l.name, l.id)
  from company_locations l
  where l.company_id = ${users.companyId}
    and (${users.companyRole} <> 'buyer'
      or exists (select 1 from member_locations m where m.user_id = ${users.id} and m.location_id = l.id))
), '[]'::json)`;
