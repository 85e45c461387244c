import { and, eq, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, updatedAt } from './columns';
import { PAYMENT_TERMS } from '../../../shared/payment-terms';

/**
 * The retail businesses that buy (docs/companies.md): what a registration creates, with the people of
 * `users` as its members. What is about the business, not the person, lives here: its name and how it pays.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    /** The business name, as registered (or the registering person's name when none was given). */
    name: text('name').notNull(),
    /** How the business pays (docs/orders.md#payment-terms); staff set it in Users. */
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('on_approval'),
    /** How much the company may owe at once, in cents (docs/credit.md#credit-limit); null: no limit. */
    creditLimit: cents('credit_limit'),
    /**
     * When staff and the owners were told the open balance reached 80 % of the limit; cleared when an approval
     * finds it below again, so the notice goes once per crossing (docs/credit.md#the-80-notice).
     */
    creditNoticeSentAt: timestamp('credit_notice_sent_at', { withTimezone: true }),
    /** Reorder reminders for this company (docs/reorder-reminders.md): staff may turn them off. */
    reorderReminders: boolean('reorder_reminders').notNull().default(true),
    /** A fixed reminder interval staff set, in days; null: learned from the company's orders. */
    reorderIntervalDays: integer('reorder_interval_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'companies_payment_terms_check',
      sql`${table.paymentTerms} in ('on_approval', 'net15', 'net30', 'net60')`,
    ),
    check('companies_name_check', sql`length(trim(${table.name})) > 0`),
    check('companies_credit_limit_check', sql`${table.creditLimit} is null or ${table.creditLimit} >= 0`),
    check(
      'companies_reorder_interval_check',
      sql`${table.reorderIntervalDays} is null or ${table.reorderIntervalDays} between 1 and 365`,
    ),
    index('companies_name_idx').on(table.name),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;

/**
 * A company's places (docs/companies.md#locations): where orders ship to and are billed. Every company has
 * one or more, exactly one of them its default. The address columns are those a person had before: the
 * combined strings and the split lines, billing left empty when it is the shipping address.
 */
export const companyLocations = pgTable(
  'company_locations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    shippingAddress: text('shipping_address'),
    shippingAddressLine1: text('shipping_address_line1'),
    shippingAddressLine2: text('shipping_address_line2'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZip: text('shipping_zip'),
    shippingCountry: text('shipping_country').default('USA'),
    billingAddress: text('billing_address'),
    billingAddressLine1: text('billing_address_line1'),
    billingAddressLine2: text('billing_address_line2'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingZip: text('billing_zip'),
    billingCountry: text('billing_country').default('USA'),
    /**
     * A reseller's tax exemption, set by staff (docs/companies.md#tax-exemption): the certificate number, the
     * state that issued it and the last day it is valid. All three or none.
     */
    taxExemptCertificate: text('tax_exempt_certificate'),
    taxExemptState: text('tax_exempt_state'),
    taxExemptExpiresOn: date('tax_exempt_expires_on', { mode: 'string' }),
    /** When staff were reminded that it expires within 30 days (once per exemption). */
    taxExemptRemindedAt: timestamp('tax_exempt_reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('company_locations_name_check', sql`length(trim(${table.name})) > 0`),
    check(
      'company_locations_tax_exemption_check',
      sql`(${table.taxExemptCertificate} is null) = (${table.taxExemptState} is null) and (${table.taxExemptCertificate} is null) = (${table.taxExemptExpiresOn} is null)`,
    ),
    index('company_locations_tax_exempt_expires_idx')
      .on(table.taxExemptExpiresOn)
      .where(sql`${table.taxExemptCertificate} is not null and ${table.taxExemptRemindedAt} is null`),
    index('company_locations_company_id_idx').on(table.companyId),
    uniqueIndex('company_locations_one_default_idx')
      .on(table.companyId)
      .where(sql`${table.isDefault}`),
  ],
);

export type CompanyLocationRow = typeof companyLocations.$inferSelect;

/** A location as a person orders for it: its name and shipping address (docs/companies.md#locations). */
export type OrderLocation = Pick<
  CompanyLocationRow,
  | 'id'
  | 'name'
  | 'isDefault'
  | 'shippingAddress'
  | 'shippingAddressLine1'
  | 'shippingAddressLine2'
  | 'shippingCity'
  | 'shippingState'
  | 'shippingZip'
  | 'shippingCountry'
> & {
  /** The location's tax exemption while it is valid (docs/companies.md#tax-exemption); null otherwise. */
  taxExemption: TaxExemption | null;
};

export interface TaxExemption {
  certificateNumber: string;
  state: string;
  /** The last day it is valid, 'YYYY-MM-DD'. */
  expiresOn: string;
}

/** The join condition of a company's default location, for the reads that carry it with the person. */
export const defaultLocationOf = (companyId: AnyPgColumn) =>
  and(eq(companyLocations.companyId, companyId), eq(companyLocations.isDefault, true));
