import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema';
import type { DatabaseOrTransaction } from '../db/client';

/** Who acts: the administrator's request (its user and address). */
export type AuditActor = Pick<FastifyRequest, 'user' | 'ip'>;

export interface AuditEntry {
  /** What was done, verb first: 'user.approve', 'order.status', 'pricing-tier.update'. */
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records an administrator's action (who, what, when, before/after) in the caller's transaction, so the
 * entry exists exactly when the change does (issue 6). `request.user` is the administrator.
 */
export async function recordAudit(
  db: DatabaseOrTransaction,
  request: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: request.user?.id ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: request.ip,
  });
}
