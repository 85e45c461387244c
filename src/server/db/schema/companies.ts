import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'companies_payment_terms_check',
      sql`${table.paymentTerms} in ('on_approval', 'net15', 'net30', 'net60')`,
    ),
    check('companies_name_check', sql`length(trim(${table.name})) > 0`),
    index('companies_name_idx').on(table.name),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
