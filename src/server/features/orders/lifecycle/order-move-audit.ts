import { recordAudit, type AuditActor } from '../../../audit/audit-log';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { OrderRow } from '../../../db/schema';

/**
 * The audit entry of a move a buyer or the clock made (a cancellation, a confirmation, a decline, an expiry):
 * the order's status and version before and after, and what else the move carries (a reason).
 */
export function recordOrderMove(
  tx: DatabaseOrTransaction,
  actor: AuditActor,
  action: string,
  before: OrderRow,
  after: OrderRow,
  extra: Record<string, unknown> = {},
) {
  return recordAudit(tx, actor, {
    action,
    entityType: 'order',
    entityId: before.id,
    before: { status: before.status, version: before.version },
    after: { status: after.status, version: after.version, ...extra },
  });
}
