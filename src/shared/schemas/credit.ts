import { z } from 'zod';
import { isWholeCents, MAX_PRICE_DOLLARS } from '../money';
import { MAX_CHANGE_REASON_LENGTH } from '../limits';

/*
 * Contracts of credit limits and holds (docs/credit.md). Money leaves the server as decimal strings with two
 * decimals ("1000.00"); staff send a limit in dollars as a number, as they send prices.
 */

const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const CREDIT_MESSAGES = {
  limitInvalid: 'creditLimit must be a non-negative amount in dollars with at most two decimals',
  limitTooLarge: `creditLimit must be at most ${MAX_PRICE_DOLLARS.toLocaleString('en-US')}`,
  intervalInvalid: 'reorderIntervalDays must be a whole number of days from 1 to 365, or null',
  remindersInvalid: 'reorderReminders must be true or false',
  nothingToChange: 'Send creditLimit, reorderReminders or reorderIntervalDays',
  settingsSaved: 'Company settings saved',
  /** The 409 of an approval the credit check stops (code CREDIT_CHECK); details say why. */
  checkFailed: 'This order needs a credit decision before it can be approved',
  overrideReasonRequired: 'Give the reason for approving anyway',
  holdReasonRequired: 'Say why the order is on hold',
  held: 'Order put on hold',
  heldNotInvoiced: 'This order is on hold and cannot be invoiced',
  holdOnlyFromPending: 'Only a pending order can be put on hold',
} as const;

/** The largest reason staff may give for an override or a hold. */
export const MAX_CREDIT_REASON_LENGTH = MAX_CHANGE_REASON_LENGTH;

/**
 * PATCH /api/admin/companies/{id}: the company's credit limit (dollars, null: none) and its reorder reminder
 * settings (docs/credit.md#credit-limit, docs/reorder-reminders.md#staff-settings). At least one field.
 */
export const updateCompanySettingsRequestSchema = z
  .object({
    creditLimit: z
      .number({ message: CREDIT_MESSAGES.limitInvalid })
      .min(0, CREDIT_MESSAGES.limitInvalid)
      .max(MAX_PRICE_DOLLARS, CREDIT_MESSAGES.limitTooLarge)
      .refine(isWholeCents, CREDIT_MESSAGES.limitInvalid)
      .nullable()
      .optional(),
    reorderReminders: z.boolean({ message: CREDIT_MESSAGES.remindersInvalid }).optional(),
    reorderIntervalDays: z
      .number({ message: CREDIT_MESSAGES.intervalInvalid })
      .int(CREDIT_MESSAGES.intervalInvalid)
      .min(1, CREDIT_MESSAGES.intervalInvalid)
      .max(365, CREDIT_MESSAGES.intervalInvalid)
      .nullable()
      .optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.creditLimit !== undefined ||
      body.reorderReminders !== undefined ||
      body.reorderIntervalDays !== undefined,
    CREDIT_MESSAGES.nothingToChange,
  );
export type UpdateCompanySettingsRequest = z.infer<typeof updateCompanySettingsRequestSchema>;

/** A company's credit as staff read it on its page (admin Companies) and as the buyer reads it. */
export const companyCreditSchema = z.object({
  /** The limit; null: none set. */
  limit: money.nullable(),
  /** Approved orders on net terms not yet paid. */
  openBalance: money,
  /** limit − open balance, never below 0; null without a limit. */
  available: money.nullable(),
  /** open balance as a share of the limit, whole percent; null without a limit (or a limit of 0). */
  usedPercent: z.number().int().nullable(),
});
export type CompanyCredit = z.infer<typeof companyCreditSchema>;

/**
 * GET /api/account/credit: the signed-in buyer's company credit ('Credit available' on /confirm and My
 * Account); `credit` is null when no limit is set, and the pages then show nothing.
 */
export const accountCreditResponseSchema = z.object({ credit: companyCreditSchema.nullable() });
export type AccountCreditResponse = z.infer<typeof accountCreditResponseSchema>;

/** The `details` of a 409 CREDIT_CHECK: why the approval stopped, for staff to decide. */
export const creditCheckDetailsSchema = z.object({
  /** 'over the limit by $234.00 · 12 days overdue' (shown after 'Credit check: '). */
  summary: z.string(),
  /** By how much the approval would take the balance over the limit; null when it would not. */
  overBy: money.nullable(),
  /** Days the company's oldest overdue payment is late; null when none is. */
  overdueDays: z.number().int().nullable(),
});
export type CreditCheckDetails = z.infer<typeof creditCheckDetailsSchema>;

const reasonSchema = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(MAX_CREDIT_REASON_LENGTH, `must be at most ${MAX_CREDIT_REASON_LENGTH} characters`);

/**
 * What PATCH /api/admin/orders/{id}/status also takes (docs/credit.md#credit-hold-at-approval):
 * `override.reason` approves despite the credit check (audited `order.credit-override`); `holdReason` is
 * staff's own words when they put an order on hold with no credit problem (with one, the server words it).
 */
export const creditOverrideSchema = z
  .object({ reason: reasonSchema(CREDIT_MESSAGES.overrideReasonRequired) })
  .strict();
export const holdReasonSchema = reasonSchema(CREDIT_MESSAGES.holdReasonRequired);

/** Insights' credit exposure (docs/admin.md#insights). */
export const creditExposureSchema = z.object({
  /** The open balance of every company. */
  openBalance: money,
  /** Companies whose open balance is above their limit, largest excess first. */
  overLimit: z.array(
    z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      limit: money,
      openBalance: money,
      overBy: money,
    }),
  ),
  /** Companies with orders on hold, and how many. */
  onHold: z.array(
    z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      orders: z.number().int(),
      total: money,
    }),
  ),
});
export type CreditExposure = z.infer<typeof creditExposureSchema>;
