import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * What administrator sign-in keeps beyond the password (docs/security.md#administrator-sign-in): the second
 * factor, its recovery codes, sign-ins waiting for their second step, and the browsers an administrator has
 * signed in from. The admin-session feature is their one writer. Nothing secret is stored raw: the TOTP
 * secret is sealed with AES-256-GCM (ADR 0028), and every token or code only as its SHA-256.
 */

/**
 * An administrator's TOTP second factor (RFC 6238). `enabledAt` is null while an enrolment waits for its
 * first code. `lastUsedStep` is the time step of the last code accepted: a code is accepted only for a later
 * step, so none can be used twice.
 */
export const adminTotp = pgTable('admin_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes of an enrolled administrator, as SHA-256; shown once when made. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [unique('admin_recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

export const ADMIN_LOGIN_CHALLENGE_PURPOSES = ['totp', 'enrol'] as const;

/**
 * A sign-in whose password was right and which waits for its second step: a code ('totp') or, when
 * ADMIN_REQUIRE_TOTP is on, an enrolment ('enrol'). The browser holds the token in an HttpOnly cookie; this
 * row keeps its SHA-256. Short-lived, and dropped after a few wrong codes.
 */
export const adminLoginChallenges = pgTable(
  'admin_login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ADMIN_LOGIN_CHALLENGE_PURPOSES }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('admin_login_challenges_purpose_check', sql`${table.purpose} in ('totp', 'enrol')`),
    index('admin_login_challenges_user_id_idx').on(table.userId),
    index('admin_login_challenges_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Device cookies (OWASP): a browser that completed an administrator's sign-in holds a random token; its
 * SHA-256 is kept here with the account. A sign-in from such a browser is throttled on its own, not by the
 * account's lockout that failures from elsewhere cause.
 */
export const adminDevices = pgTable(
  'admin_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('admin_devices_user_id_idx').on(table.userId),
    index('admin_devices_expires_at_idx').on(table.expiresAt),
  ],
);

export type AdminTotpRow = typeof adminTotp.$inferSelect;
export type AdminLoginChallengeRow = typeof adminLoginChallenges.$inferSelect;
