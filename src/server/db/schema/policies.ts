import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { POLICY_KINDS } from '../../../shared/policy-pages';
import { users } from './users';

/**
 * The Terms & Conditions and the Privacy Policy, one row each (docs/admin.md#policies): seeded with starter
 * text, then written only by staff through the admin Policies section. `body` is plain text with a few
 * markings, never HTML. `updatedBy` is null for the starter text (and once its author's account is deleted).
 */
export const policyDocuments = pgTable(
  'policy_documents',
  {
    kind: text('kind', { enum: POLICY_KINDS }).primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('policy_documents_kind_check', sql`${table.kind} in ('terms', 'privacy')`)],
);

export type PolicyDocumentRow = typeof policyDocuments.$inferSelect;
