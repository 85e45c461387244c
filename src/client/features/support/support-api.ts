import {
  SUPPORT_MESSAGES,
  supportContactResponseSchema,
  type SupportContactRequest,
} from '../../../shared/schemas/support';
import { ApiError, requestJson, serverMessage } from '../../lib/api';

/** What the page sends; the server fills userInfo, recentOrders and orderDetails itself (issue 7). */
export type SupportMessageBody = Pick<SupportContactRequest, 'subject' | 'priority' | 'message'> & {
  specificOrderId: number | null;
};

/** POST /api/support/contact (docs/support-and-faq.md#sending). */
export function sendSupportMessage(body: SupportMessageBody) {
  return requestJson('/api/support/contact', supportContactResponseSchema, { method: 'POST', body });
}

/**
 * The description of the 'Error' toast (docs/support-and-faq.md#sending): the server's own words when it
 * refused the message for a reason the customer can act on (a rule, 400, or the hourly limit, 429), else the
 * spec's text.
 */
export function sendFailureDescription(error: unknown): string {
  const actionable = error instanceof ApiError && (error.status === 400 || error.status === 429);
  return actionable
    ? serverMessage(error, SUPPORT_MESSAGES.failedDescription)
    : SUPPORT_MESSAGES.failedDescription;
}
