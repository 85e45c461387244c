import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies, companyLocations } from './companies';
import { users } from './users';

/*
 * Where the portal's companies live in the connected Shopify store (docs/shopify.md#b2b-companies, ADR 0037).
 * Kept beside the portal's own tables rather than in them: one feature (features/companies-shopify) writes
 * these, and a company, a location or a person is the same whether a store is connected or not.
 */

/** A company's Shopify B2B company, and how far the last sync got. */
export const shopifyCompanies = pgTable('shopify_companies', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** The Company GID; null until it is created (or found again by its external id). */
  shopifyCompanyId: text('shopify_company_id').unique(),
  /**
   * The fingerprint of the portal state the last successful sync sent (company-fingerprint.ts): the
   * reconcile job syncs a company again when its state no longer matches.
   */
  syncedFingerprint: text('synced_fingerprint'),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  /** The last failure staff must act on (a refused address, a contact owned by another company), or null. */
  syncError: text('sync_error'),
  /**
   * Until when a sync holds the company (claimed before its first call, released at its end): the sync job
   * and a draft's inline sync never run at once, which would create the same contact or role twice.
   */
  syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A location's Shopify company location, and the tax exemption the portal gave it there. */
export const shopifyCompanyLocations = pgTable('shopify_company_locations', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => companyLocations.id, { onDelete: 'cascade' }),
  shopifyLocationId: text('shopify_location_id').notNull().unique(),
  /**
   * The `TaxExemption` value the portal assigned (e.g. US_TX_RESELLER_EXEMPTION), so a sync removes only its
   * own when the certificate changes or expires, never one the merchant set by hand.
   */
  taxExemption: text('tax_exemption'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A person's Shopify company contact (and the customer it is). `companyId` is the company the contact was
 * made in: a person moved to another company is removed from the old one's contacts by the next sync.
 */
export const shopifyCompanyContacts = pgTable('shopify_company_contacts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** No foreign key: after a merge the old company is gone, and its contact must still be released. */
  companyId: integer('company_id').notNull(),
  shopifyContactId: text('shopify_contact_id').notNull().unique(),
  shopifyCustomerId: text('shopify_customer_id').notNull(),
  /** What was last sent for the person (name, phone), to update only what changed. */
  sent: jsonb('sent').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type ShopifyCompanyRow = typeof shopifyCompanies.$inferSelect;
export type ShopifyCompanyContactRow = typeof shopifyCompanyContacts.$inferSelect;
