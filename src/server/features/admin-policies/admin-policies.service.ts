import type { PolicyKind } from '../../../shared/policy-pages';
import { POLICY_MESSAGES, type AdminPolicy, type PolicyValues } from '../../../shared/schemas/policies';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/audit-log';
import { AppError } from '../../errors';
import type { AdminDeps } from '../admin';
import { findPoliciesWithAuthors, findPolicy, toAdminPolicy, toPublicPolicy } from '../policies';
import { savePolicyDocument } from './admin-policies.repository';

const notFound = () => new AppError('NOT_FOUND', POLICY_MESSAGES.notFound);

/**
 * The admin Policies section (docs/admin.md#policies): both documents with who saved them last, and saving
 * one, audited like the FAQ: the change and its audit entry commit together.
 */
export function createAdminPoliciesService({ db }: AdminDeps) {
  return {
    async listPolicies(): Promise<AdminPolicy[]> {
      return (await findPoliciesWithAuthors(db)).map(toAdminPolicy);
    },

    updatePolicy(
      actor: Pick<FastifyRequest, 'user' | 'ip'>,
      kind: PolicyKind,
      values: PolicyValues,
    ): Promise<AdminPolicy> {
      const author = actor.user ?? null;
      return db.transaction(async (tx) => {
        const before = await findPolicy(tx, kind, 'update');
        if (!before) throw notFound();
        const updated = await savePolicyDocument(tx, kind, values, author?.id ?? null);
        if (!updated) throw notFound();
        await recordAudit(tx, actor, {
          action: 'policy.update',
          entityType: 'policy_document',
          entityId: kind,
          before: toPublicPolicy(before),
          after: toPublicPolicy(updated),
        });
        return toAdminPolicy({ policy: updated, author });
      });
    },
  };
}
