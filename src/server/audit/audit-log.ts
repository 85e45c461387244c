import { auditLog } from '../db/schema';
import type { DatabaseOrTransaction } from '../db/client';

/** Who did it, from where: a request, or anything with the acting user's id and the address. */
export type AuditActor = { user: { id: number } | null; ip: string };

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
