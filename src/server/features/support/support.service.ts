import { centsToDecimal } from '../../../shared/money';
import { formatOrderNumber, toOrderStatus } from '../../../shared/orders';
import { fullName } from '../../../shared/user-name';
import {
  isOrderIssueSubject,
  orderIssueSubject,
  SUPPORT_MESSAGES_PER_HOUR,
  SUPPORT_RECENT_ORDERS,
  type SupportOrderDetails,
  type SupportPriority,
  type SupportRecentOrder,
  type SupportUserInfo,
} from '../../../shared/schemas/support';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import type { Env } from '../../env';
import { enqueueEmail } from '../../mail/email.jobs';
import { findOrderInScope, findOrdersInScope, orderScopeOf } from '../orders';

import { supportMessageEmail } from './support-emails';
import { findSecondsLeftInHour, insertSupportMessage, lockSupportSender } from './support.repository';
import type { AccountRow, OrderRow } from '../../db/schema';

/** What the customer chose and wrote; everything else about the message comes from the database. */
export interface SupportMessageInput {
  subject: string;
  priority: SupportPriority;
  message: string;
  specificOrderId?: number | null | undefined;
}

export type SendSupportMessageResult = { sent: true } | { sent: false; retryAfterSeconds: number };

/**
 * The customer as a support message describes them (docs/support-and-faq.md#what-a-support-message-carries),
 * from their account.
 */
export function toSupportUserInfo(user: AccountRow): SupportUserInfo {
  return {
    id: user.id,
    name: fullName(user),
    email: user.email,
    phone: user.phone?.trim() || 'Not provided',
    businessName: user.company?.name ?? '',
    accountCreated: user.createdAt.toISOString(),
  };
}

/** A recent order with its real total (the spec's was always 0). */
export function toSupportRecentOrder(order: OrderRow): SupportRecentOrder {
  return {
    id: order.id,
    orderNumber: formatOrderNumber(order.id),
    date: order.createdAt.toISOString(),
    status: toOrderStatus(order.status),
    total: centsToDecimal(order.orderTotal),
  };
}

export function toSupportOrderDetails(order: OrderRow): SupportOrderDetails {
  return {
    id: order.id,
    orderNumber: formatOrderNumber(order.id),
    status: toOrderStatus(order.status),
    createdAt: order.createdAt.toISOString(),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    businessName: order.businessName,
    notes: order.notes,
    shopifyOrderId: order.shopifyOrderId,
  };
}

/**
 * An order-issue subject names an order, so the server writes it from the customer's own order; one that
 * names someone else's order (or none) becomes the plain 'order-issue' subject. Staff never read an order
 * number, or text, in a subject that the order link does not back.
 */
function subjectFor(subject: string, order: OrderRow | null): string {
  if (!isOrderIssueSubject(subject)) return subject;
  return order ? orderIssueSubject(order.id) : 'order-issue';
}

/**
 * The order the message is about, only when the customer may see it (their company's,
 * docs/companies.md#orders); anything else is silently dropped.
 */
async function findVisibleOrder(
  db: DatabaseOrTransaction,
  user: AccountRow,
  orderId: number | null | undefined,
) {
  return orderId ? findOrderInScope(db, orderScopeOf(user), orderId) : null;
}

/**
 * The contact form (docs/support-and-faq.md#contact-form,
 * docs/support-and-faq.md#what-a-support-message-carries; issue 7).
 */
export function createSupportService({ db, env }: { db: Database; env: Env }) {
  return {
    /**
     * POST /api/support/contact: stores the message with the customer's details, recent orders and (for
     * their own order only) the order's details, and queues the e-mail to the support inbox in the same
     * transaction. At most SUPPORT_MESSAGES_PER_HOUR per customer in any hour, counted in the database so
     * the limit holds across restarts and instances.
     */
    sendMessage(user: AccountRow, input: SupportMessageInput): Promise<SendSupportMessageResult> {
      return db.transaction(async (tx) => {
        await lockSupportSender(tx, user.id);
        const inWindow = await findSecondsLeftInHour(tx, user.id, SUPPORT_MESSAGES_PER_HOUR);
        if (inWindow.length >= SUPPORT_MESSAGES_PER_HOUR) {
          // When the limit-th newest message leaves the hour, the next one may go through.
          const secondsLeft = inWindow[SUPPORT_MESSAGES_PER_HOUR - 1] ?? 0;
          return { sent: false, retryAfterSeconds: Math.max(1, Math.ceil(secondsLeft)) };
        }

        const scope = orderScopeOf(user);
        const { rows } = await findOrdersInScope(tx, scope, { limit: SUPPORT_RECENT_ORDERS, offset: 0 });
        const order = await findVisibleOrder(tx, user, input.specificOrderId);
        const userInfo = toSupportUserInfo(user);
        const recentOrders = rows.map(toSupportRecentOrder);
        const orderDetails = order ? toSupportOrderDetails(order) : null;
        const subject = subjectFor(input.subject, order);

        const stored = await insertSupportMessage(tx, {
          userId: user.id,
          subject,
          priority: input.priority,
          message: input.message,
          userInfo,
          recentOrders,
          specificOrderId: order?.id ?? null,
          orderDetails,
        });
        await enqueueEmail(
          tx,
          supportMessageEmail(env, { ...input, subject, userInfo, recentOrders, orderDetails }),
          {
            dedupeKey: `support-message:${stored.id}`,
          },
        );
        return { sent: true };
      });
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
