import { z } from 'zod';
import { formatOrderNumber } from '../orders';
import { isOneLineText } from '../text-rules';
import { sentence } from './messages';
import { multiLine } from './text';
import { orderStatusSchema } from './orders';
import { idSchema } from './pricing';

/**
 * Contracts of the support page and the staff support inbox (docs/support-and-faq.md; issue 7). The server
 * fills userInfo, recentOrders and orderDetails itself: whatever the browser sends in those fields is
 * ignored.
 */

/**
 * The eleven subject options (docs/support-and-faq.md#subjects), values as the quick cards prefill them
 * ('order-issue').
 */
export const SUPPORT_SUBJECTS = [
  { value: 'order-issue', label: 'Order Issue' },
  { value: 'damaged-items', label: 'Damaged Items' },
  { value: 'missing-items', label: 'Missing Items' },
  { value: 'wrong-items', label: 'Wrong Items Received' },
  { value: 'billing-issue', label: 'Billing Issue' },
  { value: 'shipping-delay', label: 'Shipping Delay' },
  { value: 'product-quality', label: 'Product Quality Concern' },
  { value: 'account-problem', label: 'Account Problem' },
  { value: 'product-question', label: 'Product Question' },
  { value: 'shipping-question', label: 'Shipping Question' },
  { value: 'other', label: 'Other' },
] as const;

/** The three priorities with their descriptions (docs/support-and-faq.md#priorities). */
export const SUPPORT_PRIORITY_OPTIONS = [
  { value: 'low', label: 'Low', description: 'General question' },
  { value: 'medium', label: 'Medium', description: 'Response within 2 business days' },
  { value: 'high', label: 'High', description: 'Urgent issue affecting business' },
] as const;
export const SUPPORT_PRIORITY_VALUES = ['low', 'medium', 'high'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITY_VALUES)[number];

export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;
/** Recent orders sent with a support message (docs/support-and-faq.md#what-a-support-message-carries). */
export const SUPPORT_RECENT_ORDERS = 5;
/** Messages a customer can send per hour (issue 7); the sixth gets 429 with SUPPORT_MESSAGES.rateLimited. */
export const SUPPORT_MESSAGES_PER_HOUR = 5;
/** A subject is one of the options or an order-issue subject; nothing longer is accepted. */
export const SUPPORT_SUBJECT_MAX = 200;

export const SUPPORT_MESSAGES = {
  subjectRequired: sentence('Please select a subject'),
  subjectInvalid: sentence('Please select a subject from the list'),
  priorityRequired: sentence('Please select a priority level'),
  messageTooShort: sentence('Message must be at least 10 characters'),
  messageTooLong: sentence('Message must be less than 2000 characters'),
  rateLimited: sentence(
    `You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages in the last hour. Please wait a little before sending another.`,
  ),
  /** Toasts of the support page (docs/support-and-faq.md#sending). */
  sentTitle: 'Message Sent',
  sentDescription: "We've received your message and will respond within 1-2 business days.",
  failedTitle: 'Error',
  failedDescription: 'Failed to send message. Please try again.',
} as const;

/**
 * The length the form counts (x/2000) and the server checks: Unicode code points, the same count as the
 * database's char_length, so the two never disagree (a simple emoji is one; a composed one may be more).
 */
export function supportMessageLength(message: string): number {
  return [...message].length;
}

/**
 * The subject an order-issue link prefills (docs/support-and-faq.md#order-issue-links): the spec's 'Order Issue
 * - Order #' with the order's number as the buyer knows it, 'Order Issue - Order #WO-1042'. Never a Shopify
 * name: buyers see only the order number (docs/orders.md#order-numbers).
 */
export function orderIssueSubject(orderId: number): string {
  return `Order Issue - Order #${formatOrderNumber(orderId)}`;
}

/**
 * The subject as the form writes it ('#WO-1042'), or as a form opened before the order number was used
 * wrote it ('#42', with '(Shopify #D5)' or '(Shopify #1001)'): the server accepts both and writes the first.
 */
const ORDER_ISSUE_SUBJECT =
  /^Order Issue - Order #(?:WO-\d{1,10}|\d{1,10}(?: \(Shopify [^()\p{Cc}]{1,60}\))?)$/u;

/**
 * 'Order Issue - Order #…': the server rebuilds it from the customer's own order (or drops the order). One
 * line of printable text (shared/text-rules.ts), as every subject.
 */
export function isOrderIssueSubject(subject: string): boolean {
  return ORDER_ISSUE_SUBJECT.test(subject) && isOneLineText(subject);
}

export function isSupportSubject(subject: string): boolean {
  return SUPPORT_SUBJECTS.some((option) => option.value === subject) || isOrderIssueSubject(subject);
}

/** The label shown for a subject: an option's label, or the order-issue subject itself. */
export function supportSubjectLabel(subject: string): string {
  return SUPPORT_SUBJECTS.find((option) => option.value === subject)?.label ?? subject;
}

export const supportSubjectSchema = z
  .string({ message: SUPPORT_MESSAGES.subjectRequired })
  .trim()
  .min(1, SUPPORT_MESSAGES.subjectRequired)
  .max(SUPPORT_SUBJECT_MAX, SUPPORT_MESSAGES.subjectInvalid)
  .refine(isSupportSubject, SUPPORT_MESSAGES.subjectInvalid);

export const supportPrioritySchema = z.enum(SUPPORT_PRIORITY_VALUES, {
  message: SUPPORT_MESSAGES.priorityRequired,
});

/** Control characters other than line breaks and tabs (a NUL cannot even be stored) are dropped. */
const UNPRINTABLE = /[^\P{Cc}\n\r\t]/gu;

/** The message as it is checked and stored: without unprintable characters and surrounding space. */
export function cleanSupportMessage(text: string): string {
  return text.replace(UNPRINTABLE, '').trim();
}

export const supportMessageTextSchema = z
  .string({ message: SUPPORT_MESSAGES.messageTooShort })
  .transform(cleanSupportMessage)
  // C0 and C1 controls are dropped above; bidi controls and invisible characters are refused.
  .superRefine(multiLine())
  .refine((text) => supportMessageLength(text) >= SUPPORT_MESSAGE_MIN, SUPPORT_MESSAGES.messageTooShort)
  .refine((text) => supportMessageLength(text) <= SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.messageTooLong);

/**
 * POST /api/support/contact. `specificOrderId` links the message to one of the customer's own orders;
 * another customer's or a missing id is dropped without a word (nothing about it is revealed). The spec's
 * userInfo, recentOrders and orderDetails may be sent and are ignored: the server fills them.
 */
export const supportContactRequestSchema = z.object({
  subject: supportSubjectSchema,
  priority: supportPrioritySchema,
  message: supportMessageTextSchema,
  specificOrderId: z.nullable(idSchema).optional(),
  userInfo: z.unknown().optional(),
  recentOrders: z.unknown().optional(),
  orderDetails: z.unknown().optional(),
});
export type SupportContactRequest = z.input<typeof supportContactRequestSchema>;

/** 201 answer of POST /api/support/contact (no id: a serial would tell customers how busy the inbox is). */
export const supportContactResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** What the server stores and e-mails (docs/support-and-faq.md#what-a-support-message-carries). */
export const supportUserInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The phone, or 'Not provided'. */
  phone: z.string(),
  businessName: z.string(),
  accountCreated: z.string(),
});
export type SupportUserInfo = z.infer<typeof supportUserInfoSchema>;

/** A recent order as sent with a message. The spec's `total` was always 0; ours is the real order total. */
export const supportRecentOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  date: z.string(),
  status: orderStatusSchema,
  total: z.string(),
});
export type SupportRecentOrder = z.infer<typeof supportRecentOrderSchema>;

export const supportOrderDetailsSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  businessName: z.string(),
  notes: z.string().nullable(),
  shopifyOrderId: z.string().nullable(),
});
export type SupportOrderDetails = z.infer<typeof supportOrderDetailsSchema>;
