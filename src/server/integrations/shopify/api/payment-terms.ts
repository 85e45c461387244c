import { classifyPayload } from '../classify-response';
import type { ShopifyClient } from '../client';
import { operations } from '../operations';
import { notFound, shopifyFailure, type ShopifyResult } from '../shopify-result';
import { toGid } from './ids';

/*
 * Payment terms (docs/shopify.md#payment-terms): the store's net terms templates, completing a draft on
 * terms, the order's payment schedule, and the invoice and reminders that ask the buyer to pay.
 */

/** A NET payment terms template of the store, e.g. Net 30 (dueInDays 30). */
export interface PaymentTermsTemplate {
  id: string;
  name: string;
  dueInDays: number | null;
}

/** An order on payment terms: its status page (where the buyer pays) and its payment schedule. */
interface OrderPaymentTerms {
  id: string;
  name: string;
  displayFinancialStatus: string | null;
  statusPageUrl: string;
  /** The first (for net terms, the only) schedule; null when the order has no payment terms. */
  schedule: { id: string; dueAt: string | null; completedAt: string | null } | null;
  overdue: boolean;
}

export interface PaymentTermsApi {
  listNetPaymentTermsTemplates(): Promise<ShopifyResult<PaymentTermsTemplate[]>>;
  /** Completes a draft that has payment terms: the order is payment pending. */
  completeDraftOrderOnTerms(
    id: string,
  ): Promise<ShopifyResult<{ draftId: string; order: { id: string; name: string; statusPageUrl: string } }>>;
  getOrderPaymentTerms(id: string): Promise<ShopifyResult<OrderPaymentTerms>>;
  sendOrderInvoice(id: string): Promise<ShopifyResult<{ id: string }>>;
  sendPaymentReminder(paymentScheduleId: string): Promise<ShopifyResult<{ sent: true }>>;
}

export function createPaymentTermsApi(client: ShopifyClient): PaymentTermsApi {
  return {
    async listNetPaymentTermsTemplates() {
      const result = await client.request(operations.paymentTermsTemplates, {});
      if (!result.ok) return result;
      return {
        ok: true,
        data: result.data.paymentTermsTemplates
          .filter((template) => template.paymentTermsType === 'NET')
          .map(({ id, name, dueInDays }) => ({ id, name, dueInDays })),
      };
    },

    async completeDraftOrderOnTerms(id) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.completeDraftOrderOnTerms, { id: gid });
      if (!result.ok) return result;
      return classifyPayload('draftOrderComplete', result.data.draftOrderComplete, (payload) => {
        const order = payload.draftOrder?.order;
        if (!payload.draftOrder || !order) {
          return shopifyFailure('invalid-response', 'draftOrderComplete: Shopify returned no order');
        }
        const { id: orderId, name, statusPageUrl } = order;
        return {
          ok: true,
          data: { draftId: payload.draftOrder.id, order: { id: orderId, name, statusPageUrl } },
        };
      });
    },

    async getOrderPaymentTerms(id) {
      const gid = toGid('Order', id);
      if (!gid) return notFound('order', id);
      const result = await client.request(operations.getOrderPaymentTerms, { id: gid });
      if (!result.ok) return result;
      const order = result.data.order;
      if (!order) return notFound('order', id);
      const { paymentTerms, ...rest } = order;
      const schedule = paymentTerms?.paymentSchedules.nodes[0] ?? null;
      return {
        ok: true,
        data: {
          ...rest,
          schedule: schedule ? { ...schedule } : null,
          overdue: paymentTerms?.overdue ?? false,
        },
      };
    },

    async sendOrderInvoice(id) {
      const gid = toGid('Order', id);
      if (!gid) return notFound('order', id);
      const result = await client.request(operations.sendOrderInvoice, { id: gid });
      if (!result.ok) return result;
      return classifyPayload('orderInvoiceSend', result.data.orderInvoiceSend, (payload) =>
        payload.order
          ? { ok: true, data: { id: payload.order.id } }
          : shopifyFailure('invalid-response', 'orderInvoiceSend: no order and no user errors'),
      );
    },

    async sendPaymentReminder(paymentScheduleId) {
      const gid = toGid('PaymentSchedule', paymentScheduleId);
      if (!gid) return notFound('payment schedule', paymentScheduleId);
      const result = await client.request(operations.sendPaymentReminder, { id: gid });
      if (!result.ok) return result;
      return classifyPayload('paymentReminderSend', result.data.paymentReminderSend, (payload) =>
        payload.success
          ? { ok: true, data: { sent: true as const } }
          : shopifyFailure('invalid-response', 'paymentReminderSend: not sent and no user errors'),
      );
    },
  };
}
