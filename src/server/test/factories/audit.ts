import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/** What the audit rows a test reads are about. */
export interface AuditQuery {
  /** 'order', 'user', 'support_message', 'pricing_tier', …, as the audit entry names it. */
  entityType: string;
  /** The entity's id; null for an action on no single entity (an export, a reconciliation run). */
  entityId: number | string | null;
  /** Only this action ('order.export', …) when given. */
  action?: string;
}

/** The audit rows about one entity (or, with `entityId: null`, about none), oldest first. */
export function auditRowsOf(db: Database, { entityType, entityId, action }: AuditQuery) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, entityType),
        entityId === null ? isNull(auditLog.entityId) : eq(auditLog.entityId, String(entityId)),
        action === undefined ? undefined : eq(auditLog.action, action),
      ),
    )
    .orderBy(asc(auditLog.id));
}
