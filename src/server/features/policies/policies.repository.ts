import { eq } from 'drizzle-orm';
import { POLICY_KINDS, type PolicyKind } from '../../../shared/policy-pages';
import type { AdminPolicy, PublicPolicy } from '../../../shared/schemas/policies';
import { fullName } from '../../../shared/user-name';
import { policyDocuments, users, type PolicyDocumentRow } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';

// The writes are the administrator's (../admin-policies/admin-policies.repository.ts) and the seed's.

/** Who saved a document last, as the Policies section names them. */
type Author = { id: number; firstName: string | null; lastName: string | null; username: string } | null;

/** A policy document with its last author. */
export interface PolicyWithAuthor {
  policy: PolicyDocumentRow;
  author: Author;
}

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

/**
 * One document, or undefined. `lock: 'update'` holds its row for the rest of the caller's transaction, so
 * two saves of the same document take turns and each audit entry's "before" is what that save replaced.
 */
export async function findPolicy(
  db: DatabaseOrTransaction,
  kind: PolicyKind,
  lock?: 'update',
): Promise<PolicyDocumentRow | undefined> {
  const query = db.select().from(policyDocuments).where(eq(policyDocuments.kind, kind));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

/** Every document with its last author, in the footer's order: terms, then privacy (docs/admin.md#policies). */
export async function findPoliciesWithAuthors(db: DatabaseOrTransaction): Promise<PolicyWithAuthor[]> {
  const rows = await db
    .select({ policy: policyDocuments, author: authorColumns })
    .from(policyDocuments)
    .leftJoin(users, eq(users.id, policyDocuments.updatedBy));
  const rank = (row: PolicyWithAuthor) => POLICY_KINDS.indexOf(row.policy.kind);
  return rows.sort((a, b) => rank(a) - rank(b));
}

/** A document as the public page reads it. */
export function toPublicPolicy(row: PolicyDocumentRow): PublicPolicy {
  return { kind: row.kind, title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() };
}

/** A document as staff edit it, with the name of who saved it last. */
export function toAdminPolicy({ policy, author }: PolicyWithAuthor): AdminPolicy {
  return {
    ...toPublicPolicy(policy),
    updatedBy: author
      ? {
          id: author.id,
          name: fullName(author),
        }
      : null,
  };
}
