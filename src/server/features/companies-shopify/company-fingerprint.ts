import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { selectRows } from '../../db/select-rows';

/*
 * When a company must be synced to Shopify again (docs/shopify.md#b2b-companies): its fingerprint is a hash
 * of everything the sync sends — the company's name and payment terms, each location's name, phone,
 * addresses and valid tax exemption, each member's e-mail, name, phone, role, status and locations. The sync
 * stores the fingerprint it read before sending; the reconcile job syncs every company whose fingerprint
 * differs. So no code path that changes a company (the Team page, staff, a merge, an exemption that expires
 * at midnight) has to remember to queue a sync: one query notices them all.
 */

/** The fingerprint of company `c` (the alias the queries below give `companies`) on the UTC day `today`. */
const fingerprintOf = (today: string): SQL => sql`md5(concat_ws('|', c.name, c.payment_terms,
  (select json_agg(json_build_array(l.id, l.name, l.phone, l.is_default,
      l.shipping_address_line1, l.shipping_address_line2, l.shipping_city, l.shipping_state, l.shipping_zip,
      l.shipping_country, l.billing_address_line1, l.billing_address_line2, l.billing_city, l.billing_state,
      l.billing_zip, l.billing_country,
      case when l.tax_exempt_expires_on >= ${today}::date
        then concat_ws(',', l.tax_exempt_certificate, l.tax_exempt_state, l.tax_exempt_expires_on) end)
    order by l.id)::text
   from company_locations l where l.company_id = c.id),
  (select json_agg(json_build_array(u.id, lower(u.email), u.first_name, u.last_name, u.phone, u.company_role,
      u.status, (select json_agg(m.location_id order by m.location_id) from member_locations m
                 where m.user_id = u.id))
    order by u.id)::text
   from users u where u.company_id = c.id)))`;

/**
 * A company to keep in Shopify: it has an approved member (it was approved: created on approval), or it is
 * in Shopify already (its last people may have been disabled: their contacts must go).
 */
const isApprovedCompany = sql`(exists (select 1 from users a where a.company_id = c.id and a.status = 'approved')
  or s.shopify_company_id is not null)`;

/**
 * How long a company refused for the app's missing companies scope waits before it is tried again: its
 * refusal is not tied to the company (no fingerprint recorded), so without a pause every company would be
 * tried every minute until staff grant the scope.
 */
export const ACCESS_DENIED_RETRY_MS = 60 * 60_000;

/** The companies whose Shopify copy is missing or out of date, oldest change first, at most `limit`. */
export async function companiesDueForSync(
  db: DatabaseOrTransaction,
  now: Date,
  limit: number,
): Promise<number[]> {
  const today = now.toISOString().slice(0, 10);
  const retryAfter = new Date(now.getTime() - ACCESS_DENIED_RETRY_MS).toISOString();
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select c.id from companies c left join shopify_companies s on s.company_id = c.id
        where ${isApprovedCompany} and s.synced_fingerprint is distinct from ${fingerprintOf(today)}
          and not (s.synced_fingerprint is null and s.sync_error is not null
                   and s.updated_at > ${retryAfter}::timestamptz)
        order by c.updated_at limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * The company's fingerprint now, and whether it has been synced as it is; null when it must not be in
 * Shopify (it does not exist, or has no approved member yet).
 */
export async function companySyncState(
  db: DatabaseOrTransaction,
  companyId: number,
  today: string,
): Promise<{ fingerprint: string; upToDate: boolean } | null> {
  const [row] = await selectRows<{ fingerprint: string; synced: string | null }>(
    db,
    sql`select ${fingerprintOf(today)} as fingerprint, s.synced_fingerprint as synced
        from companies c left join shopify_companies s on s.company_id = c.id
        where c.id = ${companyId} and ${isApprovedCompany}`,
  );
  return row ? { fingerprint: row.fingerprint, upToDate: row.fingerprint === row.synced } : null;
}
