import { eq, sql } from 'drizzle-orm';
import type { PolicyKind } from '../../../shared/policy-pages';
import type { PolicyValues } from '../../../shared/schemas/policies';
import { policyDocuments, type PolicyDocumentRow } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';

// Reads live in ../policies/policies.repository.ts (shared with the public pages); this is the one writer
// after the seed (docs/admin.md#policies).

/** Saves a document's title and text as `userId`'s; undefined when the document does not exist. */
export async function savePolicyDocument(
  db: DatabaseOrTransaction,
  kind: PolicyKind,
  values: PolicyValues,
  userId: number | null,
): Promise<PolicyDocumentRow | undefined> {
  const [row] = await db
    .update(policyDocuments)
    .set({ title: values.title, body: values.body, updatedAt: sql`now()`, updatedBy: userId })
    .where(eq(policyDocuments.kind, kind))
    .returning();
  return row;
}
