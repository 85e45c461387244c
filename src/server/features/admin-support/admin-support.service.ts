import type {
  AdminSupportListQuery,
  AdminSupportListResponse,
  AdminSupportMessage,
  SupportMessageStatus,
} from '../../../shared/schemas/admin-support';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import { notFound } from '../../errors';
import type { AdminDeps } from '../admin';

import {
  countSupportMessagesByStatus,
  findSupportMessagesPage,
  lockSupportMessage,
  supportFilterCondition,
  updateSupportMessageStatus,
} from './admin-support.repository';
import { readStoredCustomer, readStoredOrderDetails, readStoredRecentOrders } from './stored-support';
import type { SupportMessageRow } from '../../db/schema';

const MESSAGE_NOT_FOUND = 'Support message not found';

export function toAdminSupportMessage(row: SupportMessageRow): AdminSupportMessage {
  return {
    id: row.id,
    subject: row.subject,
    priority: row.priority,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customer: readStoredCustomer(row.userInfo, row.userId),
    order: readStoredOrderDetails(row.orderDetails, row.specificOrderId),
    recentOrders: readStoredRecentOrders(row.recentOrders),
  };
}

/** The staff support inbox (issue 7, beyond the spec): the messages and their open / answered / closed state. */
export function createAdminSupportService({ db }: AdminDeps) {
  return {
    /** GET /api/admin/support/messages: the matching messages, newest first, and the inbox's counts. */
    async listMessages(query: AdminSupportListQuery): Promise<AdminSupportListResponse> {
      const { rows, total } = await findSupportMessagesPage(db, supportFilterCondition(query), {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        messages: rows.map(toAdminSupportMessage),
        total,
        page: query.page,
        totalPages: Math.ceil(total / query.limit),
        counts: await countSupportMessagesByStatus(db),
      };
    },

    /**
     * PATCH /api/admin/support/messages/{id}: the change and its audit entry commit together; the same
     * status again changes nothing (not even updatedAt) and records nothing.
     */
    updateStatus(
      actor: AuditActor,
      id: number,
      status: SupportMessageStatus,
    ): Promise<{ message: AdminSupportMessage }> {
      return db.transaction(async (tx) => {
        const before = await lockSupportMessage(tx, id);
        if (!before) throw notFound(MESSAGE_NOT_FOUND);
        if (before.status === status) return { message: toAdminSupportMessage(before) };
        const updated = await updateSupportMessageStatus(tx, id, status);
        await recordAudit(tx, actor, {
          action: 'support-message.status',
          entityType: 'support_message',
          entityId: id,
          before: { status: before.status },
          after: { status: updated.status },
        });
        return { message: toAdminSupportMessage(updated) };
      });
    },
  };
}
