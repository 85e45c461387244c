import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';
import { COMPANY_ROLES } from '../../../shared/company-roles';

/**
 * An owner's invitation of a person into their company (docs/companies.md#invitations). The e-mailed link's
 * secret is made by the worker just before the e-mail leaves, and only its SHA-256 is kept here
 * (`token_hash`); a resend makes a new one, which retires the old link. One invitation is open per company
 * and address at a time; an accepted or revoked one stays as the record of what happened.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased, as `users.email`. */
    email: text('email').notNull(),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    /** A buyer's locations (docs/companies.md#buyers-and-locations), given on accepting; empty for others. */
    locationIds: integer('location_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** The SHA-256 of the link's secret; null until the first e-mail is written. */
    tokenHash: text('token_hash').unique(),
    /** Seven days after the last e-mail was written (database clock). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('company_invitations_role_check', sql`${table.role} in ('owner', 'buyer', 'viewer')`),
    check('company_invitations_email_lowercase_check', sql`${table.email} = lower(${table.email})`),
    check(
      'company_invitations_one_outcome_check',
      sql`${table.acceptedAt} is null or ${table.revokedAt} is null`,
    ),
    uniqueIndex('company_invitations_one_open_idx')
      .on(table.companyId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('company_invitations_company_id_idx').on(table.companyId),
  ],
);

export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;
