import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies, type CompanyLocationRow, type CompanyRow, type OrderLocation } from './companies';
import { COMPANY_ROLES } from '../../../shared/company-roles';

export const USER_ROLES = ['customer', 'admin'] as const;
export const USER_STATUSES = ['pending', 'approved', 'rejected', 'disabled'] as const;

/**
 * Customers and staff in one table (docs/accounts-and-roles.md#roles). E-mails are stored lower-cased. Every
 * customer is a member of one company with a role in it (docs/companies.md); staff belong to none.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('pending'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    companyRole: text('company_role', { enum: COMPANY_ROLES }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The person's own choice to receive reorder reminders (docs/reorder-reminders.md): My Account, or the
     * e-mail's one-click unsubscribe.
     */
    reorderReminderEmails: boolean('reorder_reminder_emails').notNull().default(true),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('customer', 'admin')`),
    check('users_status_check', sql`${table.status} in ('pending', 'approved', 'rejected', 'disabled')`),
    check('users_company_role_check', sql`${table.companyRole} in ('owner', 'buyer', 'viewer')`),
    check(
      'users_company_membership_check',
      sql`(${table.companyId} is null) = (${table.companyRole} is null)`,
    ),
    check('users_customer_company_check', sql`${table.role} <> 'customer' or ${table.companyId} is not null`),
    check('users_email_lowercase_check', sql`${table.email} = lower(${table.email})`),
    index('users_status_idx').on(table.status),
    index('users_company_id_idx').on(table.companyId),
  ],
);

/**
 * Server-side sessions (docs/accounts-and-roles.md#sessions): the cookie carries a random token, the row
 * keeps only its SHA-256, so a leaked database cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** A single-use, expiring link token: `token` holds the SHA-256 of the e-mailed secret, never the secret. */
function oneTimeTokenTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      token: text('token').primaryKey(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      used: boolean('used').notNull().default(false),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: createdAt(),
    },
    (table) => [
      index(`${name}_user_id_idx`).on(table.userId),
      index(`${name}_expires_at_idx`).on(table.expiresAt),
    ],
  );
}

/** One-time sign-in links, valid 15 minutes (docs/accounts-and-roles.md#magic-links). */
export const magicLinkTokens = oneTimeTokenTable('magic_link_tokens');

/**
 * Password reset links: same rules as magic links, valid one hour
 * (docs/accounts-and-roles.md#password-reset).
 */
export const passwordResetTokens = oneTimeTokenTable('password_reset_tokens');

export type UserRow = typeof users.$inferSelect;

/**
 * A person with their company, its default location and the locations they may order for (none for staff):
 * what a session carries and GET /api/user shows.
 */
export type AccountRow = UserRow & {
  company: CompanyRow | null;
  location: CompanyLocationRow | null;
  locations: OrderLocation[];
};
