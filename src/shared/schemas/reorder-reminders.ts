import { z } from 'zod';
import { idSchema } from './pricing';

/*
 * Contracts of reorder reminders (docs/reorder-reminders.md): the company's settings and what the portal
 * learned, admin's 'Due this week', the person's own setting, the e-mail's one-click link and unsubscribe.
 */

/** Where a company's interval comes from: staff fixed it, or it was learned from at least three orders. */
export const REORDER_INTERVAL_SOURCES = ['fixed', 'learned'] as const;

/** A company's reorder reminders as staff read them on its page. */
export const companyReorderSchema = z.object({
  /** Staff's switch: false turns the company's reminders off. */
  reminders: z.boolean(),
  /** The interval staff fixed, in days; null: learned. */
  fixedIntervalDays: z.number().int().nullable(),
  /** The median gap between its orders, in days; null with fewer than three orders. */
  learnedIntervalDays: z.number().int().nullable(),
  /** When its next reminder is due; null when none will be (off, too few orders, on hold). */
  nextDueAt: z.string().nullable(),
  /** When the last reminder went, if ever. */
  lastSentAt: z.string().nullable(),
});
export type CompanyReorder = z.infer<typeof companyReorderSchema>;

/** GET /api/admin/reorder-reminders/due: the companies whose reminder is due within the next 7 days. */
export const dueReminderSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  lastOrder: z.object({ id: z.number().int(), orderNumber: z.string(), createdAt: z.string() }),
  intervalDays: z.number().int(),
  intervalSource: z.enum(REORDER_INTERVAL_SOURCES),
  /** When the reminder is due (last order + interval + margin); in the past when the job has yet to send it. */
  dueAt: z.string(),
  /** Who it goes to: the person who placed the last order; null when nobody can receive it. */
  recipient: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type DueReminder = z.infer<typeof dueReminderSchema>;
export const dueRemindersResponseSchema = z.object({ companies: z.array(dueReminderSchema) });
export type DueRemindersResponse = z.infer<typeof dueRemindersResponseSchema>;

/** PUT /api/account/reorder-reminders: the signed-in person's own setting (My Account). */
export const reorderReminderSettingSchema = z
  .object({ enabled: z.boolean({ message: 'enabled must be true or false' }) })
  .strict();
export type ReorderReminderSetting = z.infer<typeof reorderReminderSettingSchema>;
/** Its answer: the message to show and the setting as saved. */
export const reorderReminderSettingResponseSchema = z.object({ message: z.string(), enabled: z.boolean() });

const tokenSchema = z
  .string({ message: 'token is required' })
  .regex(/^[A-Za-z0-9_-]{20,200}$/, 'token is invalid');

/**
 * POST /api/reorder-reminders/unsubscribe?token=: one click, signed out (RFC 8058: mail clients POST
 * 'List-Unsubscribe=One-Click'); idempotent; only the token's own address and setting.
 */
export const unsubscribeQuerySchema = z.object({ token: tokenSchema }).strict();

/** POST /api/reorder-link: the reminder's one-click link, from its page's button (scanners only GET). */
export const reorderLinkRequestSchema = z.object({ token: tokenSchema }).strict();
/** Signed in: where the page goes next (the order form with the last order's lines) and those lines. */
export const reorderLinkResponseSchema = z.object({
  orderId: z.number().int(),
  redirectTo: z.string(),
});

export const REORDER_REMINDER_MESSAGES = {
  unsubscribed: 'You will no longer receive reorder reminders. You can turn them back on in My Account.',
  linkInvalid: 'This reorder link is invalid or has expired. Sign in to reorder from your order history.',
  linkUsed: 'This reorder link was already used. Sign in to reorder from your order history.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  settingSaved: 'Reorder reminder setting saved',
} as const;

/**
 * POST /api/admin/reorder-reminders/{companyId}/send: staff's 'Send now' in 'Due this week' — the company's
 * reminder for its current order cycle goes at once instead of when due (still once per cycle).
 */
export const sendReminderParamsSchema = z.object({ companyId: idSchema });
export const SEND_REMINDER_MESSAGES = {
  sent: (email: string) => `Reorder reminder sent to ${email}`,
  notScheduled:
    'This company has no reorder reminder to send: reminders are off, an order is on hold, or it has fewer than three orders and no fixed interval',
  alreadySent: "A reorder reminder was already sent for this company's last order",
  noRecipient:
    'Nobody can receive this reminder: the person who placed the last order is not an active buyer or turned reminders off',
} as const;

/** The reminder's link page (the e-mail links here; the page posts the token when the person clicks). */
export const REORDER_LINK_PATH = '/reorder-link';
/** The unsubscribe page the e-mail's body links to (its button posts the token). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
export const UNSUBSCRIBE_API_PATH = '/api/reorder-reminders/unsubscribe';
